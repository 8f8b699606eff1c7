CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"field" text,
	"details" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"answer" text,
	"former_member_number" text,
	"kept_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "privacy_requests_kind_check" CHECK ("privacy_requests"."kind" in ('erasure', 'correction')),
	CONSTRAINT "privacy_requests_status_check" CHECK ("privacy_requests"."status" in ('open', 'approved', 'resolved', 'rejected')),
	CONSTRAINT "privacy_requests_field_check" CHECK ("privacy_requests"."field" in ('account_type', 'membership_category', 'certificate', 'statement_or_receipt', 'attendance', 'other')),
	CONSTRAINT "privacy_requests_status_of_kind_check" CHECK (("privacy_requests"."kind" = 'erasure' and "privacy_requests"."status" in ('open', 'approved', 'rejected') and "privacy_requests"."field" is null) or ("privacy_requests"."kind" = 'correction' and "privacy_requests"."status" in ('open', 'resolved', 'rejected') and "privacy_requests"."field" is not null))
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_one_open_erasure" ON "privacy_requests" USING btree ("user_id") WHERE kind = 'erasure' and status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_former_member_number_unique" ON "privacy_requests" USING btree ("former_member_number");--> statement-breakpoint
CREATE INDEX "privacy_requests_status_due_idx" ON "privacy_requests" USING btree ("status","due_at","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_requested_idx" ON "privacy_requests" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_user_idx" ON "privacy_requests" USING btree ("user_id","requested_at");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('user_created', 'user_updated', 'user_enabled', 'user_disabled', 'user_deleted', 'membership_updated', 'membership_deleted', 'dues_statement_drafted', 'dues_statement_issued', 'dues_statement_voided', 'dues_payment_recorded', 'dues_payment_rejected', 'dues_settings_updated', 'membership_card_revoked', 'dues_reminders_paused', 'dues_reminders_resumed', 'dues_reminder_resent', 'event_attendees_messaged', 'cpd_certificate_revoked', 'announcement_sent', 'event_staff_added', 'event_staff_removed', 'event_checked_in', 'roles_changed', 'two_factor_enrolled', 'two_factor_disabled', 'recovery_codes_regenerated', 'second_step_locked', 'passkey_added', 'passkey_removed', 'account_erased', 'privacy_request_answered'));