import type { NewsDetail, NewsListQuery, NewsListResponse } from '@portal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { newsKeys } from './news-keys';

type ListQueryText = Partial<Record<keyof NewsListQuery, string>>;

/** GET /news/get-news (spec 001 §7) with the address's filters; the previous page stays while the next loads. */
export function useNewsList(query: ListQueryText) {
  return useQuery({
    queryKey: newsKeys.list(query),
    queryFn: async ({ signal }) =>
      (await apiRequest<NewsListResponse>('/news/get-news', { query, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/**
 * The author filter's options: the distinct authors the viewer may see
 * (docs/product-rules.md "News"), of the status the list shows (`undefined`: every status, for an
 * admin).
 */
export function useNewsAuthors(status: string | undefined) {
  return useQuery({
    queryKey: newsKeys.authors(status),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: { authors: string[] } }>('/news/get-authors', { query: { status }, signal }))
        .data.authors,
  });
}

/** GET /news/get-news/{id}: the article with its likes and the viewer's like. */
export function useNewsArticle(id: string) {
  return useQuery({
    queryKey: newsKeys.article(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: NewsDetail }>(`/news/get-news/${encodeURIComponent(id)}`, { signal })).data,
    // A 404 will not turn into an article by asking again.
    retry: false,
  });
}
