import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { withDatabase } from './global-setup';

/**
 * A fresh, migrated database for one test file: PGlite from the migrated dump by default, or a
 * copy of the migrated template on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const template = inject('postgresTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (template && serverUrl) {
    const name = `portal_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const url = withDatabase(serverUrl, name);
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
    return {
      ...database,
      url,
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplateDump'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
}

/** Test configuration: a temporary data folder, quiet logs, no demo seed. */
export async function createTestConfig(
  overrides: NodeJS.ProcessEnv = {},
): Promise<Config & { cleanUp(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_CONTENT: 'false',
    ...overrides,
  });
  return { ...config, cleanUp: () => rm(dataDir, { recursive: true, force: true }) };
}

/** The app on a fresh database, as `main.ts` builds it; close it in afterAll. */
export async function buildTestApp(
  overrides: NodeJS.ProcessEnv = {},
  { logger }: { logger?: FastifyServerOptions['logger'] } = {},
) {
  const database = await createTestDatabase();
  const config = await createTestConfig(overrides);
  const app = await buildApp(config, {
    database,
    logger: logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    /** The database's handle, for a second server on the same database (a restart). */
    database,
    /** The test database's address on a PostgreSQL server; undefined on PGlite. */
    databaseUrl: 'url' in database ? database.url : undefined,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await config.cleanUp();
    },
  };
}
