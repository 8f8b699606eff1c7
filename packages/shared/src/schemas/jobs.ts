import { z } from 'zod';
import { paginationSchema, text } from './common';
import { pageQuerySchema } from './query';

/**
 * Scheduled work: the jobs the server runs on a clock and the record of each run
 * (docs/architecture.md "Scheduled work", docs/decisions/062).
 */

/** A run is `running` until it ends as one of the other three; `interrupted` when the server stopped mid-run. */
export const JOB_RUN_OUTCOMES = ['running', 'succeeded', 'failed', 'interrupted'] as const;
export type JobRunOutcome = (typeof JOB_RUN_OUTCOMES)[number];

/** What started a run: its schedule (or the catch-up at start), "Run now" on the admin page, or the command. */
export const JOB_RUN_TRIGGERS = ['schedule', 'admin', 'command'] as const;
export type JobRunTrigger = (typeof JOB_RUN_TRIGGERS)[number];

/** How many of a job's runs the Scheduled work page shows under it. */
export const JOB_RECENT_RUNS = 3;
/** A page of a job's runs. */
export const JOB_RUNS_PAGE_SIZE = 20;
/** The longest job name the API accepts in an address. */
export const JOB_NAME_MAX_LENGTH = 60;

export const JOB_OUTCOME_LABELS: Record<JobRunOutcome, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  interrupted: 'Interrupted',
};

export const JOB_TRIGGER_LABELS: Record<JobRunTrigger, string> = {
  schedule: 'On schedule',
  admin: 'By an admin',
  command: 'By command',
};

export const JOB_MESSAGES = {
  title: 'Scheduled work',
  intro: 'What the server does on a clock. Each run is done by one server process and recorded here.',
  notFound: 'Job not found',
  runNow: 'Run now',
  running: 'Running…',
  started: (title: string) => `${title} started.`,
  showRuns: 'All runs',
  hideRuns: 'Fewer runs',
  nextRun: 'Next run',
  lastRuns: 'Last runs',
  noRuns: 'No runs yet',
  nothingToDo: 'Nothing to do',
  everyProcess: 'Runs in every server process; each message is recorded in the outbox.',
  loadFailed: 'Failed to load the scheduled work.',
  alreadyRunning: 'This job is running already',
} as const;

export const jobRunSchema = z.object({
  id: z.string(),
  scheduledFor: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: z.enum(JOB_RUN_OUTCOMES),
  trigger: z.enum(JOB_RUN_TRIGGERS),
  /** What the run did, as the job reports it (counts by name). */
  summary: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

export const jobSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** The cron pattern, read in Manila time; null for work started only by hand. */
  schedule: z.string().nullable(),
  /** The schedule in words ("Every hour at minute 15"). */
  scheduleText: z.string(),
  /** Runs in every process without a claim (the mail worker); its scheduled runs are not recorded. */
  everyProcess: z.boolean(),
  nextRunAt: z.string().nullable(),
  recentRuns: z.array(jobRunSchema),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListResponseSchema = z.object({ data: z.array(jobSchema) });
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

/** The runs of one job, newest first. */
export const jobRunListQuerySchema = z.object(pageQuerySchema(JOB_RUNS_PAGE_SIZE));
export type JobRunListQuery = z.infer<typeof jobRunListQuerySchema>;

export const jobRunListResponseSchema = z.object({
  data: z.array(jobRunSchema),
  pagination: paginationSchema,
});
export type JobRunListResponse = z.infer<typeof jobRunListResponseSchema>;

export const jobRunResponseSchema = z.object({ data: jobRunSchema });
export type JobRunResponse = z.infer<typeof jobRunResponseSchema>;

export const jobParamsSchema = z.object({
  name: text('Job name').max(JOB_NAME_MAX_LENGTH, JOB_MESSAGES.notFound),
});
