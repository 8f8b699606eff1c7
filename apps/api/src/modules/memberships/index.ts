// What other modules may use of memberships (docs/decisions/034-modules-by-domain.md).
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
} from './lifecycle';
