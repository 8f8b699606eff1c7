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
  /**
   * A statement of account (with its payments and receipts), counted from the day it was issued:
   * kept for the BIR's ten years, never deleted, then printed without the person
   * (`RETENTION_REPLACED_PERSON`).
   */
  statementNameYears: 10,
  /** A session (a sign-in's record: when, from which address and browser), counted from the sign-in. */
  sessionDays: 90,
  /** The outbox's rows of mail that was not delivered (failed, withdrawn), counted from their queueing. */
  deliveryLogYears: 1,
  /** A row of the audit log of staff actions. */
  auditLogYears: 10,
  /**
   * The consent records of an account that was closed (erased: its placeholder stays, decision
   * 068), counted from the erasure; a deleted account's records go with it (decision 065).
   */
  consentAfterClosureYears: 3,
} as const;

/**
 * Who a statement bills once its ten years are over: the printed name and address give way to this
 * (an erased account's statements already print its placeholder, and keep it). The address is one
 * that cannot receive mail, as an erased account's is.
 */
export const RETENTION_REPLACED_PERSON = {
  name: 'Name removed after 10 years',
  email: 'name-removed@erased.invalid',
} as const;

/** The kinds of record the retention job removes, in the order it removes them. */
export const RETENTION_KINDS = [
  'unconfirmedAccounts',
  'rejectedApplications',
  'paymentProofs',
  'statementNames',
  'sessions',
  'deliveryLogs',
  'auditLog',
  'consentRecords',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** The name of the daily job in the job runner (`npm run job -- privacy-retention`). */
export const PRIVACY_RETENTION_JOB = 'privacy-retention';
