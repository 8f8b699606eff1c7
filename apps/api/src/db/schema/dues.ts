import {
  DUES_PAYMENT_STATUSES,
  DUES_STATEMENT_KINDS,
  DUES_STATEMENT_STATUSES,
  type DuesPaymentStatus,
  type DuesStatementKind,
  type DuesStatementStatus,
  MEMBERSHIP_CATEGORIES,
  type MembershipCategory,
  REMINDER_RECIPIENT_ROLES,
  type ReminderRecipientRole,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkIn, checkNotNegative, createdAt, updatedAt } from './columns';
import { eventRegistrations } from './events';
import { mailOutbox } from './mail';
import { memberships } from './memberships';
import { users } from './users';

/**
 * The association's dues settings, one row (docs/product-rules.md "Dues"): fees in centavos and
 * what a statement prints. Missing until an administrator first saves them; the defaults of
 * packages/shared (the specification's fees) stand in until then.
 */
export const duesSettings = pgTable(
  'dues_settings',
  {
    id: integer('id').primaryKey().default(1),
    regularFeeCentavos: integer('regular_fee_centavos').notNull(),
    associateFeeCentavos: integer('associate_fee_centavos').notNull(),
    individualFeeCentavos: integer('individual_fee_centavos').notNull(),
    paymentInstructions: text('payment_instructions').notNull(),
    /** The QR Ph image printed on statements, in storage (never served publicly by its key). */
    qrImagePath: text('qr_image_path'),
    associationName: text('association_name').notNull(),
    associationAddress: text('association_address').notNull(),
    associationTin: text('association_tin').notNull(),
    /** Days from a statement's due date on which a reminder goes (docs/decisions/042-scheduled-renewals.md). */
    reminderOffsets: integer('reminder_offsets')
      .array()
      .notNull()
      .default(sql`'{-30,-14,-7,0,7,30}'::integer[]`),
    /** Days after the due date an overdue membership keeps the members' area before it lapses. */
    graceDays: integer('grace_days').notNull().default(30),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('dues_settings_single_row', sql`${t.id} = 1`),
    checkNotNegative('dues_settings_regular_fee_check', t.regularFeeCentavos),
    checkNotNegative('dues_settings_associate_fee_check', t.associateFeeCentavos),
    checkNotNegative('dues_settings_individual_fee_check', t.individualFeeCentavos),
    checkNotNegative('dues_settings_grace_days_check', t.graceDays),
  ],
);

/**
 * The last number given to each kind of document in each year: statements (SOA) and receipts
 * (AR) are numbered in sequence per year, the number taken inside the transaction that issues the
 * document, so a rolled-back issue gives its number back and none is ever used twice.
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/**
 * A statement of account. Never deleted, its number never reused: a mistake is voided with a
 * reason and a new statement issued. Who was billed is kept as printed, so the statement reads
 * the same after the member edits or deletes their account (the user and membership become null).
 */
