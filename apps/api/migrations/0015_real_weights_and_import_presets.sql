CREATE TABLE "import_presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"columns" jsonb NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weight_import_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"number" varchar(100),
	"parcel_id" uuid,
	"declared_weight_kg" numeric(10, 3),
	"real_weight_kg" numeric(10, 3),
	"dimensional_weight_kg" numeric(10, 3),
	"outcome" varchar(20) NOT NULL,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "weight_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by_id" uuid,
	"api_key_id" uuid,
	"file_name" varchar(255) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"encoding" varchar(20) NOT NULL,
	"delimiter" varchar(2),
	"total_rows" integer DEFAULT 0 NOT NULL,
	"matched_rows" integer DEFAULT 0 NOT NULL,
	"unmatched_rows" integer DEFAULT 0 NOT NULL,
	"over_declared_rows" integer DEFAULT 0 NOT NULL,
	"invalid_rows" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "real_weight_kg" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "dimensional_weight_kg" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "real_weight_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_presets" ADD CONSTRAINT "import_presets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_presets" ADD CONSTRAINT "import_presets_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_import_lines" ADD CONSTRAINT "weight_import_lines_import_id_weight_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."weight_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_import_lines" ADD CONSTRAINT "weight_import_lines_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_imports" ADD CONSTRAINT "weight_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_imports" ADD CONSTRAINT "weight_imports_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_presets_client_name_idx" ON "import_presets" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "weight_import_lines_import_outcome_idx" ON "weight_import_lines" USING btree ("import_id","outcome","row");--> statement-breakpoint
CREATE INDEX "weight_imports_created_idx" ON "weight_imports" USING btree ("created_at","id");