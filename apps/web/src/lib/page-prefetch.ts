import type { ContentReads } from '@portal/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/** What a content page is given to fetch its data before the server renders it. */
export type PrefetchContext = {
  queryClient: QueryClient;
  /** The route's parameters (`id` of /events/:id). */
  params: Params;
  /** The address's query string. */
  search: URLSearchParams;
  /** The API's answers, as the server reads them (docs/decisions/035). */
  reads: ContentReads;
  /** Says the page is the 'not found' of its address: the server answers it with 404. */
  markNotFound(): void;
};

/**
 * A content page's data, fetched into `queryClient` under the keys its hooks use, so that the
 * server renders it once, complete (app/render-content-page.tsx). Rejects when a read fails.
 */
export type PagePrefetch = (context: PrefetchContext) => Promise<unknown>;
