import {
  apiErrorSchema,
  consentChangeResponseSchema,
  consentChangeSchema,
  consentPurposeParamsSchema,
  myConsentsResponseSchema,
  PRIVACY_NOTICE,
  privacyNoticeVersionSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { changeMyConsent, listMyConsents } from './service';

/**
 * The privacy notice's version and a member's own consents (docs/product-rules.md "Privacy",
 * docs/decisions/065). The notice's text is drawn by the web app from packages/shared.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/privacy/notice',
    {
      config: { access: 'public', ignoresViewer: true },
      schema: {
        tags: ['privacy'],
        summary: 'The version of the privacy notice in force and the day it was published',
        response: { 200: privacyNoticeVersionSchema },
      },
    },
    async () => ({ version: PRIVACY_NOTICE.version, publishedOn: PRIVACY_NOTICE.publishedOn }),
  );

  app.get(
    '/me/consents',
    {
      config: { access: 'member' },
      schema: {
        tags: ['privacy'],
        summary: 'The signed-in person’s current consent per purpose and the notice version they accepted',
        response: { 200: myConsentsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      return { data: await listMyConsents(db, viewer.userId) };
    },
  );

  app.put(
    '/me/consents/:purpose',
    {
      config: { access: 'member' },
      schema: {
        tags: ['privacy'],
        summary:
          'Give or withdraw one consent (a new record when it changes); the privacy notice can be accepted but not withdrawn here (409); an unknown purpose is 404',
        params: consentPurposeParamsSchema,
        body: consentChangeSchema,
        response: {
          200: consentChangeResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      return {
        data: await changeMyConsent(db, viewer.userId, request.params.purpose, request.body.given),
      };
    },
  );
};
