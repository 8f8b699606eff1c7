import { HOME_LATEST_NEWS_LIMIT, type NewsListResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** spec 001 §7: the home page's news list is GET /news/get-news?limit=3&status=published. */
export async function getLatestNews({ signal }: { signal?: AbortSignal } = {}) {
  const body = await apiRequest<NewsListResponse>('/news/get-news', {
    query: { limit: HOME_LATEST_NEWS_LIMIT, status: 'published' },
    signal,
  });
  return body.data.news;
}

export const latestNewsQueryOptions = () =>
  queryOptions({
    queryKey: ['news', 'home-latest'],
    queryFn: ({ signal }) => getLatestNews({ signal }),
  });

export const useLatestNews = () => useQuery(latestNewsQueryOptions());
