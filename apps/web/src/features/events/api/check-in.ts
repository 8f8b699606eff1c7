import type {
  AdminUserListResponse,
  CheckInList,
  CheckInRequest,
  CheckInResult,
  EventStaff,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './event-keys';

const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;
const staffPath = (eventId: string) => `/events/admin/${encodeURIComponent(eventId)}/staff`;
const staffKey = (eventId: string) => [...eventKeys.all, 'staff', eventId] as const;

/** GET /events/{id}/check-in-list: every registration, for the check-in page to keep offline. */
export const fetchCheckInList = async (eventId: string, signal?: AbortSignal) =>
  (await apiRequest<{ data: CheckInList }>(`${eventPath(eventId)}/check-in-list`, { signal })).data;

/**
 * POST /events/{id}/check-ins: answers the result and whether it made the check-in (201) or found
 * it made (200). Used directly, not as a mutation hook: the page sends its offline queue through
 * it too.
 */
export const sendCheckIn = async (eventId: string, body: CheckInRequest) =>
  (
    await apiRequest<{ data: CheckInResult }>(`${eventPath(eventId)}/check-ins`, {
      method: 'POST',
      body,
    })
  ).data;

/** GET /events/admin/{id}/staff: who runs the event's check-in. */
export const useEventStaff = (eventId: string) =>
  useQuery({
    queryKey: staffKey(eventId),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: EventStaff[] }>(staffPath(eventId), { signal })).data,
  });

/** POST /events/admin/{id}/staff and DELETE …/staff/{userId}; the answer is the new list. */
export function useChangeStaff(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, remove }: { userId: string; remove?: boolean }) =>
      (
        await apiRequest<{ data: EventStaff[] }>(
          remove ? `${staffPath(eventId)}/${encodeURIComponent(userId)}` : staffPath(eventId),
          remove ? { method: 'DELETE' } : { method: 'POST', body: { userId } },
        )
      ).data,
    onSuccess: (staff) => queryClient.setQueryData(staffKey(eventId), staff),
  });
}

/** GET /users/get-all?search=…: a few accounts matching a name or e-mail, to make one staff. */
export const useAccountSearch = (search: string) =>
  useQuery({
    queryKey: ['users', 'staff-search', search],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<AdminUserListResponse>('/users/get-all', {
          query: { search, limit: '5' },
          signal,
        })
      ).data.users,
    enabled: search.trim().length >= 2,
  });
