import { type EventListQuery, type EventListResponse, HOME_UPCOMING_EVENTS_LIMIT } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './event-keys';

/**
 * spec 000 §7 / §9: GET /events/retrieve-events?limit=3&status=published. `upcoming` (events
 * starting today or later in Manila, a server addition) and the soonest-first order keep past
 * events out of a section called "Upcoming Events".
 */
const upcomingEventsQuery = {
  limit: HOME_UPCOMING_EVENTS_LIMIT,
  status: 'published',
  upcoming: true,
  sort_by: 'start_date',
  sort_order: 'asc',
} satisfies Partial<EventListQuery>;

export async function getUpcomingEvents({ signal }: { signal?: AbortSignal } = {}) {
  const body = await apiRequest<EventListResponse>('/events/retrieve-events', {
    query: upcomingEventsQuery,
    signal,
  });
  return body.data.events;
}

export const upcomingEventsQueryOptions = () =>
  queryOptions({
    queryKey: eventKeys.list(upcomingEventsQuery),
    queryFn: ({ signal }) => getUpcomingEvents({ signal }),
  });

export const useUpcomingEvents = () => useQuery(upcomingEventsQueryOptions());
