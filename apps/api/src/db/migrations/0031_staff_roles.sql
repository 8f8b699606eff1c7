CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin', 'secretariat', 'treasurer', 'election_committee'))
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_roles_role_user_idx" ON "user_roles" USING btree ("role","user_id");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('user_created', 'user_updated', 'user_enabled', 'user_disabled', 'user_deleted', 'membership_updated', 'membership_deleted', 'dues_statement_drafted', 'dues_statement_issued', 'dues_statement_voided', 'dues_payment_recorded', 'dues_payment_rejected', 'dues_settings_updated', 'membership_card_revoked', 'dues_reminders_paused', 'dues_reminders_resumed', 'dues_reminder_resent', 'event_attendees_messaged', 'cpd_certificate_revoked', 'announcement_sent', 'event_staff_added', 'event_staff_removed', 'event_checked_in', 'roles_changed'));--> statement-breakpoint
-- Every existing administrator holds the admin role (decision 060).
INSERT INTO "user_roles" ("user_id", "role") SELECT "id", 'admin' FROM "users" WHERE "type" = 'admin';
