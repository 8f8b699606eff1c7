import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

/**
 * A new embedded database, migrated, as PGlite's own dump (`dumpDataDir`). The build writes one
 * beside the bundle, so a first start loads it instead of running PostgreSQL's initdb and every
 * migration (about 3.5 s of a first start; docs/decisions/036). Where there is none (the server
 * run from its sources) the database is created the usual way.
 */
export const databaseTemplatePath = fileURLToPath(new URL('./database-template.tar', import.meta.url));

/** Creates a database in memory, migrates it and answers its dump. */
export async function createDatabaseTemplate(): Promise<Buffer> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await migrateDatabase(database);
    const dump = (await database.embedded?.dumpDataDir('none')) as Blob;
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await database.close();
  }
}

export async function writeDatabaseTemplate(path = databaseTemplatePath) {
  await writeFile(path, await createDatabaseTemplate());
}

/** The build's template, when there is one. */
export async function readDatabaseTemplate(path = databaseTemplatePath): Promise<Blob | undefined> {
  return existsSync(path) ? new Blob([await readFile(path)]) : undefined;
}
