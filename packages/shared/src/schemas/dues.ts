import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import {
  DUES_MESSAGES,
  DUES_PAYMENT_METHODS,
  DUES_PAYMENT_STATUSES,
  DUES_REASON_MAX_CHARS,
  DUES_REFERENCE_MAX_CHARS,
  DUES_STATEMENT_FILTERS,
  DUES_STATEMENT_KINDS,
  DUES_STATEMENT_STATUSES,
  GRACE_DAYS_RANGE,
  MAX_DUES_CENTAVOS,
  MAX_REMINDER_STEPS,
  PAYMENT_INSTRUCTIONS_MAX_CHARS,
  REMINDER_DELIVERY_STATES,
  REMINDER_MESSAGES,
  REMINDER_OFFSET_RANGE,
  REMINDER_RECIPIENT_ROLES,
} from '../dues';
import { MEMBERSHIP_CATEGORIES } from '../enums';
import { parsePesos } from '../money';
import { isCalendarDate, optionalText, paginationSchema, requiredChoice, requiredText, text } from './common';
import { optionalIdFilter, pageQuerySchema, queryChoice, searchQuerySchema } from './query';

/**
 * The dues calls (docs/product-rules.md "Dues"). Amounts travel as integer centavos; a form that
 * sends text (multipart) may send them as digits.
 */

/** Integer centavos, more than zero: '1500000' from a form or 1500000 from JSON. */
export const centavosField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : value),
  z
    .number({
      error: (issue) =>
        issue.input == null || issue.input === '' ? DUES_MESSAGES.amountRequired : DUES_MESSAGES.amountWhole,
    })
    .int(DUES_MESSAGES.amountWhole)
    .positive(DUES_MESSAGES.amountPositive)
    .max(MAX_DUES_CENTAVOS, DUES_MESSAGES.amountTooLarge),
);

/** A payment's date: a real day, not after today in Manila (the server checks "today"). */
export const paidOnField = text('Payment date', { requiredMessage: DUES_MESSAGES.paidOnRequired })
  .trim()
  .min(1, DUES_MESSAGES.paidOnRequired)
  .refine(isCalendarDate, DUES_MESSAGES.paidOnInvalid);

const methodField = requiredChoice(DUES_PAYMENT_METHODS, 'Payment method');
const referenceField = optionalText('Reference', DUES_REFERENCE_MAX_CHARS).optional();
const reasonField = requiredText('Reason', DUES_MESSAGES.reasonRequired, DUES_REASON_MAX_CHARS, 'multi');

/** POST /api/dues/statements/{id}/payments (admin): a payment received by the secretariat. */
export const recordPaymentSchema = z.strictObject({
  method: methodField,
  reference: referenceField,
  amount: centavosField,
  paid_on: paidOnField,
  birInvoiceNumber: optionalText('BIR invoice number', DUES_REFERENCE_MAX_CHARS).optional(),
  /** An amount above the balance is recorded only when the admin confirms it as an overpayment. */
  overpayment: z.boolean('Overpayment must be true or false').optional(),
});
export type RecordPayment = z.infer<typeof recordPaymentSchema>;

/** POST /api/dues/statements/{id}/proof (member, multipart, with the file): a payment to verify. */
export const paymentProofSchema = z.strictObject({
  method: methodField,
  reference: referenceField,
  amount: centavosField,
  paid_on: paidOnField,
});
export type PaymentProof = z.infer<typeof paymentProofSchema>;

/**
 * The payment forms (a member's proof, the admin's record): the amount typed in pesos, read as
 * centavos without floating point; the rest as the API takes it.
 */
export const paymentFormSchema = z.object({
  method: methodField,
  reference: referenceField,
  amount: text('Amount', { requiredMessage: DUES_MESSAGES.amountRequired })
    .trim()
    .min(1, DUES_MESSAGES.amountRequired)
    .transform((value, context) => {
      const centavos = parsePesos(value);
      const message =
        centavos === null
          ? DUES_MESSAGES.amountInPesos
          : centavos === 0
            ? DUES_MESSAGES.amountPositive
            : centavos > MAX_DUES_CENTAVOS
              ? DUES_MESSAGES.amountTooLarge
              : null;
      if (message) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return centavos as number;
    }),
  paid_on: paidOnField,
});
export type PaymentFormInput = z.input<typeof paymentFormSchema>;
export type PaymentForm = z.output<typeof paymentFormSchema>;

