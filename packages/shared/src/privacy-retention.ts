/**
 * The periods of the retention schedule that the daily job applies (docs/product-rules.md
 * "Retention schedule", docs/decisions/069). `RETENTION_SCHEDULE` (privacy.ts) says the same in
 * words for the notice; the shared unit test checks that the two agree.
 */
export const RETENTION_PERIODS = {
  /** An account whose e-mail was never confirmed, counted from its registration. */
  unconfirmedAccountDays: 30,
  /** A rejected membership application, counted from the decision. */
  rejectedApplicationYears: 1,
  /** A payment proof, counted from the day paid. */
  paymentProofYears: 5,
  /** A session (a sign-in's record: when, from which address and browser), counted from the sign-in. */
  sessionDays: 90,
  /** The outbox's rows of mail that was not delivered (failed, withdrawn), counted from their queueing. */
  deliveryLogYears: 1,
  /** A row of the audit log of staff actions. */
  auditLogYears: 10,
} as const;

/** The kinds of record the retention job removes, in the order it removes them. */
export const RETENTION_KINDS = [
  'unconfirmedAccounts',
  'rejectedApplications',
  'paymentProofs',
  'sessions',
  'deliveryLogs',
  'auditLog',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** The name of the daily job in the job runner (`npm run job -- privacy-retention`). */
export const PRIVACY_RETENTION_JOB = 'privacy-retention';
