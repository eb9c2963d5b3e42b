CREATE TABLE "import_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"raw_data" jsonb NOT NULL,
	"state" varchar(20) NOT NULL,
	"error_message" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reference_number" varchar(100),
	"external_number" varchar(100),
	"parcel" jsonb,
	"parcel_id" uuid,
	"external_tracking_number" varchar(100),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"created_by_id" uuid,
	"api_key_id" uuid,
	"file_name" varchar(255) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"encoding" varchar(20) NOT NULL,
	"delimiter" varchar(2),
	"headers" jsonb NOT NULL,
	"column_map" jsonb NOT NULL,
	"state" varchar(20) NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"invalid_rows" integer DEFAULT 0 NOT NULL,
	"created_rows" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"job_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_rows_import_row_idx" ON "import_rows" USING btree ("import_id","row");--> statement-breakpoint
CREATE INDEX "import_rows_import_state_idx" ON "import_rows" USING btree ("import_id","state","row");--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "imports_client_created_idx" ON "imports" USING btree ("client_id","created_at","id");