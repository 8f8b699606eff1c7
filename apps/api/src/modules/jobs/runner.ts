import type { JobRunTrigger } from '@portal/shared';
import { Cron } from 'croner';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type JobRunRow, jobRuns } from '../../db/schema';

/** Schedules are read in the association's time: "5 0 * * *" is five past midnight in Manila. */
export const JOB_TIMEZONE = 'Asia/Manila';

/** How long a claim holds without being renewed; a running job renews it every third of this. */
const DEFAULT_LEASE_MS = 15 * 60_000;
/** How long shutdown waits for a run in flight before recording it as interrupted. */
const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

export type JobSummary = Record<string, unknown>;
export type JobRunOptions = {
  /** Read what the run would do and write nothing (`npm run job -- NAME --dry-run`). */
  dryRun: boolean;
  /** Aborted when the server stops: a long run may stop early between steps (each is idempotent). */
  signal: AbortSignal;
  /** Records how far a long run has come on its row, for the page that started it to show. */
  progress(summary: JobSummary): Promise<void>;
};

/** One scheduled job, declared once in registry.ts (docs/decisions/062). */
export type JobDefinition = {
  name: string;
  title: string;
  description: string;
  /**
   * A cron pattern (croner's: five fields, or six with seconds first), read in Manila time; null
   * for work only started by someone (a button, the command), never by the clock.
   */
  schedule: string | null;
  /**
   * Runs in every process, unclaimed and its scheduled runs unrecorded: for work that claims its
   * own rows every few seconds (the mail outbox), where a row per tick would be noise.
   */
  everyProcess?: boolean;
  /**
   * How many missed runs are made up, oldest first, after downtime: 1 (the default) runs the
   * latest missed one alone; the dues' day runs each missed day (its reminders are per day).
   */
  catchUp?: number;
  /** Does the work as if the time were `date` (the run's scheduled time); idempotent per date. */
  run(date: Date, options: JobRunOptions): Promise<JobSummary>;
};

export type JobLogger = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

export const cronOf = (schedule: string) => new Cron(schedule, { timezone: JOB_TIMEZONE, paused: true });

/** The next time `job` is due after `now`; null for a job started only by hand. */
export const nextRunOf = (job: Pick<JobDefinition, 'schedule'>, now: Date) =>
  job.schedule === null ? null : cronOf(job.schedule).nextRun(now);

/**
 * The scheduled times of `job` at or before `now` still to run, oldest first: those after its last
 * successful scheduled run (at most `catchUp` of them), or the latest alone when it never ran, less
 * any another run already finished (a run by hand of that date does not count: it may have been a
 * test of the day before the day came).
 */
export async function dueOccurrences(db: Db, job: JobDefinition, now: Date): Promise<Date[]> {
  if (job.schedule === null) return [];
  const candidates = cronOf(job.schedule)
    .previousRuns(Math.max(1, job.catchUp ?? 1), new Date(now.getTime() + 1))
    .reverse();
  if (candidates.length === 0) return [];
  const rows = await db
    .select({ scheduledFor: jobRuns.scheduledFor, outcome: jobRuns.outcome })
    .from(jobRuns)
    .where(and(eq(jobRuns.name, job.name), eq(jobRuns.trigger, 'schedule')))
    .orderBy(desc(jobRuns.scheduledFor))
    .limit(candidates.length + 1);
  const lastSucceeded = rows.find((row) => row.outcome === 'succeeded')?.scheduledFor;
  const succeeded = new Set(
    rows.filter((row) => row.outcome === 'succeeded').map((row) => row.scheduledFor.getTime()),
  );
  // Never succeeded: from its first recorded run on (another process may be running the latest
  // for the first time right now), or the latest alone.
  const firstRecorded = rows.at(-1)?.scheduledFor;
  const pending = lastSucceeded
    ? candidates.filter((time) => time > lastSucceeded)
    : firstRecorded
      ? candidates.filter((time) => time >= firstRecorded)
      : candidates.slice(-1);
  return pending.filter((time) => !succeeded.has(time.getTime()));
}

/**
 * Claims the scheduled run of `name` at `scheduledFor` for this process: its row is inserted under
 * the unique (name, scheduled_for), or taken over when it failed, was interrupted, or its claim
 * lapsed (the process holding it died). Answers the run's id, or null when another process has
 * it or it succeeded already.
 */
