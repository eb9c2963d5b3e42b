DROP INDEX "parcels_external_number_idx";--> statement-breakpoint
DROP INDEX "parcels_return_of_idx";--> statement-breakpoint
DROP INDEX "parcels_search_internal_idx";--> statement-breakpoint
DROP INDEX "parcels_search_external_idx";--> statement-breakpoint
DROP INDEX "parcels_search_reference_idx";--> statement-breakpoint
DROP INDEX "parcels_search_first_mile_idx";--> statement-breakpoint
DROP INDEX "parcels_search_last_mile_idx";--> statement-breakpoint
DROP INDEX "parcels_search_alternative_idx";--> statement-breakpoint
DROP INDEX "parcels_search_barcode_idx";--> statement-breakpoint
CREATE INDEX "parcels_external_number_idx" ON "parcels" USING btree ("external_number") WHERE "parcels"."external_number" is not null;--> statement-breakpoint
CREATE INDEX "parcels_return_of_idx" ON "parcels" USING btree ("return_of_id") WHERE "parcels"."return_of_id" is not null;--> statement-breakpoint
CREATE INDEX "parcels_search_internal_idx" ON "parcels" USING btree (upper("internal_number") text_pattern_ops) WHERE "parcels"."internal_number" is not null;--> statement-breakpoint
CREATE INDEX "parcels_search_external_idx" ON "parcels" USING btree (upper("external_number") text_pattern_ops) WHERE "parcels"."external_number" is not null;--> statement-breakpoint
CREATE INDEX "parcels_search_reference_idx" ON "parcels" USING btree (upper("reference_number") text_pattern_ops) WHERE "parcels"."reference_number" is not null;--> statement-breakpoint
CREATE INDEX "parcels_search_first_mile_idx" ON "parcels" USING btree (upper("first_mile_number") text_pattern_ops) WHERE "parcels"."first_mile_number" is not null;--> statement-breakpoint
CREATE INDEX "parcels_search_last_mile_idx" ON "parcels" USING btree (upper("last_mile_number") text_pattern_ops) WHERE "parcels"."last_mile_number" is not null;--> statement-breakpoint
CREATE INDEX "parcels_search_alternative_idx" ON "parcels" USING btree (upper("alternative_number") text_pattern_ops) WHERE "parcels"."alternative_number" is not null;--> statement-breakpoint
CREATE INDEX "parcels_search_barcode_idx" ON "parcels" USING btree (upper("barcode") text_pattern_ops) WHERE "parcels"."barcode" is not null;