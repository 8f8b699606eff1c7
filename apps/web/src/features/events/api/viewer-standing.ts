import { isGoodStanding, type ProfileResponse } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isAdmin, useSessionUser } from '@/lib/session-store';

/**
 * Whether the signed-in viewer holds a membership in good standing (GET /auth/session), for the
 * price a list card shows them (docs/product-rules.md "Event prices"). A guest, an administrator
 * and a member while the session loads read as not in good standing: they see the guest rate
 * with the member rate beside it. The server decides again when they register.
 */
export function useViewerInGoodStanding(): boolean {
  const user = useSessionUser();
  const signedInMember = user !== null && !isAdmin(user);
  const query = useQuery({
    queryKey: ['events', 'viewer-standing', user?.id],
    queryFn: ({ signal }) => apiRequest<ProfileResponse>('/auth/session', { signal }),
    enabled: signedInMember,
    staleTime: 60_000,
  });
  if (!signedInMember || !query.data) return false;
  return query.data.data.profile.memberships.some((membership) =>
    isGoodStanding({
      status: membership.status,
      expires_at: membership.expiresAt,
      unpaid_due_on: membership.unpaidDueOn,
      grace_ends_on: membership.graceEndsOn,
    }),
  );
}
