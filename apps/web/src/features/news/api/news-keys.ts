import type { NewsListQuery } from '@portal/shared';

/**
 * The query keys of every news list and article (TanStack Query), in one place: each starts with
 * `newsKeys.all`, so a write invalidates that and every list showing the article is fetched again,
 * the home page's included.
 */
export const newsKeys = {
  all: ['news'] as const,
  list: (query: Partial<Record<keyof NewsListQuery, string | number>>) =>
    [...newsKeys.all, 'list', query] as const,
  authors: (status: string | undefined) => [...newsKeys.all, 'authors', status ?? 'all'] as const,
  article: (id: string) => [...newsKeys.all, 'article', id] as const,
};
