CREATE TABLE "dues_reminder_pauses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"paused_by" uuid,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dues_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"user_id" uuid,
	"offset_days" integer NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"run_date" date NOT NULL,
	"resend" boolean DEFAULT false NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dues_reminders_role_check" CHECK ("dues_reminders"."role" in ('member', 'billing'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"job" text NOT NULL,
	"run_date" date NOT NULL,
	"locked_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_runs_job_run_date_pk" PRIMARY KEY("job","run_date")
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_action_check";--> statement-breakpoint
ALTER TABLE "dues_settings" ADD COLUMN "reminder_offsets" integer[] DEFAULT '{-30,-14,-7,0,7,30}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "dues_settings" ADD COLUMN "grace_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "dues_reminder_pauses" ADD CONSTRAINT "dues_reminder_pauses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_reminder_pauses" ADD CONSTRAINT "dues_reminder_pauses_paused_by_users_id_fk" FOREIGN KEY ("paused_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_reminders" ADD CONSTRAINT "dues_reminders_statement_id_dues_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."dues_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_reminders" ADD CONSTRAINT "dues_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_reminders" ADD CONSTRAINT "dues_reminders_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dues_reminders_once" ON "dues_reminders" USING btree ("statement_id","offset_days","email") WHERE not "dues_reminders"."resend";--> statement-breakpoint
CREATE INDEX "dues_reminders_created_idx" ON "dues_reminders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "dues_reminders_user_idx" ON "dues_reminders" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("admin_audit_log"."action" in ('user_created', 'user_updated', 'user_enabled', 'user_disabled', 'user_deleted', 'membership_updated', 'membership_deleted', 'dues_statement_drafted', 'dues_statement_issued', 'dues_statement_voided', 'dues_payment_recorded', 'dues_payment_rejected', 'dues_settings_updated', 'membership_card_revoked', 'dues_reminders_paused', 'dues_reminders_resumed', 'dues_reminder_resent'));--> statement-breakpoint
ALTER TABLE "dues_settings" ADD CONSTRAINT "dues_settings_grace_days_check" CHECK ("dues_settings"."grace_days" >= 0);