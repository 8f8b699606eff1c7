// What other modules may use of dues (docs/decisions/034-modules-by-domain.md).
export { previewDailyDues, runDailyDues, runDueDays } from './daily';
export { documentDate, loadFonts as loadDocumentFonts } from './documents';
export { approvePaidRegistration, issueEventFeeStatement, lockEventFeeStatement } from './event-fees';
export { assignMemberNumber } from './member-numbers';
export { recordPayment } from './payments';
export { readDuesSettings } from './settings';
export {
  billedRecipients,
  issueDueStatements,
  issueNewMemberStatement,
  nextSequenceNumber,
  paidOf,
  paidSoFar,
  voidLockedStatement,
} from './statements';
