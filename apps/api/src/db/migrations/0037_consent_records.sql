CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"given" boolean NOT NULL,
	"notice_version" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_purpose_check" CHECK ("consent_records"."purpose" in ('privacy_notice', 'announcements_email', 'member_directory', 'cpd_prc_report')),
	CONSTRAINT "consent_records_source_check" CHECK ("consent_records"."source" in ('registration', 'application', 'profile', 'unsubscribe', 'notice_update', 'seed', 'migration'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_status_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "consent_user_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "consent_purpose" text;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_user_purpose_seq_idx" ON "consent_records" USING btree ("user_id","purpose","seq");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('queued', 'sending', 'sent', 'failed', 'withdrawn'));--> statement-breakpoint
-- hand-written: the announcement choice kept on the account (decision 052) becomes each account's
-- first consent record for `announcements_email` (docs/decisions/065), so nobody who turned
-- announcements off or unsubscribed is mailed, and those who had not keep receiving them until
-- they withdraw. No notice version: the choice was made before the notice existed. The column
-- itself is dropped by the next migration, once this has read it.
INSERT INTO "consent_records" ("user_id", "purpose", "given", "notice_version", "source", "created_at")
SELECT "id", 'announcements_email', "receives_announcements", NULL, 'migration', now() FROM "users" ORDER BY "created_at", "id";
