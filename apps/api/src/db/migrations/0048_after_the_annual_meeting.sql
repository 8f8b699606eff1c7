CREATE TABLE "meeting_board_elections" (
	"meeting_id" uuid PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"applied_by" uuid,
	"applied_by_name" text NOT NULL,
	"tie_reason" text,
	"officers_recorded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meeting_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"file_reference" text NOT NULL,
	"byte_size" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_documents_kind_check" CHECK ("meeting_documents"."kind" in ('minutes', 'resolution'))
);
--> statement-breakpoint
CREATE TABLE "meeting_elected_trustees" (
	"meeting_id" uuid NOT NULL,
	"nomination_id" uuid NOT NULL,
	"name" text NOT NULL,
	"votes" integer NOT NULL,
	"board_member_id" uuid,
	"officer_position" text,
	CONSTRAINT "meeting_elected_trustees_meeting_id_nomination_id_pk" PRIMARY KEY("meeting_id","nomination_id"),
	CONSTRAINT "meeting_elected_trustees_officer_check" CHECK ("meeting_elected_trustees"."officer_position" in ('President', 'Vice President', 'Secretary', 'Treasurer'))
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "meeting_reminders" DROP CONSTRAINT "meeting_reminders_kind_check";--> statement-breakpoint
ALTER TABLE "meeting_board_elections" ADD CONSTRAINT "meeting_board_elections_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_board_elections" ADD CONSTRAINT "meeting_board_elections_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_documents" ADD CONSTRAINT "meeting_documents_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_documents" ADD CONSTRAINT "meeting_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_elected_trustees" ADD CONSTRAINT "meeting_elected_trustees_meeting_id_meeting_board_elections_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting_board_elections"("meeting_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_elected_trustees" ADD CONSTRAINT "meeting_elected_trustees_nomination_id_meeting_nominations_id_fk" FOREIGN KEY ("nomination_id") REFERENCES "public"."meeting_nominations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_elected_trustees" ADD CONSTRAINT "meeting_elected_trustees_board_member_id_board_members_id_fk" FOREIGN KEY ("board_member_id") REFERENCES "public"."board_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_documents_meeting_idx" ON "meeting_documents" USING btree ("meeting_id","created_at");--> statement-breakpoint
CREATE INDEX "meeting_documents_uploaded_by_idx" ON "meeting_documents" USING btree ("uploaded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_elected_trustees_one_per_office" ON "meeting_elected_trustees" USING btree ("meeting_id","officer_position");--> statement-breakpoint
CREATE INDEX "meeting_elected_trustees_board_member_idx" ON "meeting_elected_trustees" USING btree ("board_member_id");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('user_created', 'user_updated', 'user_enabled', 'user_disabled', 'user_deleted', 'membership_updated', 'membership_deleted', 'dues_statement_drafted', 'dues_statement_issued', 'dues_statement_voided', 'dues_payment_recorded', 'dues_payment_rejected', 'dues_settings_updated', 'membership_card_revoked', 'dues_reminders_paused', 'dues_reminders_resumed', 'dues_reminder_resent', 'event_attendees_messaged', 'cpd_certificate_revoked', 'cpd_external_units_approved', 'cpd_external_units_rejected', 'announcement_sent', 'event_staff_added', 'event_staff_removed', 'event_checked_in', 'event_waitlist_offered', 'event_waitlist_removed', 'roles_changed', 'two_factor_enrolled', 'two_factor_disabled', 'recovery_codes_regenerated', 'second_step_locked', 'passkey_added', 'passkey_removed', 'privacy_breach_recorded', 'privacy_breach_updated', 'privacy_breach_npc_notified', 'privacy_breach_people_notified', 'privacy_breach_closed', 'account_erased', 'privacy_request_answered', 'meeting_created', 'meeting_updated', 'meeting_notice_sent', 'meeting_roll_frozen', 'meeting_roll_correction_resolved', 'meeting_nomination_validated', 'meeting_proxy_validated', 'meeting_voting_opened', 'meeting_voting_closed', 'meeting_results_certified', 'meeting_election_applied', 'meeting_officers_recorded', 'meeting_document_uploaded', 'meeting_document_removed'));--> statement-breakpoint
ALTER TABLE "meeting_reminders" ADD CONSTRAINT "meeting_reminders_kind_check" CHECK ("meeting_reminders"."kind" in ('proxy_deadline', 'voting_opens', 'gis_filing'));