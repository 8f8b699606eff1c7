import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './event-keys';

type MyRegistration = { data: { status: 'pending' | 'approved' | 'rejected' | null; seats_taken: number } };

/**
 * The signed-in member registers for an event, or withdraws
 * (docs/product-rules.md "Event registration"); the event is read again afterwards, with the seats
 * taken and the member's status.
 */
export function useRegistration(eventId: string) {
  const queryClient = useQueryClient();
  const path = `/events/${encodeURIComponent(eventId)}/registration`;
  const onSettled = () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
  const register = useMutation({
    mutationFn: () => apiRequest<MyRegistration>(path, { method: 'POST' }),
    onSettled,
  });
  const withdraw = useMutation({
    mutationFn: () => apiRequest<MyRegistration>(path, { method: 'DELETE' }),
    onSettled,
  });
  return { register, withdraw };
}
