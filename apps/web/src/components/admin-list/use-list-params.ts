import type { ApiErrorBody } from '@portal/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { type SetURLSearchParams, useSearchParams } from 'react-router';
import type { z } from 'zod';

type ListSchema = z.ZodObject;

/** A list's state as the address carries it: the text of each parameter, by name. */
export type AddressQuery<Name extends string> = Partial<Record<Name, string>>;

/** An admin list's state as the address carries it: text per query name of the schema. */
export type ListQuery<Schema extends ListSchema> = AddressQuery<Extract<keyof z.input<Schema>, string>>;

/** The text of each of `names` the address carries (the first of a repeated one), blanks left out. */
function readAddress(names: Iterable<string>, search: URLSearchParams) {
  const query: Record<string, string> = {};
  for (const name of names) {
    const text = search.get(name);
    if (text) query[name] = text;
  }
  return query;
}

/**
 * Reads an admin list's state from the address with the list's shared query schema (the one the
 * API route validates with). An entry the schema refuses (a hand-typed `?page=abc`, an old
 * bookmark) is dropped and the rest kept. `query` is the address's valid text, sent to the server
 * as it is; the page is always in it, so the request and the cache key name the page. `values`
 * are the schema's parsed values (defaults applied) for the screen to read.
 */
export function readListParams<Schema extends ListSchema>(schema: Schema, search: URLSearchParams) {
  const query = readAddress(Object.keys(schema.shape), search);
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
 * Reads a public list's state from the address as text, without a schema (docs/decisions/035):
 * `names` are the parameters of the list's API route that the address carries, and the route's
 * schema is the one validator (an entry it refuses goes through `useDropRefusedParams`). Public
 * pages load no Zod. The page is always in `query` (1 when absent), so the request and the cache
 * key name the page.
 */
export function readPublicListParams<Name extends string>(names: readonly Name[], search: URLSearchParams) {
  return { page: '1', ...readAddress(names, search) } as AddressQuery<Name> & { page: string };
}

/**
 * The entries of `address` the API refused: its validation error names each refused parameter in
 * `fields` (docs/architecture.md "API contract"). Both readers of a list carry the route's error
 * body as `body`: the browser's `ApiError`, and the server renderer's reads (`ContentReads`). None
 * for any other failure.
 */
export function refusedParams(error: unknown, address: URLSearchParams): string[] {
  const body = typeof error === 'object' && error !== null && 'body' in error ? error.body : undefined;
  if (typeof body !== 'object' || body === null) return [];
  const { code, fields } = body as Partial<ApiErrorBody>;
  if (code !== 'validation_error' || !fields) return [];
  return Object.keys(fields).filter((name) => address.has(name));
}

/**
 * Writing a list's state to the address. Any change but the page itself goes back to page 1.
 * Address changes replace the history entry: Back leaves the list instead of undoing each
 * keystroke of the search.
 */
function useAddressWriters<Name extends string>(setSearch: SetURLSearchParams) {
  const setParams = useCallback(
    (changes: AddressQuery<Name>) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, text] of Object.entries<string | undefined>(changes)) {
            if (text) next.set(name, text);
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
    (page: number) => setParams({ page: page > 1 ? String(page) : undefined } as AddressQuery<Name>),
    [setParams],
  );

  return { setParams, setPage };
}

/**
 * The state of an admin list (filters, search, page) in the address bar, so a reload, a shared
 * link or a dashboard figure (`/admin/board?is_active=false`, decision 014) opens the same view.
 */
export function useListParams<Schema extends ListSchema>(schema: Schema) {
  const [search, setSearch] = useSearchParams();
  const { query, values } = useMemo(() => readListParams(schema, search), [schema, search]);
  const { setParams, setPage } = useAddressWriters<Extract<keyof z.input<Schema>, string>>(setSearch);
  return { query, values, setParams, setPage };
}

/**
 * The state of a public list (/events, /news) in the address bar, read as text
 * (`readPublicListParams`), written as an admin list's is.
 */
export function usePublicListParams<Name extends string>(names: readonly Name[]) {
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => readPublicListParams(names, search), [names, search]);
  const { setParams, setPage } = useAddressWriters<Name>(setSearch);
  const values = useMemo(() => ({ page: Number(query.page) }), [query.page]);
  const dropParams = useCallback(
    (names: readonly string[]) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of names) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return { search, query, values, setParams, setPage, dropParams };
}

/**
 * An entry of a public list's address that the server refused (a hand-typed `?page=abc`, an old
 * bookmark) is dropped from the address, replacing the history entry, and the list is asked again
 * with the rest. True while that happens, so the page shows its loading state rather than a failed
 * list. The server renderer redirects such an address the same way (app/render-content-page.tsx).
 */
export function useDropRefusedParams(
  list: { search: URLSearchParams; dropParams: (names: readonly string[]) => void },
  error: unknown,
) {
  const { search, dropParams } = list;
  const refused = useMemo(() => refusedParams(error, search), [error, search]);
  useEffect(() => {
    if (refused.length > 0) dropParams(refused);
  }, [refused, dropParams]);
  return refused.length > 0;
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