/** POST /api/dues/payments/{id}/verify (admin). */
export const verifyPaymentSchema = z.strictObject({
  birInvoiceNumber: optionalText('BIR invoice number', DUES_REFERENCE_MAX_CHARS).optional(),
  overpayment: z.boolean('Overpayment must be true or false').optional(),
});
/** POST /api/dues/payments/{id}/reject and /api/dues/statements/{id}/void (admin). */
export const reasonSchema = z.strictObject({ reason: reasonField });

/** POST /api/dues/statements (admin): a draft bill for a member, for 12 months or a semester. */
export const issueStatementSchema = z.strictObject({
  userId: z.uuid('Choose a member'),
  months: z.union([z.literal(6), z.literal(12)], 'Months must be 6 or 12'),
});
export type IssueStatement = z.infer<typeof issueStatementSchema>;

/** GET /api/dues/statements: a member reads their own; an admin every one, filtered. */
export const duesStatementListQuerySchema = z.object({
  ...pageQuerySchema(PAGE_SIZES.adminDues),
  status: queryChoice(DUES_STATEMENT_FILTERS, `Status must be one of ${DUES_STATEMENT_FILTERS.join(', ')}`),
  search: searchQuerySchema,
  userId: optionalIdFilter,
});
export type DuesStatementListQuery = z.infer<typeof duesStatementListQuerySchema>;

export const duesPaymentSchema = z.object({
  id: z.uuid(),
  statementId: z.uuid(),
  status: z.enum(DUES_PAYMENT_STATUSES),
  method: z.string(),
  reference: z.string().nullable(),
  amount: z.number().int(),
  /** PHP, or the other currency an online payment was reported in, or null for none (held; never applied). */
  currency: z.string().nullable(),
  paid_on: z.string(),
  receiptNumber: z.string().nullable(),
  birInvoiceNumber: z.string().nullable(),
  hasProof: z.boolean(),
  rejectionReason: z.string().nullable(),
  recordedAt: z.string().nullable(),
  created_at: z.string(),
});
export type DuesPaymentView = z.infer<typeof duesPaymentSchema>;

export const duesStatementSchema = z.object({
  id: z.uuid(),
  /** Null for a draft. */
  number: z.string().nullable(),
  kind: z.enum(DUES_STATEMENT_KINDS),
  status: z.enum(DUES_STATEMENT_STATUSES),
  overdue: z.boolean(),
  userId: z.uuid().nullable(),
  membershipId: z.uuid().nullable(),
  /** Null for an event fee, which bills no membership. */
  category: z.enum(MEMBERSHIP_CATEGORIES).nullable(),
  months: z.number().int().nullable(),
  /** What an event fee is for (the event and tier), as printed; null for membership dues. */
  description: z.string().nullable(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  amount: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  issuedOn: z.string(),
  dueOn: z.string(),
  billedName: z.string(),
  billedEmail: z.string(),
  voidReason: z.string().nullable(),
  proofsToVerify: z.number().int(),
  payments: z.array(duesPaymentSchema),
  created_at: z.string(),
});
export type DuesStatementView = z.infer<typeof duesStatementSchema>;

export const duesStatementResponseSchema = z.object({ data: duesStatementSchema });
export const duesStatementListResponseSchema = z.object({
  data: z.object({
    statements: z.array(duesStatementSchema),
    pagination: paginationSchema,
    /** How to pay, as the statements print it: the member's Dues section shows it beside them. */
    paymentInstructions: z.string(),
    /** Whether "Pay online" is offered: a payment gateway is configured. */
    onlinePayment: z.boolean(),
  }),
});
/** POST /api/dues/statements/{id}/checkout: the gateway's page to send the member to. */
export const checkoutResponseSchema = z.object({ data: z.object({ url: z.string() }) });
/** POST /api/dues/checkouts/check: how many pending payments were asked about, and recorded or held. */
export const checkResponseSchema = z.object({
  data: z.object({ checked: z.number().int(), applied: z.number().int() }),
});
/** What a gateway's notification changed: a payment recorded, one held for review, or nothing. */
export const webhookResponseSchema = z.object({
  data: z.object({ outcome: z.enum(['recorded', 'held', 'unchanged']) }),
});
export type DuesStatementListResponse = z.infer<typeof duesStatementListResponseSchema>;
export const duesPaymentResponseSchema = z.object({ data: duesPaymentSchema });
export const statementsRunParamsSchema = z.object({ runId: z.uuid('Invalid run id') });

/** Fees as an admin types them, in pesos; stored as centavos. */
const feeField = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    text(label).transform((value, context) => {
      const centavos = parsePesos(value);
      if (centavos === null || centavos > MAX_DUES_CENTAVOS) {
        context.addIssue({ code: 'custom', message: DUES_MESSAGES.feeInvalid });
        return z.NEVER;
      }
      return centavos;
    }),
  );

