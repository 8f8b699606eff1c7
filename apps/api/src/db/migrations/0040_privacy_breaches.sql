CREATE TABLE "privacy_breach_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"breach_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	"method" text,
	"reference" text,
	"subject" text,
	"body" text,
	"recipients" integer,
	"recorded_by" uuid,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_breach_notices_kind_check" CHECK ("privacy_breach_notices"."kind" in ('npc', 'people'))
);
--> statement-breakpoint
CREATE TABLE "privacy_breach_people" (
	"breach_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"notified_at" timestamp with time zone,
	"mail_id" uuid,
	CONSTRAINT "privacy_breach_people_breach_id_user_id_pk" PRIMARY KEY("breach_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "privacy_breaches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"what" text NOT NULL,
	"occurred_at" timestamp with time zone,
	"discovered_at" timestamp with time zone NOT NULL,
	"data_kinds" text NOT NULL,
	"people_count" integer,
	"recorded_by" uuid,
	"recorded_by_name" text NOT NULL,
	"closed_at" timestamp with time zone,
	"closure_summary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_breaches_people_count_check" CHECK ("privacy_breaches"."people_count" is null or "privacy_breaches"."people_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "privacy_breach_notices" ADD CONSTRAINT "privacy_breach_notices_breach_id_privacy_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."privacy_breaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_breach_notices" ADD CONSTRAINT "privacy_breach_notices_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_breach_people" ADD CONSTRAINT "privacy_breach_people_breach_id_privacy_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."privacy_breaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_breach_people" ADD CONSTRAINT "privacy_breach_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_breach_people" ADD CONSTRAINT "privacy_breach_people_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD CONSTRAINT "privacy_breaches_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_breach_notices_breach_idx" ON "privacy_breach_notices" USING btree ("breach_id","created_at");--> statement-breakpoint
CREATE INDEX "privacy_breach_people_user_idx" ON "privacy_breach_people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "privacy_breaches_created_idx" ON "privacy_breaches" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('user_created', 'user_updated', 'user_enabled', 'user_disabled', 'user_deleted', 'membership_updated', 'membership_deleted', 'dues_statement_drafted', 'dues_statement_issued', 'dues_statement_voided', 'dues_payment_recorded', 'dues_payment_rejected', 'dues_settings_updated', 'membership_card_revoked', 'dues_reminders_paused', 'dues_reminders_resumed', 'dues_reminder_resent', 'event_attendees_messaged', 'cpd_certificate_revoked', 'announcement_sent', 'event_staff_added', 'event_staff_removed', 'event_checked_in', 'roles_changed', 'two_factor_enrolled', 'two_factor_disabled', 'recovery_codes_regenerated', 'second_step_locked', 'passkey_added', 'passkey_removed', 'privacy_breach_recorded', 'privacy_breach_updated', 'privacy_breach_npc_notified', 'privacy_breach_people_notified', 'privacy_breach_closed', 'account_erased', 'privacy_request_answered'));