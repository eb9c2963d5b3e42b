CREATE TABLE "sector_operators" (
	"sector_id" uuid NOT NULL,
	"sector_country" varchar(2) NOT NULL,
	"operator_id" uuid NOT NULL,
	"mapped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sector_operators_sector_id_operator_id_pk" PRIMARY KEY("sector_id","operator_id")
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sector_country" varchar(2) NOT NULL,
	"sector_description" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sectors_id_country_key" UNIQUE("id","sector_country")
);
--> statement-breakpoint
ALTER TABLE "sector_operators" ADD CONSTRAINT "sector_operators_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sector_operators" ADD CONSTRAINT "sector_operators_sector_fk" FOREIGN KEY ("sector_id","sector_country") REFERENCES "public"."sectors"("id","sector_country") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "sector_operators_operator_country_key" ON "sector_operators" USING btree ("operator_id","sector_country");--> statement-breakpoint
CREATE UNIQUE INDEX "sectors_country_description_key" ON "sectors" USING btree ("sector_country",lower(btrim("sector_description")));--> statement-breakpoint
CREATE INDEX "sectors_created_idx" ON "sectors" USING btree ("created_at","id");