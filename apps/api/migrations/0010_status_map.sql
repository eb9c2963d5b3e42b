CREATE TABLE "status_map" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_type" varchar(30) NOT NULL,
	"code" varchar(100) NOT NULL,
	"description" varchar(500) NOT NULL,
	"db_name" varchar(20),
	"is_terminal" boolean DEFAULT false NOT NULL,
	"seen_count" bigint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"example_parcel_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_map_code_check" CHECK (length(btrim("status_map"."code")) > 0)
);
--> statement-breakpoint
ALTER TABLE "parcel_status_history" ADD COLUMN "carrier_code" varchar(100);--> statement-breakpoint
ALTER TABLE "parcel_status_history" ADD COLUMN "carrier_description" varchar(500);--> statement-breakpoint
ALTER TABLE "parcel_status_history" ADD COLUMN "carrier_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "carrier_status_code" varchar(100);--> statement-breakpoint
ALTER TABLE "status_map" ADD CONSTRAINT "status_map_example_parcel_id_parcels_id_fk" FOREIGN KEY ("example_parcel_id") REFERENCES "public"."parcels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "status_map_type_code_key" ON "status_map" USING btree ("operator_type","code");--> statement-breakpoint
CREATE INDEX "status_map_type_db_name_idx" ON "status_map" USING btree ("operator_type","db_name");--> statement-breakpoint
CREATE INDEX "parcels_carrier_status_code_idx" ON "parcels" USING btree ("operator_id","carrier_status_code") WHERE "parcels"."carrier_status_code" is not null;