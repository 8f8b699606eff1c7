import {
  apiErrorSchema,
  certificateIssueResponseSchema,
  certificateNumberParamsSchema,
  certificateRevokeSchema,
  certificateVerificationResponseSchema,
  certificateVerifyParamsSchema,
  cpdEventResponseSchema,
  cpdRoleSchema,
  cpdSettingsSchema,
  evaluationQuestionsSchema,
  evaluationResultsResponseSchema,
  evaluationSubmitSchema,
  externalUnitRejectSchema,
  externalUnitResponseSchema,
  externalUnitSchema,
  externalUnitsAdminQuerySchema,
  externalUnitsAdminResponseSchema,
  idParamsSchema,
  myCpdEventsResponseSchema,
  myEvaluationResponseSchema,
  PROFESSION_CODES,
  prcDetailsResponseSchema,
  prcDetailsSchema,
  prcLicencesResponseSchema,
  prcLicencesSchema,
  providerAccreditationsResponseSchema,
  providerAccreditationsSchema,
  STAFF_AREAS,
  TRANSCRIPT_MESSAGES,
  transcriptPdfQuerySchema,
  transcriptResponseSchema,
  transcriptVerificationResponseSchema,
  transcriptVerifyParamsSchema,
} from '@portal/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { multipartForm } from '../../lib/multipart';
import { publicRead } from '../../lib/public-read';
import type { Storage } from '../../lib/storage';
import { NOT_STORED, type Viewer } from '../../plugins/access';
import { verifyRateLimit } from '../member-cards';
import { renderCertificatePdf } from './certificate-pdf';
import {
  attendanceCsv,
  certificateForDownload,
  issueCertificates,
  myCpdEvents,
  revokeCertificate,
  verifyCertificate,
} from './certificates';
import {
  evaluationCsv,
  evaluationResults,
  readCpdEvent,
  readOwnEvaluation,
  readPrcDetails,
  savePrcDetails,
  saveQuestions,
  saveSettings,
  setRole,
  submitEvaluation,
} from './service';
import {
  decideExternalUnit,
  externalCertificateFor,
  listExternalUnits,
  prcReportCsv,
  readLicences,
  readProviderAccreditations,
  readTranscript,
  recordExternalUnit,
  saveLicences,
  saveProviderAccreditations,
  shortOfUnitsCsv,
  transcriptForPdf,
  verifyTranscript,
} from './transcript';
import { renderTranscriptPdf } from './transcript-pdf';

const externalUnitForm = multipartForm(externalUnitSchema, {
  files: { certificate: 1 },
  tooLargeMessage: TRANSCRIPT_MESSAGES.certificateTooLarge,
});
const uploadRefusals = { 413: apiErrorSchema, 415: apiErrorSchema };

const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const noContent = { 204: z.null(), ...refusals };
const viewerOf = (request: { viewer: Viewer | null }) => request.viewer as Viewer;

