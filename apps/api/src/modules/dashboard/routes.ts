import { dashboardSummaryResponseSchema, STAFF_AREAS } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { getDashboardSummary } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/summary',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dashboard },
      schema: {
        tags: ['dashboard'],
        summary: 'Every figure of the admin dashboard, with the most recent items',
        response: { 200: dashboardSummaryResponseSchema },
      },
    },
    async () => ({ data: await getDashboardSummary(db) }),
  );
};
