import type { AdminWaitlistEntry, AdminWaitlistResponse } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './event-keys';

const waitlistPath = (eventId: string) => `/events/admin/${encodeURIComponent(eventId)}/waitlist`;

/** GET /events/admin/{id}/waitlist: the open offers, then the people waiting in order. */
export const useAdminWaitlist = (eventId: string) =>
  useQuery({
    queryKey: eventKeys.waitlist(eventId),
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminWaitlistResponse>(waitlistPath(eventId), { signal })).data,
    staleTime: 0,
  });

/** What the secretariat does with a person on the waitlist (docs/product-rules.md "Waitlist"). */
export type WaitlistAction = 'offer' | 'remove';

/**
 * POST …/waitlist/{entryId}/offer ("offer now") or DELETE …/waitlist/{entryId}; the event (its
 * capacity and seats) and the lists are read again after.
 */
export function useWaitlistAction(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ entry, action }: { entry: AdminWaitlistEntry; action: WaitlistAction }) =>
      (
        await apiRequest<AdminWaitlistResponse>(
          `${waitlistPath(eventId)}/${encodeURIComponent(entry.id)}${action === 'offer' ? '/offer' : ''}`,
          { method: action === 'offer' ? 'POST' : 'DELETE', ...(action === 'offer' ? { body: {} } : {}) },
        )
      ).data,
    onSuccess: (rows) => queryClient.setQueryData(eventKeys.waitlist(eventId), rows),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
