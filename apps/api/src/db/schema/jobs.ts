import { JOB_RUN_OUTCOMES, JOB_RUN_TRIGGERS, type JobRunOutcome, type JobRunTrigger } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { checkIn } from './columns';

/**
 * Every run of a scheduled job (modules/jobs, docs/decisions/062). A scheduled run is claimed by
 * inserting its row under the unique (name, scheduled_for) of the schedule's runs, so with any
 * number of processes one of them does it; `locked_until` is the claim's lease, renewed while the
 * run goes on, so the run of a process that died can be taken over once it lapses. Runs started
 * by hand (the admin page, the command) are recorded beside them, outside the unique key.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true, mode: 'date' }).notNull(),
    trigger: text('trigger').$type<JobRunTrigger>().notNull(),
    outcome: text('outcome').$type<JobRunOutcome>().notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('job_runs_scheduled_unique').on(t.name, t.scheduledFor).where(sql`${t.trigger} = 'schedule'`),
    index('job_runs_name_started_idx').on(t.name, t.startedAt),
    checkIn('job_runs_outcome_check', t.outcome, JOB_RUN_OUTCOMES),
    checkIn('job_runs_trigger_check', t.trigger, JOB_RUN_TRIGGERS),
  ],
);

export type JobRunRow = typeof jobRuns.$inferSelect;
