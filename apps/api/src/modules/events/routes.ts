import { eventListQuerySchema, eventListResponseSchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { clearAfterWrites, createExpiringCache, createGuestPages } from '../../lib/expiring-cache';
import { isAdmin } from '../../plugins/access';
import { listEvents } from './service';

export const eventRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Per app instance, cleared by this plugin's writes (lib/expiring-cache.ts): the totals of the
  // lists, and the pages guests were shown (docs/decisions/013).
  const totals = createExpiringCache<number>({ ttlMs: 10_000 });
  const guestPages = createGuestPages<Awaited<ReturnType<typeof listEvents>>>({
    ttlMs: config.publicListCacheMs,
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
      return { data: await guestPages.read(request, list) };
    },
  );
};