export async function claimScheduledRun(
  db: Db,
  name: string,
  scheduledFor: Date,
  leaseMs = DEFAULT_LEASE_MS,
): Promise<string | null> {
  const lockedUntil = sql`now() + ${leaseMs}::integer * interval '1 millisecond'`;
  const [claimed] = await db
    .insert(jobRuns)
    .values({ name, scheduledFor, trigger: 'schedule', outcome: 'running', lockedUntil })
    .onConflictDoUpdate({
      target: [jobRuns.name, jobRuns.scheduledFor],
      targetWhere: sql`trigger = 'schedule'`,
      set: {
        outcome: 'running',
        startedAt: sql`now()`,
        finishedAt: null,
        summary: null,
        error: null,
        lockedUntil,
      },
      setWhere: sql`${jobRuns.outcome} <> 'succeeded' and (${jobRuns.outcome} <> 'running' or ${jobRuns.lockedUntil} < now())`,
    })
    .returning({ id: jobRuns.id });
  return claimed?.id ?? null;
}

type Finish = { outcome: 'succeeded' | 'failed' | 'interrupted'; summary?: JobSummary; error?: string };

async function finishRun(db: Db, id: string, { outcome, summary, error }: Finish) {
  await db
    .update(jobRuns)
    .set({
      outcome,
      finishedAt: sql`now()`,
      lockedUntil: null,
      summary: summary ?? null,
      error: error ?? null,
    })
    // A run recorded as interrupted at shutdown keeps that record, whatever it did after.
    .where(and(eq(jobRuns.id, id), eq(jobRuns.outcome, 'running')));
}

const describeError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'Unknown error';

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * The one runner of scheduled work (docs/architecture.md "Scheduled work"): croner times each job;
 * each scheduled run is claimed in `job_runs`, so with several processes one does it; `start()`
 * first makes up what was missed while no process ran; `stop()` lets a run in flight finish for a
 * grace period and records it as interrupted past that. Every run but the every-process ticks is
 * recorded with what it did or its error.
 */