/** Reminder days as an admin types them: whole numbers in range, separated by commas, no repeats. */
const reminderOffsetsField = z.preprocess(
  (value) => (Array.isArray(value) ? value.join(',') : value),
  text('Reminder days').transform((value, context) => {
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const offsets = parts.map(Number);
    if (
      !parts.every((part) => /^[-+]?\d{1,3}$/.test(part)) ||
      offsets.some((offset) => offset < REMINDER_OFFSET_RANGE.min || offset > REMINDER_OFFSET_RANGE.max)
    ) {
      context.addIssue({ code: 'custom', message: REMINDER_MESSAGES.offsetsInvalid });
      return z.NEVER;
    }
    if (new Set(offsets).size !== offsets.length) {
      context.addIssue({ code: 'custom', message: REMINDER_MESSAGES.offsetsDuplicate });
      return z.NEVER;
    }
    if (offsets.length > MAX_REMINDER_STEPS) {
      context.addIssue({ code: 'custom', message: REMINDER_MESSAGES.offsetsTooMany });
      return z.NEVER;
    }
    return offsets.sort((a, b) => a - b);
  }),
);
const graceDaysField = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  text('Grace').transform((value, context) => {
    const days = Number(value.trim());
    if (!/^\d{1,3}$/.test(value.trim()) || days < GRACE_DAYS_RANGE.min || days > GRACE_DAYS_RANGE.max) {
      context.addIssue({ code: 'custom', message: REMINDER_MESSAGES.graceInvalid });
      return z.NEVER;
    }
    return days;
  }),
);

/** PUT /api/dues/settings (admin, multipart with an optional QR image). */
export const duesSettingsUpdateSchema = z.strictObject({
  regularFee: feeField('Regular fee'),
  associateFee: feeField('Associate fee'),
  individualFee: feeField('Individual fee'),
  paymentInstructions: requiredText(
    'Payment instructions',
    'Payment instructions are required',
    PAYMENT_INSTRUCTIONS_MAX_CHARS,
    'multi',
  ),
  associationName: requiredText('Association name', 'Association name is required', 200),
  associationAddress: requiredText('Association address', 'Association address is required', 300),
  associationTin: requiredText('Association TIN', 'Association TIN is required', 30),
  removeQrImage: z.enum(['true', 'false'], 'Remove QR image must be true or false').optional(),
  /** '-30, -14, -7, 0, 7, 30': days from the due date; absent keeps the current ones. */
  reminderOffsets: reminderOffsetsField.optional(),
  graceDays: graceDaysField.optional(),
});
export type DuesSettingsUpdate = z.infer<typeof duesSettingsUpdateSchema>;

export const duesSettingsSchema = z.object({
  fees: z.object({
    Regular: z.number().int(),
    Associate: z.number().int(),
    Individual: z.number().int(),
    Honorary: z.number().int(),
  }),
  paymentInstructions: z.string(),
  hasQrImage: z.boolean(),
  associationName: z.string(),
  associationAddress: z.string(),
  associationTin: z.string(),
  onlinePayment: z.boolean(),
  reminderOffsets: z.array(z.number().int()),
  graceDays: z.number().int(),
});
export type DuesSettings = z.infer<typeof duesSettingsSchema>;
export const duesSettingsResponseSchema = z.object({ data: duesSettingsSchema });

