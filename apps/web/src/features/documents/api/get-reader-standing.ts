import { isGoodStanding, membershipStanding, type ProfileResponse } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isAdmin, useSessionUser } from '@/lib/session-store';

/**
 * Who is reading Member's News, as far as its files are concerned
 * (docs/product-rules.md "Membership lifecycle" and "Dues").
 */
export type ReaderStanding =
  | { kind: 'guest' }
  | { kind: 'loading' }
  | { kind: 'admin' }
  | { kind: 'active'; expiresAt: string | null }
  | { kind: 'pending' }
  /** Approved and billed, not yet paid: awaiting payment, or overdue. */
  | { kind: 'unpaid'; overdue: boolean }
  | { kind: 'expired'; expiresAt: string | null }
  /** Signed in without a membership, or with a rejected one only. */
  | { kind: 'none' };

/**
 * The reader's standing from the signed-in user's memberships (GET /auth/session): an active one
 * opens the files; otherwise the newest one says why not. The server checks again on download.
 */
export function useReaderStanding(): ReaderStanding {
  const user = useSessionUser();
  const signedInMember = user !== null && !isAdmin(user);
  const query = useQuery({
    queryKey: ['documents', 'reader', user?.id],
    queryFn: ({ signal }) => apiRequest<ProfileResponse>('/auth/session', { signal }),
    enabled: signedInMember,
  });
  if (!user) return { kind: 'guest' };
  if (isAdmin(user)) return { kind: 'admin' };
  if (!query.data) return { kind: 'loading' };
  const memberships = query.data.data.profile.memberships.map((membership) => {
    const fields = {
      status: membership.status,
      expires_at: membership.expiresAt,
      unpaid_due_on: membership.unpaidDueOn,
      grace_ends_on: membership.graceEndsOn,
    };
    return { ...membership, standing: membershipStanding(fields), goodStanding: isGoodStanding(fields) };
  });
  // Overdue within the grace keeps good standing (docs/product-rules.md "Good standing").
  const active = memberships.find((membership) => membership.goodStanding);
  if (active) return { kind: 'active', expiresAt: active.expiresAt };
  // Memberships come newest first.
  const newest = memberships[0];
  if (newest?.standing === 'pending') return { kind: 'pending' };
  if (
    newest?.standing === 'awaiting_payment' ||
    newest?.standing === 'overdue' ||
    newest?.standing === 'lapsed'
  ) {
    return { kind: 'unpaid', overdue: newest.standing !== 'awaiting_payment' };
  }
  if (newest?.standing === 'expired') return { kind: 'expired', expiresAt: newest.expiresAt };
  const expired = memberships.find((membership) => membership.standing === 'expired');
  if (expired) return { kind: 'expired', expiresAt: expired.expiresAt };
  return { kind: 'none' };
}