export function createJobRunner({
  db,
  jobs,
  logger,
  now = () => new Date(),
  leaseMs = DEFAULT_LEASE_MS,
  shutdownGraceMs = DEFAULT_SHUTDOWN_GRACE_MS,
}: {
  db: Db;
  jobs: readonly JobDefinition[];
  logger: JobLogger;
  now?: () => Date;
  leaseMs?: number;
  shutdownGraceMs?: number;
}) {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const abort = new AbortController();
  const inFlight = new Map<string, Promise<unknown>>();
  const timers: Cron[] = [];
  // One pass of a job at a time in this process: a tick that finds the last still going is skipped.
  const passes = new Map<string, Promise<void>>();
  let stopped = false;

  /** Runs a claimed (or hand-started) run `id` to its end and records it. */
  const execute = async (job: JobDefinition, id: string, scheduledFor: Date): Promise<Finish> => {
    const progress = async (summary: JobSummary) => {
      await db
        .update(jobRuns)
        .set({ summary })
        .where(and(eq(jobRuns.id, id), eq(jobRuns.outcome, 'running')));
    };
    const renew = setInterval(() => {
      db.update(jobRuns)
        .set({ lockedUntil: sql`now() + ${leaseMs}::integer * interval '1 millisecond'` })
        .where(and(eq(jobRuns.id, id), eq(jobRuns.outcome, 'running')))
        .catch((error) => logger.error({ job: job.name, err: error }, 'job claim not renewed'));
    }, leaseMs / 3);
    renew.unref();
    const work = (async (): Promise<Finish> => {
      try {
        const summary = await job.run(scheduledFor, { dryRun: false, signal: abort.signal, progress });
        return { outcome: 'succeeded', summary };
      } catch (error) {
        logger.error({ job: job.name, err: error }, 'job failed');
        return { outcome: 'failed', error: describeError(error) };
      }
    })();
    const recorded = work.then(async (finish) => {
      clearInterval(renew);
      await finishRun(db, id, finish);
      return finish;
    });
    inFlight.set(id, recorded);
    try {
      return await recorded;
    } finally {
      inFlight.delete(id);
    }
  };

  const runEveryProcess = async (job: JobDefinition) => {
    try {
      await job.run(now(), { dryRun: false, signal: abort.signal, progress: async () => {} });
    } catch (error) {
      logger.error({ job: job.name, err: error }, 'job failed');
    }
  };

  /** Claims and runs each due scheduled run of `job` in turn; answers how many this process ran. */
  const runDue = async (job: JobDefinition): Promise<number> => {
    let ran = 0;
    for (const scheduledFor of await dueOccurrences(db, job, now())) {
      if (stopped) break;
      const id = await claimScheduledRun(db, job.name, scheduledFor, leaseMs);
      if (!id) continue;
      const finish = await execute(job, id, scheduledFor);
      ran += 1;
      if (finish.outcome === 'succeeded' && Object.values(finish.summary ?? {}).some((value) => value)) {
        logger.info({ job: job.name, scheduledFor, summary: finish.summary }, 'job finished');
      }
      // A failed day is tried again at the next pass; the days after it wait, in order.
      if (finish.outcome !== 'succeeded') break;
    }
    return ran;
  };

  /** One pass of `job` unless one is going already in this process. */
  const pass = (job: JobDefinition) => {
    const going = passes.get(job.name);
    if (going) return going;
    const started = (job.everyProcess ? runEveryProcess(job) : runDue(job).then(() => {}))
      .catch((error) => logger.error({ job: job.name, err: error }, 'job pass failed'))
      .finally(() => passes.delete(job.name));
    passes.set(job.name, started);
    return started;
  };

  return {
    jobs,
    find: (name: string) => byName.get(name),

    /**
     * Starts every job's schedule and makes up what was missed; resolves when that catch-up pass
     * is over (the server does not wait for it; tests do).
     */
    start(): Promise<void> {
      const scheduled = jobs.filter((job) => job.schedule !== null);
      for (const job of scheduled) {
        timers.push(
          new Cron(job.schedule as string, { timezone: JOB_TIMEZONE, unref: true }, () => {
            if (!stopped) void pass(job);
          }),
        );
      }
      return Promise.all(scheduled.filter((job) => !job.everyProcess).map((job) => pass(job))).then(() => {});
    },

    /** One pass of every job's due runs, as the schedule would (tests, with their own `now`). */
    runDue: (name: string) => {
      const job = byName.get(name);
      if (!job) throw new Error(`No job named ${name}`);
      return runDue(job);
    },

    /**
     * Starts `name` now, outside its schedule, recorded with who asked: "Run now" on the admin page
     * or the command. `date` runs it as if it were then (the command's `--date`). Answers the run's
     * row as it starts and `finished`, its row once it has ended (the page polls instead). "Run now"
     * is refused (null) while a run of the job holds an unexpired claim; commands are not (an
     * operator may run a day twice at once: the work is idempotent).
     */
    async startByHand(
      name: string,
      trigger: Exclude<JobRunTrigger, 'schedule'>,
      date?: Date,
    ): Promise<{ run: JobRunRow; finished: Promise<JobRunRow> } | null> {
      const job = byName.get(name);
      if (!job) throw new Error(`No job named ${name}`);
      if (stopped) return null;
      const [busy] =
        trigger === 'command'
          ? []
          : await db
              .select({ id: jobRuns.id })
              .from(jobRuns)
              .where(
                and(
                  eq(jobRuns.name, name),
                  eq(jobRuns.outcome, 'running'),
                  sql`${jobRuns.lockedUntil} > now()`,
                ),
              )
              .limit(1);
      if (busy) return null;
      const scheduledFor = date ?? now();
      const [run] = await db
        .insert(jobRuns)
        .values({
          name,
          scheduledFor,
          trigger,
          outcome: 'running',
          lockedUntil: sql`now() + ${leaseMs}::integer * interval '1 millisecond'`,
        })
        .returning();
      if (!run) throw new Error('The run was not recorded');
      const finished = execute(job, run.id, scheduledFor).then(async () => {
        const [row] = await db.select().from(jobRuns).where(eq(jobRuns.id, run.id));
        return row ?? run;
      });
      return { run, finished };
    },

    /**
     * Stops the schedules; a run in flight gets `shutdownGraceMs` to finish (and is recorded as it
     * ends), else it is recorded as interrupted, to be run again by the next start's catch-up.
     */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers) timer.stop();
      abort.abort();
      const running = [...inFlight.entries()];
      if (running.length === 0) return;
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<'late'>((resolve) => {
        graceTimer = setTimeout(() => resolve('late'), shutdownGraceMs);
      });
      const ended = await Promise.race([
        Promise.all(running.map(([, run]) => run)).then(() => 'ended'),
        grace,
      ]);
      clearTimeout(graceTimer);
      if (ended === 'ended') return;
      const late = running.map(([id]) => id).filter((id) => inFlight.has(id));
      if (late.length === 0) return;
      await db
        .update(jobRuns)
        .set({
          outcome: 'interrupted',
          finishedAt: sql`now()`,
          lockedUntil: null,
          error: 'The server stopped during the run',
        })
        .where(and(inArray(jobRuns.id, late), eq(jobRuns.outcome, 'running')));
    },
  };
}
