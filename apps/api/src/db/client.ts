import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

/** Both drivers expose the same query builder; services depend only on this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, for backups; undefined on a PostgreSQL server. */
  pglite?: PGlite;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; onPoolError?: (error: Error) => void }
  /** `dataDir` undefined means in memory (tests); `loadDataDir` starts from a dump. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export class DatabaseLockedError extends Error {}

/**
 * The pool for Drizzle's transactions, which check a client out with `connect()`. Two traps of a
 * server that drops its connections (a restart, a failover) are closed here:
 * - a checked-out client has no error listener of the pool's, so its dropped connection would be
 *   an uncaught error that ends the process; the query it was running fails with it anyway;
 * - drizzle-orm 0.45 sends BEGIN before the try/finally that releases the client
 *   (drizzle-team/drizzle-orm#6241, open), so a BEGIN on a just-dropped connection would keep the
 *   client checked out forever, until the pool was empty and every transaction waited for good.
 *   A client whose connection ends is given back (and so discarded) at once; Drizzle's own later
 *   release is then a no-op.
 */
class TransactionSafePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | undefined {
    // pg-pool's own query() passes a callback and releases on error itself.
    if (callback) {
      super.connect(callback);
      return;
    }
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const releaseOnce = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', ignore);
        client.removeListener('end', onEnd);
        release(error);
      };
      const ignore = () => {};
      const onEnd = () => releaseOnce(new Error('connection ended while checked out'));
      client.on('error', ignore);
      client.once('end', onEnd);
      client.release = releaseOnce;
      return client;
    });
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new TransactionSafePool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client's error is otherwise uncaught and exits the process (STACK-NOTES).
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  const releaseLock = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  try {
    const client = await PGlite.create(options.dataDir, {
      extensions: { pg_trgm },
      loadDataDir: options.loadDataDir,
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      pglite: client,
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite does not lock its directory and two processes writing one folder corrupt it
 * (STACK-NOTES), so the app holds a lock file naming its pid and refuses a second writer.
 * A lock left by a process that no longer runs is taken over.
 */
function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number(readFileSync(lockPath, 'utf8'));
      if (isProcessRunning(ownerPid)) {
        throw new DatabaseLockedError(
          `The database in ${dataDir} is in use by another process (pid ${ownerPid}). ` +
            'Stop that process, or set DATA_DIR to another folder.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the database in ${dataDir}.`);
}

function isProcessRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
