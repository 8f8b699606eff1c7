import type { ContentReads } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './event-keys';

/** GET /events/retrieve-events/{id} over HTTP: what the browser reads (the server reads the API's own answer). */
const fetchEvent: ContentReads['getEvent'] = (id, signal) =>
  apiRequest(`/events/retrieve-events/${encodeURIComponent(id)}`, { signal });

/** GET /events/retrieve-events/{id}: the event, its speakers and the viewer's registration. */
export const eventQueryOptions = (id: string, getEvent = fetchEvent) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: async ({ signal }) => (await getEvent(id, signal)).data,
    // A 404 is an answer, not a hiccup: no retries before 'Event not found'.
    retry: false,
  });

export const useEvent = (id: string) => useQuery(eventQueryOptions(id));
