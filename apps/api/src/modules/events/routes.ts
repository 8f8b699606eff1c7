import { eventListQuerySchema, eventListResponseSchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { isAdmin } from '../../plugins/access';
import { listEvents } from './service';

export const eventRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    async (request) => ({ data: await listEvents(db, request.query, { isAdmin: isAdmin(request) }) }),
  );
};
