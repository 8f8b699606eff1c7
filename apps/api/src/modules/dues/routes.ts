import {
  apiErrorSchema,
  checkoutResponseSchema,
  checkResponseSchema,
  DUES_MESSAGES,
  type DuesStatementView,
  duesSettingsResponseSchema,
  duesSettingsUpdateSchema,
  duesStatementListQuerySchema,
  duesStatementListResponseSchema,
  duesStatementResponseSchema,
  duesSummaryResponseSchema,
  idParamsSchema,
  issueStatementSchema,
  jobRunResponseSchema,
  manilaDateString,
  paymentProofSchema,
  reasonSchema,
  recordPaymentSchema,
  reminderDeliveryResponseSchema,
  reminderLogQuerySchema,
  reminderLogResponseSchema,
  reminderPauseListResponseSchema,
  reminderPauseSchema,
  reminderPreviewQuerySchema,
  reminderPreviewResponseSchema,
  reminderRunResponseSchema,
  STAFF_AREAS,
  statementLabel,
  statementsRunParamsSchema,
  verifyPaymentSchema,
  webhookResponseSchema,
} from '@portal/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { multipartForm } from '../../lib/multipart';
import type { Storage } from '../../lib/storage';
import { NOT_STORED, type Viewer } from '../../plugins/access';
import { previewDailyDues, runDailyDues } from './daily';
import { exportStatementsCsv } from './export';
import { pollPendingCheckouts, receiveWebhook, startCheckout } from './online';
import { readPaymentFor, recordPayment, rejectPayment, submitProof, verifyPayment } from './payments';
import { receiptPdf, statementPdf } from './pdf-documents';
import { type PaymentProvider, WebhookSignatureError } from './providers/payment-provider';
import { listReminderDeliveries, listReminderPauses, resendReminder, setReminderPause } from './reminders';
import { readDuesSettingsView, updateDuesSettings } from './settings';
import {
  DUES_STATEMENTS_JOB,
  issueDraft,
  issueStatementByHand,
  listStatements,
  readStatementFor,
  readStatementViews,
  voidStatement,
} from './statements';
import { duesSummary } from './summary';

const proofForm = multipartForm(paymentProofSchema, {
  files: { file: 1 },
  tooLargeMessage: DUES_MESSAGES.proofTooLarge,
});
const settingsForm = multipartForm(duesSettingsUpdateSchema, { files: { qrImage: 1 } });
const refusals = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const uploadRefusals = { ...refusals, 413: apiErrorSchema, 415: apiErrorSchema };

/** A PDF for its owner or an admin only: never kept by a shared cache. */
function sendPdf(reply: FastifyReply, filename: string, bytes: Uint8Array) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${filename}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes));
}

