// What other modules may use of dues (docs/decisions/034-modules-by-domain.md).
export { issueDueStatements, issueNewMemberStatement } from './statements';
