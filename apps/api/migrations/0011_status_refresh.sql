CREATE TABLE "carrier_tracking" (
	"operator_id" uuid PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_answer_at" timestamp with time zone,
	"error_reason" varchar(100),
	"error_since" timestamp with time zone,
	"failures" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "carrier_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carrier_tracking" ADD CONSTRAINT "carrier_tracking_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;