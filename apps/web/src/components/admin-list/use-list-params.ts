import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

type ListSchema = z.ZodObject;

/** A list's state as the address carries it: text per query name of the schema. */
export type ListQuery<Schema extends ListSchema> = Partial<
  Record<Extract<keyof z.input<Schema>, string>, string>
>;

/**
 * Reads a list's state from the address with the list's shared query schema (the one the API
 * route validates with). An entry the schema refuses (a hand-typed `?page=abc`, an old bookmark)
 * is dropped and the rest kept. `query` is the address's valid text, sent to the server as it is;
 * the page is always in it, so the request and the cache key name the page. `values` are the
 * schema's parsed values (defaults applied) for the screen to read.
 */
export function readListParams<Schema extends ListSchema>(schema: Schema, search: URLSearchParams) {
  const query: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const text = search.get(name);
    if (text) query[name] = text;
  }
  let result = schema.safeParse(query);
  if (!result.success) {
    for (const issue of result.error.issues) delete query[String(issue.path[0])];
    result = schema.safeParse(query);
  }
  if (!result.success) throw new Error('A list query schema must accept the entries it did not refuse');
  const values = result.data as z.output<Schema>;
  if ('page' in schema.shape) query.page = String((values as { page: number }).page);
  return { query: query as ListQuery<Schema>, values };
}

/**
 * The state of an admin list (filters, search, page) in the address bar, so a reload, a shared
 * link or a dashboard figure (`/admin/board?is_active=false`, decision 014) opens the same view.
 * Any change but the page itself goes back to page 1. Address changes replace the history entry:
 * Back leaves the list instead of undoing each keystroke of the search.
 */
export function useListParams<Schema extends ListSchema>(schema: Schema) {
  const [search, setSearch] = useSearchParams();
  const { query, values } = useMemo(() => readListParams(schema, search), [schema, search]);

  const setParams = useCallback(
    (changes: ListQuery<Schema>) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, text] of Object.entries(changes)) {
            if (text) next.set(name, String(text));
            else next.delete(name);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  const setPage = useCallback(
    // Page 1 is the default: the address stays short.
    (page: number) => setParams({ page: page > 1 ? String(page) : undefined } as ListQuery<Schema>),
    [setParams],
  );

  return { query, values, setParams, setPage };
}

/**
 * A page past the end (a delete that emptied the last page, an old link) moves to the page that
 * is now last, once the server has said how many there are.
 */
export function useKeepPageInRange(
  list: { values: { page: number }; setPage: (page: number) => void },
  pagination: { totalPages: number } | undefined,
) {
  const { values, setPage } = list;
  useEffect(() => {
    if (pagination && values.page > pagination.totalPages) setPage(pagination.totalPages);
  }, [pagination, values.page, setPage]);
}
