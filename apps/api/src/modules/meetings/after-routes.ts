import {
  apiErrorSchema,
  applyElectionInputSchema,
  idParamsSchema,
  MEETING_AFTER_MESSAGES,
  MEETING_DOCUMENT_FILE_FIELD,
  meetingDocumentInputSchema,
  meetingDocumentListResponseSchema,
  meetingDocumentResponseSchema,
  meetingOutcomeListResponseSchema,
  meetingOutcomeResponseSchema,
  officersInputSchema,
  STAFF_AREAS,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { multipartForm } from '../../lib/multipart';
import type { Storage } from '../../lib/storage';
import { NOT_STORED, type Viewer } from '../../plugins/access';
import {
  applyElection,
  certificateContent,
  documentFile,
  listDocuments,
  listOutcomes,
  readOutcome,
  recordOfficers,
  removeDocument,
  uploadDocument,
} from './after-service';
import { renderElectionCertificatePdf } from './certificate-pdf';

const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const viewerOf = (request: { viewer: Viewer | null }) => request.viewer as Viewer;
const tags = ['meetings'];
const documentForm = multipartForm(meetingDocumentInputSchema, {
  files: { [MEETING_DOCUMENT_FILE_FIELD]: 1 },
  tooLargeMessage: MEETING_AFTER_MESSAGES.documentTooLarge,
});
const membersArea = {
  access: 'members-area',
  membersAreaRefusal: MEETING_AFTER_MESSAGES.documentsRefused,
} as const;

/**
 * After the annual meeting, under /api (docs/decisions/078-after-the-annual-meeting.md): the
 * election's outcome applied to the board by the board's staff, the officers, the secretary's
 * certificate, and the minutes and resolutions for members in good standing.
 */
export const meetingAfterRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/meeting-outcomes',
    {
      config: { access: 'staff', roles: STAFF_AREAS.board },
      schema: {
        tags,
        summary: 'The certified elections, newest first, and whether each is applied to the board',
        response: { 200: meetingOutcomeListResponseSchema, ...refusals },
      },
    },
    async () => ({ data: await listOutcomes(db) }),
  );

  app.get(
    '/meetings/:id/outcome',
    {
      config: { access: 'staff', roles: STAFF_AREAS.meetings },
      schema: {
        tags,
        summary: 'The certified election as the board is offered it: elected trustees, a tie, the officers',
        params: idParamsSchema,
        response: { 200: meetingOutcomeResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await readOutcome(db, request.params.id) }),
  );

  app.post(
    '/meetings/:id/outcome/apply',
    {
      config: { access: 'staff', roles: STAFF_AREAS.board },
      schema: {
        tags,
        summary:
          'Update the board of trustees from the certified election, after the challenge window (409 before)',
        params: idParamsSchema,
        body: applyElectionInputSchema,
        response: { 200: meetingOutcomeResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await applyElection(db, viewerOf(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/meetings/:id/outcome/officers',
    {
      config: { access: 'staff', roles: STAFF_AREAS.board },
      schema: {
        tags,
        summary: 'Record the four officers the elected trustees chose at their organisational meeting',
        params: idParamsSchema,
        body: officersInputSchema,
        response: { 200: meetingOutcomeResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await recordOfficers(db, viewerOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/meetings/:id/certificate',
    {
      config: { access: 'staff', roles: STAFF_AREAS.meetings },
      schema: {
        tags,
        summary: "The secretary's certificate of the election (PDF), once the results are certified",
        params: idParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const content = await certificateContent(db, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="secretarys-certificate.pdf"')
        .header('cache-control', NOT_STORED)
        .send(await renderElectionCertificatePdf(content));
    },
  );

  app.post(
    '/meetings/:id/documents',
    {
      config: { access: 'staff', roles: STAFF_AREAS.meetingsRun },
      validatorCompiler: documentForm.validatorCompiler,
      schema: {
        tags,
        summary: 'Publish the minutes or a resolution of a meeting (a PDF, 5 MB) to the members’ area',
        params: idParamsSchema,
        ...documentForm.schema,
        response: { 201: meetingDocumentResponseSchema, ...refusals, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { fields, files } = await documentForm.read(request);
      const document = await uploadDocument(
        { db, storage },
        viewerOf(request),
        request.params.id,
        fields,
        files[MEETING_DOCUMENT_FILE_FIELD][0],
      );
      return reply.status(201).send({ data: document });
    },
  );

  app.get(
    '/meeting-documents',
    {
      config: membersArea,
      schema: {
        tags,
        summary:
          'The minutes and resolutions of every meeting, newest meeting first (members in good standing)',
        querystring: z.object({ meetingId: z.uuid('Invalid id').optional() }),
        response: { 200: meetingDocumentListResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await listDocuments(db, request.query.meetingId) }),
  );

  app.get(
    '/meeting-documents/:id/file',
    {
      config: membersArea,
      schema: {
        tags,
        summary: 'Download the minutes or a resolution (members in good standing); never cached',
        params: idParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { row, file } = await documentFile({ db, storage }, request.params.id);
      // A private file (decision 066): served only here, after the members' area check.
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${row.kind}-${row.id.slice(0, 8)}.pdf"`)
        .header('cache-control', NOT_STORED)
        .send(file.body);
    },
  );

  app.delete(
    '/meeting-documents/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.meetingsRun },
      schema: {
        tags,
        summary: 'Remove the minutes or a resolution published by mistake',
        params: idParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await removeDocument({ db, storage }, viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
