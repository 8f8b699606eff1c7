import type { EventListQuery } from '@portal/shared';

/**
 * The query keys of every event list and record (TanStack Query), in one place: each starts with
 * `eventKeys.all`, so a write invalidates that and every list showing the record is fetched again,
 * the home page's included.
 */
export const eventKeys = {
  all: ['events'] as const,
  list: (query: Partial<Record<keyof EventListQuery, unknown>>) => [...eventKeys.all, 'list', query] as const,
  detail: (id: string) => [...eventKeys.all, 'detail', id] as const,
  adminLists: () => [...eventKeys.all, 'admin'] as const,
  adminList: (query: Record<string, string | undefined>) => [...eventKeys.adminLists(), query] as const,
  attendeeLists: (eventId: string) => [...eventKeys.all, 'attendees', eventId] as const,
  attendeeList: (eventId: string, query: Record<string, string | undefined>) =>
    [...eventKeys.attendeeLists(eventId), query] as const,
  attendeeMessages: (eventId: string, page: number) =>
    [...eventKeys.all, 'attendee-messages', eventId, page] as const,
  waitlist: (eventId: string) => [...eventKeys.all, 'waitlist', eventId] as const,
  speakers: () => [...eventKeys.all, 'speakers'] as const,
  eventSpeakers: (eventId: string) => [...eventKeys.all, 'event-speakers', eventId] as const,
};
