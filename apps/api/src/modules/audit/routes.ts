import {
  adminAuditListResponseSchema,
  adminAuditQuerySchema,
  apiErrorSchema,
  STAFF_AREAS,
  userIdParamsSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { listAdminActions } from './service';

/** The admin audit log's call (decision 024), under /api/users beside the other admin user calls. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/audit/:userId',
    {
      config: { access: 'staff', roles: STAFF_AREAS.usersRead },
      schema: {
        tags: ['users'],
        summary:
          'The audit log of a user: what admins changed on the account and its memberships, from what to what, newest first (decision 024)',
        description:
          'Also answered for a deleted user, whose history (its deletion included) keeps their id. 404 when the id names neither a user nor any history.',
        params: userIdParamsSchema,
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditListResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await listAdminActions(db, request.params.userId, request.query),
    }),
  );
};
