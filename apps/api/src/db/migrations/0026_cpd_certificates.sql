CREATE TABLE "cpd_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"registration_id" uuid,
	"event_id" uuid,
	"user_id" uuid,
	"prc_name" text NOT NULL,
	"profession" text NOT NULL,
	"prc_number" text NOT NULL,
	"role" text NOT NULL,
	"program_title" text NOT NULL,
	"dates" text NOT NULL,
	"venue" text NOT NULL,
	"hours" numeric(6, 2) NOT NULL,
	"units" numeric(6, 2) NOT NULL,
	"provider_name" text NOT NULL,
	"provider_accreditation_number" text NOT NULL,
	"provider_accreditation_valid_until" date NOT NULL,
	"program_accreditation_number" text NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_title" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by" uuid,
	CONSTRAINT "cpd_certificates_role_check" CHECK ("cpd_certificates"."role" in ('participant', 'speaker', 'moderator', 'facilitator'))
);
--> statement-breakpoint
CREATE TABLE "event_cpd_roles" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"talks" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_cpd_roles_role_check" CHECK ("event_cpd_roles"."role" in ('participant', 'speaker', 'moderator', 'facilitator')),
	CONSTRAINT "event_cpd_roles_talks_check" CHECK ("event_cpd_roles"."talks" >= 1)
);
--> statement-breakpoint
CREATE TABLE "event_cpd_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"provider_name" text NOT NULL,
	"provider_accreditation_number" text NOT NULL,
	"provider_accreditation_valid_until" date NOT NULL,
	"program_accreditation_number" text NOT NULL,
	"participant_units_per_hour" numeric(5, 2) NOT NULL,
	"speaker_units_per_talk" numeric(5, 2) NOT NULL,
	"moderator_units" numeric(5, 2) NOT NULL,
	"facilitator_units" numeric(5, 2) NOT NULL,
	"morning_hours" numeric(5, 2) NOT NULL,
	"afternoon_hours" numeric(5, 2) NOT NULL,
	"day_hours" numeric(5, 2) NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_evaluation_forms" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"questions" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_evaluation_responses" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prc_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"prc_name" text NOT NULL,
	"profession" text NOT NULL,
	"prc_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "cpd_certificates" ADD CONSTRAINT "cpd_certificates_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_certificates" ADD CONSTRAINT "cpd_certificates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_certificates" ADD CONSTRAINT "cpd_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_certificates" ADD CONSTRAINT "cpd_certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_certificates" ADD CONSTRAINT "cpd_certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cpd_roles" ADD CONSTRAINT "event_cpd_roles_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cpd_settings" ADD CONSTRAINT "event_cpd_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_evaluation_forms" ADD CONSTRAINT "event_evaluation_forms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_evaluation_responses" ADD CONSTRAINT "event_evaluation_responses_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_evaluation_responses" ADD CONSTRAINT "event_evaluation_responses_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prc_details" ADD CONSTRAINT "prc_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_certificates_number_unique" ON "cpd_certificates" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_certificates_live_registration_unique" ON "cpd_certificates" USING btree ("registration_id") WHERE "cpd_certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "cpd_certificates_registration_idx" ON "cpd_certificates" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "cpd_certificates_event_idx" ON "cpd_certificates" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "cpd_certificates_user_idx" ON "cpd_certificates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_evaluation_responses_event_idx" ON "event_evaluation_responses" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('user_created', 'user_updated', 'user_enabled', 'user_disabled', 'user_deleted', 'membership_updated', 'membership_deleted', 'dues_statement_drafted', 'dues_statement_issued', 'dues_statement_voided', 'dues_payment_recorded', 'dues_payment_rejected', 'dues_settings_updated', 'membership_card_revoked', 'dues_reminders_paused', 'dues_reminders_resumed', 'dues_reminder_resent', 'event_attendees_messaged', 'cpd_certificate_revoked'));