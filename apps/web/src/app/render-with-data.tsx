import { QueryClient } from '@tanstack/react-query';
import { matchPage, renderPage } from './prerender';
import { seededQueriesScript } from './seeded-queries';

export { setApiTransport } from '@/lib/api-client';

/** A page that still asks for data after this many rounds of fetching is not rendered. */
const MAX_FETCH_ROUNDS = 3;

export type RenderedPage = {
  /** The contents of #root. */
  html: string;
  /** The tab title. */
  title: string;
  /** The page's data for the client (app/seeded-queries.ts), to put in the page. */
  dataScript: string;
};

/**
 * Renders a content page (a path with its query string) with its data, at request time
 * (docs/decisions/030): the API calls the page makes go through the transport set with
 * setApiTransport (the server sends them into the API in-process, as a guest). A render asks for
 * its queries; those not in the cache yet are fetched and the page rendered again, until it asks
 * for nothing new. Null when the page cannot be rendered so: no page answers the path, or one of
 * its calls fails (an unknown article is a 404); the server then sends the plain shell.
 */
export async function renderWithData(path: string): Promise<RenderedPage | null> {
  const page = await matchPage(path);
  if (!page) return null;
  // Nothing is retried or refetched here: one answer per query, or no page.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  try {
    for (let round = 0; ; round++) {
      const html = renderPage(page, queryClient);
      const missing = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status !== 'success');
      if (missing.length === 0) {
        return { html, title: page.title, dataScript: seededQueriesScript(queryClient) };
      }
      if (round === MAX_FETCH_ROUNDS) return null;
      const answers = await Promise.allSettled(
        missing.map((query) => queryClient.fetchQuery({ ...query.options, queryKey: query.queryKey })),
      );
      if (answers.some((answer) => answer.status === 'rejected')) return null;
    }
  } finally {
    queryClient.clear();
  }
}
