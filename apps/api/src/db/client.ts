import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { EMBEDDED_SOCKET_PORT, EmbeddedServer } from './embedded-server';
import * as schema from './schema';

/** Both databases are reached through the same driver (node-postgres); services depend only on this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle `db.transaction(async (tx) => …)` passes to its callback. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's worker, for backups and tests; undefined on a PostgreSQL server. */
  embedded?: EmbeddedServer;
  /**
   * Asks the database `select 1` on a connection of its own, outside the app's pool, so a pool
   * that every request holds (a busy process, not a broken one) does not fail the readiness check.
   */
  ping(): Promise<void>;
  /** The app's pool, for /metrics. */
  poolStats?(): PoolStats;
  close(): Promise<void>;
};

export type PoolStats = { max: number; total: number; idle: number; waiting: number };

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** How long a request waits for a free connection (DATABASE_WAIT_LIMITS.acquireMs by default). */
      acquireTimeoutMs?: number;
      onPoolError?: (error: Error) => void;
    }
  /** `dataDir` undefined means in memory (tests); `loadDataDir` starts from a dump. */
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** How long a request waits for the one connection (DATABASE_WAIT_LIMITS.embeddedAcquireMs by default). */
      acquireTimeoutMs?: number;
      onPoolError?: (error: Error) => void;
      /** The worker died and is being started again. */
      onRestart?: (error: Error) => void;
    };

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
 * How long a request may wait on the database server (with one table locked for 15 s, requests and
 * the readiness check once waited 15 s). A wait that runs out fails the statement, and the
 * error handler answers 503 with Retry-After (`isDatabaseBusy`): a quick "try again" beats a
 * connection held open by a request nobody is waiting for any more.
 */
export const DATABASE_WAIT_LIMITS = {
  /**
   * For a free connection from the pool (DATABASE_ACQUIRE_TIMEOUT_MS): a request that cannot have
   * one answers 503 within this, not after a wait its client has given up on.
   */
  acquireMs: 2_500,
  /**
   * For the embedded database's one connection, which every request takes in turn (a pool of one:
   * PGlite is one session). Twenty requests at once queue for it for tens of milliseconds; a wait
   * this long means the database is stuck or restarting, and is answered 503.
   */
  embeddedAcquireMs: 15_000,
  /** For a row or table lock held by another transaction. */
  lockMs: 3_000,
  /** For any one statement (the longest of ours take milliseconds). */
  statementMs: 15_000,
  /** A transaction left open by a stalled request, holding its locks. */
  idleInTransactionMs: 30_000,
} as const;

/** How long the readiness check's own connection waits to connect, and for its answer. */
const PING_TIMEOUT_MS = 800;

/**
 * PostgreSQL's codes for a request the server cut short, which a retry a moment later may pass:
 * a statement or lock wait that ran out, a transaction left idle too long (25P03), a connection
 * the server ended or would not open (shutdown, restart, pg_terminate_backend: 57P01-03 and the
 * connection exceptions of class 08), too many connections, a deadlock or serialization failure.
 */
const SERVER_ABORT_CODE = /^(57014|55P03|25P03|57P0[123]|53300|40001|40P01|08...)$/;
/**
 * Node's codes for a server that is not there (restarting, failing over); ENOENT is the embedded
 * database's socket file missing while its worker starts again (only from `connect`).
 */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
/**
 * The driver's words for a connection it could not have or lost under a request: pg-pool's
 * acquisition timeout, a connection terminated mid-query, the next query on a client the server
 * dropped, and 55000 for a database with ALLOW_CONNECTIONS false.
 */
const CONNECTION_LOST_MESSAGE =
  /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error and is not queryable)|is not currently accepting connections/;

