import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemoContent } from './db/seed';
import { hashPassword } from './lib/passwords';
import { createStorage } from './lib/storage';

/** Owns the process: reads config, migrates, seeds an empty database, listens, shuts down cleanly. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? { ...config.database, onPoolError: (error) => console.error('PostgreSQL pool error:', error.message) }
      : config.database,
  );
  await migrateDatabase(database, config.database.kind === 'postgres' ? config.database.url : undefined);

  const app = await buildApp(config, { database });
  // A random password unless one is given: a demo instance that ends up on the internet must not
  // open with a well-known admin password.
  const adminPassword = config.demoAdminPassword ?? randomBytes(9).toString('base64url');
  const seedStorage = createStorage(config.storage);
  const seeded = config.seedDemoContent
    ? await seedDemoContent(database.db, seedStorage, { adminPassword, hashPassword })
    : { seeded: false as const };
  seedStorage.close();

  let closing = false;
  const shutDown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Fastify stops accepting connections, answers new requests 503 and waits for the rest.
    await app.close().catch((error) => app.log.error({ err: error }, 'error while closing'));
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutDown('SIGINT'));
  process.on('SIGTERM', () => void shutDown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const url = config.publicUrl;
  console.log(`\n  The site is running at ${url}\n  API documentation: ${url}/api/docs`);
  if (seeded.seeded) {
    console.log(
      `\n  Demo content loaded. The demo admin (and every demo member) signs in with:\n    e-mail:   ${seeded.admin.email}\n    password: ${adminPassword}`,
    );
  }
  console.log('');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
