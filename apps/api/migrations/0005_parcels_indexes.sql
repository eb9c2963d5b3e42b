CREATE INDEX "parcels_list_client_status_idx" ON "parcels" USING btree ("client_id","status","created_at","id") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_list_client_operator_idx" ON "parcels" USING btree ("client_id","operator_id","created_at","id") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_list_country_status_idx" ON "parcels" USING btree ("destination_country","status","created_at","id") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_list_country_created_idx" ON "parcels" USING btree ("destination_country","created_at","id") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_list_operator_country_idx" ON "parcels" USING btree ("operator_id","destination_country","created_at","id") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_list_operator_created_idx" ON "parcels" USING btree ("operator_id","created_at","id") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_list_type_source_idx" ON "parcels" USING btree ("order_type","source","created_at","id") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_list_number_sort_idx" ON "parcels" USING btree ("internal_number","id","client_id","operator_id","status","destination_country","order_type","source") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_list_status_sort_idx" ON "parcels" USING btree ("status","id","client_id","operator_id","destination_country","order_type","source") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_list_weight_sort_idx" ON "parcels" USING btree ("weight_kg","id","client_id","operator_id","status","destination_country","order_type","source") WHERE "parcels"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_search_internal_idx" ON "parcels" USING btree (upper("internal_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "parcels_search_external_idx" ON "parcels" USING btree (upper("external_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "parcels_search_reference_idx" ON "parcels" USING btree (upper("reference_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "parcels_search_first_mile_idx" ON "parcels" USING btree (upper("first_mile_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "parcels_search_last_mile_idx" ON "parcels" USING btree (upper("last_mile_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "parcels_search_alternative_idx" ON "parcels" USING btree (upper("alternative_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "parcels_search_barcode_idx" ON "parcels" USING btree (upper("barcode") text_pattern_ops);