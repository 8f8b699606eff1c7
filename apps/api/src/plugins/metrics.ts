import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { mailOutbox } from '../db/schema';

/** The address Prometheus scrapes. Not under /api: it is for operators, not the site's clients. */
export const METRICS_PATH = '/metrics';

/** Seconds; from a primary-key read to a gallery of large photos. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How long a scrape waits for the outbox count before it answers without it. */
const OUTBOX_QUERY_TIMEOUT_MS = 1_000;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `/metrics` in Prometheus's text format (docs/decisions/028): off unless METRICS_TOKEN is set,
 * and then answered only to `Authorization: Bearer <METRICS_TOKEN>`. Requests by route (the
 * route's pattern, never the raw URL, so ids do not explode the series), their latency, the
 * database pool and the mail outbox, plus Node's own process metrics. Each app has a registry of
 * its own, so tests can build several.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { config, database }: { config: Config; database: DatabaseHandle }) => {
    const token = config.metricsToken;
    if (!token) return;
    const expected = digest(`Bearer ${token}`);

    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to finishing its answer, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    new Gauge({
      name: 'db_pool_connections',
      help: "The database pool's connections: max, total (open), idle, and requests waiting for one",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = database.poolStats?.();
        if (!stats) return;
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
    new Gauge({
      name: 'mail_outbox_messages',
      help: 'Messages in the mail outbox not yet delivered, by status (queued, sending, failed)',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await Promise.race([
          database.db
            .select({ status: mailOutbox.status, count: sql<number>`count(*)::integer` })
            .from(mailOutbox)
            .where(sql`${mailOutbox.status} <> 'sent'`)
            .groupBy(mailOutbox.status),
          setTimeout(OUTBOX_QUERY_TIMEOUT_MS, null, { ref: false }),
        ]).catch(() => null);
        // No value rather than a wrong one when the database does not answer.
        if (!rows) return;
        for (const status of ['queued', 'sending', 'failed']) this.set({ status }, 0);
        for (const row of rows) this.set({ status: row.status }, row.count);
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      // Unmatched addresses (scanners) share one series.
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === METRICS_PATH) return;
      requests.inc({ method: request.method, route, status_code: reply.statusCode });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const given = digest(request.headers.authorization ?? '');
      if (!timingSafeEqual(given, expected)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ error: 'Authentication required', code: 'unauthenticated' });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
