import {
  apiErrorSchema,
  correctionRequestBodySchema,
  erasureRequestBodySchema,
  idParamsSchema,
  myPrivacyRequestResponseSchema,
  myPrivacyRequestsResponseSchema,
  privacyRequestApproveSchema,
  privacyRequestListQuerySchema,
  privacyRequestListResponseSchema,
  privacyRequestRejectSchema,
  STAFF_AREAS,
} from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { ImageUploads } from '../../lib/images';
import type { Viewer } from '../../plugins/access';
import {
  approvePrivacyRequest,
  createCorrectionRequest,
  createErasureRequest,
  isErasureRequest,
  listMyRequests,
  listPrivacyRequests,
  rejectPrivacyRequest,
} from './requests';

const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * A member's requests about their own data and the secretariat's answers (docs/product-rules.md
 * "Privacy", docs/decisions/068).
 */
export const privacyRequestRoutes: FastifyPluginAsyncZod<{
  db: Db;
  images: ImageUploads;
  publicUrl: string;
}> = async (app, { db, images, publicUrl }) => {
  const context = { db, images, publicUrl };
  const viewerOf = (request: { viewer: Viewer | null }) => request.viewer as Viewer;

  app.post(
    '/me/erasure-requests',
    {
      config: { access: 'member' },
      schema: {
        tags: ['privacy'],
        summary:
          'Ask for one’s account to be erased ("Delete my account"): answered within 30 days; refused for a staff account and while one is open (409)',
        body: erasureRequestBodySchema,
        response: { 201: myPrivacyRequestResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await createErasureRequest(context, viewerOf(request), request.body) };
    },
  );

  app.post(
    '/me/correction-requests',
    {
      config: { access: 'member' },
      schema: {
        tags: ['privacy'],
        summary: 'Ask the secretariat to correct what one cannot edit on the profile ("Correct my data")',
        body: correctionRequestBodySchema,
        response: { 201: myPrivacyRequestResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await createCorrectionRequest(context, viewerOf(request), request.body) };
    },
  );

  app.get(
    '/me/privacy-requests',
    {
      config: { access: 'member' },
      schema: {
        tags: ['privacy'],
        summary: 'The signed-in person’s own erasure and correction requests, newest first',
        response: { 200: myPrivacyRequestsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await listMyRequests(db, viewerOf(request).userId) }),
  );

  app.get(
    '/privacy/admin/requests',
    {
      config: { access: 'staff', roles: STAFF_AREAS.privacyRequests },
      schema: {
        tags: ['privacy'],
        summary:
          'Members’ privacy requests: open ones by deadline (default) or all newest first, by kind, a page at a time',
        querystring: privacyRequestListQuerySchema,
        response: { 200: privacyRequestListResponseSchema, ...refusals },
      },
    },
    async (request) => listPrivacyRequests(db, request.query),
  );

  app.post(
    '/privacy/admin/requests/:id/approve',
    {
      config: {
        access: 'staff',
        roles: STAFF_AREAS.privacyRequests,
        // Erasing an account cannot be undone: a second-factor check within the last 15 minutes
        // (decision 061). Resolving a correction changes nothing by itself.
        stepUp: (request) => {
          const { id } = (request as FastifyRequest<{ Params: { id: string } }>).params;
          return idParamsSchema.safeParse({ id }).success ? isErasureRequest(db, id) : false;
        },
      },
      schema: {
        tags: ['privacy'],
        summary:
          'Approve a request: an erasure erases the account at once (the kept records name the placeholder); a correction is marked resolved',
        params: idParamsSchema,
        body: privacyRequestApproveSchema,
        response: { 200: myPrivacyRequestResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await approvePrivacyRequest(context, viewerOf(request), request.params.id, request.body?.answer),
    }),
  );

  app.post(
    '/privacy/admin/requests/:id/reject',
    {
      config: { access: 'staff', roles: STAFF_AREAS.privacyRequests },
      schema: {
        tags: ['privacy'],
        summary: 'Refuse a request with a reason (required), e-mailed to the member',
        params: idParamsSchema,
        body: privacyRequestRejectSchema,
        response: { 200: myPrivacyRequestResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await rejectPrivacyRequest(context, viewerOf(request), request.params.id, request.body.reason),
    }),
  );
};
