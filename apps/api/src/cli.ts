import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  adminUserListQuerySchema,
  directoryListQuerySchema,
  displayName,
  isCalendarDate,
  manilaDateString,
  registerBodySchema,
} from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { loadConfig } from './config';
import { backupDatabase, restoreDatabase } from './db/backup';
import { type DatabaseHandle, openDatabase } from './db/client';
import { createMemberHistory } from './db/member-history';
import { migrateDatabase } from './db/migrate';
import { users } from './db/schema';
import { seedBenchmarkContent, seedDemoContent } from './db/seed';
import { writeDatabaseTemplate } from './db/template';
import { AppError } from './lib/errors';
import { createMailTransport } from './lib/mail/transport';
import { startMailWorker } from './lib/mail/worker';
import { hashPassword } from './lib/passwords';
import { createStorage } from './lib/storage';
import { createAdmin } from './modules/auth';
import { seedDirectoryBenchmark } from './modules/directory/benchmark';
import { directoryListQueries, GUEST_DIRECTORY_VIEWER } from './modules/directory/service';
import { createPaymentProvider, issueDueStatements } from './modules/dues';
import { JOB_COMMAND_USAGE, runJobCommand } from './modules/jobs';
import { finishBallotBenchmark, seedBallotBenchmark } from './modules/meetings/benchmark';
import { seedRetentionBenchmark } from './modules/privacy/retention-benchmark';
import { grantStaffRole, parseGrantArguments, userListQueries } from './modules/users';

/** Staff sign in with a second factor (docs/decisions/061-two-step-sign-in.md). */
const SETS_UP_TWO_STEP =
  'Staff use two-step sign-in: an account without it sets it up with an authenticator app at its next sign-in, before the admin area opens.';

const usage = `Usage: cli <command>
  migrate               apply pending migrations
  create-database-template
                        write a new migrated embedded database beside the bundle, which a first
                        start loads (the build runs this)
  seed                  load the demo content into an empty database
  seed-benchmark N [U]  add N published events, N published news articles and U users
  seed-retention-benchmark N
                        add N accounts with a share of each kind due for the retention job
  seed-directory-benchmark N
                        add N listed member directory entries (the directory bench)
  seed-ballot-benchmark ROLL CANDIDATES
                        add a meeting open for voting with ROLL voters on its roll and
                        CANDIDATES validated candidates (the ballots bench); prints its id
  finish-ballot-benchmark MEETING
                        count that meeting's ballots, write one for every voter left, close
                        voting and certify (the ballots bench)
  seed-export-history EMAIL
                        give that account 5 years of history (10 paid statements, 50
                        registrations, 20 certificates, a card) for the data export's bench
  explain-users QUERY…  EXPLAIN (ANALYZE, BUFFERS) the two statements GET /api/users/get-all sends
                        for each QUERY (its query string, e.g. 'search=copper&sortBy=status')
  explain-directory QUERY…
                        the same for the two statements GET /api/directory sends, as a guest
                        and as a member in good standing (e.g. 'commodity=gold&region=region_13')
  backup FILE           write the database and uploads to FILE (.tar.gz)
  restore FILE          replace the database and uploads with FILE's (stop the server first)
  create-admin --email E --username U [--invite]
  grant --email E --role admin|secretariat|treasurer|election_committee
                        add an administrator: prints a one-time password, or with --invite
                        e-mails (and prints) a link to choose one
  issue-dues [--date YYYY-MM-DD]
                        issue the semester statements due on that day (today in Manila by
                        default), each once however often it runs; their e-mails are queued
  job NAME [--date YYYY-MM-DD] [--dry-run]
                        run a scheduled job now, as if it were that day's scheduled time;
                        --dry-run writes nothing (the jobs that can tell without writing)
  job --list            the scheduled jobs and their schedules (Manila time)`;

/** A query builder the explain commands print and explain. */
type Explainable = { toSQL(): { sql: string; params: unknown[] }; getSQL(): SQL };

