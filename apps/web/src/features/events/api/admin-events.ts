import {
  type AdminEventListResponse,
  type AdminEventSummary,
  type adminEventListQuerySchema,
  EVENT_BANNER_FIELD,
  type EventCreate,
  type EventDetail,
  type EventDetailResponse,
  type UserEventUpdate,
} from '@portal/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '@/components/admin-list/use-list-params';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { eventKeys } from './event-keys';

export type AdminEventsQuery = ListQuery<typeof adminEventListQuerySchema>;
type AdminPage = AdminEventListResponse['data'];

/** GET /events/admin/get-all with the address's page, search, filters and sort. */
export const adminEventsQueryOptions = (query: AdminEventsQuery) =>
  queryOptions({
    queryKey: eventKeys.adminList(query),
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminEventListResponse>('/events/admin/get-all', { query, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminEvents = (query: AdminEventsQuery) => useQuery(adminEventsQueryOptions(query));

/** An admin's view of one event, with every registration. */
export const useAdminEvent = (id: string | null) =>
  useQuery({
    queryKey: eventKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<EventDetailResponse>(`/events/retrieve-events/${encodeURIComponent(id ?? '')}`, {
          signal,
        })
      ).data,
    enabled: id !== null,
  });

export type SaveEventInput = {
  id?: string;
  fields: EventCreate;
  banner?: File | null;
  removeBanner?: boolean;
};

/** Changes every cached admin page in place: the optimistic part of create, edit and delete. */
function patchAdminPages(
  queryClient: ReturnType<typeof useQueryClient>,
  change: (events: AdminEventSummary[]) => AdminEventSummary[],
) {
  queryClient.setQueriesData<AdminPage>(
    { queryKey: eventKeys.adminLists() },
    (page) => page && { ...page, events: change(page.events) },
  );
}

/**
 * POST create-event or PUT edit-event/{id} (multipart). An edit shows in the list at once and is
 * undone if the server refuses it (DECISIONS.md "Events"); every list is read again after.
 */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields, banner, removeBanner }: SaveEventInput) => {
      const body = toFormData({
        ...fields,
        [EVENT_BANNER_FIELD]: banner ?? undefined,
        remove_banner: id && removeBanner && !banner ? true : undefined,
      });
      const response = id
        ? await apiRequest<EventDetailResponse>(`/events/admin/edit-event/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body,
          })
        : await apiRequest<EventDetailResponse>('/events/admin/create-event', { method: 'POST', body });
      return response.data;
    },
    onMutate: async ({ id, fields }) => {
      await queryClient.cancelQueries({ queryKey: eventKeys.adminLists() });
      const previous = queryClient.getQueriesData<AdminPage>({ queryKey: eventKeys.adminLists() });
      if (id) {
        patchAdminPages(queryClient, (events) =>
          events.map((event) =>
            event.id === id
              ? { ...event, ...fields, price: fields.price === null ? null : Number(fields.price) }
              : event,
          ),
        );
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/events/admin/delete-event/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: eventKeys.adminLists() });
      const previous = queryClient.getQueriesData<AdminPage>({ queryKey: eventKeys.adminLists() });
      patchAdminPages(queryClient, (events) => events.filter((event) => event.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** PUT /events/admin/update-user-event: approve or reject a pending registration. */
export function useDecideRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserEventUpdate) =>
      apiRequest('/events/admin/update-user-event', { method: 'PUT', body: input }),
    onMutate: async (input) => {
      const key = eventKeys.detail(input.eventId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<EventDetail>(key);
      if (previous) {
        queryClient.setQueryData<EventDetail>(key, {
          ...previous,
          pending_count: previous.pending_count - 1,
          user_events: previous.user_events.map((row) =>
            row.userId === input.userId ? { ...row, status: input.status } : row,
          ),
        });
      }
      return { previous, key };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(context.key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
