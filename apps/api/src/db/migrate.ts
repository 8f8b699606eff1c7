import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './client';
import type * as schema from './schema';

/** The migrations folder, seen from src/db/ (tsx, tests) or from the bundle in dist/. */
export const migrationsFolder = [
  new URL('./migrations', import.meta.url),
  new URL('../src/db/migrations', import.meta.url),
]
  .map((url) => fileURLToPath(url))
  .find((folder) => existsSync(folder)) as string;

/** Any constant: every process that migrates this database takes the same advisory lock. */
const MIGRATION_LOCK_KEY = 72_410_001;

/**
 * Applies pending migrations. On a PostgreSQL server, concurrent starts serialise on an advisory
 * lock held by a dedicated connection; PGlite is single-process (the data-dir lock sees to that).
 */
export async function migrateDatabase(handle: DatabaseHandle, databaseUrl?: string): Promise<void> {
  const db = handle.db as unknown as NodePgDatabase<typeof schema>;
  if (handle.kind === 'pglite') {
    await migrateNodePostgres(db, { migrationsFolder });
    return;
  }
  if (!databaseUrl) throw new Error('migrateDatabase needs the database URL for PostgreSQL');
  const lockClient = new pg.Client({ connectionString: databaseUrl });
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePostgres(db, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await lockClient.end();
  }
}
