import { manilaDateString } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobRuns, users } from '../../db/schema';
import { createStorage } from '../../lib/storage';
import { createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { runJobCommand, scheduledTimeOn } from './command';
import { createJobs, everyPattern } from './registry';
import { createJobRunner, cronOf } from './runner';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
beforeAll(async () => {
  context = await buildTestApp();
  const admin = await createUser(context.db, { password: null, type: 'admin' });
  adminCookie = (await signIn(context, admin)).cookie;
});
afterAll(() => context.close());

const mail = { drain: async () => 0, poke: () => {} };
const deps = () => ({
  db: context.db,
  config: context.config,
  provider: null,
  storage: createStorage(context.config.storage),
  mail,
});
const command = async (...args: string[]) => {
  const lines: string[] = [];
  const code = await runJobCommand(args, deps(), (line) => lines.push(line));
  return { code, lines };
};
const call = (method: 'GET' | 'POST', url: string) =>
  context.app.inject({ method, url, headers: { cookie: adminCookie } });

describe('the registry', () => {
  it('declares the jobs, each with a schedule croner reads or started only by hand', () => {
    const jobs = createJobs(deps());
    expect(jobs.map((job) => job.name)).toEqual([
      'mail',
      'housekeeping',
      'database-upkeep',
      'dues-daily',
      'dues-statements',
      'statement-mail',
      'events',
      'privacy-retention',
      'cpd-reminders',
      'checkout-poll',
      'privacy-exports',
      'meeting-reminders',
    ]);
    for (const job of jobs) {
      if (job.schedule !== null)
        expect(cronOf(job.schedule).nextRun(new Date('2026-12-02T00:00:00Z'))).toBeInstanceOf(Date);
    }
  });

  it('turns EVENTS_JOB_INTERVAL_SECONDS into a pattern no step of which is longer', () => {
    expect(everyPattern(1)).toEqual({ pattern: '*/1 * * * * *', words: 'Every second' });
    expect(everyPattern(300)).toEqual({ pattern: '0 */5 * * * *', words: 'Every 5 minutes' });
    expect(everyPattern(7200)).toEqual({ pattern: '0 0 */2 * * *', words: 'Every 2 hours' });
  });

  it("runs today's dues once, however many runners at once", async () => {
    const jobs = createJobs(deps());
    const runners = [0, 1].map(() =>
      createJobRunner({ db: context.db, jobs, logger: { info() {}, error() {} } }),
    );
    const ran = await Promise.all(runners.map((runner) => runner.runDue('dues-daily')));
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(1);
    const rows = await context.db.select().from(jobRuns).where(eq(jobRuns.name, 'dues-daily'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'succeeded', trigger: 'schedule' });
    expect(rows[0]?.summary).toMatchObject({ issued: 0, reminders: 0 });
    expect(await runners[0]?.runDue('dues-daily')).toBe(0);
  });
});

describe('npm run job', () => {
  it('--list prints every job with its schedule', async () => {
    const { code, lines } = await command('--list');
    expect(code).toBe(0);
    expect(lines).toHaveLength(12);
    expect(lines[3]).toMatch(/^dues-daily\s+5 0 \* \* \*\s+Every day at 12:05 AM: Issues/);
    expect(lines[4]).toMatch(/^dues-statements\s+by hand\s+When started from the Dues page/);
  });

  it('--dry-run writes nothing; a job without one refuses it', async () => {
    const before = await context.db.select().from(jobRuns);
    const dry = await command('dues-daily', '--date', '2026-12-24', '--dry-run');
    expect(dry).toEqual({
      code: 0,
      lines: ['dues-daily (dry run, nothing written): date 2026-12-24, issued 0, reminders 0'],
    });
    expect(await command('events', '--dry-run')).toEqual({
      code: 1,
      lines: ['events has no dry run: it writes as it goes. Nothing was done.'],
    });
    expect(await context.db.select().from(jobRuns)).toEqual(before);
  });

  it('runs a job as of --date, recorded as a command; refuses a bad date and an unknown job', async () => {
    const { code, lines } = await command('dues-daily', '--date', '2026-12-24');
    expect(code).toBe(0);
    expect(lines).toEqual([
      'dues-daily at 2026-12-23T16:05:00.000Z: SUCCEEDED: date 2026-12-24, issued 0, reminders 0',
    ]);
    const [row] = await context.db.select().from(jobRuns).where(eq(jobRuns.trigger, 'command'));
    expect(row).toMatchObject({ name: 'dues-daily', outcome: 'succeeded' });
    expect(await command('dues-daily', '--date', '24/12/2026')).toEqual({
      code: 1,
      lines: ['--date must be a day written YYYY-MM-DD, not 24/12/2026'],
    });
    expect((await command('nightly')).lines).toEqual([
      'No job named nightly. The jobs: mail, housekeeping, database-upkeep, dues-daily, dues-statements, statement-mail, events, privacy-retention, cpd-reminders, checkout-poll, privacy-exports, meeting-reminders.',
    ]);
  });

  it('npm run privacy:retention -- --date D --dry-run prints the counts and the accounts, and changes nothing', async () => {
    // The retention schedule (docs/decisions/069): an account unconfirmed for 31 days is removed.
    const now = new Date('2026-12-03T04:00:00Z');
    const account = await createUser(context.db, {
      password: null,
      status: 'pending',
      emailConfirmedAt: null,
      createdAt: new Date(now.getTime() - 31 * 86_400_000),
    });
    const exists = async () =>
      (await context.db.select({ id: users.id }).from(users).where(eq(users.id, account.id))).length === 1;
    const lines: string[] = [];
    const date = manilaDateString(now);
    expect(
      await runJobCommand(['privacy-retention', '--date', date, '--dry-run'], deps(), (line) =>
        lines.push(line),
      ),
    ).toBe(0);
    expect(lines[0]).toMatch(/^privacy-retention \(dry run, nothing written\): .*unconfirmedAccounts 1,/);
    expect(lines).toContain(`  accounts: ${account.id} ${account.email}`);
    expect(await exists()).toBe(true);

    const run: string[] = [];
    expect(await runJobCommand(['privacy-retention', '--date', date], deps(), (line) => run.push(line))).toBe(
      0,
    );
    expect(run[0]).toMatch(/: SUCCEEDED: .*unconfirmedAccounts 1,/);
    expect(run).toContain(`  accounts: ${account.id} ${account.email}`);
    expect(await exists()).toBe(false);
  });

  it('--date is the schedule time of that Manila day', () => {
    expect(scheduledTimeOn({ schedule: null }, '2026-12-24').toISOString()).toBe('2026-12-23T16:00:00.000Z');
    expect(scheduledTimeOn({ schedule: '5 0 * * *' }, '2026-12-24').toISOString()).toBe(
      '2026-12-23T16:05:00.000Z',
    );
    expect(scheduledTimeOn({ schedule: '15 * * * *' }, '2026-12-24').toISOString()).toBe(
      '2026-12-23T16:15:00.000Z',
    );
  });
});

describe('the Scheduled work API', () => {
  it('lists each job with its schedule, next run and last runs', async () => {
    const response = await call('GET', '/api/admin/jobs');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.map((job: { name: string }) => job.name)).toContain('housekeeping');
    const dues = data.find((job: { name: string }) => job.name === 'dues-daily');
    expect(dues).toMatchObject({ title: 'Dues of the day', schedule: '5 0 * * *', everyProcess: false });
    expect(dues.recentRuns.length).toBeGreaterThan(0);
    expect(new Date(dues.nextRunAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('"Run now" answers 202 as the run starts; the run is then recorded', async () => {
    const response = await call('POST', '/api/admin/jobs/housekeeping/run');
    expect(response.statusCode).toBe(202);
    const run = response.json().data;
    expect(run).toMatchObject({ outcome: 'running', trigger: 'admin' });
    await vi.waitFor(
      async () => {
        const runs = (await call('GET', '/api/admin/jobs/housekeeping/runs')).json();
        expect(runs.data[0]).toMatchObject({ id: run.id, outcome: 'succeeded', error: null });
        expect(runs.data[0].summary).toMatchObject({ sessions: expect.any(Number) });
        expect(runs.pagination).toMatchObject({ page: 1, total: expect.any(Number) });
      },
      { timeout: 15_000 },
    );
  });

  it('answers 404 for an unknown job and 400 for a bad page', async () => {
    expect((await call('POST', '/api/admin/jobs/nightly/run')).json()).toMatchObject({
      error: 'Job not found',
    });
    expect((await call('GET', '/api/admin/jobs/nightly/runs')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/jobs/mail/runs?page=0')).statusCode).toBe(400);
  });

  it('the day is Manila time', () => {
    expect(manilaDateString(new Date('2026-12-23T16:05:00Z'))).toBe('2026-12-24');
  });
});
