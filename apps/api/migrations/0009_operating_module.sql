CREATE TABLE "consolidation_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consolidation_id" uuid NOT NULL,
	"parcel_id" uuid,
	"child_consolidation_id" uuid,
	"added_by_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consolidation_items_one_thing_check" CHECK (("consolidation_items"."parcel_id" is null) <> ("consolidation_items"."child_consolidation_id" is null))
);
--> statement-breakpoint
CREATE TABLE "consolidations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" varchar(10) NOT NULL,
	"is_landmark" boolean DEFAULT false NOT NULL,
	"barcode" varchar(40) NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"driver" varchar(100),
	"registration_number" varchar(20),
	"is_default_status" boolean DEFAULT false NOT NULL,
	"is_virtual_scan" boolean DEFAULT false NOT NULL,
	"terminal" varchar(100),
	"created_by_id" uuid,
	"blocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consolidations_type_check" CHECK ("consolidations"."type" in ('car', 'normal'))
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scan_id" varchar(64) NOT NULL,
	"number" varchar(100) NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"message" varchar(255),
	"status" varchar(20) NOT NULL,
	"previous_status" varchar(20),
	"parcel_id" uuid,
	"client_id" uuid,
	"internal_number" varchar(40),
	"consolidation_id" uuid,
	"sector_id" uuid,
	"sector_label" varchar(110),
	"terminal" varchar(100) NOT NULL,
	"driver" varchar(100),
	"registration_number" varchar(20),
	"description" varchar(255),
	"timezone" varchar(64) NOT NULL,
	"user_id" uuid,
	"scanned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wall_screen_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "parcel_status_history" ADD COLUMN "scan_id" bigint;--> statement-breakpoint
ALTER TABLE "consolidation_items" ADD CONSTRAINT "consolidation_items_consolidation_id_consolidations_id_fk" FOREIGN KEY ("consolidation_id") REFERENCES "public"."consolidations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_items" ADD CONSTRAINT "consolidation_items_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_items" ADD CONSTRAINT "consolidation_items_child_consolidation_id_consolidations_id_fk" FOREIGN KEY ("child_consolidation_id") REFERENCES "public"."consolidations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_items" ADD CONSTRAINT "consolidation_items_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidations" ADD CONSTRAINT "consolidations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_consolidation_id_consolidations_id_fk" FOREIGN KEY ("consolidation_id") REFERENCES "public"."consolidations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_screen_links" ADD CONSTRAINT "wall_screen_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consolidation_items_parcel_key" ON "consolidation_items" USING btree ("consolidation_id","parcel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consolidation_items_child_key" ON "consolidation_items" USING btree ("consolidation_id","child_consolidation_id");--> statement-breakpoint
CREATE INDEX "consolidation_items_parcel_idx" ON "consolidation_items" USING btree ("parcel_id");--> statement-breakpoint
CREATE INDEX "consolidation_items_child_idx" ON "consolidation_items" USING btree ("child_consolidation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consolidations_barcode_key" ON "consolidations" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "consolidations_created_idx" ON "consolidations" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scans_scan_id_key" ON "scans" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "scans_terminal_idx" ON "scans" USING btree ("terminal","id");--> statement-breakpoint
CREATE INDEX "scans_scanned_at_idx" ON "scans" USING btree ("scanned_at");--> statement-breakpoint
CREATE INDEX "scans_parcel_idx" ON "scans" USING btree ("parcel_id","scanned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wall_screen_links_token_key" ON "wall_screen_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "wall_screen_links_created_idx" ON "wall_screen_links" USING btree ("created_at","id");