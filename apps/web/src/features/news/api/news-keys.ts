import type { NewsListQuery } from '@portal/shared';

/**
 * The query keys of every news list and article (TanStack Query), in one place: each starts with
 * `newsKeys.all`, so a write invalidates that and every list showing the article is fetched again,
 * the home page's included. A new list or the article page adds its key here.
 */
export const newsKeys = {
  all: ['news'] as const,
  list: (query: Partial<NewsListQuery>) => [...newsKeys.all, 'list', query] as const,
};
