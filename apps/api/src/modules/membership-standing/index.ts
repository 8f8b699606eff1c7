// What other modules may use of a membership's standing (docs/decisions/034-modules-by-domain.md):
// the one good-standing rule and the membership queries every domain reads. A low module: it uses
// no other module, so memberships, accounts, representatives and the rest can all build on it
// (docs/architecture.md "Module layers").
export {
  goodStanding,
  hasStanding,
  type MembershipWithDues,
  membershipsWithDues,
  newestMembershipOf,
  savePendingMembership,
  standingOf,
  toAdminMembership,
  userInGoodStanding,
} from './standing';
