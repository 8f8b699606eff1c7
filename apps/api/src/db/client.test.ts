import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, isDatabaseBusy, isNodeCommandLine, openDatabase } from './client';
import { events } from './schema';

let folder: string;
/** A database folder made once: opening an existing folder is quick, creating one is not. */
let existing: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portal-lock-'));
  existing = join(folder, 'existing');
  await (await openDatabase({ kind: 'pglite', dataDir: existing })).close();
}, 60_000);
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the embedded database', () => {
  it("runs with client.ts's settings on top of the postgresql.conf initdb wrote", async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: existing });
    try {
      const settings = (await database.db.execute(
        sql`select name, setting from pg_settings
            where name in ('shared_buffers', 'random_page_cost', 'TimeZone', 'default_text_search_config')`,
      )) as { rows: { name: string; setting: string }[] };
      expect(Object.fromEntries(settings.rows.map((row) => [row.name, row.setting]))).toEqual({
        shared_buffers: '2048', // 8 kB pages: 16 MB
        random_page_cost: '1.1',
        TimeZone: 'UTC',
        default_text_search_config: 'pg_catalog.english',
      });
    } finally {
      await database.close();
    }
  });

  // The same driver as a PostgreSQL server (node-postgres): Drizzle's dates come back as on it.
  it('reads dates and timestamps as Drizzle does on PostgreSQL, in and out of a transaction', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: existing });
    try {
      const { db } = database;
      const read = (queryable: Pick<typeof db, 'select'>) =>
        queryable
          .select({
            day: sql`date '2026-01-02'`.mapWith(events.start_date),
            at: sql`timestamptz '2026-01-02 03:04:05+00'`.mapWith(events.created_at),
          })
          .from(sql`(select 1) as one`);
      const expected = [{ day: '2026-01-02', at: new Date('2026-01-02T03:04:05Z') }];
      expect(await read(db)).toEqual(expected);
      expect(await db.transaction((tx) => read(tx))).toEqual(expected);
    } finally {
      await database.close();
    }
  });
});

describe('the embedded database folder lock', () => {
  it('refuses a second opener of the same folder with a clear message, and frees it on close', async () => {
    const dataDir = existing;
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DatabaseLockedError);
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
      `The database in ${dataDir} is already in use in this process`,
    );
    await first.close();
    const again = await openDatabase({ kind: 'pglite', dataDir });
    await again.close();
  });

  it('takes over a lock left behind by a process that no longer runs', async () => {
    const dataDir = existing;
    // A pid far above Linux's pid_max belongs to no process.
    await writeFile(join(dataDir, '.lock'), '99999999');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
  });
  // After kill -9 a container's server is PID 1 again, and found its own pid in the lock.
  it('takes over a lock that names this process, left by an earlier life of the same pid', async () => {
    const dataDir = existing;
    await writeFile(join(dataDir, '.lock'), String(process.pid));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
  });

  describe('when the pid of the lock runs', () => {
    let other: ChildProcess;
    beforeAll(() => {
      other = spawn('sleep', ['60'], { stdio: 'ignore' });
    });
    afterAll(() => {
      other.kill();
    });
    const startOf = async (pid: number) => {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    };

    it('refuses while it is the process that wrote the lock', async () => {
      const dataDir = existing;
      const started = await startOf(other.pid as number);
      await writeFile(join(dataDir, '.lock'), JSON.stringify({ pid: other.pid, started }));
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
        `is in use by another process (pid ${other.pid})`,
      );
      await rm(join(dataDir, '.lock'));
    });

    // A bare pid (the lock's old format) naming a live process that is not ours was
    // refused for good, so the server could not start until someone deleted the file.
    it('takes over a lock in the old format naming a live process that is not Node.js', async () => {
      const dataDir = existing;
      await writeFile(join(dataDir, '.lock'), String(other.pid));
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await database.close();
    });

    it('takes over when the pid was reused by a process started after the lock was written', async () => {
      const dataDir = existing;
      await writeFile(join(dataDir, '.lock'), JSON.stringify({ pid: other.pid, started: '1' }));
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await database.close();
    });
  });

  describe('when the old-format lock names a live Node.js process', () => {
    let server: ChildProcess;
    beforeAll(() => {
      server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    });
    afterAll(() => {
      server.kill();
    });

    it('refuses: it may be a server of ours that wrote it', async () => {
      const dataDir = existing;
      await writeFile(join(dataDir, '.lock'), String(server.pid));
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
        `is in use by another process (pid ${server.pid})`,
      );
      await rm(join(dataDir, '.lock'));
    });
  });
});

describe('isNodeCommandLine', () => {
  it('tells Node.js from other programs', () => {
    expect(isNodeCommandLine(['/usr/bin/node', 'dist/main.js'])).toBe(true);
    expect(isNodeCommandLine(['node', '--import', 'tsx', 'src/cli.ts', 'migrate'])).toBe(true);
    expect(isNodeCommandLine([process.execPath, 'x.js'])).toBe(true);
    expect(isNodeCommandLine(['/bin/sh', '-c', 'node dist/main.js'])).toBe(false);
    expect(isNodeCommandLine(['sleep', '60'])).toBe(false);
    expect(isNodeCommandLine(['/sbin/tini', '--'])).toBe(false);
    expect(isNodeCommandLine([])).toBe(false);
  });
});

describe('isDatabaseBusy', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  it('tells a database that ended or refused the connection from a bug or bad input', () => {
    for (const error of [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('canceling statement due to lock timeout', '55P03'),
      withCode('terminating connection due to idle-in-transaction timeout', '25P03'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      withCode('database "portal" is not currently accepting connections', '55000'),
      new Error('Failed query: select 1', {
        cause: new Error('Connection terminated due to connection timeout'),
      }),
    ]) {
      expect(isDatabaseBusy(error), error.message).toBe(true);
    }
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'a string',
    ]) {
      expect(isDatabaseBusy(error), String(error)).toBe(false);
    }
  });
});
