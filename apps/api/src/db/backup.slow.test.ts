import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../lib/storage';
import { backupDatabase, restoreDatabase } from './backup';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { boardMembers, users } from './schema';

/** Rows and a file, then backup → damage → restore → everything as it was. */
async function exerciseBackupAndRestore(options: {
  dataDir: string;
  databaseUrl?: string;
  open: () => Promise<DatabaseHandle>;
}) {
  const { dataDir, databaseUrl } = options;
  const storage = createDiskStorage({ uploadsDir: join(dataDir, 'uploads') });
  const backupFile = join(dataDir, '..', 'backup.tar.gz');

  let handle = await options.open();
  await migrateDatabase(handle, databaseUrl);
  const [user] = await handle.db
    .insert(users)
    .values({ username: 'kept', email: 'kept@example.org', status: 'active' })
    .returning();
  const picture = await storage.save(Buffer.from('portrait bytes'), 'webp');
  await handle.db.insert(boardMembers).values({ name: 'Ana Cruz', title: 'Geologist', position: 'Trustee' });
  await handle.close();

  await backupDatabase({ dataDir, databaseUrl, outFile: backupFile });
  expect(existsSync(backupFile)).toBe(true);

  handle = await options.open();
  await handle.db.delete(boardMembers);
  await handle.db
    .update(users)
    .set({ username: 'changed' })
    .where(eq(users.id, user?.id as string));
  await handle.db.insert(users).values({ username: 'added-later', email: 'later@example.org' });
  await handle.close();
  await storage.remove(picture.publicPath);
  await storage.save(Buffer.from('a file added after the backup'), 'png');

  await restoreDatabase({ dataDir, databaseUrl, inFile: backupFile });

  handle = await options.open();
  try {
    const userRows = await handle.db.select({ username: users.username }).from(users);
    expect(userRows).toEqual([{ username: 'kept' }]);
    const boardRows = await handle.db.select().from(boardMembers);
    expect(boardRows.map((row) => row.name)).toEqual(['Ana Cruz']);
    expect(await readFile(storage.resolve(picture.publicPath), 'utf8')).toBe('portrait bytes');
    // The migration history comes back too, so the next start does not re-run migrations.
    await migrateDatabase(handle, databaseUrl);
  } finally {
    await handle.close();
  }
}

// A backup and a restore each open the embedded database on disk (3.6 s when the machine is idle,
// 30 s and more while other test files share its two cores): a minute and a half each.
describe('backup and restore on PGlite', { timeout: 90_000 }, () => {
  // One database for the whole file: creating a PGlite folder costs seconds, reopening it does not.
  let root: string;
  let dataDir: string;
  let database: DatabaseOptions;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'backup-test-'));
    dataDir = join(root, 'data');
    database = { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('brings back rows and uploads', async () => {
    await exerciseBackupAndRestore({ dataDir, open: () => openDatabase(database) });
    // No staging or swapped-out folder is left behind.
    expect((await readdir(dataDir)).sort()).toEqual(['pglite', 'uploads']);
  });

  it('refuses to restore while another handle holds the database', async () => {
    const handle = await openDatabase(database);
    try {
      await expect(restoreDatabase({ dataDir, inFile: join(root, 'backup.tar.gz') })).rejects.toThrow(
        /is (already )?in use/,
      );
    } finally {
      await handle.close();
    }
  });

  it('backs up the running instance it is given', async () => {
    const handle = await openDatabase(database);
    try {
      await backupDatabase({ dataDir, outFile: join(root, 'online.tar.gz'), embedded: handle.embedded });
    } finally {
      await handle.close();
    }
    await restoreDatabase({ dataDir, inFile: join(root, 'online.tar.gz') });
  });

  it('refuses to restore a PGlite backup into a PostgreSQL server', async () => {
    await expect(
      restoreDatabase({
        dataDir,
        databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
        inFile: join(root, 'backup.tar.gz'),
      }),
    ).rejects.toThrow(/embedded PGlite/);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('backup and restore on a PostgreSQL server', () => {
  let root: string;
  let databaseUrl: string;
  const databaseName = `backup_test_${process.pid}_${Date.now()}`;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'backup-pg-test-'));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl as string);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  });

  it('brings back rows and uploads', async () => {
    await exerciseBackupAndRestore({
      dataDir: join(root, 'data'),
      databaseUrl,
      open: () => openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 }),
    });
  });
});
