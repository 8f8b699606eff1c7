CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"outcome" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"summary" jsonb,
	"error" text,
	CONSTRAINT "job_runs_outcome_check" CHECK ("job_runs"."outcome" in ('running', 'succeeded', 'failed', 'interrupted')),
	CONSTRAINT "job_runs_trigger_check" CHECK ("job_runs"."trigger" in ('schedule', 'admin', 'command'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_scheduled_unique" ON "job_runs" USING btree ("name","scheduled_for") WHERE "job_runs"."trigger" = 'schedule';--> statement-breakpoint
CREATE INDEX "job_runs_name_started_idx" ON "job_runs" USING btree ("name","started_at");--> statement-breakpoint
-- hand-written: the dues days already done become the dues-daily job's runs (its schedule, 00:05 in
-- Manila), so the runner does not catch them up again.
INSERT INTO "job_runs" ("name", "scheduled_for", "trigger", "outcome", "started_at", "finished_at", "summary")
SELECT "job", ("run_date" + time '00:05') AT TIME ZONE 'Asia/Manila', 'schedule', 'succeeded', "created_at", "finished_at", '{}'::jsonb
FROM "scheduled_runs" WHERE "finished_at" IS NOT NULL;--> statement-breakpoint
DROP TABLE "scheduled_runs" CASCADE;