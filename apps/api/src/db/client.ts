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

/**
 * How long a request may wait on the database server (issue 15: with one table locked for 15 s,
 * requests and the readiness check waited 15 s). A wait that runs out fails the statement, and the
 * error handler answers 503 with Retry-After (`isDatabaseBusy`): a quick "try again" beats a
 * connection held open by a request nobody is waiting for any more.
 */
export const DATABASE_WAIT_LIMITS = {
  /** For a free connection from the pool. */
  acquireMs: 10_000,
  /** For a row or table lock held by another transaction. */
  lockMs: 3_000,
  /** For any one statement (the longest of ours take milliseconds). */
  statementMs: 15_000,
  /** A transaction left open by a stalled request, holding its locks. */
  idleInTransactionMs: 30_000,
} as const;

/** PostgreSQL's codes for a statement cancelled by its timeout, a lock not granted in time. */
const WAIT_LIMIT_CODES = new Set(['57014', '55P03']);

/** The error is a database wait that ran out (see DATABASE_WAIT_LIMITS), not a bug or bad input. */
export function isDatabaseBusy(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && WAIT_LIMIT_CODES.has(code)) return true;
    // pg-pool's message when no connection came free within connectionTimeoutMillis.
    if (current.message === 'timeout exceeded when trying to connect') return true;
  }
  return false;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new TransactionSafePool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: DATABASE_WAIT_LIMITS.acquireMs,
      lock_timeout: DATABASE_WAIT_LIMITS.lockMs,
      statement_timeout: DATABASE_WAIT_LIMITS.statementMs,
      idle_in_transaction_session_timeout: DATABASE_WAIT_LIMITS.idleInTransactionMs,
    });
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

/** The folders this process has open: a second opener here is refused before the lock file is read. */
const foldersOpenHere = new Set<string>();

/**
 * PGlite does not lock its directory and two processes writing one folder corrupt it
 * (STACK-NOTES), so the app holds a lock file naming its pid, and the start time of that process
 * where the system tells it, and refuses a second writer. A lock is stale, and taken over, when
 * its process no longer runs, or when the pid now belongs to another process: ours (PID 1 again in
 * a container restarted after kill -9) or one that started after the lock was written.
 */
function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  if (foldersOpenHere.has(dataDir)) {
    throw new DatabaseLockedError(`The database in ${dataDir} is already in use in this process.`);
  }
  const lockPath = join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, JSON.stringify({ pid: process.pid, started: processStartTime(process.pid) }));
      closeSync(fd);
      foldersOpenHere.add(dataDir);
      return () => {
        foldersOpenHere.delete(dataDir);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLockOwner(lockPath);
      if (isLockOwnerRunning(owner)) {
        throw new DatabaseLockedError(
          `The database in ${dataDir} is in use by another process (pid ${owner.pid}). ` +
            'Stop that process, or set DATA_DIR to another folder.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the database in ${dataDir}.`);
}

type LockOwner = { pid: number; started: string | null };

/** The lock file's owner; a bare pid is the format written before start times were recorded. */
function readLockOwner(lockPath: string): LockOwner {
  const text = readFileSync(lockPath, 'utf8').trim();
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner> | number;
    if (typeof parsed === 'number') return { pid: parsed, started: null };
    return { pid: Number(parsed.pid), started: typeof parsed.started === 'string' ? parsed.started : null };
  } catch {
    return { pid: Number.NaN, started: null };
  }
}

function isLockOwnerRunning({ pid, started }: LockOwner): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid runs; it is the lock's owner only if it is the same process that wrote the lock.
  const runningSince = processStartTime(pid);
  return started === null || runningSince === null || runningSince === started;
}

/** When a process started (Linux: field 22 of /proc/<pid>/stat), or null where that is unknown. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
