import {
  buildPagination,
  JOB_RECENT_RUNS,
  type Job,
  type JobRun,
  type JobRunListQuery,
} from '@portal/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type JobRunRow, jobRuns } from '../../db/schema';
import type { RegisteredJob } from './registry';
import { nextRunOf } from './runner';

export function jobRunView(row: JobRunRow): JobRun {
  return {
    id: row.id,
    scheduledFor: row.scheduledFor.toISOString(),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    outcome: row.outcome,
    trigger: row.trigger,
    summary: row.summary ?? null,
    error: row.error,
  };
}

const runsOf = (db: Db, name: string) =>
  db.select().from(jobRuns).where(eq(jobRuns.name, name)).orderBy(desc(jobRuns.startedAt), desc(jobRuns.id));

/** Every job with its schedule, its next time and its last few runs (the Scheduled work page). */
export async function listJobs(db: Db, jobs: readonly RegisteredJob[], now = new Date()): Promise<Job[]> {
  const list: Job[] = [];
  for (const job of jobs) {
    const recent = await runsOf(db, job.name).limit(JOB_RECENT_RUNS);
    list.push({
      name: job.name,
      title: job.title,
      description: job.description,
      schedule: job.schedule,
      scheduleText: job.scheduleText,
      everyProcess: job.everyProcess === true,
      nextRunAt: nextRunOf(job, now)?.toISOString() ?? null,
      recentRuns: recent.map(jobRunView),
    });
  }
  return list;
}

/** One job's runs, newest first, a page at a time. */
export async function listJobRuns(db: Db, name: string, { page, limit }: JobRunListQuery) {
  const [rows, [total]] = await Promise.all([
    runsOf(db, name)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(jobRuns).where(eq(jobRuns.name, name)),
  ]);
  return { data: rows.map(jobRunView), pagination: buildPagination(page, limit, total?.value ?? 0) };
}
