import { MEETING_REMINDERS_JOB, manilaDateString, PRIVACY_RETENTION_JOB } from '@portal/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { maintainEmbeddedDatabase, purgeExpiredRecords } from '../../lib/housekeeping';
import type { Storage } from '../../lib/storage';
import { sendTranscriptReminders } from '../cpd';
import {
  DUES_STATEMENTS_JOB,
  issueDueStatements,
  mailPendingStatements,
  type PaymentProvider,
  pollPendingCheckouts,
  runDailyDues,
  STATEMENT_MAIL_JOB,
} from '../dues';
import { runEventsJob } from '../events';
import { sendGisReminders, sendMeetingReminders } from '../meetings';
import { applyRetention, DATA_EXPORTS_JOB, runDataExports } from '../privacy';
import type { JobDefinition } from './runner';

export type JobDependencies = {
  db: Db;
  config: Config;
  /** The database is the embedded one, which has no autovacuum of its own (lib/housekeeping.ts). */
  embeddedDatabase?: boolean;
  provider: PaymentProvider | null;
  /** Where uploads and private files are kept: the retention job deletes the files of removed records, the data exports write theirs. */
  storage: Storage;
  /** The outbox worker of this process: jobs that queue mail wake it. */
  mail: { drain(): Promise<number>; poke(): void };
};

/** Five past midnight in Manila: the dues' day (the migration that made job_runs uses the same). */
export const DUES_DAILY_SCHEDULE = '5 0 * * *';
/**
 * Half past three in Manila, the association's quietest hour: the embedded database's vacuum. The
 * server's one connection to it is busy until the vacuum ends (well under a second at the
 * association's size), so it runs when almost nobody is waiting (docs/decisions/063).
 */
export const DATABASE_UPKEEP_SCHEDULE = '30 3 * * *';
/**
 * A quarter to four in Manila, after the embedded database's vacuum: the retention schedule
 * (docs/decisions/069). Its deletions are batched, so members signed in then hardly wait.
 */
export const PRIVACY_RETENTION_SCHEDULE = '45 3 * * *';
/**
 * The semester statements' e-mails are drawn this often: a statement issued by the run is mailed
 * with its PDF within half a minute, each process taking its share (dues/statements.ts).
 */
export const STATEMENT_MAIL_SCHEDULE = '*/30 * * * * *';
/** Every mail run looks at the outbox this often; a queued message is also sent at once (`poke`). */
export const MAIL_SCHEDULE = '*/2 * * * * *';

/**
 * A cron pattern for "every `seconds`" (EVENTS_JOB_INTERVAL_SECONDS), in whole seconds under a
 * minute, whole minutes under an hour, else whole hours: each step of it is at most `seconds` after
 * the one before, so a reminder still goes out within that of its time.
 */
export function everyPattern(seconds: number): { pattern: string; words: string } {
  if (seconds < 60) return { pattern: `*/${seconds} * * * * *`, words: plural(seconds, 'second') };
  if (seconds < 3600) {
    const minutes = Math.floor(seconds / 60);
    return { pattern: `0 */${minutes} * * * *`, words: plural(minutes, 'minute') };
  }
  const hours = Math.min(Math.floor(seconds / 3600), 23);
  return { pattern: `0 0 */${hours} * * *`, words: plural(hours, 'hour') };
}

const plural = (count: number, unit: string) => (count === 1 ? `Every ${unit}` : `Every ${count} ${unit}s`);

const didSomething = (counts: Record<string, number>) => Object.values(counts).some((count) => count > 0);

/**
 * Every job the server runs on a clock, in one place (docs/architecture.md "Scheduled work"). A
 * new one is a definition here: a name, a schedule, and a `run(date)` that is idempotent per date.
 */
