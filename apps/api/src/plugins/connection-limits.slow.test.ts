import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthFrom } from '../test/health-check';
import { buildTestApp } from '../test/helper';
import { SERVER_TIMEOUTS } from './connection-limits';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let port: number;
beforeAll(async () => {
  // The per-address bound of connection-limits.test.ts, which these clients stay under.
  context = await buildTestApp({ MAX_CONNECTIONS_PER_ADDRESS: '20' });
  await context.app.listen({ host: '127.0.0.1', port: 0 });
  port = (context.app.server.address() as AddressInfo).port;
});
afterAll(() => context.close());

/** A raw connection from `localAddress` that writes `start`, then one byte of `drip` every `everyMs`. */
function trickle(start: string, drip: string, everyMs: number, localAddress = '127.0.0.3') {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  let answer = '';
  let sent = 0;
  const openedAt = Date.now();
  const closed = new Promise<{ afterMs: number; answer: string }>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ afterMs: Date.now() - openedAt, answer });
    });
  });
  socket.on('data', (chunk) => {
    answer += chunk.toString();
  });
  socket.on('error', () => {});
  socket.once('connect', () => socket.write(start));
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(drip[sent++ % drip.length] as string);
  }, everyMs);
  return { socket, closed };
}

// A body trickled a byte a second used to be held for the 5-minute request timeout (docs/decisions/029,
// "Limits"). Real sockets on a real clock, for 15 s: in `npm run test:slow` (docs/decisions/037).
describe('slow clients', () => {
  it('are cut off within seconds, several at once, while /api/health keeps answering and a slow but steady body is not', {
    timeout: 60_000,
  }, async () => {
    const headerTricklers = Array.from({ length: 4 }, () =>
      trickle('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 'abcdefgh', 500),
    );
    const bodyTricklers = Array.from({ length: 4 }, () =>
      trickle(
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1024\r\n\r\n{',
        '      ',
        500,
      ),
    );
    // 60 KB at 4 KB a second: slower than any real phone, and still above the minimum rate.
    const steadyBytes = 60 * 1_024;
    const steadyBody = `{"email":"nobody@example.com","password":"wrong-password"${' '.repeat(steadyBytes - 59)}}`;
    const steady = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.4' });
    let steadyAnswer = '';
    steady.on('data', (chunk) => {
      steadyAnswer += chunk.toString();
    });
    steady.on('error', () => {});
    const steadyDone = new Promise<number>((resolve) => {
      const startedAt = Date.now();
      steady.once('connect', () => {
        steady.write(
          `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(steadyBody)}\r\nConnection: close\r\n\r\n`,
        );
        let offset = 0;
        const timer = setInterval(() => {
          steady.write(steadyBody.slice(offset, offset + 4_096));
          offset += 4_096;
          if (offset >= steadyBody.length) clearInterval(timer);
        }, 1_000);
      });
      steady.on('close', () => resolve(Date.now() - startedAt));
    });

    const healthStatuses: number[] = [];
    const healthTimer = setInterval(() => {
      healthFrom(port, '127.0.0.2').then(
        (status) => healthStatuses.push(status),
        () => healthStatuses.push(0),
      );
    }, 1_000);
    try {
      const cut = await Promise.all([...headerTricklers, ...bodyTricklers].map((client) => client.closed));
      for (const { afterMs } of cut) {
        expect(afterMs).toBeGreaterThan(SERVER_TIMEOUTS.headersMs - 1_000);
        expect(afterMs).toBeLessThan(SERVER_TIMEOUTS.bodyGraceMs + 8_000);
      }
      for (const { answer } of cut.slice(headerTricklers.length)) {
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(answer).toContain('{"error":"The request took too long to arrive","code":"request_timeout"}');
      }
      const steadyTook = await steadyDone;
      expect(steadyTook).toBeGreaterThan(14_000);
      expect(steadyAnswer).toMatch(/^HTTP\/1\.1 401 /);
    } finally {
      clearInterval(healthTimer);
      for (const client of [...headerTricklers, ...bodyTricklers]) client.socket.destroy();
      steady.destroy();
    }
    expect(healthStatuses.length).toBeGreaterThan(10);
    expect(healthStatuses.every((status) => status === 200)).toBe(true);
  });
});
