import { eventListQuerySchema, eventListResponseSchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { clearAfterWrites, createExpiringCache } from '../../lib/expiring-cache';
import { isAdmin } from '../../plugins/access';
import { listEvents } from './service';

export const eventRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Per app instance, cleared by this plugin's writes (lib/expiring-cache.ts): the totals of the
  // lists, and the pages guests were shown (docs/decisions/013).
  const totals = createExpiringCache<number>({ ttlMs: 10_000 });
  const guestPages = createExpiringCache<Awaited<ReturnType<typeof listEvents>>>({
    ttlMs: config.publicListCacheMs,
    maxEntries: 500,
  });
  clearAfterWrites(app, totals, guestPages);

  app.get(
    '/retrieve-events',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary: 'List events, a page at a time (published only for guests and members)',
        querystring: eventListQuerySchema,
        response: { 200: eventListResponseSchema },
      },
    },
    async (request) => {
      const list = () => listEvents(db, totals, request.query, { isAdmin: isAdmin(request) });
      // Signed-in users always get a fresh page; guests may get one a moment old.
      return { data: await (request.viewer ? list() : guestPages.get(JSON.stringify(request.query), list)) };
    },
  );
};
