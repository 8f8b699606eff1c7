import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_WAIT_LIMITS } from '../../db/client';
import { DATABASE_BUSY_MESSAGE } from '../../plugins/error-handler';
import { buildTestApp } from '../../test/helper';

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

  it('answers ready when the database answers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
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

// issue 15: with one table locked for 15 s, requests and the readiness check waited 15 s.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'while another transaction holds a table (PostgreSQL)',
  () => {
    it('answers 503 with Retry-After within the lock limit, and ready within 2 s', async () => {
      const locker = new pg.Client({ connectionString: context.databaseUrl });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table board_members in access exclusive mode');
      try {
        const startedAt = Date.now();
        const lists = Promise.all(
          // More requests than the test pool's 5 connections: some wait for a connection first.
          Array.from({ length: 8 }, () =>
            context.app.inject({ method: 'GET', url: '/api/boards/get-board-members' }),
          ),
        );
        const ready = await context.app.inject({ method: 'GET', url: '/api/ready' });
        expect(Date.now() - startedAt).toBeLessThan(2_000);
        expect(ready.statusCode).toBe(503);

        for (const response of await lists) {
          expect(response.statusCode).toBe(503);
          expect(response.json()).toEqual({ error: DATABASE_BUSY_MESSAGE, code: 'database_busy' });
          expect(response.headers['retry-after']).toBe('5');
        }
        expect(Date.now() - startedAt).toBeLessThan(
          DATABASE_WAIT_LIMITS.acquireMs + DATABASE_WAIT_LIMITS.lockMs + 2_000,
        );
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      expect((await context.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    });
  },
);
