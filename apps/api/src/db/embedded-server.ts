import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** The port number in the socket's file name (`.s.PGSQL.<port>`), which `pg` builds from it. */
export const EMBEDDED_SOCKET_PORT = 5432;

/** After a worker that died, the next start waits this long, doubled on each failure in a row. */
const RESTART_DELAY_MS = { first: 200, max: 10_000 } as const;
/** How long a clean close may take before the worker is stopped outright. */
const CLOSE_TIMEOUT_MS = 10_000;

export type EmbeddedServerOptions = {
  dataDir?: string;
  /** A dump (`dumpDataDir`) to start from: a new folder's first contents, or an in-memory database's. */
  loadDataDir?: Blob;
  /** PostgreSQL settings, each given on the command line (`-c`). */
  settings: string[];
  onRestart?: (error: Error) => void;
};

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'dump'; id: number; data: ArrayBuffer }
  | { type: 'failed'; id?: number; message: string };

/**
 * The embedded database in a worker thread of its own (pglite-worker.mjs, docs/decisions/063),
 * served on a Unix socket in a private folder: connect with `pg` at host `socketDir`, port
 * EMBEDDED_SOCKET_PORT. A worker that dies (an abort inside PGlite, a test's terminate) is started
 * again on the same folder and socket; the requests of the meantime fail as "database busy" (503).
 */
export class EmbeddedServer {
  readonly socketDir = mkdtempSync(join(tmpdir(), 'portal-db-'));
  private readonly socketPath = join(this.socketDir, `.s.PGSQL.${EMBEDDED_SOCKET_PORT}`);
  private current: Worker | undefined;
  private dump: ArrayBuffer | undefined;
  private closing = false;
  private failuresInARow = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  /** A restart under way, which close() waits for. */
  private starting: Promise<void> | undefined;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve(data: ArrayBuffer): void; reject(error: Error): void }
  >();

  private constructor(private readonly options: EmbeddedServerOptions) {}

  static async start(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
    const server = new EmbeddedServer(options);
    server.dump = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    try {
      await server.startWorker();
    } catch (error) {
      rmSync(server.socketDir, { recursive: true, force: true });
      throw error;
    }
    return server;
  }

  /** The running worker; undefined while it restarts. */
  get worker(): Worker | undefined {
    return this.current;
  }

  private startWorker(): Promise<void> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: {
        dataDir: this.options.dataDir,
        // A copy: the first start's dump stays for a restart of an in-memory database.
        dump: this.dump?.slice(0),
        socketPath: this.socketPath,
        settings: this.options.settings,
      },
    });
    return new Promise((resolve, reject) => {
      let ready = false;
      let failure: Error | undefined;
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          ready = true;
          // A folder keeps its own data from now on; only an in-memory database restarts from the dump.
          if (this.options.dataDir) this.dump = undefined;
          this.current = worker;
          this.failuresInARow = 0;
          resolve();
        } else if (message.type === 'dump') {
          this.pending.get(message.id)?.resolve(message.data);
          this.pending.delete(message.id);
        } else if (message.type === 'failed' && message.id !== undefined) {
          this.pending.get(message.id)?.reject(new Error(message.message));
          this.pending.delete(message.id);
        }
      });
      worker.on('error', (error) => {
        failure = error;
      });
      worker.on('exit', (code) => {
        if (this.current === worker) this.current = undefined;
        for (const { reject: fail } of this.pending.values())
          fail(new Error('The embedded database stopped.'));
        this.pending.clear();
        if (!ready) {
          reject(failure ?? new Error(`The embedded database stopped while opening (exit code ${code}).`));
          return;
        }
        if (this.closing) return;
        this.scheduleRestart(failure ?? new Error(`The embedded database stopped (exit code ${code}).`));
      });
    });
  }

  private scheduleRestart(cause: Error) {
    this.options.onRestart?.(cause);
    const delay = Math.min(RESTART_DELAY_MS.first * 2 ** this.failuresInARow, RESTART_DELAY_MS.max);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.closing) return;
      this.starting = this.startWorker()
        .catch((error: Error) => {
          this.failuresInARow++;
          if (!this.closing) this.scheduleRestart(error);
        })
        .finally(() => {
          this.starting = undefined;
        });
    }, delay);
  }

  /** PGlite's dump of the whole data folder (backups, the build's template). */
  dumpDataDir(compression: 'none' | 'gzip'): Promise<Blob> {
    const worker = this.current;
    if (!worker) return Promise.reject(new Error('The embedded database is restarting; try again.'));
    const id = this.nextId++;
    return new Promise<ArrayBuffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ type: 'dump', id, compression });
    }).then((data) => new Blob([data]));
  }

  /** Stops the socket server and closes PGlite, so that the folder is consistent for the next open. */
  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.restartTimer);
    await this.starting;
    const worker = this.current;
    if (worker) {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'close' });
      const timer = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.socketDir, { recursive: true, force: true });
  }
}
