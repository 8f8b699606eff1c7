import { HOME_LATEST_NEWS_LIMIT, type NewsListQuery, type NewsListResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { newsKeys } from './news-keys';

/** spec 001 §7: the home page's news list is GET /news/get-news?limit=3&status=published. */
const latestNewsQuery = {
  limit: HOME_LATEST_NEWS_LIMIT,
  status: 'published',
} satisfies Partial<NewsListQuery>;

export async function getLatestNews({ signal }: { signal?: AbortSignal } = {}) {
  const body = await apiRequest<NewsListResponse>('/news/get-news', { query: latestNewsQuery, signal });
  return body.data.news;
}

export const latestNewsQueryOptions = () =>
  queryOptions({
    queryKey: newsKeys.list(latestNewsQuery),
    queryFn: ({ signal }) => getLatestNews({ signal }),
  });

export const useLatestNews = () => useQuery(latestNewsQueryOptions());
