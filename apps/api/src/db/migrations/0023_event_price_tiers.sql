CREATE TABLE "event_price_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"amount_centavos" integer NOT NULL,
	"audience" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_price_tiers_audience_check" CHECK ("event_price_tiers"."audience" in ('member', 'professional', 'guest')),
	CONSTRAINT "event_price_tiers_amount_check" CHECK ("event_price_tiers"."amount_centavos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "dues_statements" DROP CONSTRAINT "dues_statements_kind_check";--> statement-breakpoint
ALTER TABLE "event_messages" DROP CONSTRAINT "event_messages_filter_status_check";--> statement-breakpoint
ALTER TABLE "event_registrations" DROP CONSTRAINT "event_registrations_status_check";--> statement-breakpoint
ALTER TABLE "dues_statements" ALTER COLUMN "category" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dues_statements" ALTER COLUMN "months" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dues_statements" ADD COLUMN "event_registration_id" uuid;--> statement-breakpoint
ALTER TABLE "dues_statements" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "price_tier_id" uuid;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "prc_number" text;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "prc_expires_on" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hold_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_price_tiers" ADD CONSTRAINT "event_price_tiers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_price_tiers_event_idx" ON "event_price_tiers" USING btree ("event_id","position");--> statement-breakpoint
ALTER TABLE "dues_statements" ADD CONSTRAINT "dues_statements_event_registration_id_event_registrations_id_fk" FOREIGN KEY ("event_registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_price_tier_id_event_price_tiers_id_fk" FOREIGN KEY ("price_tier_id") REFERENCES "public"."event_price_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dues_statements_event_registration_idx" ON "dues_statements" USING btree ("event_registration_id");--> statement-breakpoint
CREATE INDEX "event_registrations_hold_idx" ON "event_registrations" USING btree ("hold_expires_at") WHERE "event_registrations"."hold_expires_at" is not null;--> statement-breakpoint
ALTER TABLE "dues_statements" ADD CONSTRAINT "dues_statements_event_fee_check" CHECK (("dues_statements"."kind" = 'event_fee') = ("dues_statements"."category" is null and "dues_statements"."months" is null and "dues_statements"."membership_id" is null and "dues_statements"."description" is not null));--> statement-breakpoint
ALTER TABLE "dues_statements" ADD CONSTRAINT "dues_statements_kind_check" CHECK ("dues_statements"."kind" in ('new_member', 'semester', 'manual', 'event_fee'));--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_filter_status_check" CHECK ("event_messages"."filter_status" in ('pending', 'approved', 'rejected', 'expired'));--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_status_check" CHECK ("event_registrations"."status" in ('pending', 'approved', 'rejected', 'expired'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_hold_hours_check" CHECK ("events"."hold_hours" > 0);--> statement-breakpoint
-- An event's single price becomes its guest tier (docs/decisions/046): what anyone paid before.
INSERT INTO "event_price_tiers" ("event_id", "name", "amount_centavos", "audience", "position")
SELECT "id", 'Guest / non-member', round("price" * 100)::integer, 'guest', 0 FROM "events" WHERE "price" > 0;
