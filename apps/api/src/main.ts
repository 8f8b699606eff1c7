import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemoContent } from './db/seed';
import { readDatabaseTemplate } from './db/template';
// The stand-in gateway the tests use, served to a newcomer for PAYMENT_PROVIDER=demo.
import { startFakePaymentProvider } from './lib/demo-payment-gateway';
import { hashPassword } from './lib/passwords';
import { createStorage } from './lib/storage';
import { STARTUP_LINES, startLogLevel } from './startup-output';
import { checkUploadsBucket, explainDatabaseFailure } from './startup-problems';

/** Run with this argument, main.js prepares the database (below) and exits. */
const PREPARE_DATABASE_ONLY = '--prepare-database';

/**
 * Opens the database, migrates it and seeds the demo content into an empty one, printing how to
 * sign in when it does. A new embedded database starts from the build's migrated template.
 */
async function openPreparedDatabase(config: Config): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? { ...config.database, onPoolError: (error) => console.error('PostgreSQL pool error:', error.message) }
      : {
          ...config.database,
          loadDataDir: existsSync(config.database.dataDir) ? undefined : await readDatabaseTemplate(),
          onPoolError: (error) => console.error('Embedded database connection error:', error.message),
          onRestart: (error) =>
            console.error('The embedded database stopped; starting it again:', error.message),
        },
  );
  await migrateDatabase(database, config.database.kind === 'postgres' ? config.database.url : undefined);
  // A random password unless one is given: a demo instance that ends up on the internet must not
  // open with a well-known admin password.
  const adminPassword = config.demoAdminPassword ?? randomBytes(9).toString('base64url');
  const seedStorage = createStorage(config.storage);
  const seeded = config.seedDemoContent
    ? await seedDemoContent(database.db, seedStorage, {
        adminPassword,
        hashPassword,
        onStart: () => console.log(STARTUP_LINES.seeding),
      })
    : { seeded: false as const };
  seedStorage.close();
  if (seeded.seeded) {
    console.log(
      `\n  Demo content loaded. The demo admin (and every demo member) signs in with:\n    e-mail:   ${seeded.admin.email}\n    password: ${adminPassword}\n  At the first sign-in the demo admin (like every staff account) sets up two-step sign-in\n  with an authenticator app (Google Authenticator, Authy, 1Password…) before /admin opens.`,
    );
  }
  return database;
}

/**
 * A new embedded database is created, migrated and seeded by a process of its own that exits
 * before this one opens it: creating the database (PostgreSQL's initdb) and drawing the demo
 * images leave 250-300 MB resident that a process never gives back, and this one serves for
 * weeks (docs/decisions/035).
 */
function prepareNewEmbeddedDatabase(config: Config) {
  if (config.database.kind !== 'pglite' || existsSync(config.database.dataDir)) return;
  console.log(STARTUP_LINES.creatingDatabase);
  const preparation = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), PREPARE_DATABASE_ONLY],
    { stdio: 'inherit' },
  );
  if (preparation.status !== 0) process.exit(preparation.status ?? 1);
}

/** Stops the start with a sentence about the configuration, not a stack trace. */
function exitWith(problem: string): never {
  console.error(problem);
  process.exit(1);
}

/** Owns the process: reads config, prepares the database, listens, shuts down cleanly. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }

  if (process.argv.includes(PREPARE_DATABASE_ONLY)) {
    await (await openPreparedDatabase(config)).close();
    return;
  }
  const storage = createStorage(config.storage);
  const bucketProblem = await checkUploadsBucket(storage, config.storage);
  storage.close();
  if (bucketProblem) exitWith(bucketProblem);
  prepareNewEmbeddedDatabase(config);
  const database = await openPreparedDatabase(config).catch((error: unknown) => {
    const problem = explainDatabaseFailure(error, config.database);
    if (problem) exitWith(problem);
    throw error;
  });
  // PAYMENT_PROVIDER=demo (never with NODE_ENV=production, config.ts): the stand-in gateway on
  // 127.0.0.1, its pay page marked as a demonstration, and the PayMongo client pointed at it.
  const demoGateway = config.demoGateway ? await startFakePaymentProvider({ demo: true }) : null;
  if (demoGateway && config.paymentProvider) {
    config = { ...config, paymentProvider: { ...config.paymentProvider, apiUrl: demoGateway.baseUrl } };
  }
  const terminal = process.stdout.isTTY === true;
  const logLevel = startLogLevel(config.logLevel, {
    explicit: process.env.LOG_LEVEL !== undefined,
    terminal,
  });
  const app = await buildApp({ ...config, logLevel }, { database });

  let closing = false;
  const shutDown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Fastify stops accepting connections, answers new requests 503 and waits for the rest.
    await app.close().catch((error) => app.log.error({ err: error }, 'error while closing'));
    await database.close();
    await demoGateway?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutDown('SIGINT'));
  process.on('SIGTERM', () => void shutDown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const url = config.publicUrl;
  console.log(`\n  The site is running at ${url}\n  API documentation: ${url}/api/docs\n`);
  if (demoGateway) console.log(`${STARTUP_LINES.demoGateway(demoGateway.baseUrl)}\n`);
  if (terminal && logLevel !== config.logLevel) console.log(`${STARTUP_LINES.quietRequests}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
