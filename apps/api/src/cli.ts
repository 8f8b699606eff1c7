import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { loadConfig } from './config';
import { backupDatabase, restoreDatabase } from './db/backup';
import { type DatabaseHandle, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedBenchmarkContent, seedDemoContent } from './db/seed';
import { hashPassword } from './lib/passwords';
import { createStorage } from './lib/storage';

const usage = `Usage: cli <command>
  migrate               apply pending migrations
  seed                  load the demo content into an empty database
  seed-benchmark N      add N published events and N published news articles
  backup FILE           write the database and uploads to FILE (.tar.gz)
  restore FILE          replace the database and uploads with FILE's (stop the server first)`;

/** The database commands behind `npm run db:*`, on the same configuration as the server. */
async function run(command: string | undefined, argument: string | undefined) {
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

  switch (command) {
    case 'migrate':
      return withDatabase(async () => console.log('Migrations applied.'));
    case 'seed':
      return withDatabase(async ({ db }) => {
        const adminPassword = config.demoAdminPassword ?? randomBytes(9).toString('base64url');
        const storage = createStorage({ uploadsDir: config.uploadsDir });
        const result = await seedDemoContent(db, storage, { adminPassword, hashPassword });
        console.log(
          result.seeded
            ? `Demo content loaded. Admin: ${result.admin.email} / ${adminPassword}`
            : 'The database already has users; nothing was seeded.',
        );
      });
    case 'seed-benchmark': {
      const count = Number(argument);
      if (!Number.isInteger(count) || count < 1) throw new Error('seed-benchmark needs a positive row count');
      return withDatabase(async ({ db }) => {
        await seedBenchmarkContent(db, { events: count, news: count });
        console.log(`Added ${count} published events and ${count} published news articles.`);
      });
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
    default:
      console.log(usage);
      process.exitCode = command ? 1 : 0;
  }
}

run(process.argv[2], process.argv[3]).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
