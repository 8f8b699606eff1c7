import { manilaDateString } from './dates';

/**
 * spec 000 §4 "After login" and docs/product-rules.md "Membership lifecycle": the client marks a
 * pending membership when the newest membership, by `created_at`, has status `pending`. Only the
 * newest counts: an older pending one that was later superseded does not raise the notice.
 */
export function isNewestMembershipPending(
  memberships: readonly { status: string; created_at: string }[] | null | undefined,
): boolean {
  let newest: { status: string; time: number } | undefined;
  for (const membership of memberships ?? []) {
    const time = Date.parse(membership.created_at);
    if (Number.isNaN(time)) continue;
    if (!newest || time > newest.time) newest = { status: membership.status, time };
  }
  return newest?.status === 'pending';
}

/**
 * What the profile and the admin screens show of a membership
 * (docs/product-rules.md "Membership lifecycle" and "Dues"). Good standing is `active`.
 */
export const MEMBERSHIP_STANDINGS = [
  'pending',
  'awaiting_payment',
  'active',
  'overdue',
  'lapsed',
  'expired',
  'rejected',
] as const;
export type MembershipStanding = (typeof MEMBERSHIP_STANDINGS)[number];

export const MEMBERSHIP_STANDING_LABELS: Record<MembershipStanding, string> = {
  pending: 'Pending',
  awaiting_payment: 'Awaiting payment',
  active: 'Active',
  overdue: 'Overdue',
  lapsed: 'Lapsed',
  expired: 'Expired',
  rejected: 'Rejected',
};

/**
 * A membership's standing at `now`, worked out wherever it is read so no scheduled job is needed
 * for the answer to be right: an approved membership owing a statement whose due date has passed
 * is overdue; else one never paid awaits payment; else it is active until `expires_at` (the end
 * of its paid-through day) and expired from then on. `unpaid_due_on` is the earliest due date
 * (YYYY-MM-DD) of its unpaid statements, if any; `grace_ends_on` that date plus the grace of the
 * dues settings: past it an overdue membership has lapsed (docs/decisions/042-scheduled-renewals.md).
 */
export function membershipStanding(
  membership: {
    status: string;
    expires_at: string | Date | null | undefined;
    unpaid_due_on?: string | null;
    grace_ends_on?: string | null;
  },
  now: Date = new Date(),
): MembershipStanding {
  if (membership.status === 'pending') return 'pending';
  if (membership.status === 'rejected') return 'rejected';
  const today = manilaDateString(now);
  if (membership.unpaid_due_on && membership.unpaid_due_on < today) {
    return membership.grace_ends_on && membership.grace_ends_on < today ? 'lapsed' : 'overdue';
  }
  if (membership.expires_at == null) return 'awaiting_payment';
  return new Date(membership.expires_at).getTime() > now.getTime() ? 'active' : 'expired';
}

/**
 * The last day a membership is paid for (YYYY-MM-DD in Manila): its period ends at the start of
 * the next day there.
 */
export function paidThroughOf(expiresAt: string | Date | null | undefined): string | null {
  if (expiresAt == null) return null;
  return manilaDateString(new Date(new Date(expiresAt).getTime() - 1));
}

type StandingInput = Parameters<typeof membershipStanding>[0];

/**
 * The one rule for good standing (docs/product-rules.md "Good standing", decision 057): an approved
 * membership paid through today with nothing past due (`active`, Honorary ones too), or one paid
 * before that is `overdue` but still inside the grace. It opens the members' area, the card and the
 * member price tier, and puts a member first on a waitlist. Never paid (awaiting payment, even when
 * overdue), lapsed, expired, pending and rejected are not. The server's twin is `goodStanding` in
 * apps/api/src/modules/membership-standing/standing.ts; a test runs both on every case.
 */
export function isGoodStanding(membership: StandingInput, now: Date = new Date()): boolean {
  const standing = membershipStanding(membership, now);
  return standing === 'active' || (standing === 'overdue' && membership.expires_at != null);
}

/** The message of the `members-area` route access when the member is not in good standing. */
export const MEMBERS_AREA_MESSAGES = {
  notInGoodStanding: "The members' area is for members in good standing only",
  /** Member's News files (docs/product-rules.md "Members' area"). */
  documentRefused: 'An active membership is required to download this file',
} as const;
