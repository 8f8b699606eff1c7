import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';

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
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database not ready');
        return reply.status(503).send({ error: 'Database unavailable' });
      }
    },
  );
};
