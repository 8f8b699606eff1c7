import { newsListQuerySchema, newsListResponseSchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { isAdmin } from '../../plugins/access';
import { listNews } from './service';

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
};
