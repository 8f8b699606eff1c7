import { type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Server timeouts against clients that hold connections without finishing a request (issue 15: a
 * body sent one byte a second was held 400 s and more, and 1,100 such connections took the site
 * down). Fastify passes these to Node's HTTP server.
 */
export const SERVER_TIMEOUTS = {
  /** The request line and headers must arrive within this. */
  headersMs: 15_000,
  /**
   * The whole request, body included: room for a gallery of ten 5 MB images from a slow phone
   * connection, not for a client that trickles bytes for ever.
   */
  requestMs: 5 * 60_000,
  /** A socket with no traffic at all is closed. */
  idleMs: 60_000,
  /** An idle kept-alive connection waits this long for its next request. */
  keepAliveMs: 10_000,
} as const;

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

/**
 * Fastify's `clientErrorHandler`: the answer to a request the HTTP parser refused (too slow, headers
 * too large, not HTTP), as `{ error, code }` like every other error (issue 15: a 431 had another
 * shape). Mirrors Fastify's default handler otherwise.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, ...body } = CLIENT_ERRORS[error.code as keyof typeof CLIENT_ERRORS] ?? MALFORMED_REQUEST;
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
