import net from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { DATABASE_BUSY_MESSAGE } from '../../plugins/error-handler';
import { buildTestApp, createTestConfig, createTestDatabase } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

describe('health and readiness', () => {
  it('answers health with ok and a request id', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers ready with each dependency on its own when the database answers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'not_configured', storage: 'ok' },
    });
  });

  it('keeps a sane x-request-id from the proxy and replaces any other', async () => {
    for (const id of [
      '0af7651916cd43dd8448eb211c80319c',
      '7f000001:c2d4_0A1B2C3D:0050:65F0A1B2:0001',
      'a.b-c',
    ]) {
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': id },
      });
      expect(response.headers['x-request-id']).toBe(id);
    }
    for (const id of ['x'.repeat(129), 'two words', '<script>', 'line\u2028break', '']) {
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': id },
      });
      expect(response.headers['x-request-id'], id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('sends a strict content security policy and other security headers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // On every answer, errors included.
    const notFound = await context.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-security-policy']).toBe(policy);
    expect(notFound.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves the OpenAPI document with the list endpoints', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/events/retrieve-events', '/api/news/get-news', '/api/health']),
    );
  });
});

// With one table locked for 15 s, requests and the readiness check once waited 15 s.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'while another transaction holds a table (PostgreSQL)',
  () => {
    it('answers 503 with Retry-After within the lock limit, and ready while the pool waits', async () => {
      const locker = new pg.Client({ connectionString: context.databaseUrl });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table board_members in access exclusive mode');
      try {
        // Event order, not elapsed time (docs/decisions/080): ready answers while the lists still
        // wait, and the lists answer while the lock is still held (it is released only below), so
        // neither waits for the lock; how fast is `npm run bench`'s to measure.
        let listsAnswered = false;
        const lists = Promise.all(
          // More requests than the test pool's 5 connections: some wait for a connection first.
          Array.from({ length: 8 }, () =>
            context.app.inject({ method: 'GET', url: '/api/boards/get-board-members' }),
          ),
        ).finally(() => {
          listsAnswered = true;
        });
        // The pool is saturated: the process is busy, not broken, and its check has a connection
        // of its own (docs/decisions/028).
        const ready = await context.app.inject({ method: 'GET', url: '/api/ready' });
        expect(ready.statusCode).toBe(200);
        expect(listsAnswered).toBe(false);

        for (const response of await lists) {
          expect(response.statusCode).toBe(503);
          expect(response.json()).toEqual({ error: DATABASE_BUSY_MESSAGE, code: 'database_busy' });
          expect(response.headers['retry-after']).toBe('5');
        }
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      expect((await context.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    });
  },
);

describe('readiness when a dependency is down', () => {
  // Without the check's own time limit the request would hang until the test's timeout: the answer
  // arriving at all is the proof (how fast belongs to `npm run bench`, not to a loaded test run).
  it('answers 503 when the database accepts connections but never answers', async () => {
    // A socket that takes connections and says nothing: a database server that hangs.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const config = await createTestConfig();
    const database = await openDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${port}/none`,
    });
    const app = await buildApp(config, { database, logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: 'Database unavailable',
        checks: { database: 'unavailable', redis: 'not_configured', storage: 'ok' },
      });
    } finally {
      await app.close();
      await database.close();
      await config.cleanUp();
      silent.close();
    }
  });

  it('stays ready, and says which, when Redis or the upload bucket does not answer', async () => {
    const down = await buildTestApp({
      REDIS_URL: 'redis://127.0.0.1:1',
      S3_BUCKET: 'portal-uploads',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    try {
      // Each check's own time limit is what lets the answer arrive at all (a hung one would hold it
      // until the test's timeout); how fast is `npm run bench`'s to measure.
      const response = await down.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', redis: 'unavailable', storage: 'unavailable' },
      });
    } finally {
      await down.close();
    }
  });
});

describe('logs', () => {
  it('carry the request id on every line of a request', async () => {
    const lines: { reqId?: string; msg?: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    const database = await createTestDatabase();
    const config = await createTestConfig();
    const app = await buildApp(config, { database, logger: { level: 'info', stream } });
    try {
      const id = 'proxy-7f000001-0001';
      await app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-request-id': id } });
      const line = lines.find((entry) => entry.msg === 'request completed');
      expect(line?.reqId).toBe(id);
    } finally {
      await app.close();
      await database.close();
      await config.cleanUp();
    }
  });
});
