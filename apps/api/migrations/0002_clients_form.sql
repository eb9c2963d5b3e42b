ALTER TABLE "clients" ADD COLUMN "client_name" varchar(255);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "vat_id" varchar(30);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone" varchar(32);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "email" varchar(254);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "country" varchar(2);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "city" varchar(100);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "street" varchar(255);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "zip_code" varchar(20);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "building" varchar(20);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "apartment" varchar(20);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "currency" varchar(3);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "unique_prefix" varchar(20);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "debt_block_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "vies_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "auto_return_packages" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "revert_logic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "disable_content_info" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "combine_labels" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "disconnect_routing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "disconnect_return" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "master_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "master_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "first_mile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "gen_only_first_mile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "dont_print_last_mile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "account_owner" varchar(255);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "iban" varchar(40);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "bank_name" varchar(255);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "default_phone_shipping" varchar(32);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "default_email_shipping" varchar(254);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "additional_shipper_name_on_the_label" varchar(100);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "contract_number" varchar(100);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "return_matrix_title" varchar(255);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "domestic_matrix_title" varchar(255);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "default_address" jsonb;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "parcel_settings" jsonb;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_master_id_clients_id_fk" FOREIGN KEY ("master_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_short_name_key" ON "clients" USING btree (lower("short_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "clients_unique_prefix_key" ON "clients" USING btree (lower("unique_prefix"));--> statement-breakpoint
CREATE INDEX "clients_company_name_idx" ON "clients" USING btree (lower("company_name"),"id");--> statement-breakpoint
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clients_master_idx" ON "clients" USING btree ("master_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_debt_block_days_check" CHECK ("clients"."debt_block_days" >= 0);--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_master_check" CHECK ("clients"."master_id" is null or (not "clients"."master_account" and "clients"."master_id" <> "clients"."id"));