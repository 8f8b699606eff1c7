import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import type { Storage } from '../../lib/storage';

/**
 * /api/ready answers within 2 s whatever the database does (decision 028); each check gets this
 * long.
 */
export const READY_TIMEOUT_MS = 1_000;

const checkResultSchema = z.enum(['ok', 'unavailable']);
const readyChecksSchema = z
  .object({
    database: checkResultSchema,
    /** 'not_configured' without REDIS_URL (rate limits are counted in each process). */
    redis: z.enum(['ok', 'unavailable', 'not_configured']),
    storage: checkResultSchema,
  })
  .describe('Each dependency on its own; only the database decides the status code');

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the shared rate-limit counters answer (plugins/rate-limit.ts). */
    checkRateLimitStore(signal: AbortSignal): Promise<'ok' | 'unavailable' | 'not_configured'>;
  }
}

/** Runs `check` with an abort signal, and answers 'unavailable' if it fails or outlasts the limit. */
async function withinLimit<Result extends string>(
  check: (signal: AbortSignal) => Promise<Result>,
  onFailure: (error: unknown) => void,
): Promise<Result | 'unavailable'> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`no answer within ${READY_TIMEOUT_MS} ms`);
      controller.abort(error);
      reject(error);
    }, READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check(controller.signal), timedOut]);
  } catch (error) {
    onFailure(error);
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (the process answers) and readiness for a load balancer and its operators
 * (docs/decisions/028): the database, the shared rate-limit counters and the upload storage are
 * checked at once, each within READY_TIMEOUT_MS. The status is 503 only when the database does not
 * answer, as before: Redis and the bucket are shared by every process, so taking this one out of
 * the pool for them would help no one (rate limits fall back to this process's counters; pages and
 * the API work without new uploads); they are reported for alerting.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; storage: Storage }> = async (
  app,
  { database, storage },
) => {
  app.get(
    '/health',
    {
      config: { access: 'public', ignoresViewer: true },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public', ignoresViewer: true },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), checks: readyChecksSchema }),
          503: z.object({ error: z.string(), checks: readyChecksSchema }),
        },
      },
    },
    async (request, reply) => {
      const logFailure = (dependency: string) => (error: unknown) =>
        request.log.error({ err: error, dependency }, `${dependency} not ready`);
      const [databaseResult, redis, storageResult] = await Promise.all([
        withinLimit(async () => {
          await database.ping();
          return 'ok' as const;
        }, logFailure('database')),
        withinLimit((signal) => app.checkRateLimitStore(signal), logFailure('redis')),
        withinLimit(async (signal) => {
          await storage.check(signal);
          return 'ok' as const;
        }, logFailure('storage')),
      ]);
      const checks = { database: databaseResult, redis, storage: storageResult };
      if (databaseResult !== 'ok') return reply.status(503).send({ error: 'Database unavailable', checks });
      return { status: 'ok' as const, checks };
    },
  );
};
