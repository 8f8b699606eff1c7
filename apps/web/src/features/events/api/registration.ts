import type { EventRegistrationRequest, MyRegistrationDetail } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './event-keys';

type MyRegistration = {
  data: {
    status: MyRegistrationDetail['status'] | null;
    seats_taken: number;
    registration?: MyRegistrationDetail | null;
  };
};

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
    // The tier chosen and, for the professional rate, the PRC licence; never an amount.
    mutationFn: (body: EventRegistrationRequest = {}) =>
      apiRequest<MyRegistration>(path, { method: 'POST', body }),
    onSettled,
  });
  const withdraw = useMutation({
    mutationFn: () => apiRequest<MyRegistration>(path, { method: 'DELETE' }),
    onSettled,
  });
  return { register, withdraw };
}
