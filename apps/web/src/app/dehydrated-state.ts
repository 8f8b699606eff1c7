import { DEHYDRATED_STATE_SCRIPT_ID } from '@portal/shared';
import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';

/**
 * A server-rendered page's data (docs/decisions/035) travels in the page as TanStack Query's
 * dehydrated cache, in a JSON script the client hydrates its cache from before its first render,
 * so that render is the server's HTML (no loading state, no layout shift).
 */

/**
 * The successful queries of `queryClient` as a JSON script. Not executed (type
 * application/json, so the CSP allows it) and `<` escaped, so no text in the data can close the
 * script element.
 */
export function dehydratedStateScript(queryClient: QueryClient): string {
  const json = JSON.stringify(dehydrate(queryClient)).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${DEHYDRATED_STATE_SCRIPT_ID}">${json}</script>`;
}

/**
 * Hydrates `queryClient` with the page's data (the script dehydratedStateScript wrote). The
 * queries are then invalidated: the first render shows them as the server drew them for a guest,
 * then each is fetched again quietly with the viewer's own session (an admin's drafts, a member's
 * registration, a reader's like).
 */
export function hydratePageData(queryClient: QueryClient, script: HTMLElement) {
  hydrate(queryClient, JSON.parse(script.textContent ?? '') as DehydratedState);
  void queryClient.invalidateQueries();
}
