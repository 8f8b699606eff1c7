import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Server timeouts against clients that hold connections without finishing a request (a body sent
 * one byte a second was once held 400 s and more, and 1,100 such connections took the site down).
 * The numbers, and why (decision 029):
 *
 * - the request line and headers within 10 s (a phone on a poor network sends them in well under
 *   a second: they are a few hundred bytes);
 * - a body keeps coming at 1 KB/s on average, counted after a 10 s start: a trickle of a byte a
 *   second is cut after about 11 s, while the slowest phone connection in use (GPRS, 5 KB/s up)
 *   passes with room to spare;
 * - the whole request within 10 minutes: the largest one the API takes, a gallery of ten 5 MB
 *   images (about 50 MB), at 0.7 Mbit/s, a poor 3G uplink;
 * - an idle kept-alive connection waits 10 s for its next request, and a socket with no traffic
 *   at all is closed after 30 s.
 */
export const SERVER_TIMEOUTS = {
  headersMs: 10_000,
  bodyGraceMs: 10_000,
  bodyMinimumBytesPerSecond: 1_024,
  requestMs: 10 * 60_000,
  idleMs: 30_000,
  keepAliveMs: 10_000,
  /** How often Node checks the headers and request timeouts, and this module the body rate. */
  checkEveryMs: 1_000,
} as const;

type BodyRateLimits = Pick<
  typeof SERVER_TIMEOUTS,
  'bodyGraceMs' | 'bodyMinimumBytesPerSecond' | 'checkEveryMs'
>;

/**
 * Cuts off a request whose body arrives slower than `bodyMinimumBytesPerSecond` on average, once
 * `bodyGraceMs` have passed: Node's own timeouts are either per socket inactivity (which a byte a
 * second resets) or for the whole request (which must leave room for a large upload on a slow
 * phone). The client is told 408 in the API's error shape, and its connection is closed.
 */
export function enforceMinimumBodyRate(server: Server, limits: BodyRateLimits = SERVER_TIMEOUTS) {
  const receiving = new Map<IncomingMessage, { startedAt: number; bytesAtStart: number }>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody || request.complete) return;
    receiving.set(request, { startedAt: Date.now(), bytesAtStart: request.socket.bytesRead });
    const done = () => receiving.delete(request);
    request.once('end', done);
    request.once('close', done);
    response.once('finish', done);
  });
  const timer = setInterval(() => {
    const now = Date.now();
    for (const [request, { startedAt, bytesAtStart }] of receiving) {
      const late = now - startedAt - limits.bodyGraceMs;
      if (late <= 0) continue;
      const received = request.socket.bytesRead - bytesAtStart;
      if (received >= (limits.bodyMinimumBytesPerSecond * (now - startedAt)) / 1_000) continue;
      receiving.delete(request);
      const { socket } = request;
      if (socket.writable) socket.write(rawAnswer(CLIENT_ERRORS.ERR_HTTP_REQUEST_TIMEOUT));
      socket.destroy();
    }
  }, limits.checkEveryMs);
  timer.unref();
  server.once('close', () => clearInterval(timer));
}

/**
 * Closes a client's connections beyond `max` (MAX_CONNECTIONS_PER_ADDRESS, 100 by default: more
 * than browsers open, room for an office behind one address) from one address, so that no single client can hold
 * every socket the process has. Behind a proxy (TRUST_PROXY) every connection comes from the
 * proxy, which must bound its own clients; this is not installed there.
 */
export function limitConnectionsPerAddress(server: Server, max: number) {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** What the HTTP parser refuses before Fastify sees a request, in the API's one error shape. */
const CLIENT_ERRORS = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    error: 'The request took too long to arrive',
    code: 'request_timeout',
  },
  HPE_HEADER_OVERFLOW: { status: 431, error: 'The request headers are too large', code: 'headers_too_large' },
} as const;
const MALFORMED_REQUEST = {
  status: 400,
  error: 'The request is malformed',
  code: 'malformed_request',
} as const;

/** A whole HTTP answer in the API's error shape, written straight to a socket that is then closed. */
function rawAnswer({ status, ...body }: { status: number; error: string; code: string }) {
  const json = JSON.stringify(body);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`;
}

/**
 * Fastify's `clientErrorHandler`: the answer to a request the HTTP parser refused (too slow,
 * headers too large, not HTTP), as `{ error, code }` like every other error (a 431 once had another
 * shape). Mirrors Fastify's default handler otherwise.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    socket.write(rawAnswer(CLIENT_ERRORS[error.code as keyof typeof CLIENT_ERRORS] ?? MALFORMED_REQUEST));
  }
  socket.destroy(error);
}
