import {
  idParamsSchema,
  newsListQuerySchema,
  newsListResponseSchema,
  newsViewResponseSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { isAdmin } from '../../plugins/access';
import { addNewsView, listNews } from './service';

export const newsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    async (request) => ({ data: await listNews(db, request.query, { isAdmin: isAdmin(request) }) }),
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
