import { randomInt } from 'node:crypto';
import { type AddressInfo, createConnection, createServer } from 'node:net';
import { Writable } from 'node:stream';
import { RATE_LIMITED_MESSAGE } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { buildTestApp } from '../test/helper';
import { LOGIN_ADDRESS_LIMIT_FACTOR } from './rate-limit';

const LIMIT = 3;
const rateLimitedBody = { error: RATE_LIMITED_MESSAGE, code: 'rate_limited' };
/** Each test comes from its own address, so counters (also those left in Redis) never collide. */
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
let context: TestApp;
beforeAll(async () => {
  context = await buildTestApp({ AUTH_RATE_LIMIT: String(LIMIT) });
});
afterAll(() => context.close());

const call = (app: TestApp, method: 'GET' | 'POST', url: string, remoteAddress: string, payload?: object) =>
  app.app.inject({ method, url, payload, remoteAddress });

describe('account rate limits', () => {
  it.each([
    ['POST', '/api/auth/register', { username: 'x', email: 'x@example.com', password: TEST_PASSWORD }],
    ['POST', '/api/auth/confirm-email', { token: 'unknown' }],
    ['GET', '/api/auth/confirm-email?token=unknown', undefined],
    ['POST', '/api/auth/forgot-password', { email: 'nobody@example.com' }],
    ['POST', '/api/auth/reset-password', { token: 'unknown', password: TEST_PASSWORD }],
  ] as const)('%s %s allows AUTH_RATE_LIMIT attempts per address, then 429', async (method, url, body) => {
    const address = randomAddress();
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      expect((await call(context, method, url, address, body)).statusCode).not.toBe(429);
    }
    const limited = await call(context, method, url, address, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(rateLimitedBody);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another address is not affected.
    expect((await call(context, method, url, randomAddress(), body)).statusCode).not.toBe(429);
  });

  it('lets a venue of members sign in from one address, up to 10 × AUTH_RATE_LIMIT attempts', async () => {
    const venue = randomAddress();
    const signIn = (email: string, password: string) =>
      call(context, 'POST', '/api/auth/login', venue, { email, password });
    const members = await Promise.all(Array.from({ length: 20 }, () => createUser(context.db)));
    // Half mistype their password once: 30 attempts in all, each account at most twice.
    for (const [index, member] of members.entries()) {
      if (index % 2 === 0) expect((await signIn(member.email, 'Wrong-Password-1')).statusCode).toBe(401);
      expect((await signIn(member.email, TEST_PASSWORD)).statusCode).toBe(200);
    }
    expect(LIMIT * LOGIN_ADDRESS_LIMIT_FACTOR).toBe(30);
    const refused = await signIn(members[1]?.email ?? '', TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(rateLimitedBody);
  });

  it('limits guesses at one e-mail from one address, and lets its owner in from another', async () => {
    const user = await createUser(context.db);
    const guesser = randomAddress();
    const guess = () =>
      call(context, 'POST', '/api/auth/login', guesser, { email: user.email, password: 'Wrong-Password-1' });
    for (let index = 0; index < LIMIT; index++) expect((await guess()).statusCode).toBe(401);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(rateLimitedBody);
    const owner = await call(context, 'POST', '/api/auth/login', randomAddress(), {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(owner.statusCode).toBe(200);
  });

  it('never limits health, readiness or lists', async () => {
    const address = randomAddress();
    for (let attempt = 0; attempt < LIMIT * 3; attempt++) {
      for (const url of ['/api/health', '/api/ready', '/api/news/get-news', '/api/events/retrieve-events']) {
        expect((await call(context, 'GET', url, address)).statusCode).toBe(200);
      }
    }
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = createConnection({ host: hostname, port: Number(port || 6379), timeout: 500 });
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => {
    socket.destroy();
    resolve(false);
  });
});

describe.skipIf(!redisReachable)('with REDIS_URL', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    [first, second] = await Promise.all([
      buildTestApp({ AUTH_RATE_LIMIT: String(LIMIT), REDIS_URL }),
      buildTestApp({ AUTH_RATE_LIMIT: String(LIMIT), REDIS_URL }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('shares one counter between processes', async () => {
    const address = randomAddress();
    const payload = { email: 'nobody@example.com' };
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      const app = attempt % 2 === 0 ? first : second;
      expect((await call(app, 'POST', '/api/auth/forgot-password', address, payload)).statusCode).toBe(200);
    }
    // Neither process alone has seen more than two attempts, together they have seen three.
    for (const app of [first, second]) {
      const limited = await call(app, 'POST', '/api/auth/forgot-password', address, payload);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(rateLimitedBody);
    }
  });
});

/** Every line the app logs at warn or above, parsed. */
function capturedLogs() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, logger: { level: 'warn', stream } };
}
const FALLBACK_LOG = 'rate-limit Redis unavailable; counting in this process until it is back';

describe('with an unreachable Redis', () => {
  let app: TestApp;
  const logs = capturedLogs();
  beforeAll(async () => {
    app = await buildTestApp(
      { AUTH_RATE_LIMIT: String(LIMIT), REDIS_URL: 'redis://127.0.0.1:1' },
      { logger: logs.logger },
    );
  });
  afterAll(() => app.close());

  it('says so in the log', async () => {
    await call(app, 'POST', '/api/auth/forgot-password', randomAddress(), { email: 'a@example.com' });
    expect(logs.lines.filter((line) => line.msg === FALLBACK_LOG)).toHaveLength(1);
  });

  it('counts in this process instead, rather than dropping the limits or locking everyone out', async () => {
    const address = randomAddress();
    const forgot = (from: string) =>
      call(app, 'POST', '/api/auth/forgot-password', from, { email: 'a@example.com' });
    for (let attempt = 0; attempt < LIMIT; attempt++) expect((await forgot(address)).statusCode).toBe(200);
    expect((await forgot(address)).statusCode).toBe(429);
    expect((await forgot(randomAddress())).statusCode).toBe(200);
  });
});

/**
 * A Redis that answers the handshake, then stops answering anything while it keeps the
 * connection open: a stalled server, a full network buffer, a paused VM.
 */
async function redisThatStopsAnswering() {
  const state = { answering: true };
  const server = createServer((socket) => {
    socket.on('data', (chunk) => {
      if (!state.answering) return;
      // Each command of the chunk gets an answer: INFO (the ready check) its text, the rest OK.
      for (const command of chunk.toString().split('*').slice(1)) {
        if (/info/i.test(command)) {
          const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(`$${Buffer.byteLength(info)}\r\n${info}\r\n`);
        } else socket.write('+OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    stopAnswering: () => {
      state.answering = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('with a Redis that accepts connections but stops answering', () => {
  let app: TestApp;
  let redis: Awaited<ReturnType<typeof redisThatStopsAnswering>>;
  const logs = capturedLogs();
  beforeAll(async () => {
    redis = await redisThatStopsAnswering();
    app = await buildTestApp(
      { AUTH_RATE_LIMIT: String(LIMIT), REDIS_URL: redis.url },
      { logger: logs.logger },
    );
    redis.stopAnswering();
  });
  afterAll(async () => {
    await app.close();
    await redis.close();
  });

  it('answers logins, counts in this process, and logs the fallback', async () => {
    const address = randomAddress();
    const login = () =>
      call(app, 'POST', '/api/auth/login', address, {
        email: 'nobody@example.com',
        password: 'wrong-password',
      });
    // Each answer arriving at all is the proof that a silent Redis holds no login for ever (the
    // command timeout, REDIS_TIMEOUTS); how long one waits is `npm run bench`'s to measure
    // (docs/decisions/080).
    for (let attempt = 0; attempt < LIMIT; attempt++) expect((await login()).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(429);
    expect(logs.lines.filter((line) => line.msg === FALLBACK_LOG).length).toBeGreaterThanOrEqual(1);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY: 'true' });
  });
  afterAll(() => proxied.close());

  it('counts the address the proxy saw, whatever the client wrote into X-Forwarded-For', async () => {
    const client = randomAddress();
    const forgot = (spoofed: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'a@example.com' },
        // The client sent its own X-Forwarded-For; the proxy (127.0.0.1) appended the real address.
        headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
        remoteAddress: '127.0.0.1',
      });
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      expect((await forgot(randomAddress())).statusCode).toBe(200);
    }
    expect((await forgot(randomAddress())).statusCode).toBe(429);
  });
});
