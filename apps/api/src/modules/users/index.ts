// What others may use of the users module (docs/decisions/034-modules-by-domain.md): the list's
// statements, which `cli.ts explain-users` explains.
export { userListQueries } from './admin-list';
export { COMMAND_LINE_ACTOR, GRANT_USAGE, grantStaffRole, parseGrantArguments } from './grant-role';
