import type { ContentReads, EventListQuery } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressQuery } from '@/components/admin-list/use-list-params';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './event-keys';

/** What the address of /events carries: parameters of GET /events/retrieve-events, sent as they are. */
export const publicEventsParams = [
  'page',
  'search',
  'event_type',
  'is_registration_required',
  'when',
] as const satisfies readonly (keyof EventListQuery)[];

export type PublicEventsQuery = AddressQuery<(typeof publicEventsParams)[number]>;

/** GET /events/retrieve-events over HTTP: what the browser reads (the server reads the API's own answer). */
const fetchEvents: ContentReads['listEvents'] = (query, signal) =>
  apiRequest('/events/retrieve-events', { query, signal });

/**
 * GET /events/retrieve-events with the address's filters (spec 001 §7): status published (the
 * server gives guests and members nothing else), 8 a page, upcoming soonest first unless the
 * address asks for the past events (docs/decisions/045).
 */
export const publicEventsQueryOptions = (query: PublicEventsQuery, listEvents = fetchEvents) => {
  const request = { ...query, when: query.when ?? 'upcoming', status: 'published' };
  return queryOptions({
    queryKey: eventKeys.list(request),
    queryFn: async ({ signal }) => (await listEvents(request, signal)).data,
    placeholderData: keepPreviousData,
  });
};

export const usePublicEvents = (query: PublicEventsQuery) => useQuery(publicEventsQueryOptions(query));
