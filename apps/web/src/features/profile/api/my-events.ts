import type { MyEvent, MyEvents } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

const myEventsKey = () => [...profileKeys.all, 'my-events'] as const;

/** GET /events/my-registrations: the person's registrations with tickets, and the events they staff. */
export const useMyEvents = () =>
  useQuery({
    queryKey: myEventsKey(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: MyEvents }>('/events/my-registrations', { signal })).data,
  });

/** POST /events/registrations/{id}/ticket: a new ticket; the old one stops working. */
export function useRenewTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (registrationId: string) =>
      (
        await apiRequest<{ data: MyEvent }>(
          `/events/registrations/${encodeURIComponent(registrationId)}/ticket`,
          {
            method: 'POST',
          },
        )
      ).data,
    onSuccess: (renewed) =>
      queryClient.setQueryData<MyEvents>(
        myEventsKey(),
        (current) =>
          current && {
            ...current,
            registrations: current.registrations.map((registration) =>
              registration.registration_id === renewed.registration_id ? renewed : registration,
            ),
          },
      ),
  });
}
