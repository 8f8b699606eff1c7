// The embedded database's own thread (docs/decisions/063): PGlite, served over the PostgreSQL wire
// protocol on a Unix socket, so that its statements (and a vacuum) run beside the HTTP server's
// event loop instead of on it, and the server reaches it with the same `pg` pool as a PostgreSQL
// server. Started and restarted by embedded-server.ts. Plain JavaScript: Node runs a worker's file
// as it is, from the sources (tsx, tests) and from dist/.
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @type {{ dataDir?: string; dump?: ArrayBuffer; socketPath: string; settings: string[] }} */
const { dataDir, dump, socketPath, settings } = workerData;

/** The protocol version 3.0 of a startup message, the one message without a type byte. */
const STARTUP_PROTOCOL = 196608;

const pglite = await PGlite.create(dataDir, {
  startParams: [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])],
  extensions: { pg_trgm },
  loadDataDir: dump ? new Blob([dump]) : undefined,
});

/**
 * The length of the complete messages at the start of `buffer`. A client's messages are passed
 * to PGlite whole and together (a statement's Parse, Bind, Describe, Execute and Sync in one call,
 * as `pg` sends them): one call per message, as @electric-sql/pglite-socket makes, measured 2–3×
 * slower per statement (decision 063, "Measured").
 */
function completeMessagesLength(buffer) {
  let end = 0;
  while (buffer.length - end >= 5) {
    const startup = buffer.length - end >= 8 && buffer.readInt32BE(end + 4) === STARTUP_PROTOCOL;
    const length = startup ? buffer.readInt32BE(end) : 1 + buffer.readInt32BE(end + 1);
    if (buffer.length - end < length) break;
    end += length;
  }
  return end;
}

// PGlite is one session. Every connection's messages take turns in this one queue; the server's
// pool holds one connection (two clients' statements interleaved would run one's Bind against the
// other's unnamed statement), and a second may connect while the pool replaces one it dropped.
let turns = Promise.resolve();
/** The connection whose statements left the session inside a transaction. */
let transactionOwner;
const connections = new Set();
const inTurn = (work) => {
  turns = turns.then(work);
  return turns;
};

const server = createServer((socket) => {
  connections.add(socket);
  let pending = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    const length = completeMessagesLength(pending);
    if (length === 0) return;
    const messages = new Uint8Array(pending.subarray(0, length));
    pending = pending.subarray(length);
    inTurn(async () => {
      await pglite.execProtocolRawStream(messages, {
        onRawData: (data) => {
          if (socket.writable) socket.write(Buffer.from(data));
        },
      });
      transactionOwner = pglite.isInTransaction() ? socket : undefined;
    }).catch((error) => socket.destroy(error));
  });
  socket.on('error', () => socket.destroy());
  // A client gone inside a transaction (a killed request) must not leave it open for the next.
  socket.on('close', () => {
    connections.delete(socket);
    inTurn(async () => {
      if (transactionOwner !== socket) return;
      transactionOwner = undefined;
      await pglite.exec('ROLLBACK');
    }).catch(() => {});
  });
});
// A socket file left by a worker that died is in the way of listening again.
rmSync(socketPath, { force: true });
await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(socketPath, resolve);
});

parentPort?.on('message', async (message) => {
  try {
    if (message.type === 'dump') {
      const blob = await pglite.dumpDataDir(message.compression);
      const data = await blob.arrayBuffer();
      parentPort?.postMessage({ type: 'dump', id: message.id, data }, [data]);
    } else if (message.type === 'close') {
      await new Promise((resolve) => {
        server.close(resolve);
        for (const socket of connections) socket.destroy();
      });
      await inTurn(() => pglite.close());
      // Ends this thread only; the server waits for its exit.
      process.exit(0);
    }
  } catch (error) {
    parentPort?.postMessage({ type: 'failed', id: message.id, message: String(error?.message ?? error) });
  }
});
parentPort?.postMessage({ type: 'ready' });
