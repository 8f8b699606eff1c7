import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * What an incoming `x-request-id` may be: what proxies and clients generate (UUIDs, hex, HAProxy's
 * and nginx's ids) and nothing that could flood or forge a log line. Anything else is replaced.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id for every log line and the `x-request-id` answer: the one the reverse proxy
 * (or client) sent when it is sane, so a request can be followed from the proxy's log to ours,
 * else a new UUID.
 */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}
