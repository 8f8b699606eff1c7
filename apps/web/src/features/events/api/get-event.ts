import type { EventDetailResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './event-keys';

/** GET /events/retrieve-events/{id}: the event, its speakers and the viewer's registration. */
export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<EventDetailResponse>(`/events/retrieve-events/${encodeURIComponent(id)}`, { signal }))
        .data,
    // A 404 is an answer, not a hiccup: no retries before 'Event not found'.
    retry: false,
  });

export const useEvent = (id: string) => useQuery(eventQueryOptions(id));
