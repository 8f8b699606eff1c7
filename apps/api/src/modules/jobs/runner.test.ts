import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { jobRuns } from '../../db/schema';
import { createTestDatabase } from '../../test/helper';
import { claimScheduledRun, createJobRunner, dueOccurrences, type JobDefinition } from './runner';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
// On PostgreSQL a second runner has a pool of its own, as a second server process would.
let other: DatabaseHandle | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
  other = database.url ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 }) : undefined;
});
afterAll(async () => {
  await other?.close();
  await database.close();
});

const quiet = { info: () => {}, error: () => {} };
const runsOf = (name: string) => database.db.select().from(jobRuns).where(eq(jobRuns.name, name));

/** A job whose runs the test counts (with the date each was given); `work` replaces its body. */
function countingJob(overrides: Partial<JobDefinition> = {}) {
  const dates: string[] = [];
  const job: JobDefinition = {
    name: `test-${randomUUID()}`,
    title: 'Test',
    description: 'A test job',
    schedule: '0 * * * *',
    run: async (date) => {
      dates.push(date.toISOString());
      return { done: 1 };
    },
    ...overrides,
  };
  return { job, dates };
}

/** A promise the test settles. */
function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('claiming a run', () => {
  it('two runners at once: one of them runs it, and a later pass runs nothing', async () => {
    const { job, dates } = countingJob();
    const now = () => new Date('2026-12-02T10:30:00Z');
    const runners = [database.db, other?.db ?? database.db].map((db) =>
      createJobRunner({ db, jobs: [job], logger: quiet, now }),
    );
    const ran = await Promise.all(runners.map((runner) => runner.runDue(job.name)));
    expect(ran.sort()).toEqual([0, 1]);
    expect(dates).toEqual(['2026-12-02T10:00:00.000Z']);
    const [row] = await runsOf(job.name);
    expect(row).toMatchObject({
      outcome: 'succeeded',
      trigger: 'schedule',
      summary: { done: 1 },
      error: null,
    });
    expect(row?.finishedAt).toBeInstanceOf(Date);

    expect(await runners[0]?.runDue(job.name)).toBe(0);
    expect(dates).toHaveLength(1);
  });

  it('takes over a run whose claim lapsed (its process died), never one still held or succeeded', async () => {
    const name = `test-${randomUUID()}`;
    const at = new Date('2026-12-02T09:00:00Z');
    const id = await claimScheduledRun(database.db, name, at);
    expect(id).not.toBeNull();
    expect(await claimScheduledRun(database.db, name, at)).toBeNull();
    await database.db
      .update(jobRuns)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobRuns.name, name));
    expect(await claimScheduledRun(database.db, name, at)).toBe(id);
    await database.db.update(jobRuns).set({ outcome: 'succeeded' }).where(eq(jobRuns.name, name));
    await database.db
      .update(jobRuns)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobRuns.name, name));
    expect(await claimScheduledRun(database.db, name, at)).toBeNull();
  });
});

describe('catching up', () => {
  it('runs the latest missed run once after downtime, not every missed hour', async () => {
    const { job, dates } = countingJob();
    let time = new Date('2026-12-02T10:30:00Z');
    const runner = createJobRunner({ db: database.db, jobs: [job], logger: quiet, now: () => time });
    await runner.runDue(job.name);
    // Down from 10:30 to 13:40: 11:00, 12:00 and 13:00 were missed.
    time = new Date('2026-12-02T13:40:00Z');
    await runner.runDue(job.name);
    expect(dates).toEqual(['2026-12-02T10:00:00.000Z', '2026-12-02T13:00:00.000Z']);
  });

  it('a job that catches up each missed day runs them in order, skipping a day done by hand', async () => {
    // Five past midnight in Manila is 16:05 UTC the day before.
    const { job, dates } = countingJob({ schedule: '5 0 * * *', catchUp: 31 });
    let time = new Date('2026-11-28T02:00:00Z');
    const runner = createJobRunner({ db: database.db, jobs: [job], logger: quiet, now: () => time });
    await runner.runDue(job.name);
    expect(dates).toEqual(['2026-11-27T16:05:00.000Z']);
    // A scheduled run the day after, done already (another process), and three more days missed.
    await database.db.insert(jobRuns).values({
      name: job.name,
      scheduledFor: new Date('2026-11-29T16:05:00Z'),
      trigger: 'schedule',
      outcome: 'succeeded',
    });
    time = new Date('2026-12-02T03:00:00Z');
    expect(await dueOccurrences(database.db, job, time)).toEqual(
      ['2026-11-30T16:05:00Z', '2026-12-01T16:05:00Z'].map((iso) => new Date(iso)),
    );
    await runner.runDue(job.name);
    expect(dates.slice(1)).toEqual(['2026-11-30T16:05:00.000Z', '2026-12-01T16:05:00.000Z']);
  });

  it('a failed run is recorded with its error and tried again at the next pass', async () => {
    let fail = true;
    const { job, dates } = countingJob();
    const failing: JobDefinition = {
      ...job,
      run: async (date, options) => {
        if (fail) throw new Error('The gateway is down');
        return job.run(date, options);
      },
    };
    const runner = createJobRunner({
      db: database.db,
      jobs: [failing],
      logger: quiet,
      now: () => new Date('2026-12-02T10:30:00Z'),
    });
    await runner.runDue(job.name);
    expect(await runsOf(job.name)).toMatchObject([{ outcome: 'failed', error: 'The gateway is down' }]);
    fail = false;
    await runner.runDue(job.name);
    expect(await runsOf(job.name)).toMatchObject([
      { outcome: 'succeeded', error: null, summary: { done: 1 } },
    ]);
    expect(dates).toEqual(['2026-12-02T10:00:00.000Z']);
  });

  it('start() makes up the missed run before the schedule takes over; stop() ends the schedule', async () => {
    const { job, dates } = countingJob();
    const runner = createJobRunner({
      db: database.db,
      jobs: [job],
      logger: quiet,
      now: () => new Date('2026-12-02T10:30:00Z'),
    });
    await runner.start();
    expect(dates).toEqual(['2026-12-02T10:00:00.000Z']);
    await runner.stop();
    expect(await runner.startByHand(job.name, 'admin')).toBeNull();
  });
});

