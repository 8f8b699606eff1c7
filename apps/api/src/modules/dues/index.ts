// What other modules may use of dues (docs/decisions/034-modules-by-domain.md).

export { previewDailyDues, runDailyDues, runDueDays } from './daily';
export { billedRecipients, issueDueStatements, issueNewMemberStatement } from './statements';