/** GET /api/dues/summary (admin): the dashboard's figures, each opening its filtered list. */
export const duesSummarySchema = z.object({
  collectedThisMonth: z.number().int(),
  collectedThisYear: z.number().int(),
  outstanding: z.number().int(),
  overdue: z.number().int(),
  overdueCount: z.number().int(),
  proofsToVerify: z.number().int(),
});
export type DuesSummary = z.infer<typeof duesSummarySchema>;
export const duesSummaryResponseSchema = z.object({ data: duesSummarySchema });

// ---------------------------------------------------------------------------------------------
// Reminders (docs/decisions/042-scheduled-renewals.md)

const dayField = text('Date').refine(isCalendarDate, REMINDER_MESSAGES.dateInvalid);

/** GET /api/dues/reminders/preview: what the day's run would issue and queue (today by default). */
export const reminderPreviewQuerySchema = z.object({ date: dayField.optional() });

/** One message of a day's run, planned or queued. */
export const reminderMessageSchema = z.object({
  statementId: z.uuid(),
  statementNumber: z.string(),
  userId: z.uuid().nullable(),
  memberName: z.string(),
  email: z.string(),
  role: z.enum(REMINDER_RECIPIENT_ROLES),
  offset: z.number().int(),
  dueOn: z.string(),
  amount: z.number().int(),
});
export type ReminderMessage = z.infer<typeof reminderMessageSchema>;

export const reminderPreviewResponseSchema = z.object({
  data: z.object({
    date: z.string(),
    /** Members whose semester statement the run would issue. */
    statementsToIssue: z.array(z.object({ userId: z.uuid(), memberName: z.string(), email: z.string() })),
    messages: z.array(reminderMessageSchema),
    /** Messages skipped because the member's reminders are paused. */
    paused: z.number().int(),
  }),
});
export type ReminderPreview = z.infer<typeof reminderPreviewResponseSchema>['data'];

/** POST /api/dues/reminders/run: what the run issued and queued. */
export const reminderRunResponseSchema = z.object({
  data: z.object({ date: z.string(), issued: z.number().int(), messages: z.array(reminderMessageSchema) }),
});

/** GET /api/dues/reminders: the delivery log, newest first. */
export const reminderLogQuerySchema = z.object({
  ...pageQuerySchema(PAGE_SIZES.adminDues),
  state: queryChoice(REMINDER_DELIVERY_STATES, `State must be one of ${REMINDER_DELIVERY_STATES.join(', ')}`),
  userId: optionalIdFilter,
  search: searchQuerySchema,
});
export type ReminderLogQuery = z.infer<typeof reminderLogQuerySchema>;

export const reminderDeliverySchema = reminderMessageSchema.extend({
  id: z.uuid(),
  runDate: z.string(),
  state: z.enum(REMINDER_DELIVERY_STATES),
  /** A copy an administrator asked for, beside the scheduled one. */
  resend: z.boolean(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type ReminderDelivery = z.infer<typeof reminderDeliverySchema>;
export const reminderDeliveryResponseSchema = z.object({ data: reminderDeliverySchema });
export const reminderLogResponseSchema = z.object({
  data: z.object({ deliveries: z.array(reminderDeliverySchema), pagination: paginationSchema }),
});

/** PUT /api/dues/reminders/pauses/{id} (the member's user id): pause or resume, with a reason. */
export const reminderPauseSchema = z.strictObject({
  paused: z.boolean('Paused must be true or false'),
  reason: requiredText('Reason', REMINDER_MESSAGES.reasonRequired, DUES_REASON_MAX_CHARS),
});
export type ReminderPauseInput = z.infer<typeof reminderPauseSchema>;
export const reminderPauseViewSchema = z.object({
  userId: z.uuid(),
  memberName: z.string(),
  email: z.string(),
  reason: z.string(),
  pausedAt: z.string(),
});
export type ReminderPauseView = z.infer<typeof reminderPauseViewSchema>;
export const reminderPauseListResponseSchema = z.object({ data: z.array(reminderPauseViewSchema) });
