import { request } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { healthFrom } from '../test/health-check';
import { buildTestApp } from '../test/helper';
import { SERVER_TIMEOUTS } from './connection-limits';

const MAX_CONNECTIONS_PER_ADDRESS = 20;

let context: Awaited<ReturnType<typeof buildTestApp>>;
let port: number;
beforeAll(async () => {
  context = await buildTestApp({ MAX_CONNECTIONS_PER_ADDRESS: String(MAX_CONNECTIONS_PER_ADDRESS) });
  await context.app.listen({ host: '127.0.0.1', port: 0 });
  port = (context.app.server.address() as AddressInfo).port;
});
afterAll(() => context.close());

/** A client that starts a request with a 1 KB body and sends one byte of it: a slow body. */
function slowClient(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.1' }, () => {
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1024\r\n\r\n{',
      );
      resolve(socket);
    });
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

/** How many of `sockets` the server has closed so far. */
const closedCount = (sockets: Socket[]) =>
  sockets.filter((socket) => socket.destroyed || socket.readyState === 'closed').length;

/**
 * The answer of `check` once it is `expected`, asked again until then: the server frees a slot when
 * it has seen the socket go, which on a loaded machine is not within any fixed delay
 * (docs/decisions/080).
 */
const eventually = (check: () => Promise<number>, expected: number) =>
  vi.waitFor(async () => expect(await check()).toBe(expected), { timeout: 15_000, interval: 50 });

// Slow bodies once held connections for 400 s and 1,100 of them made /api/health unreachable.
describe('clients that hold connections', () => {
  it('get timeouts on headers, the whole request and idle sockets', () => {
    const server = context.app.server;
    expect(server.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
    expect(server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
    expect(server.timeout).toBe(SERVER_TIMEOUTS.idleMs);
  });

  it(`cannot hold more than ${MAX_CONNECTIONS_PER_ADDRESS} connections from one address, and the site stays up`, async () => {
    const extra = 50;
    const sockets = await Promise.all(
      Array.from({ length: MAX_CONNECTIONS_PER_ADDRESS + extra }, () => slowClient()),
    );
    try {
      // The extra ones are closed; the others are held (the server's timeouts are many seconds),
      // still so after a request from another address has been answered.
      await vi.waitFor(() => expect(closedCount(sockets)).toBe(extra), { timeout: 15_000 });
      expect(await healthFrom(port, '127.0.0.2')).toBe(200);
      expect(closedCount(sockets)).toBe(extra);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    // Once they are gone, the address is welcome again.
    await eventually(() => healthFrom(port, '127.0.0.1'), 200);
  });
  // A guest's form answered 401 before its body was read kept its connection for as long as the
  // body trickled in (a byte every 3 s: more than 10 s).
  it.each([
    ['PUT', '/api/reps/update-reps', 401],
    ['PUT', '/api/users/filled-form/00000000-0000-0000-0000-000000000000', 401],
    ['POST', '/api/boards/admin/create-board-member', 401],
  ])('answers %s %s %i before its slow body and closes the connection', async (method, path, status) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1024\r\n\r\n{`,
    );
    const trickle = setInterval(() => socket.write(' '), 300);
    // The body would take five minutes at this pace: closed long before it ends is the proof. The
    // limit here only keeps a failure from waiting for the test's timeout.
    const closedBeforeTheBody = await Promise.race([
      closed,
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
    ]);
    clearInterval(trickle);
    socket.destroy();
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(closedBeforeTheBody, 'the connection was still open while the body trickled in').toBe(true);
  });

  // A 431 once came in another shape than every other error.
  it('answers requests the HTTP parser refuses in the API error shape', async () => {
    const answers = await Promise.all(
      [
        `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        'NOT HTTP\r\n\r\n',
      ].map(
        (raw) =>
          new Promise<string>((resolve) => {
            const socket = connect({ host: '127.0.0.1', port }, () => socket.write(raw));
            let answer = '';
            socket.on('data', (chunk) => {
              answer += chunk.toString();
            });
            socket.on('error', () => {});
            socket.on('close', () => resolve(answer));
          }),
      ),
    );
    expect(answers[0]).toMatch(/^HTTP\/1\.1 431 /);
    expect(answers[0]).toContain('{"error":"The request headers are too large","code":"headers_too_large"}');
    expect(answers[1]).toMatch(/^HTTP\/1\.1 400 /);
    expect(answers[1]).toContain('{"error":"The request is malformed","code":"malformed_request"}');
  });
});

describe('the connection cap (MAX_CONNECTIONS)', () => {
  const MAX_CONNECTIONS = 30;
  let capped: Awaited<ReturnType<typeof buildTestApp>>;
  let cappedPort: number;
  beforeAll(async () => {
    capped = await buildTestApp({
      MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    });
    await capped.app.listen({ host: '127.0.0.1', port: 0 });
    cappedPort = (capped.app.server.address() as AddressInfo).port;
  });
  afterAll(() => capped.close());

  const open = (index: number) =>
    new Promise<Socket>((resolve, reject) => {
      // Many addresses: the cap holds whoever the clients are.
      const socket = connect(
        { host: '127.0.0.1', port: cappedPort, localAddress: `127.0.1.${index + 1}` },
        () => resolve(socket),
      );
      socket.on('error', () => {});
      socket.once('error', reject);
    });
  const health = () =>
    new Promise<number>((resolve) => {
      const call = request(
        { host: '127.0.0.1', port: cappedPort, path: '/api/health', timeout: 2_000 },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      call.on('timeout', () => call.destroy());
      call.on('error', () => resolve(0));
      call.end();
    });

  it('closes connections past the cap at once, and takes new ones when others leave', async () => {
    expect(capped.app.server.maxConnections).toBe(MAX_CONNECTIONS);
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, (_, index) => open(index)));
    try {
      expect(await health()).toBe(0);
    } finally {
      for (const socket of held) socket.destroy();
    }
    await eventually(health, 200);
  });
});
