import {
  idParamsSchema,
  newsListQuerySchema,
  newsListResponseSchema,
  newsViewResponseSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { clearAfterWrites, createExpiringCache, createGuestPages } from '../../lib/expiring-cache';
import { isAdmin } from '../../plugins/access';
import { addNewsView, listNews } from './service';

export const newsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Per app instance, cleared by this plugin's writes (lib/expiring-cache.ts; a view counts as
  // one): the totals of the lists, and the pages guests were shown (docs/decisions/013).
  const totals = createExpiringCache<number>({ ttlMs: 10_000 });
  const guestPages = createGuestPages<Awaited<ReturnType<typeof listNews>>>({
    ttlMs: config.publicListCacheMs,
  });
  clearAfterWrites(app, totals, guestPages);

  app.get(
    '/get-news',
    {
      config: { access: 'public' },
      schema: {
        tags: ['news'],
        summary: 'List news articles, newest first (published only for guests and members)',
        querystring: newsListQuerySchema,
        response: { 200: newsListResponseSchema },
      },
    },
    async (request) => {
      const list = () => listNews(db, totals, request.query, { isAdmin: isAdmin(request) });
      return { data: await guestPages.read(request, list) };
    },
  );

  app.get(
    '/add-view/:id',
    {
      config: { access: 'public', changesState: true },
      schema: {
        tags: ['news'],
        summary: 'Count a view of an article',
        params: idParamsSchema,
        response: { 200: newsViewResponseSchema },
      },
    },
    async (request) => ({ data: await addNewsView(db, request.params.id, { isAdmin: isAdmin(request) }) }),
  );
};
