CREATE TABLE "parcel_weights" (
	"parcel_id" uuid PRIMARY KEY NOT NULL,
	"real_weight_kg" numeric(10, 3) NOT NULL,
	"dimensional_weight_kg" numeric(10, 3),
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"weight_import_id" uuid
);
--> statement-breakpoint
ALTER TABLE "parcel_weights" ADD CONSTRAINT "parcel_weights_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_weights" ADD CONSTRAINT "parcel_weights_weight_import_id_weight_imports_id_fk" FOREIGN KEY ("weight_import_id") REFERENCES "public"."weight_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "parcel_weights" ("parcel_id", "real_weight_kg", "dimensional_weight_kg", "recorded_at") SELECT "id", "real_weight_kg", "dimensional_weight_kg", coalesce("real_weight_at", now()) FROM "parcels" WHERE "real_weight_kg" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "parcels" DROP COLUMN "real_weight_kg";--> statement-breakpoint
ALTER TABLE "parcels" DROP COLUMN "dimensional_weight_kg";--> statement-breakpoint
ALTER TABLE "parcels" DROP COLUMN "real_weight_at";