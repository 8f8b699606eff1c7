import type { ContentReads, NewsListQuery } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressQuery } from '@/components/admin-list/use-list-params';
import { apiRequest } from '@/lib/api-client';
import { newsKeys } from './news-keys';

type ListQueryText = AddressQuery<keyof NewsListQuery>;

/** What the address of /news carries: parameters of GET /news/get-news, sent as they are. */
export const publicNewsParams = [
  'page',
  'search',
  'status',
  'author',
] as const satisfies readonly (keyof NewsListQuery)[];

// The calls over HTTP: what the browser reads (the server reads the API's own answers).
const fetchNews: ContentReads['listNews'] = (query, signal) =>
  apiRequest('/news/get-news', { query, signal });
const fetchNewsAuthors: ContentReads['listNewsAuthors'] = (query, signal) =>
  apiRequest('/news/get-authors', { query, signal });
const fetchArticle: ContentReads['getNews'] = (id, signal) =>
  apiRequest(`/news/get-news/${encodeURIComponent(id)}`, { signal });

/** GET /news/get-news (spec 001 §7) with the address's filters; the previous page stays while the next loads. */
export const newsListQueryOptions = (query: ListQueryText, listNews = fetchNews) =>
  queryOptions({
    queryKey: newsKeys.list(query),
    queryFn: async ({ signal }) => (await listNews(query, signal)).data,
    placeholderData: keepPreviousData,
  });

export const useNewsList = (query: ListQueryText) => useQuery(newsListQueryOptions(query));

/**
 * The author filter's options: the distinct authors the viewer may see
 * (docs/product-rules.md "News"), of the status the list shows (`undefined`: every status, for an
 * admin).
 */
export const newsAuthorsQueryOptions = (status: string | undefined, listNewsAuthors = fetchNewsAuthors) =>
  queryOptions({
    queryKey: newsKeys.authors(status),
    queryFn: async ({ signal }) => (await listNewsAuthors({ status }, signal)).data.authors,
  });

export const useNewsAuthors = (status: string | undefined) => useQuery(newsAuthorsQueryOptions(status));

/** GET /news/get-news/{id}: the article with its likes and the viewer's like. */
export const newsArticleQueryOptions = (id: string, getNews = fetchArticle) =>
  queryOptions({
    queryKey: newsKeys.article(id),
    queryFn: async ({ signal }) => (await getNews(id, signal)).data,
    // A 404 will not turn into an article by asking again.
    retry: false,
  });

export const useNewsArticle = (id: string) => useQuery(newsArticleQueryOptions(id));
