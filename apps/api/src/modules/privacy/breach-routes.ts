import {
  apiErrorSchema,
  breachCloseSchema,
  breachInputSchema,
  breachListQuerySchema,
  breachListResponseSchema,
  breachNpcNoticeSchema,
  breachParamsSchema,
  breachPeopleNoticeResponseSchema,
  breachPeopleNoticeSchema,
  breachResponseSchema,
  STAFF_AREAS,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import {
  closeBreach,
  findBreach,
  listBreaches,
  notifyAffectedPeople,
  recordBreach,
  recordNpcNotice,
  updateBreach,
} from './breaches';

/**
 * The breach register under /api/privacy/admin/breaches (docs/decisions/069): administrators and
 * the secretariat record a suspected breach, follow its 72 hours, record the notice to the NPC,
 * e-mail the people affected once, and close it. Every change is in the audit log.
 */
export const breachRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  const access = { access: 'staff', roles: STAFF_AREAS.privacyBreaches } as const;
  const viewerOf = (request: { viewer?: unknown }) =>
    request.viewer as NonNullable<Parameters<typeof recordBreach>[1]>;
  const one = { 200: breachResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

  app.get(
    '/',
    {
      config: access,
      schema: {
        tags: ['privacy'],
        summary: 'The breach register, newest first',
        querystring: breachListQuerySchema,
        response: { 200: breachListResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ data: await listBreaches(db, request.query) }),
  );

  app.post(
    '/',
    {
      config: access,
      schema: {
        tags: ['privacy'],
        summary: 'Record a suspected breach (201); the affected accounts are named by e-mail',
        body: breachInputSchema,
        response: { 201: breachResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await recordBreach(db, viewerOf(request), request.body) }),
  );

  app.get(
    '/:id',
    {
      config: access,
      schema: {
        tags: ['privacy'],
        summary: 'One breach: its clock, the people affected, the notices sent and the e-mail prepared',
        params: breachParamsSchema,
        response: { 200: breachResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await findBreach(db, request.params.id) }),
  );

  app.put(
    '/:id',
    {
      config: access,
      schema: {
        tags: ['privacy'],
        summary: 'Correct or complete an open breach; someone already told stays among the affected',
        params: breachParamsSchema,
        body: breachInputSchema,
        response: one,
      },
    },
    async (request) => ({ data: await updateBreach(db, viewerOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/:id/npc-notice',
    {
      config: access,
      schema: {
        tags: ['privacy'],
        summary: 'Record when and how the National Privacy Commission was told (once; 409 after)',
        params: breachParamsSchema,
        body: breachNpcNoticeSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await recordNpcNotice(db, viewerOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/:id/people-notice',
    {
      config: access,
      schema: {
        tags: ['privacy'],
        summary:
          'E-mail the affected people not yet told, through the outbox, once each; 409 when no one is left to tell',
        params: breachParamsSchema,
        body: breachPeopleNoticeSchema,
        response: {
          200: breachPeopleNoticeResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const result = await notifyAffectedPeople(
        { db, publicUrl },
        viewerOf(request),
        request.params.id,
        request.body,
      );
      app.mailWorker.poke();
      return { data: result };
    },
  );

  app.post(
    '/:id/close',
    {
      config: access,
      schema: {
        tags: ['privacy'],
        summary: 'Close an open breach with a summary',
        params: breachParamsSchema,
        body: breachCloseSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await closeBreach(db, viewerOf(request), request.params.id, request.body.summary),
    }),
  );
};
