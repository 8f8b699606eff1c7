import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { writeDatabaseTemplate } from '../db/template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a freshly migrated PGlite database, loaded by each test file. */
    pgliteTemplateDump: string;
    /** On a PostgreSQL server: the migrated database each test file copies. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates once per run; every test file then starts from a copy of that database, so files run
 * in parallel without cleaning tables (docs/architecture.md "Testing").
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), 'portal-test-'));
  const url = process.env.TEST_DATABASE_URL;

  if (url) {
    const template = `portal_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const templateUrl = withDatabase(url, template);
    const database = await openDatabase({ kind: 'postgres', url: templateUrl });
    await migrateDatabase(database, templateUrl);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplateDump', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
      await rm(folder, { recursive: true, force: true });
    };
  }

  const dumpPath = join(folder, 'template.tar');
  await writeDatabaseTemplate(dumpPath);
  project.provide('pgliteTemplateDump', dumpPath);
  project.provide('postgresTemplate', null);
  return () => rm(folder, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
