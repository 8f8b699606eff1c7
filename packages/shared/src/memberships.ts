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
 * (docs/product-rules.md "Membership lifecycle").
 */
export type MembershipStanding = 'pending' | 'active' | 'expired' | 'rejected';

/**
 * A membership's standing at `now`: an approved one is active until `expires_at` and expired from
 * then on, wherever it is read, so no scheduled job is needed for the answer to be right.
 */
export function membershipStanding(
  membership: { status: string; expires_at: string | Date | null | undefined },
  now: Date = new Date(),
): MembershipStanding {
  if (membership.status === 'pending') return 'pending';
  if (membership.status === 'rejected') return 'rejected';
  const expiresAt = membership.expires_at == null ? Number.NaN : new Date(membership.expires_at).getTime();
  return expiresAt > now.getTime() ? 'active' : 'expired';
}
