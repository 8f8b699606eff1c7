import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type StaticHandler,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { documentTitle } from './layouts/layout-parts';
import { AppProviders, createQueryClient } from './providers';
import { routes } from './router';

export { prerenderedPaths } from './router';

/** A page the router answers with 200, its lazy modules loaded: ready to be rendered. */
export type MatchedPage = {
  dataRoutes: StaticHandler['dataRoutes'];
  context: StaticHandlerContext;
  title: string;
};

/** One for the process: it loads each page's lazy module once, on the first path that needs it. */
const handler = createStaticHandler(routes);

/**
 * Matches a path (with its query string) as the browser's router will, or null when no page
 * answers it: a redirect, an error, or the not-found page.
 */
export async function matchPage(path: string): Promise<MatchedPage | null> {
  const context = await handler.query(new Request(new URL(path, 'http://render.invalid')));
  if (context instanceof Response) return null;
  if (context.statusCode !== 200 || context.errors || context.matches.at(-1)?.route.path === '*') return null;
  return {
    dataRoutes: handler.dataRoutes,
    context,
    title: documentTitle(context.matches.map((match) => match.route.handle)),
  };
}

/**
 * The page's HTML as the client's first render will see it: a guest, and whatever `queryClient`
 * holds. startApp hydrates it; the tree must stay the one startApp renders, or hydration would not
 * match. Used at build time (prerenderPage) and at request time (render-content-page.tsx).
 */
export function renderPage({ dataRoutes, context }: MatchedPage, queryClient: QueryClient) {
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}

/**
 * Renders a page to HTML at build time (vite.config.ts, docs/decisions/015), with no data: lists
 * render their loading state.
 */
export async function prerenderPage(path: string) {
  const page = await matchPage(path);
  if (!page) throw new Error(`Prerendering ${path}: no page answers it`);
  return { html: renderPage(page, createQueryClient()), title: page.title };
}
