import type {
  AttendeeListResponse,
  AttendeeMessage,
  AttendeeMessageCreate,
  AttendeeMessageListResponse,
  attendeeListQuerySchema,
} from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '@/components/admin-list/use-list-params';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './event-keys';

export type AttendeesQuery = ListQuery<typeof attendeeListQuerySchema>;

const attendeesPath = (eventId: string) => `/events/admin/${encodeURIComponent(eventId)}`;

/** GET /events/admin/{id}/attendees with the address's filters, sort and page. */
export const useAttendees = (eventId: string, query: AttendeesQuery) =>
  useQuery({
    queryKey: eventKeys.attendeeList(eventId, query),
    queryFn: async ({ signal }) =>
      (await apiRequest<AttendeeListResponse>(`${attendeesPath(eventId)}/attendees`, { query, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /events/admin/{id}/messages: the event's message log, newest first. */
export const useAttendeeMessages = (eventId: string, page: number) =>
  useQuery({
    queryKey: eventKeys.attendeeMessages(eventId, page),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<AttendeeMessageListResponse>(`${attendeesPath(eventId)}/messages`, {
          query: { page: String(page) },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

/** POST /events/admin/{id}/messages; the log is read again after. */
export function useMessageAttendees(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AttendeeMessageCreate) =>
      (
        await apiRequest<{ data: AttendeeMessage }>(`${attendeesPath(eventId)}/messages`, {
          method: 'POST',
          body: input,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** How an admin settles a pending paid registration's fee (docs/product-rules.md "Event prices"). */
export type SettleAction = 'waive' | 'paid-at-door';

/**
 * POST /events/admin/registrations/{id}/waive or /paid-at-door; the lists and the event are read
 * again after, so the row shows its new status and payment.
 */
export function useSettleRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ registrationId, action }: { registrationId: string; action: SettleAction }) =>
      apiRequest(`/events/admin/registrations/${encodeURIComponent(registrationId)}/${action}`, {
        method: 'POST',
        body: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
