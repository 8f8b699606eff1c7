CREATE TABLE "dues_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"checkout_id" text NOT NULL,
	"amount_centavos" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dues_checkouts_state_check" CHECK ("dues_checkouts"."state" in ('pending', 'paid', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "dues_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dues_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "dues_checkouts" ADD CONSTRAINT "dues_checkouts_statement_id_dues_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."dues_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dues_checkouts_provider_checkout_unique" ON "dues_checkouts" USING btree ("provider","checkout_id");--> statement-breakpoint
CREATE INDEX "dues_checkouts_state_created_idx" ON "dues_checkouts" USING btree ("state","created_at");