/**
 * The error is the database being busy or out of reach for now (see DATABASE_WAIT_LIMITS; issue
 * 15: PostgreSQL trouble during traffic), not a bug or bad input: the error handler answers 503
 * with Retry-After.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && (SERVER_ABORT_CODE.test(code) || UNREACHABLE_SOCKET_CODES.has(code)))
      return true;
    if (code === 'ENOENT' && (current as { syscall?: unknown }).syscall === 'connect') return true;
    if (CONNECTION_LOST_MESSAGE.test(current.message)) return true;
  }
  return false;
}

/**
 * PostgreSQL's settings for the embedded database, each given on its command line (`-c`), so the
 * rest of the postgresql.conf that initdb wrote stays (time zone, text search configuration,
 * messages); PGlite's `postgresqlconf` option would replace that file whole (docs/decisions/036).
 * - shared_buffers: PGlite fills its page cache in the process's own memory as it opens, so the
 *   default 128 MB is resident from the start; the association's database is a few tens of MB and
 *   its files stay in the system's file cache behind a 16 MB pool.
 * - random_page_cost: the embedded database's pages are always in memory (its pool or the file
 *   cache), so a page read out of order costs what one in order does. With PostgreSQL's 4, the
 *   last page of 1,000 events was planned as a scan and a sort of every row: 1.8 ms of CPU, 1.2
 *   with 1.1 (the first pages and the searches alike either way).
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'random_page_cost=1.1'];

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new TransactionSafePool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.acquireTimeoutMs ?? DATABASE_WAIT_LIMITS.acquireMs,
      lock_timeout: DATABASE_WAIT_LIMITS.lockMs,
      statement_timeout: DATABASE_WAIT_LIMITS.statementMs,
      idle_in_transaction_session_timeout: DATABASE_WAIT_LIMITS.idleInTransactionMs,
    });
    // An idle client's error is otherwise uncaught and exits the process
    // (docs/architecture.md "Traps of the stack").
    pool.on('error', (error) => options.onPoolError?.(error));
    // One connection for the readiness check, quick to give up: /api/ready answers within 2 s.
    const pingPool = new pg.Pool({
      connectionString: options.url,
      max: 1,
      connectionTimeoutMillis: PING_TIMEOUT_MS,
      statement_timeout: PING_TIMEOUT_MS,
      query_timeout: PING_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
    });
    pingPool.on('error', () => {});
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pingPool.query('select 1');
      },
      poolStats: () => statsOf(pool),
      close: async () => {
        await Promise.all([pool.end(), pingPool.end()]);
      },
    };
  }

  const releaseLock = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  try {
    const embedded = await EmbeddedServer.start({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      settings: PGLITE_SETTINGS,
      onRestart: options.onRestart,
    });
    // One connection (PGlite is one session), kept open: a new one costs the worker a startup.
    const pool = new TransactionSafePool({
      host: embedded.socketDir,
      port: EMBEDDED_SOCKET_PORT,
      user: 'postgres',
      database: 'postgres',
      max: 1,
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: options.acquireTimeoutMs ?? DATABASE_WAIT_LIMITS.embeddedAcquireMs,
    });
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      embedded,
      // Through the app's own connection, behind the requests' statements: a second session
      // would interleave with theirs (pglite-worker.mjs), so the check may fail while it is busy.
      ping: () => pingWithin(pool, PING_TIMEOUT_MS),
      poolStats: () => statsOf(pool),
      close: async () => {
        try {
          await pool.end();
          await embedded.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** `select 1` on the pool, failing after `timeoutMs` (the query itself runs when its turn comes). */
async function pingWithin(pool: pg.Pool, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The database did not answer in time.')), timeoutMs);
  });
  try {
    await Promise.race([pool.query('select 1'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const statsOf = (pool: pg.Pool): PoolStats => ({
  max: pool.options.max,
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** The folders this process has open: a second opener here is refused before the lock file is read. */
const foldersOpenHere = new Set<string>();

/**
 * PGlite does not lock its directory and two processes writing one folder corrupt it
 * (docs/architecture.md "Traps of the stack"), so the app holds a lock file naming its pid, and the
 * start time of that process where the system tells it, and refuses a second writer. A lock is
 * stale, and taken over, when its process no longer runs, or when the pid now belongs to another
 * process: ours (PID 1 again in a container restarted after kill -9) or one that started after the
 * lock was written.
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
  if (started !== null && runningSince !== null) return runningSince === started;
  // No start times to compare (a lock in the old format, a bare pid; no /proc/<pid>/stat): the
  // pid's command line tells. A process that is not Node.js (a shell, an init, a proxy that took
  // the pid after a restart) is no server of ours; a Node.js one may be, and is not taken over.
  const commandLine = processCommandLine(pid);
  return commandLine === null || isNodeCommandLine(commandLine);
}

/** The program and arguments a process runs (Linux: /proc/<pid>/cmdline), or null where unknown. */
function processCommandLine(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return text.split('\0').filter((argument) => argument !== '');
  } catch {
    return null;
  }
}

/** Whether a command line runs Node.js, as every server, CLI and test of ours does. */
export function isNodeCommandLine([program]: string[]): boolean {
  if (!program) return false;
  const name = basename(program);
  return name === basename(process.execPath) || /^node(js)?[\d.]*$/.test(name);
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