/** The dues calls (docs/product-rules.md "Dues"), under /api/dues. */
export const duesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  storage: Storage;
  provider: PaymentProvider | null;
}> = async (app, { db, config, storage, provider }) => {
  const context = { db, config };
  const online = { ...context, provider };
  // Every route here is 'member' or 'staff', which guarantees a viewer.
  const viewerOf = (request: { viewer: Viewer | null }) => request.viewer as Viewer;

  app.get(
    '/statements',
    {
      config: { access: 'member' },
      schema: {
        tags: ['dues'],
        summary: "Statements of account: a member's own; an admin's every one, filtered and searched",
        querystring: duesStatementListQuerySchema,
        response: { 200: duesStatementListResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({
      data: {
        ...(await listStatements(db, viewerOf(request), request.query)),
        onlinePayment: provider !== null,
      },
    }),
  );

  app.post(
    '/statements',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: 'Bill a member by hand for 12 months or a semester of their newest approved membership',
        body: issueStatementSchema,
        response: { 201: duesStatementResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const statement = await issueStatementByHand(context, viewerOf(request), request.body);
      return reply.status(201).send({ data: statement });
    },
  );

  app.post(
    '/statements/:id/issue',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: 'Issue a draft statement: it is numbered, dated today, due in 30 days and e-mailed',
        params: idParamsSchema,
        response: { 200: duesStatementResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const statement = await issueDraft(context, viewerOf(request), request.params.id);
      app.mailWorker.poke();
      return { data: statement };
    },
  );

  app.post(
    '/statements/issue-due',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary:
          'Start issuing the semester statements due today (202, the run as it starts; each membership once, however often it runs)',
        response: { 202: jobRunResponseSchema, 409: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      // A run at a thousand memberships outlasts a request: it is a job, and the page follows it.
      const run = await app.jobs.start(DUES_STATEMENTS_JOB);
      if (!run) throw new AppError(409, DUES_MESSAGES.statementsRunning, { code: 'job_running' });
      return reply.status(202).send({ data: run });
    },
  );

  app.get(
    '/statements/issue-due/:runId',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: 'A run of the semester statements: how far it has come, then what it issued',
        params: statementsRunParamsSchema,
        response: { 200: jobRunResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const run = await app.jobs.run(DUES_STATEMENTS_JOB, request.params.runId);
      if (!run) throw new AppError(404, DUES_MESSAGES.statementsRunNotFound, { code: 'not_found' });
      return { data: run };
    },
  );

  app.get(
    '/reminders/preview',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: "What the day's run would issue and queue (tomorrow, or the date asked), writing nothing",
        querystring: reminderPreviewQuerySchema,
        response: { 200: reminderPreviewResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ data: await previewDailyDues(db, request.query.date ?? manilaDateString()) }),
  );

  app.post(
    '/reminders/run',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: "Run the day's dues work now for a date: statements due, then reminders, each once",
        body: reminderPreviewQuerySchema,
        response: { 200: reminderRunResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const result = await runDailyDues(context, request.body.date ?? manilaDateString());
      if (result.issued > 0 || result.queued.length > 0) app.mailWorker.poke();
      return { data: { date: result.date, issued: result.issued, messages: result.queued } };
    },
  );

  app.get(
    '/reminders',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: 'The reminder delivery log, newest first, by state or member',
        querystring: reminderLogQuerySchema,
        response: { 200: reminderLogResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ data: await listReminderDeliveries(db, request.query) }),
  );

  app.post(
    '/reminders/:id/resend',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: 'Queue a copy of a reminder to the same address (logged)',
        params: idParamsSchema,
        response: { 201: reminderDeliveryResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const copy = await resendReminder(context, viewerOf(request), request.params.id);
      app.mailWorker.poke();
      return reply.status(201).send({ data: copy });
    },
  );

  app.get(
    '/reminders/pauses',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: 'The members whose reminders are paused',
        response: { 200: reminderPauseListResponseSchema },
      },
    },
    async () => ({ data: await listReminderPauses(db) }),
  );

  app.put(
    '/reminders/pauses/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: "Pause or resume one member's reminders, with a reason (audit log)",
        params: idParamsSchema,
        body: reminderPauseSchema,
        response: { 200: reminderPauseListResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await setReminderPause(db, viewerOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/statements/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['dues'],
        summary: 'A statement with its payments (its member or an admin)',
        params: idParamsSchema,
        response: { 200: duesStatementResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const statement = await readStatementFor(db, viewerOf(request), request.params.id);
      const [view] = await readStatementViews(db, [statement.id]);
      return { data: view as DuesStatementView };
    },
  );

  app.get(
    '/statements/:id/pdf',
    {
      config: { access: 'member' },
      schema: {
        tags: ['dues'],
        summary: 'The statement of account as a PDF (its member or an admin)',
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: refusals,
      },
    },
    async (request, reply) => {
      const statement = await readStatementFor(db, viewerOf(request), request.params.id);
      return sendPdf(reply, statementLabel(statement), await statementPdf(db, storage, statement));
    },
  );

  app.get(
    '/payments/:id/receipt',
    {
      config: { access: 'member' },
      schema: {
        tags: ['dues'],
        summary: "A recorded payment's acknowledgement receipt as a PDF (its member or an admin)",
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: refusals,
      },
    },
    async (request, reply) => {
      const { payment, statement } = await readPaymentFor(db, viewerOf(request), request.params.id);
      if (!payment.receiptNumber)
        throw new AppError(404, 'This payment has no receipt yet', { code: 'not_found' });
      return sendPdf(reply, payment.receiptNumber, await receiptPdf(db, statement, payment));
    },
  );

  app.get(
    '/payments/:id/proof',
    {
      config: { access: 'member' },
      schema: {
        tags: ['dues'],
        summary: "A payment's proof as the member uploaded it (its member or dues staff); never cached",
        params: idParamsSchema,
        produces: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      },
    },
    async (request, reply) => {
      const { payment } = await readPaymentFor(db, viewerOf(request), request.params.id);
      const file = payment.proofPath ? await storage.read(payment.proofPath) : null;
      if (!file) throw new AppError(404, 'This payment has no proof', { code: 'not_found' });
      return (
        reply
          .header('content-type', payment.proofType ?? file.contentType)
          // A private file (decision 066): served only here, after the check above.
          .header('cache-control', NOT_STORED)
          .header('content-disposition', 'inline')
          .send(file.body)
      );
    },
  );

  app.post(
    '/statements/:id/payments',
    {
      // Over the balance (confirmed as an overpayment) is sensitive (decision 061): a
      // second-factor check within the last 15 minutes.
      config: {
        access: 'staff',
        roles: STAFF_AREAS.dues,
        stepUp: (request) => (request.body as { overpayment?: boolean } | undefined)?.overpayment === true,
      },
      schema: {
        tags: ['dues'],
        summary: 'Record a payment the secretariat received; the statement is paid when the balance is 0',
        params: idParamsSchema,
        body: recordPaymentSchema,
        response: { 201: duesStatementResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const statement = await recordPayment(context, viewerOf(request), request.params.id, request.body);
      app.mailWorker.poke();
      return reply.status(201).send({ data: statement });
    },
  );

  app.post(
    '/statements/:id/proof',
    {
      config: { access: 'member' },
      validatorCompiler: proofForm.validatorCompiler,
      schema: {
        tags: ['dues'],
        summary: 'Send a payment with its proof (an image or a PDF, 5 MB) for the secretariat to verify',
        params: idParamsSchema,
        ...proofForm.schema,
        response: { 201: duesStatementResponseSchema, ...uploadRefusals },
      },
    },
    async (request, reply) => {
      const { fields, files } = await proofForm.read(request);
      const statement = await submitProof(
        { ...context, storage },
        viewerOf(request),
        request.params.id,
        fields,
        files.file[0],
      );
      return reply.status(201).send({ data: statement });
    },
  );

  app.post(
    '/payments/:id/verify',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: "Verify a member's proof: the payment is recorded and a receipt issued",
        params: idParamsSchema,
        body: verifyPaymentSchema,
        response: { 200: duesStatementResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const statement = await verifyPayment(context, viewerOf(request), request.params.id, request.body);
      app.mailWorker.poke();
      return { data: statement };
    },
  );

  app.post(
    '/payments/:id/reject',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: "Reject a member's proof with a reason, which they are e-mailed",
        params: idParamsSchema,
        body: reasonSchema,
        response: { 200: duesStatementResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const statement = await rejectPayment(
        context,
        viewerOf(request),
        request.params.id,
        request.body.reason,
      );
      app.mailWorker.poke();
      return { data: statement };
    },
  );

  app.post(
    '/statements/:id/void',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues, stepUp: true },
      schema: {
        tags: ['dues'],
        summary: 'Void a statement with a reason (statements are never deleted)',
        params: idParamsSchema,
        body: reasonSchema,
        response: { 200: duesStatementResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await voidStatement(db, viewerOf(request), request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/statements/:id/checkout',
    {
      config: { access: 'member' },
      schema: {
        tags: ['dues'],
        summary: "Start paying a statement's balance online (only when a payment gateway is configured)",
        params: idParamsSchema,
        response: { 200: checkoutResponseSchema, ...refusals, 502: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await startCheckout(online, viewerOf(request), request.params.id, request.log),
    }),
  );

  app.post(
    '/checkouts/check',
    {
      config: { access: 'member' },
      schema: {
        tags: ['dues'],
        summary: "Ask the gateway about the member's own pending online payments (on return from its page)",
        response: { 200: checkResponseSchema },
      },
    },
    async (request) => {
      if (!online.provider) return { data: { checked: 0, applied: 0 } };
      const result = await pollPendingCheckouts(
        { ...online, provider: online.provider },
        { log: request.log, userId: viewerOf(request).userId },
      );
      if (result.applied > 0) app.mailWorker.poke();
      return { data: result };
    },
  );

  // The gateways' notifications, read as the raw bytes their signatures cover: the JSON parser
  // is replaced in this scope only.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1_048_576 },
      (_request, body, done) => done(null, body),
    );
    for (const gateway of ['paymongo', 'xendit'] as const) {
      webhooks.post(
        `/webhooks/${gateway}`,
        {
          config: { access: 'public', ignoresViewer: true },
          schema: {
            tags: ['dues'],
            summary: `The ${gateway === 'paymongo' ? 'PayMongo' : 'Xendit'} notification of a payment: a bad or missing signature is a 401 and nothing is recorded`,
            response: { 200: webhookResponseSchema, 401: apiErrorSchema },
          },
        },
        async (request) => {
          const provider = online.provider?.name === gateway ? online.provider : null;
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          try {
            if (!provider) throw new WebhookSignatureError('no such gateway is configured');
            return {
              data: { outcome: await receiveWebhook({ ...online, provider }, body, request.headers) },
            };
          } catch (error) {
            if (!(error instanceof WebhookSignatureError)) throw error;
            request.log.warn({ gateway, reason: error.message }, 'a payment webhook was refused');
            throw new AppError(401, DUES_MESSAGES.webhookRefused, { code: 'unauthenticated' });
          }
        },
      );
    }
  });

  app.get(
    '/settings',
    {
      config: { access: 'staff', roles: STAFF_AREAS.duesSettings },
      schema: {
        tags: ['dues'],
        summary: 'The dues settings: fees, payment instructions, QR image, the association’s details',
        response: { 200: duesSettingsResponseSchema },
      },
    },
    async () => ({ data: await readDuesSettingsView(db, provider !== null) }),
  );

  app.put(
    '/settings',
    {
      config: { access: 'staff', roles: STAFF_AREAS.duesSettings },
      validatorCompiler: settingsForm.validatorCompiler,
      schema: {
        tags: ['dues'],
        summary: 'Change the dues settings (multipart form, optional QR Ph image)',
        ...settingsForm.schema,
        response: { 200: duesSettingsResponseSchema, ...uploadRefusals },
      },
    },
    async (request) => {
      const { fields, files } = await settingsForm.read(request);
      return {
        data: await updateDuesSettings(
          { db, storage, online: provider !== null },
          viewerOf(request),
          fields,
          files.qrImage[0],
        ),
      };
    },
  );

  app.get(
    '/export-csv',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: 'The filtered statements as CSV for the bookkeeper: amounts in pesos, receipts, status',
        querystring: duesStatementListQuerySchema.omit({ page: true, limit: true }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv, one line per statement'), 400: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statements-${manilaDateString()}.csv"`)
        .header('cache-control', 'no-store')
        .send(await exportStatementsCsv(db, viewerOf(request), request.query)),
  );

  app.get(
    '/summary',
    {
      config: { access: 'staff', roles: STAFF_AREAS.dues },
      schema: {
        tags: ['dues'],
        summary: 'Collected this month and year, outstanding, overdue, proofs waiting',
        response: { 200: duesSummaryResponseSchema },
      },
    },
    async () => ({ data: await duesSummary(db) }),
  );
};
