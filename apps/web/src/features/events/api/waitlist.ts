import type { MyWaitlist } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './event-keys';

/**
 * The signed-in person joins a full event's waitlist, or leaves it
 * (docs/product-rules.md "Waitlist"); the event is read again afterwards, with their place.
 */
export function useWaitlist(eventId: string) {
  const queryClient = useQueryClient();
  const path = `/events/${encodeURIComponent(eventId)}/waitlist`;
  const onSettled = () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
  const join = useMutation({
    mutationFn: () => apiRequest<{ data: MyWaitlist | null }>(path, { method: 'POST' }),
    onSettled,
  });
  const leave = useMutation({
    mutationFn: () => apiRequest<{ data: MyWaitlist | null }>(path, { method: 'DELETE' }),
    onSettled,
  });
  return { join, leave };
}
