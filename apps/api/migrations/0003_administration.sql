CREATE TABLE "client_group_members" (
	"group_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_group_members_group_id_client_id_pk" PRIMARY KEY("group_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "client_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_groups_type_check" CHECK ("client_groups"."type" in ('FV', 'AREA'))
);
--> statement-breakpoint
CREATE TABLE "operator_additional_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(50) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" varchar(30) NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"exchange_rate_eur" numeric(12, 6),
	"max_weight_kg" numeric(10, 3),
	"pickup_address" jsonb,
	"return_address" jsonb,
	"domestic_address" jsonb,
	"package_settings" jsonb,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_config" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_exchange_rate_check" CHECK ("operators"."exchange_rate_eur" is null or "operators"."exchange_rate_eur" > 0),
	CONSTRAINT "operators_max_weight_check" CHECK ("operators"."max_weight_kg" is null or "operators"."max_weight_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "routing_conditions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"matrix_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"pickup_country" varchar(2),
	"destination_country" varchar(2),
	"max_weight_kg" numeric(10, 3) NOT NULL,
	"operator_id" uuid NOT NULL,
	CONSTRAINT "routing_conditions_weight_check" CHECK ("routing_conditions"."max_weight_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "routing_matrices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" varchar(20) NOT NULL,
	"key_encrypted" text NOT NULL,
	"key_hint" varchar(8) DEFAULT '' NOT NULL,
	"user" varchar(255),
	"active" boolean DEFAULT true NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_type_check" CHECK ("integrations"."type" in ('ebay', 'shopify', 'presta_shop', 'cdn_xl'))
);
--> statement-breakpoint
CREATE TABLE "export_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"job_id" varchar(64),
	"entity" varchar(40) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "key_prefix" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_group_members" ADD CONSTRAINT "client_group_members_group_id_client_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."client_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_group_members" ADD CONSTRAINT "client_group_members_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_additional_services" ADD CONSTRAINT "operator_additional_services_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_conditions" ADD CONSTRAINT "routing_conditions_matrix_id_routing_matrices_id_fk" FOREIGN KEY ("matrix_id") REFERENCES "public"."routing_matrices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_conditions" ADD CONSTRAINT "routing_conditions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_group_members_client_key" ON "client_group_members" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_groups_name_key" ON "client_groups" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "client_groups_created_idx" ON "client_groups" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_additional_services_code_key" ON "operator_additional_services" USING btree ("operator_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "operators_name_key" ON "operators" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "operators_created_idx" ON "operators" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "operators_type_idx" ON "operators" USING btree ("type");--> statement-breakpoint
CREATE INDEX "routing_conditions_matrix_idx" ON "routing_conditions" USING btree ("matrix_id","position");--> statement-breakpoint
CREATE INDEX "routing_conditions_operator_idx" ON "routing_conditions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "routing_matrices_name_key" ON "routing_matrices" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "routing_matrices_one_default_key" ON "routing_matrices" USING btree ("is_default") WHERE "routing_matrices"."is_default";--> statement-breakpoint
CREATE INDEX "routing_matrices_created_idx" ON "routing_matrices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "integrations_client_idx" ON "integrations" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "export_files_owner_idx" ON "export_files" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "export_files_expiry_idx" ON "export_files" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "audit_log_type_idx" ON "audit_log" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_author_idx" ON "audit_log" USING btree ("created_by_id","created_at","id");