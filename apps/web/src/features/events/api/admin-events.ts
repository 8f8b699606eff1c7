import {
  type AdminEventListResponse,
  type AdminEventSummary,
  type AttendeeListResponse,
  type adminEventListQuerySchema,
  DEFAULT_HOLD_HOURS,
  EVENT_BANNER_FIELD,
  type EventCreate,
  type EventDetailResponse,
  type SpeakerCreate,
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
 * Whether a new event shows at the top of the cached list `key`: the first page in the default
 * order (newest first), with filters and search (title, organizer, location) it passes.
 */
function showsAtTop(key: readonly unknown[], row: AdminEventSummary) {
  const query = (key[2] ?? {}) as AdminEventsQuery;
  const search = query.search?.toLowerCase();
  return (
    (query.page ?? '1') === '1' &&
    (query.sort_by ?? 'created_at') === 'created_at' &&
    (query.sort_order ?? 'desc') === 'desc' &&
    (!query.status || query.status === row.status) &&
    (!query.event_type || query.event_type === row.event_type) &&
    query.has_pending !== 'true' &&
    (!search ||
      [row.title, row.organizer_name, row.location_name].some((text) => text?.toLowerCase().includes(search)))
  );
}

/** A new event as the list will show it, until the server's own row replaces it. */
function optimisticRow(fields: EventCreate): AdminEventSummary {
  const now = new Date().toISOString();
  return {
    ...fields,
    // Never a real id (those are UUIDs); the list is read again once the server has answered.
    id: `creating-${now}`,
    price: fields.price === null ? null : Number(fields.price),
    // The server's tiers (with their ids) replace these once it answers.
    price_tiers: [],
    price_range: null,
    hold_hours: fields.hold_hours ?? DEFAULT_HOLD_HOURS,
    max_participants: fields.max_attendees,
    banner_image_url: null,
    created_at: now,
    updated_at: now,
    pending_count: 0,
    registration_count: 0,
    total_registrations: 0,
  };
}

/**
 * New speakers as a form names a list of records (`speakers[0][name]`), which the server reads
 * back into the list; a blank title or company is left out.
 */
function newSpeakerFields(speakers: SpeakerCreate[]) {
  return Object.fromEntries(
    speakers.flatMap((speaker, index) => [
      [`speakers[${index}][name]`, speaker.name],
      [`speakers[${index}][title]`, speaker.title || undefined],
      [`speakers[${index}][company]`, speaker.company || undefined],
    ]),
  );
}

/**
 * POST create-event or PUT edit-event/{id} (multipart). Both show in the list at once (spec 001 §4:
 * create, update and delete are optimistic) and are undone if the server refuses them
 * (docs/product-rules.md "Events"); every list is read again after. A new event goes to the top of
 * the first page of the lists it belongs to, where the server will put it.
 */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      fields: { speakers = [], ...fields },
      banner,
      removeBanner,
    }: SaveEventInput) => {
      const body = toFormData({
        ...fields,
        ...newSpeakerFields(speakers),
        // The tiers travel as one JSON field, amounts in pesos as the form reads them.
        price_tiers: fields.price_tiers
          ? JSON.stringify(
              fields.price_tiers.map((tier) => ({ ...tier, amount: (tier.amount / 100).toFixed(2) })),
            )
          : undefined,
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
              ? {
                  ...event,
                  ...fields,
                  price_tiers: event.price_tiers,
                  hold_hours: fields.hold_hours ?? event.hold_hours,
                  price: fields.price === null ? null : Number(fields.price),
                }
              : event,
          ),
        );
      } else {
        const row = optimisticRow(fields);
        for (const [key] of previous) {
          if (!showsAtTop(key, row)) continue;
          queryClient.setQueryData<AdminPage>(
            key,
            (page) => page && { ...page, events: [row, ...page.events] },
          );
        }
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

/**
 * PUT /events/admin/update-user-event: approve or reject a pending registration. The attendee
 * list shows the decision at once and is put back if the server refuses it.
 */
export function useDecideRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserEventUpdate) =>
      apiRequest('/events/admin/update-user-event', { method: 'PUT', body: input }),
    onMutate: async (input) => {
      const key = eventKeys.attendeeLists(input.eventId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueriesData<AttendeeListResponse['data']>({ queryKey: key });
      queryClient.setQueriesData<AttendeeListResponse['data']>(
        { queryKey: key },
        (page) =>
          page && {
            ...page,
            attendees: page.attendees.map((row) =>
              row.user_id === input.userId ? { ...row, status: input.status } : row,
            ),
          },
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
