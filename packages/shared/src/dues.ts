import { IMAGE_MAX_BYTES, MEMBERSHIP_FEES, SECOND_SEMESTER_DUE_DAYS } from './constants';
import type { MembershipCategory } from './enums';

/**
 * Dues: statements of account, payments and receipts (docs/product-rules.md "Dues"). Amounts are
 * integer centavos of the Philippine peso everywhere; pesos appear only where a person reads or
 * types them.
 */

/**
 * A statement the secretariat prepares by hand is a `draft` (unnumbered, unseen by the member)
 * until it is issued; every other is issued at once. Then `partly_paid` / `paid`, or `void`.
 */
export const DUES_STATEMENT_STATUSES = ['draft', 'issued', 'partly_paid', 'paid', 'void'] as const;
export type DuesStatementStatus = (typeof DUES_STATEMENT_STATUSES)[number];
/** The statements still owed: a reminder, the member's balance and "overdue" read these. */
export const UNPAID_STATEMENT_STATUSES = ['issued', 'partly_paid'] as const satisfies DuesStatementStatus[];

export const DUES_STATEMENT_STATUS_LABELS: Record<DuesStatementStatus, string> = {
  draft: 'Draft',
  issued: 'Issued',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  void: 'Void',
};

/**
 * Why a statement was issued: at approval, for a semester of renewal, by the secretariat, or for a
 * paid event registration (`event_fee`: no membership, category or months; it never touches standing).
 */
export const DUES_STATEMENT_KINDS = ['new_member', 'semester', 'manual', 'event_fee'] as const;
export type DuesStatementKind = (typeof DUES_STATEMENT_KINDS)[number];

/**
 * A payment is `submitted` by a member with proof until the secretariat verifies it (`recorded`,
 * numbered with a receipt) or rejects it; an online payment whose amount or currency does not
 * match the statement is `held` for the secretariat to look at.
 */
export const DUES_PAYMENT_STATUSES = ['submitted', 'recorded', 'rejected', 'held'] as const;
export type DuesPaymentStatus = (typeof DUES_PAYMENT_STATUSES)[number];

export const DUES_PAYMENT_STATUS_LABELS: Record<DuesPaymentStatus, string> = {
  submitted: 'Proof to verify',
  recorded: 'Recorded',
  rejected: 'Rejected',
  held: 'Held for review',
};

/** How money reached the association: the channels members in the Philippines use. */
export const DUES_PAYMENT_METHODS = [
  'Bank transfer',
  'Bank deposit',
  'GCash',
  'Maya',
  'QR Ph',
  'Card',
  'Cash',
  'Cheque',
] as const;
export type DuesPaymentMethod = (typeof DUES_PAYMENT_METHODS)[number];

/** Filters of the admin statements list: a status, or the two lists the secretariat works from. */
export const DUES_STATEMENT_FILTERS = [...DUES_STATEMENT_STATUSES, 'overdue', 'proof_to_verify'] as const;
export type DuesStatementFilter = (typeof DUES_STATEMENT_FILTERS)[number];

export const DUES_STATEMENT_FILTER_LABELS: Record<DuesStatementFilter, string> = {
  ...DUES_STATEMENT_STATUS_LABELS,
  overdue: 'Overdue',
  proof_to_verify: 'Proof to verify',
};

/**
 * A new member's statement covers MEMBERSHIP_PERIOD_MONTHS, a renewal's SEMESTRAL_PERIOD_MONTHS
 * (constants.ts); a statement is due SECOND_SEMESTER_DUE_DAYS after it is issued, and a
 * semester's is issued that many days before the paid-through date, so it falls due on it.
 */
export const SEMESTER_NOTICE_DAYS = SECOND_SEMESTER_DUE_DAYS;
/** Proof of payment: an image or a PDF, at most 5 MB as every upload. */
export const PROOF_MAX_BYTES = IMAGE_MAX_BYTES;
export const PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const DUES_REASON_MAX_CHARS = 500;
export const DUES_REFERENCE_MAX_CHARS = 100;
export const PAYMENT_INSTRUCTIONS_MAX_CHARS = 2000;
/** The largest amount a form takes, ₱10,000,000.00: far above any fee, far below integer limits. */
export const MAX_DUES_CENTAVOS = 1_000_000_000;

/** The fees before an administrator changes them: the specification's, in centavos; Honorary pays nothing. */
export const DEFAULT_FEES_CENTAVOS: Record<MembershipCategory, number> = {
  Regular: MEMBERSHIP_FEES.Regular * 100,
  Associate: MEMBERSHIP_FEES.Associate * 100,
  Individual: MEMBERSHIP_FEES.Individual * 100,
  Honorary: 0,
};

