import type { EventListQuery } from '@portal/shared';

/**
 * The query keys of every event list and record (TanStack Query), in one place: each starts with
 * `eventKeys.all`, so a write invalidates that and every list showing the record is fetched again,
 * the home page's included. A new list or the detail page adds its key here.
 */
export const eventKeys = {
  all: ['events'] as const,
  list: (query: Partial<EventListQuery>) => [...eventKeys.all, 'list', query] as const,
};
