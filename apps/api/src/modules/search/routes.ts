import { siteSearchQuerySchema, siteSearchResponseSchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { searchSite } from './service';

/** GET /api/search?q=…: published events and news and the documents, by their words. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/search',
    {
      config: { access: 'public', ignoresViewer: true },
      schema: {
        tags: ['search'],
        summary: 'Full-text search over published events, published news and the downloadable documents',
        querystring: siteSearchQuerySchema,
        response: { 200: siteSearchResponseSchema },
      },
    },
    async (request) => ({ data: { results: await searchSite(db, request.query.q) } }),
  );
};
