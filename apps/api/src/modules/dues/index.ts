// What other modules may use of dues (docs/decisions/034-modules-by-domain.md).
export { type DailyResult, previewDailyDues, runDailyDues } from './daily';
export { loadFonts as loadDocumentFonts, loadPdfKit } from './documents';
export { approvePaidRegistration, issueEventFeeStatement, lockEventFeeStatement } from './event-fees';
export { statementAttachment } from './mail-attachments';
export { assignMemberNumber } from './member-numbers';
export { pollPendingCheckouts } from './online';
export { recordPayment } from './payments';
// A member's documents as issued, for their data export (modules/privacy/export.ts).
export { receiptPdf, statementPdf } from './pdf-documents';
export { moveProofsToPrivateFiles } from './private-proofs';
export { createPaymentProvider, type PaymentProvider } from './providers/payment-provider';
export { readDuesSettings } from './settings';
export {
  billedRecipients,
  DUES_STATEMENTS_JOB,
  issueDueStatements,
  issueNewMemberStatement,
  mailPendingStatements,
  nextSequenceNumber,
  paidOf,
  paidSoFar,
  STATEMENT_MAIL_JOB,
  voidLockedStatement,
} from './statements';
