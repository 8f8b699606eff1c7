import { setTimeout } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';

/** issue 15: /api/ready answers within 2 s whatever the database does. */
export const READY_TIMEOUT_MS = 1_500;

const statusSchema = z.object({ status: z.literal('ok') });

/** Liveness (the process answers) and readiness (the database answers) for a load balancer. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      config: { access: 'public', ignoresViewer: true },
      schema: { tags: ['health'], response: { 200: statusSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public', ignoresViewer: true },
      schema: { tags: ['health'], response: { 200: statusSchema, 503: z.object({ error: z.string() }) } },
    },
    async (request, reply) => {
      // A load balancer must hear within its own timeout, whatever the database is doing.
      const timer = new AbortController();
      try {
        await Promise.race([
          db.execute(sql`select 1`),
          setTimeout(READY_TIMEOUT_MS, undefined, { signal: timer.signal }).then(() => {
            throw new Error(`no answer from the database within ${READY_TIMEOUT_MS} ms`);
          }),
        ]);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database not ready');
        return reply.status(503).send({ error: 'Database unavailable' });
      } finally {
        timer.abort();
      }
    },
  );
};