describe('the schedule', () => {
  it('croner starts each run at its time, on a fake clock', async () => {
    vi.useFakeTimers({
      now: new Date('2026-12-02T10:59:58Z'),
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
    });
    try {
      const started = deferred();
      const { job } = countingJob({
        everyProcess: true,
        run: async () => {
          started.resolve();
          return {};
        },
      });
      const runner = createJobRunner({ db: database.db, jobs: [job], logger: quiet });
      await runner.start();
      await vi.advanceTimersByTimeAsync(2_500);
      await started.promise;
      await runner.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('shutting down', () => {
  it('lets a run in flight finish and records it', async () => {
    const release = deferred();
    const running = deferred();
    const { job } = countingJob({
      run: async () => {
        running.resolve();
        await release.promise;
        return { done: 1 };
      },
    });
    const runner = createJobRunner({
      db: database.db,
      jobs: [job],
      logger: quiet,
      now: () => new Date('2026-12-02T10:30:00Z'),
    });
    const pass = runner.runDue(job.name);
    await running.promise;
    const stopping = runner.stop();
    release.resolve();
    await stopping;
    await pass;
    expect(await runsOf(job.name)).toMatchObject([{ outcome: 'succeeded' }]);
  });

  it('records a run that outlasts the grace as interrupted, and the next start runs it again', async () => {
    const running = deferred();
    const signals: AbortSignal[] = [];
    const { job } = countingJob({
      run: async (_date, { signal }) => {
        signals.push(signal);
        running.resolve();
        return new Promise(() => {});
      },
    });
    const now = () => new Date('2026-12-02T10:30:00Z');
    const runner = createJobRunner({ db: database.db, jobs: [job], logger: quiet, now, shutdownGraceMs: 0 });
    void runner.runDue(job.name);
    await running.promise;
    await runner.stop();
    expect(signals[0]?.aborted).toBe(true);
    expect(await runsOf(job.name)).toMatchObject([
      { outcome: 'interrupted', error: 'The server stopped during the run' },
    ]);

    const { job: again, dates } = countingJob({ name: job.name });
    const next = createJobRunner({ db: database.db, jobs: [again], logger: quiet, now });
    await next.start();
    await next.stop();
    expect(dates).toEqual(['2026-12-02T10:00:00.000Z']);
    expect(await runsOf(job.name)).toMatchObject([{ outcome: 'succeeded' }]);
  });
});

describe('running by hand', () => {
  it('records who asked; "Run now" is refused while a run holds its claim, a command is not', async () => {
    const release = deferred();
    const { job } = countingJob({
      run: async () => {
        await release.promise;
        return { done: 1 };
      },
    });
    const runner = createJobRunner({ db: database.db, jobs: [job], logger: quiet });
    const first = await runner.startByHand(job.name, 'admin');
    expect(first?.run).toMatchObject({ outcome: 'running', trigger: 'admin' });
    expect(await runner.startByHand(job.name, 'admin')).toBeNull();
    const command = await runner.startByHand(job.name, 'command', new Date('2026-12-01T16:05:00Z'));
    release.resolve();
    expect(await first?.finished).toMatchObject({ outcome: 'succeeded', summary: { done: 1 } });
    expect(await command?.finished).toMatchObject({
      outcome: 'succeeded',
      trigger: 'command',
      scheduledFor: new Date('2026-12-01T16:05:00Z'),
    });
    await runner.stop();
  });

  it("shows a long run's progress on its row while it runs; a job with no schedule never runs by itself", async () => {
    const halfway = deferred();
    const release = deferred();
    const { job, dates } = countingJob({
      schedule: null,
      run: async (_date, { progress }) => {
        await progress({ looked: 1, of: 2 });
        halfway.resolve();
        await release.promise;
        return { looked: 2, of: 2 };
      },
    });
    const runner = createJobRunner({
      db: database.db,
      jobs: [job],
      logger: quiet,
      now: () => new Date('2026-12-02T10:30:00Z'),
    });
    await runner.start();
    expect(await runner.runDue(job.name)).toBe(0);
    expect(dates).toEqual([]);
    const started = await runner.startByHand(job.name, 'admin');
    await halfway.promise;
    const [midway] = await runsOf(job.name);
    expect(midway).toMatchObject({ outcome: 'running', summary: { looked: 1, of: 2 } });
    release.resolve();
    expect(await started?.finished).toMatchObject({ outcome: 'succeeded', summary: { looked: 2, of: 2 } });
    await runner.stop();
  });
});
