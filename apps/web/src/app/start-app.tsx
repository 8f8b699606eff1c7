import { DEHYDRATED_STATE_SCRIPT_ID } from '@portal/shared';
import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { revalidateSession } from '@/lib/session-actions';
import { registerNavigate } from '@/lib/session-events';
import { AppProviders, createQueryClient } from './providers';
import { createAppRouter, loadRouteModules } from './router';

/**
 * Starts the app in `container` (#root). A prerendered page (app/prerender.tsx) or a page the
 * server rendered with its data (app/render-content-page.tsx) arrives with its HTML inside and is
 * hydrated, its data put in the cache first so that the first render matches the HTML; any other
 * path gets the empty shell and is rendered from scratch.
 */
export async function startApp(container: HTMLElement) {
  const prerendered = container.hasChildNodes();
  const queryClient = createQueryClient();
  const pageData = container.ownerDocument.getElementById(DEHYDRATED_STATE_SCRIPT_ID);
  // The page is on screen already: each step gets a task of its own, so that none keeps the
  // browser from answering the reader for long (a tap, a scroll).
  if (prerendered) {
    await yieldToBrowser();
    await Promise.all([
      loadRouteModules(window.location.pathname),
      // Only the content pages carry data: the others never load the hydration code.
      pageData &&
        import('./dehydrated-state').then(({ hydratePageData }) => hydratePageData(queryClient, pageData)),
    ]);
  }

  const router = createAppRouter();
  // The api client's session protocol navigates from outside React (spec 000 §8). Already there
  // (a guard got there first): no second history entry for the same page.
  registerNavigate((to) => {
    if (router.state.location.pathname !== to) void router.navigate(to);
  });

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (prerendered) await yieldToBrowser();
  const root = prerendered ? hydrate(container, app) : createRoot(container);
  if (!prerendered) root.render(app);
  // From here on React handles the page's events (during hydration too). A prerendered page is
  // on screen before that moment; the browser journeys wait for this mark before using menus.
  container.dataset.appStarted = '';
  // After the first render is queued: the stored user shows at once and is corrected if stale.
  void revalidateSession();
  return { router, root };
}

/**
 * Hydrates as a transition, so React yields to the browser every few milliseconds instead of
 * holding the main thread for the whole page. The first render is the guest's, as the HTML is;
 * a persisted session is applied right after (lib/session-store.ts).
 */
function hydrate(container: HTMLElement, app: ReactNode) {
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app);
  });
  return root as Root;
}

const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve));