export const DUES_MESSAGES = {
  statementNotFound: 'Statement not found',
  statementsRunning: 'The semester statements are being issued already: this page shows how far it has come',
  statementsRunNotFound: 'That run of the semester statements was not found',
  paymentNotFound: 'Payment not found',
  notYourStatement: 'You can only see your own statements',
  statementVoid: 'This statement is void and cannot be paid',
  statementPaid: 'This statement is already paid',
  statementDraft: 'This statement is a draft: issue it before it is paid',
  notDraft: 'Only a draft can be issued',
  alreadyVoid: 'This statement is already void',
  hasPayments: 'A statement with recorded payments cannot be voided',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be more than ₱0.00',
  amountWhole: 'Amount must be in whole centavos',
  amountTooLarge: 'Amount is too large',
  amountInPesos: 'Amount must be in pesos, such as 15,000.00',
  overBalance: (balance: string) =>
    `The amount is more than the balance of ${balance}; confirm it as an overpayment to record it`,
  proofOverBalance: (balance: string) => `The amount is more than the balance of ${balance}`,
  paidOnRequired: 'Payment date is required',
  paidOnInvalid: 'Payment date must be a valid date',
  paidOnFuture: 'Payment date cannot be in the future',
  methodRequired: 'Payment method is required',
  referenceTooLong: `Reference must be at most ${DUES_REFERENCE_MAX_CHARS} characters`,
  proofRequired: 'Attach the proof of payment (an image or a PDF)',
  proofType: 'Proof must be an image (JPEG, PNG, WebP) or a PDF',
  proofTooLarge: 'Proof must be at most 5 MB',
  reasonRequired: 'A reason is required',
  notSubmitted: 'Only a payment waiting for verification can be verified or rejected',
  noMembership: 'This member has no approved membership to bill',
  honoraryNotBilled: 'Honorary members pay no dues',
  alreadyBilled: 'A statement for this period already exists',
  noProvider: 'Online payment is not available; pay by the instructions on the statement',
  webhookRefused: 'The notification could not be verified',
  gatewayFailed: 'The payment page could not be opened. Please try again in a few minutes.',
  feeInvalid: 'Fees must be amounts in pesos, at most ₱10,000,000.00',
  foreignCurrency: (currency: string | null) =>
    `This payment was made in ${currency ?? 'a currency the gateway did not report'}, not in pesos: it cannot be applied to the statement. Reject it and refund the payer through the gateway.`,
} as const;

/**
 * spec 000 §9: "voting rights need the first semester paid". A company whose membership awaits its
 * first payment, or is overdue, shows its voting representative with this note.
 */
export const VOTING_SUSPENDED_TEXT = 'Voting rights suspended until the first semester is paid';
export const isVotingSuspended = (standing: string | undefined) =>
  standing === 'awaiting_payment' || standing === 'overdue' || standing === 'lapsed';

/**
 * The line a company reads above its representatives: whether it can vote, through whom, or why
 * not. `standing` is its newest membership's; none (no application yet) says nothing.
 */
export function companyVotingLine(standing: string | undefined, votingRepresentative: string | null) {
  if (!standing || standing === 'rejected') return null;
  if (standing === 'pending')
    return 'Voting rights: from the approval of the membership and its first payment';
  if (standing === 'expired') return 'Voting rights: none while the membership is expired (renew it to vote)';
  if (isVotingSuspended(standing)) return VOTING_SUSPENDED_TEXT;
  if (!votingRepresentative) return 'Voting rights: active — name a voting representative to cast the vote';
  return `Voting rights: active — ${votingRepresentative} votes for the company`;
}

/** A statement's status as people read it: an unpaid one past its due date is 'Overdue'. */
export const statementStatusText = (statement: { status: DuesStatementStatus; overdue: boolean }) =>
  statement.overdue ? 'Overdue' : DUES_STATEMENT_STATUS_LABELS[statement.status];

/** How a statement is named: its number, or 'Draft' until it is issued. */
export const statementLabel = (statement: { number: string | null }) => statement.number ?? 'Draft';

/**
 * Reminders (docs/decisions/042-scheduled-renewals.md): each step is a number of days from a
 * statement's due date, negative before it; by default 30, 14 and 7 days before, on the day, and
 * 7 and 30 days after. Past the due date a membership is overdue; past the grace it has lapsed.
 */
export const DEFAULT_REMINDER_OFFSETS = [-30, -14, -7, 0, 7, 30] as const;
export const DEFAULT_GRACE_DAYS = 30;
export const REMINDER_OFFSET_RANGE = { min: -90, max: 90 } as const;
export const GRACE_DAYS_RANGE = { min: 0, max: 180 } as const;
export const MAX_REMINDER_STEPS = 10;

/** How a step reads: '30 days before', 'due date', '7 days after'. */
export function reminderStepLabel(offset: number): string {
  if (offset === 0) return 'On the due date';
  const days = Math.abs(offset);
  return `${days} day${days === 1 ? '' : 's'} ${offset < 0 ? 'before' : 'after'}`;
}

/**
 * Where a reminder goes: the member, and for a company its billing e-mail and its voting
 * representative's e-mail (when given); an address already written to is not written to again.
 */
export const REMINDER_RECIPIENT_ROLES = ['member', 'billing', 'representative'] as const;
export type ReminderRecipientRole = (typeof REMINDER_RECIPIENT_ROLES)[number];
export const REMINDER_RECIPIENT_ROLE_LABELS: Record<ReminderRecipientRole, string> = {
  member: 'Member',
  billing: 'Billing e-mail',
  representative: 'Voting representative',
};

export const REMINDER_DELIVERY_STATES = ['queued', 'sent', 'failed'] as const;
export type ReminderDeliveryState = (typeof REMINDER_DELIVERY_STATES)[number];

export const REMINDER_MESSAGES = {
  offsetsInvalid: `Reminder days must be whole numbers from ${REMINDER_OFFSET_RANGE.min} to ${REMINDER_OFFSET_RANGE.max}, separated by commas`,
  offsetsDuplicate: 'Reminder days must not repeat',
  offsetsTooMany: `At most ${MAX_REMINDER_STEPS} reminder days`,
  graceInvalid: `Grace must be a whole number of days from ${GRACE_DAYS_RANGE.min} to ${GRACE_DAYS_RANGE.max}`,
  deliveryNotFound: 'Reminder not found',
  memberNotFound: 'Member not found',
  reasonRequired: 'A reason is required',
  dateInvalid: 'Date must be a day written YYYY-MM-DD',
} as const;

/** What a statement bills, as its line and the member's list say: an event fee, or a category's dues. */
export const statementItemText = (statement: { description: string | null; category: string | null }) =>
  statement.description ?? `${statement.category} membership dues`;
