import {
  apiErrorSchema,
  consentChangeResponseSchema,
  consentChangeSchema,
  consentPurposeParamsSchema,
  dataExportFileName,
  dataExportParamsSchema,
  dataExportResponseSchema,
  latestDataExportResponseSchema,
  manilaDateString,
  myConsentsResponseSchema,
  PRIVACY_NOTICE,
  privacyNoticeVersionSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { NOT_STORED } from '../../plugins/access';
import {
  DATA_EXPORTS_JOB,
  latestDataExport,
  openDataExport,
  readDataExport,
  requestDataExport,
} from './export';
import { changeMyConsent, listMyConsents } from './service';

/**
 * The privacy notice's version and a member's own consents (docs/product-rules.md "Privacy",
 * docs/decisions/065). The notice's text is drawn by the web app from packages/shared.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage }> = async (
  app,
  { db, storage },
) => {
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

  // "Download my data" (docs/product-rules.md "Privacy", docs/decisions/067): one block, so the
  // erasure and retention routes beside it merge apart.
  app.post(
    '/me/data-export',
    {
      config: { access: 'member' },
      schema: {
        tags: ['privacy'],
        summary:
          'Ask for a copy of all one’s data: a ZIP built by a job and e-mailed as a link valid for 7 days; while one is queued or running, that one is answered',
        response: { 202: dataExportResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      const data = await requestDataExport(db, viewer.userId);
      // Built at once rather than at the next schedule; a run already going builds it too.
      if (data.status === 'queued') await app.jobs.start(DATA_EXPORTS_JOB);
      return reply.code(202).send({ data });
    },
  );

  app.get(
    '/me/data-export',
    {
      config: { access: 'member' },
      schema: {
        tags: ['privacy'],
        summary: 'The signed-in person’s latest data export and where it stands, or null',
        response: { 200: latestDataExportResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      return { data: await latestDataExport(db, viewer.userId) };
    },
  );

  app.get(
    '/me/data-export/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['privacy'],
        summary: 'One of the signed-in person’s data exports and where it stands (another account’s: 404)',
        params: dataExportParamsSchema,
        response: {
          200: dataExportResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      return { data: await readDataExport(db, viewer.userId, request.params.id) };
    },
  );

  app.get(
    '/me/data-export/:id/download',
    {
      config: { access: 'member' },
      schema: {
        tags: ['privacy'],
        summary:
          'The ZIP of one’s data export, to its owner only (another account: 404), until its 7 days are over (410); never cached',
        params: dataExportParamsSchema,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      const { file, row } = await openDataExport({ db, storage }, viewer.userId, request.params.id);
      const day = manilaDateString(row.finishedAt ?? row.requestedAt);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${dataExportFileName(day)}"`)
        // A private file (decision 066): served only here, after the owner's check.
        .header('cache-control', NOT_STORED);
      if (file.byteSize !== undefined) reply.header('content-length', file.byteSize);
      return reply.send(file.body);
    },
  );
};