export const duesStatements = pgTable(
  'dues_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Given when the statement is issued: a draft has none, so no number is ever skipped. */
    number: text('number'),
    kind: text('kind').$type<DuesStatementKind>().notNull(),
    status: text('status').$type<DuesStatementStatus>().notNull().default('issued'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    membershipId: uuid('membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    /** A membership's category and months; null for an event fee, which bills no membership. */
    category: text('category').$type<MembershipCategory>(),
    months: integer('months'),
    /** The event registration an `event_fee` bills: paid in full, the registration is approved. */
    eventRegistrationId: uuid('event_registration_id').references(() => eventRegistrations.id, {
      onDelete: 'set null',
    }),
    /** An event fee's line as printed (event and tier); null for membership dues. */
    description: text('description'),
    /**
     * The period paid for. A new member's 12 months start on the date of payment, so its period is
     * null until it is paid in full; a semester's is known when it is issued.
     */
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    amountCentavos: integer('amount_centavos').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    billedName: text('billed_name').notNull(),
    billedEmail: text('billed_email').notNull(),
    billedAddress: text('billed_address'),
    billedTin: text('billed_tin'),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    /**
     * A semester statement whose e-mail (with its PDF) is still to be queued: the semester run
     * issues thousands at once, and the job `statement-mail` draws and queues them after it
     * (docs/decisions/077).
     */
    mailPending: boolean('mail_pending').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('dues_statements_kind_check', t.kind, DUES_STATEMENT_KINDS),
    checkIn('dues_statements_status_check', t.status, DUES_STATEMENT_STATUSES),
    checkIn('dues_statements_category_check', t.category, MEMBERSHIP_CATEGORIES),
    check('dues_statements_amount_check', sql`${t.amountCentavos} > 0`),
    // Membership dues always have a category and months; an event fee never does.
    check(
      'dues_statements_event_fee_check',
      sql`(${t.kind} = 'event_fee') = (${t.category} is null and ${t.months} is null and ${t.membershipId} is null and ${t.description} is not null)`,
    ),
    // Only a draft (or a draft voided before it was issued) goes without a number.
    check('dues_statements_number_check', sql`${t.number} is not null or ${t.status} in ('draft', 'void')`),
    uniqueIndex('dues_statements_number_unique').on(t.number),
    // One statement per membership and period: issuing twice at once (two processes, an admin
    // and the command) finds the first one's row instead of billing twice. A void one frees it.
    uniqueIndex('dues_statements_membership_period_unique')
      .on(t.membershipId, t.periodFrom)
      .where(sql`${t.status} <> 'void' and ${t.kind} = 'semester'`),
    uniqueIndex('dues_statements_new_member_unique')
      .on(t.membershipId)
      .where(sql`${t.status} <> 'void' and ${t.kind} = 'new_member'`),
    // A member's statements and a membership's standing ("owes a statement past its due date").
    index('dues_statements_user_created_idx').on(t.userId, t.createdAt),
    index('dues_statements_membership_due_idx').on(t.membershipId, t.dueOn),
    index('dues_statements_status_due_idx').on(t.status, t.dueOn),
    index('dues_statements_created_idx').on(t.createdAt, t.id),
    index('dues_statements_event_registration_idx').on(t.eventRegistrationId),
    index('dues_statements_mail_pending_idx').on(t.id).where(sql`${t.mailPending}`),
  ],
);

/**
 * A payment toward a statement: submitted by a member with proof, recorded by an administrator,
 * or reported by the online provider. Never deleted; a receipt number is given only when it is
 * recorded, so receipts are numbered without gaps for rejected proofs.
 */
export const duesPayments = pgTable(
  'dues_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => duesStatements.id, { onDelete: 'restrict' }),
    status: text('status').$type<DuesPaymentStatus>().notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    amountCentavos: integer('amount_centavos').notNull(),
    /**
     * What the amount is in: PHP, except for an online payment the gateway reported in another
     * currency or in none (null), which is held and can only be rejected (and refunded), never
     * applied.
     */
    currency: text('currency').default('PHP'),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    receiptNumber: text('receipt_number'),
    /** The BIR invoice number the secretariat issues from its registered books, typed in. */
    birInvoiceNumber: text('bir_invoice_number'),
    proofPath: text('proof_path'),
    proofType: text('proof_type'),
    rejectionReason: text('rejection_reason'),
    /** The online provider's payment id: the same payment reported twice is recorded once. */
    providerPaymentId: text('provider_payment_id'),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('dues_payments_status_check', t.status, DUES_PAYMENT_STATUSES),
    check('dues_payments_amount_check', sql`${t.amountCentavos} > 0`),
    uniqueIndex('dues_payments_receipt_unique').on(t.receiptNumber),
    uniqueIndex('dues_payments_provider_payment_unique').on(t.providerPaymentId),
    index('dues_payments_statement_idx').on(t.statementId, t.createdAt),
    index('dues_payments_status_idx').on(t.status, t.createdAt),
  ],
);

export type DuesStatement = typeof duesStatements.$inferSelect;
export type DuesPayment = typeof duesPayments.$inferSelect;
export type DuesSettingsRow = typeof duesSettings.$inferSelect;

export const DUES_CHECKOUT_STATES = ['pending', 'paid', 'expired'] as const;

/**
 * An online payment started for a statement (docs/decisions/039-online-dues-payments.md): the
 * gateway's checkout, the amount asked (always the statement's balance, from the server) and what
 * became of it. Pending ones are asked about again until they are paid or expire, so a lost
 * webhook still completes the payment.
 */
export const duesCheckouts = pgTable(
  'dues_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => duesStatements.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    checkoutId: text('checkout_id').notNull(),
    amountCentavos: integer('amount_centavos').notNull(),
    state: text('state').$type<(typeof DUES_CHECKOUT_STATES)[number]>().notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('dues_checkouts_state_check', t.state, DUES_CHECKOUT_STATES),
    uniqueIndex('dues_checkouts_provider_checkout_unique').on(t.provider, t.checkoutId),
    index('dues_checkouts_state_created_idx').on(t.state, t.createdAt),
  ],
);

/** Each gateway event applied, by its id: a replay finds its row and changes nothing. */
export const duesWebhookEvents = pgTable(
  'dues_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: createdAt('received_at'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export type DuesCheckout = typeof duesCheckouts.$inferSelect;

/**
 * The reminder delivery log: one row per statement, step and recipient (the unique key that makes
 * each reminder go exactly once, however many runs or processes), and a row per copy an
 * administrator resends. Whether it was sent is read from its outbox message.
 */
export const duesReminders = pgTable(
  'dues_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => duesStatements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    offsetDays: integer('offset_days').notNull(),
    role: text('role').$type<ReminderRecipientRole>().notNull(),
    email: text('email').notNull(),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    resend: boolean('resend').notNull().default(false),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('dues_reminders_role_check', t.role, REMINDER_RECIPIENT_ROLES),
    uniqueIndex('dues_reminders_once').on(t.statementId, t.offsetDays, t.email).where(sql`not ${t.resend}`),
    index('dues_reminders_created_idx').on(t.createdAt, t.id),
    index('dues_reminders_user_idx').on(t.userId, t.createdAt),
  ],
);
export type DuesReminder = typeof duesReminders.$inferSelect;

/** Members whose reminders an administrator paused, with why (the audit log keeps the history). */
export const duesReminderPauses = pgTable('dues_reminder_pauses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  pausedBy: uuid('paused_by').references(() => users.id, { onDelete: 'set null' }),
  pausedAt: createdAt('paused_at'),
});
