CREATE TABLE "event_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_waitlist_event_user_unique" UNIQUE("event_id","user_id"),
	CONSTRAINT "event_waitlist_state_check" CHECK ("event_waitlist"."state" in ('waiting', 'offered', 'accepted', 'expired', 'left'))
);
--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "offer_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminder_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_waitlist_event_state_idx" ON "event_waitlist" USING btree ("event_id","state","joined_at");--> statement-breakpoint
CREATE INDEX "event_waitlist_offer_expiry_idx" ON "event_waitlist" USING btree ("offer_expires_at") WHERE "event_waitlist"."state" = 'offered';--> statement-breakpoint
CREATE INDEX "event_waitlist_user_id_idx" ON "event_waitlist" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_offer_hours_check" CHECK ("events"."offer_hours" >= 1);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_reminder_hours_check" CHECK ("events"."reminder_hours" >= 1);