import { formatDate, MEMBERSHIP_STANDING_LABELS, type ProfileMembership } from '@portal/shared';
import { useId, useState } from 'react';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';

/** A membership's standing in words: 'Active until 31 Jan 2027', 'Awaiting payment', 'Lapsed'. */
export function standingText(membership: Pick<ProfileMembership, 'standing' | 'paidThrough'>) {
  return membership.standing === 'active' && membership.paidThrough
    ? `Active until ${formatDate(membership.paidThrough)}`
    : MEMBERSHIP_STANDING_LABELS[membership.standing];
}

/**
 * The membership the profile's headline speaks of: the one in force (good standing or overdue),
 * else the newest, so a pending renewal does not hide a membership that still runs.
 */
export function headlineMembership(memberships: readonly ProfileMembership[]) {
  return (
    memberships.find((membership) => membership.standing === 'active' || membership.standing === 'overdue') ??
    memberships[0]
  );
}

function MembershipRow({ membership }: { membership: ProfileMembership }) {
  const period =
    membership.startsAt && membership.paidThrough
      ? `${formatDate(membership.startsAt)} – ${formatDate(membership.paidThrough)}`
      : null;
  return (
    <li className="flex flex-col items-start gap-2 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold text-stone-900">{membership.category} membership</p>
        <p className="text-sm text-stone-600">
          {period ? `Period: ${period}` : `Applied ${formatDate(membership.created_at)}`}
        </p>
        {membership.memberNumber && (
          <p className="text-sm text-stone-600">
            Member number <span className="font-mono text-stone-900">{membership.memberNumber}</span>
          </p>
        )}
      </div>
      <StatusBadge tone={toneOfStatus(membership.standing)} asWritten>
        {standingText(membership)}
      </StatusBadge>
    </li>
  );
}

/**
 * The memberships (docs/product-rules.md "Membership lifecycle"): pending, active and rejected ones
 * listed, each with its period once approved; expired ones behind a toggle.
 */
export function MembershipList({ memberships }: { memberships: ProfileMembership[] }) {
  const [showExpired, setShowExpired] = useState(false);
  const expiredListId = useId();
  const current = memberships.filter((membership) => membership.standing !== 'expired');
  const expired = memberships.filter((membership) => membership.standing === 'expired');
  return (
    <div>
      {current.length > 0 ? (
        <ul className="divide-y divide-stone-200">
          {current.map((membership) => (
            <MembershipRow key={membership.id} membership={membership} />
          ))}
        </ul>
      ) : (
        <p className="text-stone-600">
          {expired.length > 0 ? 'No current membership.' : 'No membership application yet.'}
        </p>
      )}
      {expired.length > 0 && (
        <div className="mt-4 border-stone-200 border-t pt-4">
          <button
            type="button"
            aria-expanded={showExpired}
            aria-controls={expiredListId}
            onClick={() => setShowExpired((shown) => !shown)}
            className="font-semibold text-brand-700 text-sm underline underline-offset-4 hover:text-brand-800"
          >
            {showExpired ? 'Hide expired memberships' : `Show expired memberships (${expired.length})`}
          </button>
          <ul id={expiredListId} hidden={!showExpired} className="divide-y divide-stone-200">
            {expired.map((membership) => (
              <MembershipRow key={membership.id} membership={membership} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
