/**
 * spec 000 §4 "After login" and DECISIONS.md "Membership lifecycle": the client marks a pending
 * membership when the newest membership, by `created_at`, has status `pending`. Only the newest
 * counts: an older pending one that was later superseded does not raise the notice.
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
