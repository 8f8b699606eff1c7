import type { ContentReads } from '@portal/shared';
import { QueryClient } from '@tanstack/react-query';
import { refusedParams } from '@/components/admin-list/use-list-params';
import { paths } from '@/config/paths';
import { prefetchDirectoryEntryPage } from '@/features/directory/directory-entry-page';
import { prefetchDirectoryPage } from '@/features/directory/directory-page';
import { prefetchEventPage } from '@/features/events/event-page';
import { prefetchEventsPage } from '@/features/events/events-page';
import { prefetchNewsArticlePage } from '@/features/news/news-article-page';
import { prefetchNewsListPage } from '@/features/news/news-list-page';
import { prefetchCertificateVerifyPage } from '@/features/verify/certificate-verify-page';
import { prefetchVerifyPage } from '@/features/verify/verify-page';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { dehydratedStateScript } from './dehydrated-state';
import { matchPage, renderPage } from './prerender';

/** The pages the server renders with their data, by route path (app/router.tsx), and what each fetches first. */
const contentPages: Record<string, PagePrefetch> = {
  [paths.events]: prefetchEventsPage,
  [`${paths.events}/:id`]: prefetchEventPage,
  [paths.news]: prefetchNewsListPage,
  [`${paths.news}/:id`]: prefetchNewsArticlePage,
  [`${paths.verify}/:token`]: prefetchVerifyPage,
  [`${paths.certificatesVerify}/:code`]: prefetchCertificateVerifyPage,
  [paths.directory]: prefetchDirectoryPage,
  [`${paths.directory}/:id`]: prefetchDirectoryEntryPage,
};

export type RenderedPage = {
  /** The contents of #root. */
  html: string;
  /** The tab title. */
  title: string;
  /** The page's data for the client (app/dehydrated-state.ts), to put in the page. */
  stateScript: string;
  /** 404 when the page is the 'not found' of its address (a card no one has). */
  status: 200 | 404;
};

/** The same page without the entries of its address the API refused, to be sent to instead. */
export type RefusedAddress = { redirectTo: string };

/**
 * Renders a content page (a path with its query string) at request time, as TanStack Query's
 * server rendering guide has it (docs/decisions/035): the page's data is fetched first, through
 * `reads` (the API's own answers to a guest), then the page is rendered once, and the cache goes
 * into the page for the client to hydrate. Null when no content page answers the path. Rejects
 * when a read fails; the server then sends the plain shell.
 *
 * A list's address is sent to the API as text; when the API refuses entries of it (a hand-typed
 * `?page=abc`), the answer is the address without them, for the server to redirect to: the
 * browser's first render then reads the same address as this render did, as it must to hydrate,
 * and the history holds the address that works (the browser drops such entries the same way,
 * `useDropRefusedParams`).
 */
export async function renderContentPage(
  path: string,
  reads: ContentReads,
): Promise<RenderedPage | RefusedAddress | null> {
  const page = await matchPage(path);
  const match = page?.context.matches.at(-1);
  const prefetch = contentPages[match?.route.path ?? ''];
  if (!page || !match || !prefetch) return null;
  // One answer per query, never fetched again here: the render reads what the prefetch put in.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  try {
    const address = new URL(path, 'http://render.invalid');
    let status: RenderedPage['status'] = 200;
    const markNotFound = () => {
      status = 404;
    };
    try {
      await prefetch({
        queryClient,
        params: match.params,
        search: address.searchParams,
        reads,
        markNotFound,
      });
    } catch (error) {
      const refused = refusedParams(error, address.searchParams);
      if (refused.length === 0) throw error;
      for (const name of refused) address.searchParams.delete(name);
      return { redirectTo: `${address.pathname}${address.search}` };
    }
    return {
      html: renderPage(page, queryClient),
      title: page.title,
      stateScript: dehydratedStateScript(queryClient),
      status,
    };
  } finally {
    queryClient.clear();
  }
}
