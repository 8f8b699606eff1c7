import {
  apiErrorSchema,
  applicationDecisionResponseSchema,
  applicationDecisionSchema,
  idParamsSchema,
  idResponseSchema,
  membershipApplicationResponseSchema,
  membershipListResponseSchema,
  membershipResponseSchema,
  membershipUpdateSchema,
  STAFF_AREAS,
  userIdParamsSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Viewer } from '../../plugins/access';
import { deleteMembership, listUserMemberships, setMembershipStatus } from './decisions';
import { decideApplications, getMembershipApplication } from './review';

const refusals = { 400: apiErrorSchema, 404: apiErrorSchema };

/** The admin memberships calls of spec 000 §7, under /api/memberships (admins only). */
export const membershipRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  // access 'staff' guarantees a viewer.
  const viewerOf = (request: { viewer: Viewer | null }) => request.viewer as Viewer;
  app.get(
    '/:userId',
    {
      config: { access: 'staff', roles: STAFF_AREAS.usersRead },
      schema: {
        tags: ['memberships'],
        summary: "A user's memberships, newest first, each with its standing",
        params: userIdParamsSchema,
        response: { 200: membershipListResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: { memberships: await listUserMemberships(db, request.params.userId) },
    }),
  );

  app.put(
    '/update/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.memberships },
      schema: {
        tags: ['memberships'],
        summary:
          'Set a membership pending, approved (starts its 12-month period) or rejected; the member is e-mailed',
        params: idParamsSchema,
        body: membershipUpdateSchema,
        response: { 200: membershipResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { membership, mailQueued } = await setMembershipStatus(
        { db, config },
        viewerOf(request),
        request.params.id,
        request.body.status,
      );
      if (mailQueued) app.mailWorker.poke();
      return { data: membership };
    },
  );

  app.get(
    '/application/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.memberships },
      schema: {
        tags: ['memberships'],
        summary:
          "An application to review: the membership, the applicant's contact, address, about and picture, and their representatives",
        params: idParamsSchema,
        response: { 200: membershipApplicationResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await getMembershipApplication(db, request.params.id) }),
  );

  app.post(
    '/decisions',
    {
      config: { access: 'staff', roles: STAFF_AREAS.memberships },
      schema: {
        tags: ['memberships'],
        summary:
          'Approve or reject pending applications by membership id, each in its own transaction; says per id approved, rejected, already_decided or not_found',
        body: applicationDecisionSchema,
        response: { 200: applicationDecisionResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { results, mailQueued } = await decideApplications(
        { db, config },
        viewerOf(request),
        request.body,
      );
      if (mailQueued) app.mailWorker.poke();
      return { data: { results } };
    },
  );

  app.delete(
    '/delete/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.memberships },
      schema: {
        tags: ['memberships'],
        summary: 'Delete a membership',
        params: idParamsSchema,
        response: { 200: idResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await deleteMembership(db, viewerOf(request), request.params.id) }),
  );
};
