CREATE TABLE "client_parcel_counters" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"api_key_id" uuid NOT NULL,
	"key" varchar(255) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_api_key_id_key_pk" PRIMARY KEY("api_key_id","key")
);
--> statement-breakpoint
CREATE TABLE "parcel_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parcel_id" uuid NOT NULL,
	"status" varchar(20) NOT NULL,
	"previous_status" varchar(20),
	"source" varchar(20) NOT NULL,
	"changed_by_id" uuid,
	"api_key_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"order_type" varchar(20) NOT NULL,
	"source" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'new' NOT NULL,
	"reference_number" varchar(100),
	"internal_number" varchar(40) NOT NULL,
	"external_number" varchar(100),
	"first_mile_number" varchar(100),
	"last_mile_number" varchar(100),
	"alternative_number" varchar(100),
	"barcode" varchar(100),
	"weight_kg" numeric(10, 3) NOT NULL,
	"size_cm_l" integer,
	"size_cm_w" integer,
	"size_cm_d" integer,
	"package_count" integer DEFAULT 1 NOT NULL,
	"value" numeric(12, 2),
	"value_currency" varchar(3),
	"content" varchar(255),
	"note1" varchar(255),
	"note2" varchar(255),
	"pickup_address" jsonb NOT NULL,
	"destination_address" jsonb NOT NULL,
	"pickup_country" varchar(2) NOT NULL,
	"destination_country" varchar(2) NOT NULL,
	"cod_amount" numeric(12, 2),
	"cod_currency" varchar(3),
	"insurance_amount" numeric(12, 2),
	"drop_off_point" varchar(100),
	"is_correct" boolean DEFAULT true NOT NULL,
	"operator_id" uuid,
	"routing" jsonb,
	"return_of_id" uuid,
	"created_by_id" uuid,
	"api_key_id" uuid,
	"delivery_date" timestamp with time zone,
	"first_scan_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcels_weight_check" CHECK ("parcels"."weight_kg" > 0),
	CONSTRAINT "parcels_package_count_check" CHECK ("parcels"."package_count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "client_parcel_counters" ADD CONSTRAINT "client_parcel_counters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_status_history" ADD CONSTRAINT "parcel_status_history_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_status_history" ADD CONSTRAINT "parcel_status_history_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_status_history" ADD CONSTRAINT "parcel_status_history_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_return_of_id_parcels_id_fk" FOREIGN KEY ("return_of_id") REFERENCES "public"."parcels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "parcel_status_history_parcel_idx" ON "parcel_status_history" USING btree ("parcel_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_internal_number_key" ON "parcels" USING btree ("internal_number");--> statement-breakpoint
CREATE INDEX "parcels_created_idx" ON "parcels" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "parcels_client_created_idx" ON "parcels" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "parcels_status_created_idx" ON "parcels" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "parcels_operator_status_idx" ON "parcels" USING btree ("operator_id","status");--> statement-breakpoint
CREATE INDEX "parcels_external_number_idx" ON "parcels" USING btree ("external_number");--> statement-breakpoint
CREATE INDEX "parcels_return_of_idx" ON "parcels" USING btree ("return_of_id");