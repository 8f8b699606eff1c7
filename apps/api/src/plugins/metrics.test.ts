import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../lib/mail/outbox';
import { buildTestApp } from '../test/helper';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

describe('/metrics when METRICS_TOKEN is unset', () => {
  it('is not there', async () => {
    // A built web app, so that the answer is the site's own not-found page.
    const webDist = await mkdtemp(join(tmpdir(), 'portal-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>app shell</title>');
    const context = await buildTestApp({ WEB_DIST_DIR: webDist });
    try {
      const response = await context.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('app shell');
    } finally {
      await context.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let context: Awaited<ReturnType<typeof buildTestApp>>;
  const scrape = async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    context = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => context.close());

  it('refuses a scrape without the token, or with another', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const response = await context.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toEqual({ error: 'Authentication required', code: 'unauthenticated' });
    }
  });

  it('counts requests and their latency by route pattern and status', async () => {
    for (let index = 0; index < 3; index++) await context.app.inject({ method: 'GET', url: '/api/health' });
    await context.app.inject({ method: 'GET', url: `/uploads/${randomUUID()}.webp` });
    await context.app.inject({ method: 'GET', url: '/api/no-such-route' });

    const response = await context.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    expect(body).toContain('http_requests_total{method="GET",route="/api/health",status_code="200"} 3');
    // The pattern, not the address: one series for every upload name.
    expect(body).toContain('http_requests_total{method="GET",route="/uploads/:name",status_code="404"} 1');
    expect(body).toContain('http_requests_total{method="GET",route="unmatched",status_code="404"} 1');
    expect(body).toContain('http_request_duration_seconds_count{method="GET",route="/api/health"} 3');
    expect(body).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health"\} \d/,
    );
    // Node's own figures come along.
    expect(body).toContain('process_resident_memory_bytes');
    // Scrapes are not counted.
    expect(body).not.toContain('route="/metrics"');
  });

  it('reports the mail outbox by status', async () => {
    for (const to of ['a@example.org', 'b@example.org']) {
      await queueMail(context.db, { to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    }
    const body = await scrape();
    expect(body).toContain('mail_outbox_messages{status="queued"} 2');
    expect(body).toContain('mail_outbox_messages{status="sending"} 0');
    expect(body).toContain('mail_outbox_messages{status="failed"} 0');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('reports the database pool on PostgreSQL', async () => {
    const body = await scrape();
    // The test pool (test/helper.ts) has 5 connections.
    expect(body).toContain('db_pool_connections{state="max"} 5');
    expect(body).toMatch(/db_pool_connections\{state="idle"\} \d/);
    expect(body).toContain('db_pool_connections{state="waiting"} 0');
  });
});