/** Each text (a query string) parsed with the route's query schema; a refused one stops the command. */
function parsedQueries<Query>(schema: z.ZodType<Query>, texts: string[]) {
  return texts.map((text) => {
    const parsed = schema.safeParse(Object.fromEntries(new URLSearchParams(text)));
    if (!parsed.success) {
      throw new Error(`${text}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
    }
    return { text, query: parsed.data };
  });
}

/** The database commands behind `npm run db:*`, on the same configuration as the server. */
async function run(command: string | undefined, argument: string | undefined, options: string[]) {
  const config = loadConfig();
  const databaseUrl = config.database.kind === 'postgres' ? config.database.url : undefined;

  const withDatabase = async (work: (database: DatabaseHandle) => Promise<void>) => {
    const database = await openDatabase(config.database);
    try {
      await migrateDatabase(database, databaseUrl);
      await work(database);
    } finally {
      await database.close();
    }
  };

  /**
   * EXPLAIN (ANALYZE, BUFFERS) of the statements a list route sends for each query: the service's
   * own builders, so the SQL and parameters printed and explained are the ones a request sends.
   */
  const explain = <Query>(
    route: string,
    queries: { text: string; query: Query }[],
    statementsOf: (db: DatabaseHandle['db'], query: Query) => [string, Record<string, Explainable>][],
  ) =>
    withDatabase(async ({ db }) => {
      for (const { text, query } of queries) {
        for (const [who, statements] of statementsOf(db, query)) {
          console.log(`=== GET ${route}?${text} ${who}`.trimEnd());
          for (const [name, statement] of Object.entries(statements)) {
            const { sql: statementText, params } = statement.toSQL();
            console.log(`-- ${name}: ${statementText}\n-- parameters: ${JSON.stringify(params)}`);
            // Both drivers answer `{ rows }`; Drizzle's common type does not say so.
            const plan = (await db.execute(
              sql`explain (analyze, buffers) ${statement.getSQL()}`,
            )) as unknown as { rows: { 'QUERY PLAN': string }[] };
            console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
          }
        }
      }
    });

  switch (command) {
    case 'migrate':
      return withDatabase(async () => console.log('Migrations applied.'));
    case 'create-database-template':
      return writeDatabaseTemplate();
    case 'seed':
      return withDatabase(async ({ db }) => {
        const adminPassword = config.demoAdminPassword ?? randomBytes(9).toString('base64url');
        const storage = createStorage(config.storage);
        const result = await seedDemoContent(db, storage, { adminPassword, hashPassword }).finally(() =>
          storage.close(),
        );
        console.log(
          result.seeded
            ? `Demo content loaded. Admin: ${result.admin.email} / ${adminPassword}`
            : 'The database already has users; nothing was seeded.',
        );
      });
    case 'seed-benchmark': {
      const [count, users] = [Number(argument), Number(options[1] ?? 0)];
      if (![count, users].every((n) => Number.isInteger(n) && n >= 0)) {
        throw new Error('seed-benchmark needs row counts of 0 or more');
      }
      return withDatabase(async ({ db }) => {
        await seedBenchmarkContent(db, { events: count, news: count, users });
        console.log(`Added ${count} published events, ${count} published news articles and ${users} users.`);
      });
    }
    case 'seed-retention-benchmark': {
      const accounts = Number(argument);
      if (!Number.isInteger(accounts) || accounts < 1)
        throw new Error('seed-retention-benchmark needs a count of accounts');
      return withDatabase(async ({ db }) => {
        console.log(JSON.stringify(await seedRetentionBenchmark(db, accounts)));
      });
    }
    case 'seed-directory-benchmark': {
      const entries = Number(argument);
      if (!Number.isInteger(entries) || entries < 1)
        throw new Error('seed-directory-benchmark needs a count of entries');
      return withDatabase(async ({ db }) => {
        console.log(JSON.stringify(await seedDirectoryBenchmark(db, entries)));
      });
    }
    case 'seed-ballot-benchmark': {
      const [roll, candidates] = [Number(argument), Number(options[1])];
      if (![roll, candidates].every((n) => Number.isInteger(n) && n >= 1))
        throw new Error('seed-ballot-benchmark needs a roll size and a number of candidates');
      return withDatabase(async ({ db }) => {
        console.log(JSON.stringify(await seedBallotBenchmark(db, roll, candidates)));
      });
    }
    case 'finish-ballot-benchmark': {
      if (!argument) throw new Error('finish-ballot-benchmark needs a meeting id');
      return withDatabase(async ({ db }) => {
        console.log(JSON.stringify(await finishBallotBenchmark(db, argument)));
      });
    }
    case 'seed-export-history': {
      return withDatabase(async ({ db }) => {
        const [user] = await db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${String(argument ?? '').toLowerCase()}`);
        if (!user) throw new Error(`No account with the e-mail ${argument}`);
        await createMemberHistory(
          db,
          { id: user.id, email: user.email, name: displayName(user) },
          { statements: 10, registrations: 50, certificates: 20 },
        );
        console.log(`Added 10 statements, 50 registrations and 20 certificates to ${user.email}.`);
      });
    }
    case 'explain-users':
      return explain('/api/users/get-all', parsedQueries(adminUserListQuerySchema, options), (db, query) => [
        ['', userListQueries(db, query)],
      ]);
    case 'explain-directory': {
      // A member who owns no entry: the member's own-entry branch of each condition is still in.
      const member = { userId: '00000000-0000-0000-0000-000000000000', member: true };
      return explain('/api/directory', parsedQueries(directoryListQuerySchema, options), (db, query) => [
        ['as a guest', directoryListQueries(db, query, GUEST_DIRECTORY_VIEWER)],
        ['as a member', directoryListQueries(db, query, member)],
      ]);
    }
    case 'backup': {
      if (!argument) throw new Error('backup needs a file name');
      const { outFile } = await backupDatabase({
        dataDir: config.dataDir,
        databaseUrl,
        outFile: resolve(argument),
      });
      return console.log(`Backup written to ${outFile}`);
    }
    case 'restore':
      if (!argument) throw new Error('restore needs a file name');
      await restoreDatabase({ dataDir: config.dataDir, databaseUrl, inFile: resolve(argument) });
      return console.log('Restored.');
    case 'create-admin': {
      const input = parseCreateAdminArguments(options);
      return withDatabase(async ({ db }) => {
        const result = await createAdmin({ db, config }, input).catch((error) => {
          // "This username is already taken" and the like are answers, not crashes.
          if (error instanceof AppError) throw new Error(`Cannot create the admin: ${error.error}.`);
          throw error;
        });
        console.log(`Admin ${result.user.username} <${result.user.email}> created.`);
        console.log(SETS_UP_TWO_STEP);
        if (result.password !== undefined) {
          console.log(
            `One-time password (shown only now; sign in and change it through "Forgot password"):\n  ${result.password}`,
          );
        } else {
          console.log(
            `An invitation was queued for ${result.user.email}. Its link (valid 7 days):\n  ${result.invitationLink}`,
          );
        }
      });
    }
    case 'grant': {
      // docs/product-rules.md "Staff roles": gives the account with this e-mail one more role.
      const input = parseGrantArguments(options);
      return withDatabase(async ({ db }) => {
        const result = await grantStaffRole(db, input);
        console.log(
          result.granted
            ? `${result.user.email} now holds the ${input.role} role.`
            : `${result.user.email} already holds the ${input.role} role.`,
        );
        console.log(SETS_UP_TWO_STEP);
      });
    }
    case 'issue-dues': {
      const { values } = parseArgs({ args: options, options: { date: { type: 'string' } }, strict: true });
      const date = values.date ?? manilaDateString();
      if (!isCalendarDate(date)) throw new Error(`--date must be a day written YYYY-MM-DD, not ${date}`);
      return withDatabase(async ({ db }) => {
        const { issued } = await issueDueStatements({ db, config }, date);
        console.log(`${issued} semester statement${issued === 1 ? '' : 's'} issued for ${date}.`);
      });
    }
    case 'job': {
      const args = process.argv.slice(3);
      if (args.length === 0) {
        console.log(JOB_COMMAND_USAGE);
        process.exitCode = 1;
        return;
      }
      return withDatabase(async ({ db, kind }) => {
        // Only the mail job sends from this process; any other job's mail waits in the outbox for
        // the servers' mail workers, which deliver it with their own mail settings.
        const sendsMail = args[0] === 'mail';
        const worker = startMailWorker({
          db,
          transport: createMailTransport(config, { logger: console }),
          from: config.mail.from,
          logger: console,
        });
        const provider = config.paymentProvider ? createPaymentProvider(config.paymentProvider) : null;
        const storage = createStorage(config.storage);
        try {
          process.exitCode = await runJobCommand(
            args,
            {
              db,
              config,
              embeddedDatabase: kind === 'pglite',
              provider,
              storage,
              mail: sendsMail ? worker : OUTBOX_ONLY,
            },
            (line) => console.log(line),
          );
        } finally {
          await worker.stop();
          storage.close();
        }
      });
    }
    default:
      console.log(usage);
      process.exitCode = command ? 1 : 0;
  }
}

/** A job run by command queues its mail and leaves the sending to the servers. */
const OUTBOX_ONLY = { drain: async () => 0, poke: () => {} };

/** `--email E --username U [--invite]`, checked with the same rules as registration. */
function parseCreateAdminArguments(options: string[]) {
  const { values } = parseArgs({
    args: options,
    options: { email: { type: 'string' }, username: { type: 'string' }, invite: { type: 'boolean' } },
    strict: true,
  });
  const email = registerBodySchema.shape.email.safeParse(values.email ?? '');
  const username = registerBodySchema.shape.username.safeParse(values.username ?? '');
  const problems = [email, username].flatMap((result) =>
    result.success ? [] : result.error.issues.map((issue) => issue.message),
  );
  if (!email.success || !username.success) {
    throw new Error(`${problems.join('\n')}\nUsage: create-admin --email E --username U [--invite]`);
  }
  return { email: email.data, username: username.data, invite: values.invite === true };
}

run(process.argv[2], process.argv[3], process.argv.slice(3)).catch((error) => {
  // An AppError (an unknown role, an unknown e-mail) is an answer to the operator: its text only.
  console.error(error instanceof AppError ? error.error : error instanceof Error ? error.message : error);
  process.exit(1);
});