const sendCsv = (reply: FastifyReply, { fileName, csv }: { fileName: string; csv: string }) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
/** A certificate's PDF: its owner's, never kept by a shared cache. */
const sendPdf = (reply: FastifyReply, number: string, bytes: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
const csvResponse = { 200: z.string().describe('text/csv'), ...refusals };

/**
 * The public read of a certificate's verification page (docs/decisions/035): the API route below
 * and the server renderer of /certificates/verify/{code} answer from it.
 */
export const certificateReads = {
  verify: publicRead({
    input: certificateVerifyParamsSchema,
    response: certificateVerificationResponseSchema,
    guest: null,
    answer: async (db, { code }) => ({ data: await verifyCertificate(db, code) }),
  }),
};

/** CPD settings, evaluations and certificates of events (docs/product-rules.md "CPD certificates"), under /api/cpd. */
export const cpdRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; storage: Storage }> = async (
  app,
  { db, config, storage },
) => {
  const context = { db, config };

  app.get(
    '/events/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'An event’s CPD settings, evaluation questions and registrations with their certificates',
        params: idParamsSchema,
        response: { 200: cpdEventResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await readCpdEvent(db, request.params.id) }),
  );

  app.put(
    '/events/:id/settings',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'Save the CPD settings of an event that provides certification',
        params: idParamsSchema,
        body: cpdSettingsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await saveSettings(db, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/events/:id/evaluation',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'Replace the evaluation questions; 409 once anyone has answered',
        params: idParamsSchema,
        body: evaluationQuestionsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await saveQuestions(db, request.params.id, request.body.questions);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/registrations/:id/role',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'Set an attendee’s role (participant, speaker with talks, moderator, facilitator)',
        params: idParamsSchema,
        body: cpdRoleSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await setRole(db, request.params.id, request.body.role, request.body.talks);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/events/:id/evaluation-results',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'The evaluation’s results: average and count per rating question, the comments',
        params: idParamsSchema,
        response: { 200: evaluationResultsResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await evaluationResults(db, request.params.id) }),
  );

  app.get(
    '/events/:id/evaluation-results.csv',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'Every evaluation response as CSV, one line each, without names',
        params: idParamsSchema,
        produces: ['text/csv'],
        response: csvResponse,
      },
    },
    async (request, reply) => sendCsv(reply, await evaluationCsv(db, request.params.id)),
  );

  app.get(
    '/events/:id/attendance.csv',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'Attendance report: name, PRC number, profession, sessions attended, units',
        params: idParamsSchema,
        produces: ['text/csv'],
        response: csvResponse,
      },
    },
    async (request, reply) => sendCsv(reply, await attendanceCsv(db, request.params.id)),
  );

  app.post(
    '/events/:id/certificates',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'Issue the certificates of everyone eligible after the event; the others listed with why',
        params: idParamsSchema,
        response: { 200: certificateIssueResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const data = await issueCertificates(context, request.params.id, viewerOf(request));
      if (data.issued.length > 0) app.mailWorker.poke();
      return { data };
    },
  );

  app.post(
    '/certificates/:number/revoke',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'Revoke a certificate with a reason; its verification page then says so',
        params: certificateNumberParamsSchema,
        body: certificateRevokeSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await revokeCertificate(db, viewerOf(request), request.params.number, request.body.reason);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/prc-details',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cpd'],
        summary: 'The signed-in person’s PRC details (private: only they and admins read them)',
        response: { 200: prcDetailsResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await readPrcDetails(db, viewerOf(request).userId) }),
  );

  app.put(
    '/prc-details',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cpd'],
        summary: 'Save the signed-in person’s PRC details',
        body: prcDetailsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await savePrcDetails(db, viewerOf(request).userId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/my-events',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cpd'],
        summary: 'The certified events the signed-in person attended, with their evaluation and certificate',
        response: { 200: myCpdEventsResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await myCpdEvents(db, viewerOf(request).userId) }),
  );

  app.get(
    '/events/:id/evaluation',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cpd'],
        summary: 'The event’s evaluation form for the signed-in attendee, and whether they answered it',
        params: idParamsSchema,
        response: { 200: myEvaluationResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await readOwnEvaluation(db, request.params.id, viewerOf(request).userId) }),
  );

  app.post(
    '/events/:id/evaluation',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cpd'],
        summary: 'Answer the evaluation, once, after being checked in',
        params: idParamsSchema,
        body: evaluationSubmitSchema,
        response: { 201: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await submitEvaluation(db, request.params.id, viewerOf(request).userId, request.body);
      return reply.status(201).send(null);
    },
  );

  // The CPD transcript (docs/product-rules.md "CPD transcript", decision 070).
  app.get(
    '/licences',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cpd'],
        summary: 'The signed-in person’s PRC licences, one per profession',
        response: { 200: prcLicencesResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: { licences: await readLicences(db, viewerOf(request).userId) } }),
  );

  app.put(
    '/licences',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cpd'],
        summary: 'Replace the signed-in person’s PRC licences (profession, number, registration, expiry)',
        body: prcLicencesSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await saveLicences(db, viewerOf(request).userId, request.body.licences);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/transcript',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cpd'],
        summary:
          'The signed-in person’s transcript: per licence and renewal period, units required, earned and left',
        response: { 200: transcriptResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NOT_STORED);
      return readTranscript(db, viewerOf(request).userId);
    },
  );

  app.get(
    '/transcript.pdf',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cpd'],
        summary:
          'One licence’s transcript as a PDF with a verification QR code: the person’s own; staff name anyone',
        querystring: transcriptPdfQuerySchema,
        produces: ['application/pdf'],
        response: refusals,
      },
    },
    async (request, reply) => {
      const transcript = await transcriptForPdf(db, viewerOf(request), request.query);
      const bytes = await renderTranscriptPdf(db, transcript, config.publicUrl);
      return sendPdf(reply, `cpd-transcript-${transcript.periods[0]?.profession}`, bytes);
    },
  );

  app.post(
    '/external-units',
    {
      config: { access: 'member' },
      validatorCompiler: externalUnitForm.validatorCompiler,
      schema: {
        tags: ['cpd'],
        summary:
          'Record units earned elsewhere with the certificate (a PDF or an image, 5 MB); pending review',
        ...externalUnitForm.schema,
        response: { 201: externalUnitResponseSchema, ...refusals, ...uploadRefusals },
      },
    },
    async (request, reply) => {
      const { fields, files } = await externalUnitForm.read(request);
      const data = await recordExternalUnit(
        { db, storage },
        viewerOf(request).userId,
        fields,
        files.certificate[0],
      );
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/external-units/:id/certificate',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cpd'],
        summary: 'An external entry’s certificate: its owner and the secretariat only; never cached',
        params: idParamsSchema,
        produces: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
      },
    },
    async (request, reply) => {
      const entry = await externalCertificateFor(db, viewerOf(request), request.params.id);
      const file = await storage.read(entry.certificate_file);
      if (!file) throw new AppError(404, TRANSCRIPT_MESSAGES.externalNotFound, { code: 'not_found' });
      // A private file (decision 066): served only here, after the check above.
      return reply
        .header('content-type', entry.certificate_type)
        .header('cache-control', NOT_STORED)
        .header('content-disposition', 'inline')
        .send(file.body);
    },
  );

  app.get(
    '/admin/external-units',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'External CPD entries for review, waiting ones first',
        querystring: externalUnitsAdminQuerySchema,
        response: { 200: externalUnitsAdminResponseSchema, ...refusals },
      },
    },
    async (request) => listExternalUnits(db, request.query),
  );

  app.post(
    '/admin/external-units/:id/approve',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'Approve an external entry: its units count; a second approval is 409',
        params: idParamsSchema,
        response: { 200: externalUnitResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await decideExternalUnit(db, viewerOf(request), request.params.id, { status: 'approved' }),
    }),
  );

  app.post(
    '/admin/external-units/:id/reject',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'Reject an external entry with a reason the member reads',
        params: idParamsSchema,
        body: externalUnitRejectSchema,
        response: { 200: externalUnitResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await decideExternalUnit(db, viewerOf(request), request.params.id, {
        status: 'rejected',
        reason: request.body.reason,
      }),
    }),
  );

  app.get(
    '/admin/short-of-units.csv',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'Members short of units for a licence renewal in the next 6 months',
        produces: ['text/csv'],
        response: csvResponse,
      },
    },
    async (_request, reply) => sendCsv(reply, await shortOfUnitsCsv(db)),
  );

  app.get(
    '/events/:id/prc-report.csv',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'The PRC attendance report of an event by profession (certificates issued)',
        params: idParamsSchema,
        querystring: z.object({
          profession: z.enum(PROFESSION_CODES, TRANSCRIPT_MESSAGES.professionInvalid).optional(),
        }),
        produces: ['text/csv'],
        response: csvResponse,
      },
    },
    async (request, reply) => {
      await readCpdEvent(db, request.params.id);
      return sendCsv(reply, await prcReportCsv(db, request.params.id, request.query.profession));
    },
  );

  app.get(
    '/provider-accreditations',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary:
          'The association’s CPD provider accreditation per profession, with a warning 60 days before it lapses',
        response: { 200: providerAccreditationsResponseSchema, ...refusals },
      },
    },
    async () => ({ data: await readProviderAccreditations(db) }),
  );

  app.put(
    '/provider-accreditations',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['cpd'],
        summary: 'Replace the provider accreditations per profession',
        body: providerAccreditationsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await saveProviderAccreditations(db, request.body.accreditations);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/transcripts/verify/:code',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit: verifyRateLimit(config) },
      schema: {
        tags: ['cpd'],
        summary: 'What a printed transcript said, by its QR code’s code: name, profession, period, units',
        params: transcriptVerifyParamsSchema,
        response: { 200: transcriptVerificationResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => ({ data: await verifyTranscript(db, request.params.code) }),
  );
};

/** The certificates themselves, under /api/certificates: the PDF, and the public verification. */
export const certificateRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/:number.pdf',
    {
      config: { access: 'member' },
      schema: {
        tags: ['cpd'],
        summary: 'The certificate as a PDF: for its owner and administrators; others 403',
        params: certificateNumberParamsSchema,
        produces: ['application/pdf'],
        response: refusals,
      },
    },
    async (request, reply) => {
      const certificate = await certificateForDownload(db, viewerOf(request), request.params.number);
      return sendPdf(reply, certificate.number, await renderCertificatePdf(certificate, config.publicUrl));
    },
  );

  app.get(
    '/verify/:code',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit: verifyRateLimit(config) },
      schema: {
        tags: ['cpd'],
        summary:
          'What anyone may read of a certificate, by its code: name, program, dates, units, whether revoked',
        params: certificateReads.verify.input,
        response: { 200: certificateReads.verify.response, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => certificateReads.verify.answer(db, request.params, null),
  );
};
