CREATE TABLE "carrier_shipments" (
	"parcel_id" uuid PRIMARY KEY NOT NULL,
	"operator_id" uuid,
	"state" varchar(20) NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" varchar(100),
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"shipment_id" varchar(100),
	"label_format" varchar(10),
	"label" "bytea",
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_shipments" ADD CONSTRAINT "carrier_shipments_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_shipments" ADD CONSTRAINT "carrier_shipments_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_shipments_retry_idx" ON "carrier_shipments" USING btree ("state","next_attempt_at");