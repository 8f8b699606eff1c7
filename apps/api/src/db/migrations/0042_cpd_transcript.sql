CREATE TABLE "cpd_external_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"profession" text NOT NULL,
	"provider" text NOT NULL,
	"programme" text NOT NULL,
	"accreditation_number" text NOT NULL,
	"completed_on" date NOT NULL,
	"units" numeric(5, 2) NOT NULL,
	"certificate_file" text NOT NULL,
	"certificate_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cpd_external_units_status_check" CHECK ("cpd_external_units"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "cpd_external_units_profession_check" CHECK ("cpd_external_units"."profession" in ('geologist', 'mining_engineer', 'metallurgical_engineer', 'chemist')),
	CONSTRAINT "cpd_external_units_units_check" CHECK ("cpd_external_units"."units" > 0 and "cpd_external_units"."units" <= 100)
);
--> statement-breakpoint
CREATE TABLE "cpd_provider_accreditations" (
	"profession" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"valid_until" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cpd_provider_accreditations_profession_check" CHECK ("cpd_provider_accreditations"."profession" in ('geologist', 'mining_engineer', 'metallurgical_engineer', 'chemist'))
);
--> statement-breakpoint
CREATE TABLE "cpd_transcript_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"verify_code" text DEFAULT rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=') NOT NULL,
	"user_id" uuid,
	"prc_name" text NOT NULL,
	"profession" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"required" numeric(5, 2) NOT NULL,
	"earned" numeric(5, 2) NOT NULL,
	"external" numeric(5, 2) NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpd_transcript_reminders" (
	"user_id" uuid NOT NULL,
	"profession" text NOT NULL,
	"expiry_date" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cpd_transcript_reminders_user_id_profession_expiry_date_days_before_pk" PRIMARY KEY("user_id","profession","expiry_date","days_before")
);
--> statement-breakpoint
CREATE TABLE "event_cpd_accreditations" (
	"event_id" uuid NOT NULL,
	"profession" text NOT NULL,
	"number" text NOT NULL,
	"units" numeric(5, 2) NOT NULL,
	CONSTRAINT "event_cpd_accreditations_event_id_profession_pk" PRIMARY KEY("event_id","profession"),
	CONSTRAINT "event_cpd_accreditations_profession_check" CHECK ("event_cpd_accreditations"."profession" in ('geologist', 'mining_engineer', 'metallurgical_engineer', 'chemist'))
);
--> statement-breakpoint
CREATE TABLE "prc_licences" (
	"user_id" uuid NOT NULL,
	"profession" text NOT NULL,
	"licence_number" text NOT NULL,
	"registration_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prc_licences_user_id_profession_pk" PRIMARY KEY("user_id","profession"),
	CONSTRAINT "prc_licences_profession_check" CHECK ("prc_licences"."profession" in ('geologist', 'mining_engineer', 'metallurgical_engineer', 'chemist'))
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "cpd_certificates" ADD COLUMN "profession_code" text;--> statement-breakpoint
ALTER TABLE "cpd_external_units" ADD CONSTRAINT "cpd_external_units_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_external_units" ADD CONSTRAINT "cpd_external_units_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_transcript_copies" ADD CONSTRAINT "cpd_transcript_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_transcript_reminders" ADD CONSTRAINT "cpd_transcript_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cpd_accreditations" ADD CONSTRAINT "event_cpd_accreditations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prc_licences" ADD CONSTRAINT "prc_licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cpd_external_units_user_idx" ON "cpd_external_units" USING btree ("user_id","completed_on");--> statement-breakpoint
CREATE INDEX "cpd_external_units_status_idx" ON "cpd_external_units" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_transcript_copies_verify_code_unique" ON "cpd_transcript_copies" USING btree ("verify_code");--> statement-breakpoint
CREATE INDEX "prc_licences_expiry_idx" ON "prc_licences" USING btree ("expiry_date");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('user_created', 'user_updated', 'user_enabled', 'user_disabled', 'user_deleted', 'membership_updated', 'membership_deleted', 'dues_statement_drafted', 'dues_statement_issued', 'dues_statement_voided', 'dues_payment_recorded', 'dues_payment_rejected', 'dues_settings_updated', 'membership_card_revoked', 'dues_reminders_paused', 'dues_reminders_resumed', 'dues_reminder_resent', 'event_attendees_messaged', 'cpd_certificate_revoked', 'cpd_external_units_approved', 'cpd_external_units_rejected', 'announcement_sent', 'event_staff_added', 'event_staff_removed', 'event_checked_in', 'roles_changed', 'two_factor_enrolled', 'two_factor_disabled', 'recovery_codes_regenerated', 'second_step_locked', 'passkey_added', 'passkey_removed', 'privacy_breach_recorded', 'privacy_breach_updated', 'privacy_breach_npc_notified', 'privacy_breach_people_notified', 'privacy_breach_closed', 'account_erased', 'privacy_request_answered'));