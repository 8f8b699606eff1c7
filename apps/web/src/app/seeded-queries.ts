import { SEEDED_QUERIES_SCRIPT_ID } from '@portal/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The data a server-rendered page was drawn with (docs/decisions/030) travels in the page as a
 * JSON script: the answer of each query, by its key. The client seeds its cache with it before
 * hydrating, so its first render is the server's HTML (no loading state, no layout shift).
 */
type SeededQuery = [queryKey: QueryKey, data: unknown];

/**
 * The successful queries of `queryClient` as a JSON script. Not executed (type
 * application/json, so the CSP allows it) and `<` escaped, so no text in the data can close the
 * script element.
 */
export function seededQueriesScript(queryClient: QueryClient): string {
  const seeded: SeededQuery[] = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => [query.queryKey, query.state.data]);
  const json = JSON.stringify(seeded).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${SEEDED_QUERIES_SCRIPT_ID}">${json}</script>`;
}

/**
 * Seeds `queryClient` with the page's data, if the page carries any. The queries are seeded stale
 * (updated at 0): the page's first render shows them, then they are fetched again quietly, with
 * the viewer's own session (an admin's drafts, a member's registration, a reader's like).
 */
export function seedQueries(queryClient: QueryClient, document: Document) {
  const script = document.getElementById(SEEDED_QUERIES_SCRIPT_ID);
  if (!script?.textContent) return;
  for (const [queryKey, data] of JSON.parse(script.textContent) as SeededQuery[]) {
    queryClient.setQueryData(queryKey, data, { updatedAt: 0 });
  }
}
