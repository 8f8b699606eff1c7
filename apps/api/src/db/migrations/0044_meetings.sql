CREATE TABLE "meeting_ballots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"receipt" text NOT NULL,
	"candidate_ids" uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_nomination_seconds" (
	"nomination_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_nomination_seconds_nomination_id_entry_id_pk" PRIMARY KEY("nomination_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "meeting_nominations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"nominee_entry_id" uuid NOT NULL,
	"nominator_entry_id" uuid NOT NULL,
	"statement" text NOT NULL,
	"accepted_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"validation_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_nominations_status_check" CHECK ("meeting_nominations"."status" in ('pending', 'valid', 'invalid', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "meeting_proxies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"grantor_entry_id" uuid NOT NULL,
	"holder_entry_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"status" text DEFAULT 'filed' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_proxies_scope_check" CHECK ("meeting_proxies"."scope" in ('all', 'election')),
	CONSTRAINT "meeting_proxies_status_check" CHECK ("meeting_proxies"."status" in ('filed', 'valid', 'rejected', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "meeting_reminders" (
	"meeting_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_on" date NOT NULL,
	"recipients" integer NOT NULL,
	CONSTRAINT "meeting_reminders_meeting_id_kind_pk" PRIMARY KEY("meeting_id","kind"),
	CONSTRAINT "meeting_reminders_kind_check" CHECK ("meeting_reminders"."kind" in ('proxy_deadline', 'voting_opens'))
);
--> statement-breakpoint
CREATE TABLE "meeting_roll_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"details" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_roll_corrections_status_check" CHECK ("meeting_roll_corrections"."status" in ('open', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "meeting_roll_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"member_name" text NOT NULL,
	"voter_name" text NOT NULL,
	CONSTRAINT "meeting_roll_entries_kind_check" CHECK ("meeting_roll_entries"."kind" in ('company', 'individual')),
	CONSTRAINT "meeting_roll_entries_category_check" CHECK ("meeting_roll_entries"."category" in ('Regular', 'Associate', 'Individual', 'Honorary'))
);
--> statement-breakpoint
CREATE TABLE "meeting_votes" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"cast_by" text NOT NULL,
	CONSTRAINT "meeting_votes_cast_by_check" CHECK ("meeting_votes"."cast_by" in ('voter', 'proxy'))
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"venue" text NOT NULL,
	"online_link" text,
	"agenda" text NOT NULL,
	"procedure" text NOT NULL,
	"record_date" date NOT NULL,
	"nominations_open_at" timestamp with time zone NOT NULL,
	"nominations_close_at" timestamp with time zone NOT NULL,
	"proxy_deadline" timestamp with time zone NOT NULL,
	"corrections_close_at" timestamp with time zone NOT NULL,
	"voting_opens_at" timestamp with time zone NOT NULL,
	"voting_closes_at" timestamp with time zone NOT NULL,
	"challenge_ends_at" timestamp with time zone NOT NULL,
	"seats" integer NOT NULL,
	"seconders" integer NOT NULL,
	"honorary_votes" boolean NOT NULL,
	"associate_votes" boolean NOT NULL,
	"event_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"late_notice_reason" text,
	"roll_frozen_at" timestamp with time zone,
	"certified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_kind_check" CHECK ("meetings"."kind" in ('annual', 'special')),
	CONSTRAINT "meetings_status_check" CHECK ("meetings"."status" in ('draft', 'noticed', 'certified'))
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "meeting_ballots" ADD CONSTRAINT "meeting_ballots_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_nomination_seconds" ADD CONSTRAINT "meeting_nomination_seconds_nomination_id_meeting_nominations_id_fk" FOREIGN KEY ("nomination_id") REFERENCES "public"."meeting_nominations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_nomination_seconds" ADD CONSTRAINT "meeting_nomination_seconds_entry_id_meeting_roll_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."meeting_roll_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_nominations" ADD CONSTRAINT "meeting_nominations_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_nominations" ADD CONSTRAINT "meeting_nominations_nominee_entry_id_meeting_roll_entries_id_fk" FOREIGN KEY ("nominee_entry_id") REFERENCES "public"."meeting_roll_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_nominations" ADD CONSTRAINT "meeting_nominations_nominator_entry_id_meeting_roll_entries_id_fk" FOREIGN KEY ("nominator_entry_id") REFERENCES "public"."meeting_roll_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_proxies" ADD CONSTRAINT "meeting_proxies_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_proxies" ADD CONSTRAINT "meeting_proxies_grantor_entry_id_meeting_roll_entries_id_fk" FOREIGN KEY ("grantor_entry_id") REFERENCES "public"."meeting_roll_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_proxies" ADD CONSTRAINT "meeting_proxies_holder_entry_id_meeting_roll_entries_id_fk" FOREIGN KEY ("holder_entry_id") REFERENCES "public"."meeting_roll_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_reminders" ADD CONSTRAINT "meeting_reminders_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_roll_corrections" ADD CONSTRAINT "meeting_roll_corrections_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_roll_corrections" ADD CONSTRAINT "meeting_roll_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_roll_corrections" ADD CONSTRAINT "meeting_roll_corrections_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_roll_entries" ADD CONSTRAINT "meeting_roll_entries_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_roll_entries" ADD CONSTRAINT "meeting_roll_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_votes" ADD CONSTRAINT "meeting_votes_entry_id_meeting_roll_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."meeting_roll_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_votes" ADD CONSTRAINT "meeting_votes_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_ballots_receipt_unique" ON "meeting_ballots" USING btree ("meeting_id","receipt");--> statement-breakpoint
CREATE INDEX "meeting_nomination_seconds_entry_idx" ON "meeting_nomination_seconds" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_nominations_nominee_unique" ON "meeting_nominations" USING btree ("meeting_id","nominee_entry_id");--> statement-breakpoint
CREATE INDEX "meeting_nominations_nominator_idx" ON "meeting_nominations" USING btree ("nominator_entry_id");--> statement-breakpoint
CREATE INDEX "meeting_nominations_nominee_idx" ON "meeting_nominations" USING btree ("nominee_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_proxies_one_in_force" ON "meeting_proxies" USING btree ("grantor_entry_id") WHERE status in ('filed', 'valid');--> statement-breakpoint
CREATE INDEX "meeting_proxies_meeting_idx" ON "meeting_proxies" USING btree ("meeting_id","created_at");--> statement-breakpoint
CREATE INDEX "meeting_proxies_holder_idx" ON "meeting_proxies" USING btree ("holder_entry_id");--> statement-breakpoint
CREATE INDEX "meeting_roll_corrections_meeting_idx" ON "meeting_roll_corrections" USING btree ("meeting_id","created_at");--> statement-breakpoint
CREATE INDEX "meeting_roll_corrections_user_idx" ON "meeting_roll_corrections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_roll_entries_meeting_user_unique" ON "meeting_roll_entries" USING btree ("meeting_id","user_id");--> statement-breakpoint
CREATE INDEX "meeting_roll_entries_meeting_name_idx" ON "meeting_roll_entries" USING btree ("meeting_id","voter_name");--> statement-breakpoint
CREATE INDEX "meeting_roll_entries_user_idx" ON "meeting_roll_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "meeting_votes_meeting_idx" ON "meeting_votes" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "meetings_starts_at_idx" ON "meetings" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('user_created', 'user_updated', 'user_enabled', 'user_disabled', 'user_deleted', 'membership_updated', 'membership_deleted', 'dues_statement_drafted', 'dues_statement_issued', 'dues_statement_voided', 'dues_payment_recorded', 'dues_payment_rejected', 'dues_settings_updated', 'membership_card_revoked', 'dues_reminders_paused', 'dues_reminders_resumed', 'dues_reminder_resent', 'event_attendees_messaged', 'cpd_certificate_revoked', 'cpd_external_units_approved', 'cpd_external_units_rejected', 'announcement_sent', 'event_staff_added', 'event_staff_removed', 'event_checked_in', 'roles_changed', 'two_factor_enrolled', 'two_factor_disabled', 'recovery_codes_regenerated', 'second_step_locked', 'passkey_added', 'passkey_removed', 'privacy_breach_recorded', 'privacy_breach_updated', 'privacy_breach_npc_notified', 'privacy_breach_people_notified', 'privacy_breach_closed', 'account_erased', 'privacy_request_answered', 'meeting_created', 'meeting_updated', 'meeting_notice_sent', 'meeting_roll_frozen', 'meeting_roll_correction_resolved', 'meeting_nomination_validated', 'meeting_proxy_validated', 'meeting_voting_opened', 'meeting_voting_closed', 'meeting_results_certified'));