export function createJobs(
  deps: JobDependencies,
): (JobDefinition & { scheduleText: string; canDryRun: boolean })[] {
  const { db, config } = deps;
  const events = everyPattern(Math.round(config.eventsJobIntervalMs / 1000));
  return [
    {
      name: 'mail',
      title: 'Mail',
      description: 'Sends the e-mail waiting in the outbox; a failed message is tried again later.',
      schedule: MAIL_SCHEDULE,
      scheduleText: 'Every 2 seconds, and whenever mail is queued',
      everyProcess: true,
      canDryRun: false,
      run: async () => ({ sent: await deps.mail.drain() }),
    },
    {
      name: 'housekeeping',
      title: 'Housekeeping',
      description:
        'Deletes expired sign-in tokens, ended sessions, spent e-mail links, mail sent a month ago and old runs.',
      schedule: '15 * * * *',
      scheduleText: 'Every hour at a quarter past',
      canDryRun: false,
      run: (date) => purgeExpiredRecords(db, date),
    },
    {
      name: 'database-upkeep',
      title: 'Database upkeep',
      description:
        'Vacuums and analyses the embedded database; a PostgreSQL server does this itself (autovacuum).',
      schedule: DATABASE_UPKEEP_SCHEDULE,
      scheduleText: 'Every day at 3:30 AM',
      canDryRun: false,
      run: async () => {
        if (!deps.embeddedDatabase) return { vacuumed: 0 };
        await maintainEmbeddedDatabase(db);
        return { vacuumed: 1 };
      },
    },
    {
      name: 'dues-daily',
      title: 'Dues of the day',
      description:
        'Issues the semester statements due that day, then queues the reminders whose step falls on it.',
      schedule: DUES_DAILY_SCHEDULE,
      scheduleText: 'Every day at 12:05 AM',
      catchUp: 31,
      canDryRun: true,
      run: async (date, { dryRun }) => {
        const result = await runDailyDues({ db, config }, manilaDateString(date), { dryRun });
        if (!dryRun && (result.issued > 0 || result.queued.length > 0)) deps.mail.poke();
        return {
          date: result.date,
          issued: result.issued,
          reminders: result.queued.length,
          ...(dryRun ? { recipients: result.queued.map((message) => message.email) } : {}),
        };
      },
    },
    {
      name: DUES_STATEMENTS_JOB,
      title: 'Semester statements',
      description:
        'Issues the semester statements due today, each membership once: what the dues of the day does first, started from the Dues page.',
      schedule: null,
      scheduleText: 'When started from the Dues page or here',
      canDryRun: false,
      // Each membership's statement is its own transaction: a long run shows how far it has come.
      run: async (date, { progress }) => {
        const result = await issueDueStatements({ db, config }, manilaDateString(date), progress);
        if (result.issued > 0) deps.mail.poke();
        return result;
      },
    },
    {
      name: STATEMENT_MAIL_JOB,
      title: 'Statement e-mails',
      description:
        'E-mails each semester statement the run issued, with its PDF: the run issues them at once, their PDFs follow.',
      schedule: STATEMENT_MAIL_SCHEDULE,
      scheduleText: 'Every 30 seconds',
      everyProcess: true,
      canDryRun: false,
      run: async (_date, { signal }) => {
        const mailed = await mailPendingStatements({ db, config }, signal);
        if (mailed > 0) deps.mail.poke();
        return { mailed };
      },
    },
    {
      name: 'events',
      title: 'Events',
      description:
        'Releases unpaid seat holds, passes expired waitlist offers on, and sends event reminders.',
      schedule: events.pattern,
      scheduleText: events.words,
      canDryRun: false,
      run: async (date) => {
        const result = await runEventsJob({ db, publicUrl: config.publicUrl, secrets: config }, date);
        if (didSomething(result)) deps.mail.poke();
        return result;
      },
    },
    {
      name: PRIVACY_RETENTION_JOB,
      title: 'Privacy retention',
      description:
        'Removes what the retention schedule no longer keeps: unconfirmed accounts, rejected applications, old payment proofs, sessions, undelivered mail and audit rows.',
      schedule: PRIVACY_RETENTION_SCHEDULE,
      scheduleText: 'Every day at 3:45 AM',
      canDryRun: true,
      run: async (date, { dryRun, signal }) => {
        const report = await applyRetention({ db, storage: deps.storage }, date, { dryRun, signal });
        return report;
      },
    },
    {
      name: 'cpd-reminders',
      title: 'CPD reminders',
      description:
        'E-mails members whose PRC licence expires within 180 or 60 days and who are short of CPD units, once for each step.',
      schedule: '20 0 * * *',
      scheduleText: 'Every day at 12:20 AM',
      catchUp: 7,
      canDryRun: true,
      run: async (date, { dryRun }) => {
        const result = await sendTranscriptReminders({ db, config }, manilaDateString(date), { dryRun });
        if (!dryRun && result.reminders > 0) deps.mail.poke();
        return {
          date: result.date,
          reminders: result.reminders,
          ...(dryRun ? { recipients: result.sent.map((reminder) => reminder.email) } : {}),
        };
      },
    },
    {
      name: 'checkout-poll',
      title: 'Online payments',
      description:
        'Asks the payment provider about pending online payments, so one whose notice was lost is still recorded.',
      schedule: '*/5 * * * *',
      scheduleText: 'Every 5 minutes',
      canDryRun: false,
      run: async () => {
        if (!deps.provider) return { checked: 0, applied: 0 };
        const result = await pollPendingCheckouts({ db, config, provider: deps.provider });
        if (result.applied > 0) deps.mail.poke();
        return result;
      },
    },
    {
      name: DATA_EXPORTS_JOB,
      title: 'Data exports',
      description:
        'Builds the ZIP of each member who asked for their data and e-mails them the link; removes the ZIPs whose 7 days are over.',
      schedule: '*/5 * * * *',
      scheduleText: 'Every 5 minutes, and as soon as someone asks for their data',
      canDryRun: false,
      run: (date, { signal }) =>
        runDataExports({ db, storage: deps.storage, config }, date, {
          signal,
          onMail: () => deps.mail.poke(),
        }),
    },
    {
      name: MEETING_REMINDERS_JOB,
      title: 'Meeting reminders',
      description:
        'E-mails the voters of a meeting the day before the proxy deadline and the day before voting opens, and the secretariat to file the General Information Sheet within 30 days of an annual meeting, once each (docs/decisions/071, docs/decisions/078).',
      schedule: '25 0 * * *',
      scheduleText: 'Every day at 12:25 AM',
      catchUp: 3,
      canDryRun: true,
      run: async (date, { dryRun }) => {
        const day = manilaDateString(date);
        const result = await sendMeetingReminders({ db, publicUrl: config.publicUrl }, day, { dryRun });
        const gis = await sendGisReminders({ db, publicUrl: config.publicUrl }, day, { dryRun });
        if (!dryRun && result.reminders + gis.gisReminders > 0) deps.mail.poke();
        return { ...result, ...gis };
      },
    },
  ];
}

export type RegisteredJob = ReturnType<typeof createJobs>[number];
