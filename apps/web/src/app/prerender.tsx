import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { documentTitle } from './layouts/layout-parts';
import { AppProviders } from './providers';
import { routes } from './router';

export { prerenderedPaths } from './router';

/**
 * Renders a page to HTML at build time (vite.config.ts, docs/decisions/015), as the client's
 * first render will see it: a guest, no data yet. startApp hydrates it; the tree must stay the
 * one startApp renders, or hydration would not match.
 */
export async function prerenderPage(path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`Prerendering ${path}: the route answered a redirect`);
  if (context.statusCode !== 200 || context.errors || context.matches.at(-1)?.route.path === '*') {
    throw new Error(`Prerendering ${path}: no page answers it (status ${context.statusCode})`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, title: documentTitle(context.matches.map((match) => match.route.handle)) };
}
