import {
  DEBOUNCE_MS,
  formatDate,
  getSearchPages,
  isSitePath,
  SEARCH_SUGGESTIONS,
  SITE_SEARCH_TYPE_LABELS,
  type SiteSearchResponse,
  type SiteSearchType,
  searchPages,
  siteConfig,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowRight, CornerDownLeft, Search, X } from 'lucide-react';
import { type KeyboardEvent, type RefObject, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useReturnFocus } from '@/components/ui/dialog';
import { apiRequest } from '@/lib/api-client';
import { useIsLoggedIn } from '@/lib/session-store';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** One line of the results: a page of the fixed list (first, spec 000 §2) or a find of the server. */
type SearchHit = {
  type: 'page' | SiteSearchType;
  title: string;
  description: string;
  path: string;
  /** An event's or article's day (YYYY-MM-DD); pages and documents have none. */
  date?: string | null;
};
const TYPE_LABELS: Record<SearchHit['type'], string> = { page: 'Page', ...SITE_SEARCH_TYPE_LABELS };

/**
 * Published events, news and the documents, by their words (GET /api/search, full-text search on
 * the server), asked once the typing has stopped. A failure leaves the page results alone.
 */
function useSiteSearch(text: string) {
  const query = useDebouncedValue(text, DEBOUNCE_MS.default);
  const found = useQuery({
    queryKey: ['site-search', query],
    queryFn: async ({ signal }) =>
      (await apiRequest<SiteSearchResponse>('/search', { query: { q: query }, signal })).data.results,
    enabled: query !== '',
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
  return query === '' || found.isError ? [] : (found.data ?? []);
}

/** spec 000 §2 "Search modal ('Search {product}')": the page list and matching are in packages/shared. */
export function SearchModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  // Focus starts in the query box (spec: a free-text box) and returns to the opener on close.
  const returnFocus = useReturnFocus({ focusOnOpen: () => inputRef.current });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          className="fixed top-[8vh] left-1/2 z-50 w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-2xl bg-white shadow-2xl focus:outline-none data-[state=open]:animate-[dialog-in_180ms_ease-out]"
        >
          {/* Mounted only while open, so every opening starts with an empty query. */}
          <SearchPanel inputRef={inputRef} onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SearchPanel({
  inputRef,
  onClose,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const resultsId = useId();
  const pages = useMemo(() => getSearchPages({ isLoggedIn }), [isLoggedIn]);
  const trimmed = query.trim();
  const found = useSiteSearch(trimmed);
  const results = useMemo<SearchHit[]>(() => {
    const pageHits = searchPages(query, pages).map((page) => ({ ...page, type: 'page' as const }));
    const shown = new Set(pageHits.map((hit) => hit.path));
    return [...pageHits, ...found.filter((hit) => !shown.has(hit.path))];
  }, [query, pages, found]);
  const listRef = useRef<HTMLUListElement>(null);

  const openHit = (hit: SearchHit) => {
    onClose();
    // A document is a file, not a page of the app: the browser opens it.
    if (isSitePath(hit.path)) navigate(hit.path);
    else window.location.assign(hit.path);
  };

  /** Arrow keys move through the results (and back up to the box); Enter follows the focused one. */
  const moveFocus = (event: KeyboardEvent, from: number) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = [...(listRef.current?.querySelectorAll<HTMLElement>('a') ?? [])];
    const next = from + (event.key === 'ArrowDown' ? 1 : -1);
    event.preventDefault();
    if (next < 0) inputRef.current?.focus();
    else links[Math.min(next, links.length - 1)]?.focus();
  };

  return (
    <>
      <div className="flex items-center justify-between border-stone-200 border-b px-5 pt-4 pb-3">
        <Dialog.Title className="font-display font-semibold text-lg text-stone-900">
          Search {siteConfig.acronym}
        </Dialog.Title>
        <Dialog.Close
          aria-label="Close search"
          className="inline-flex size-9 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800"
        >
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>

      <form
        className="relative px-5 pt-4"
        onSubmit={(event) => {
          // spec 000 §2: Enter opens the first result.
          event.preventDefault();
          const [first] = results;
          if (first) openHit(first);
        }}
      >
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-8.5 mt-2 size-5 -translate-y-1/2 text-stone-400"
        />
        <input
          ref={inputRef}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => moveFocus(event, -1)}
          placeholder="Search for pages, forms, documents..."
          aria-label={`Search ${siteConfig.acronym}`}
          aria-controls={resultsId}
          className="h-12 w-full rounded-xl [&::-webkit-search-cancel-button]:appearance-none border border-stone-300 bg-stone-50 pr-4 pl-11 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-500 focus:bg-white focus:outline-2 focus:outline-brand-500/30"
        />
      </form>

      <div id={resultsId} className="px-5 pt-3 pb-5">
        {!trimmed ? (
          <div>
            <p className="pt-1 pb-2 font-semibold text-stone-500 text-xs uppercase tracking-widest">
              Suggestions
            </p>
            <ul className="flex flex-wrap gap-2">
              {SEARCH_SUGGESTIONS.map((suggestion) => (
                <li key={suggestion}>
                  <button
                    type="button"
                    onClick={() => setQuery(suggestion)}
                    className="rounded-full border border-stone-300 px-3.5 py-1.5 text-sm text-stone-700 transition-colors hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800"
                  >
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : results.length === 0 ? (
          <div role="status" className="py-8 text-center">
            <p className="font-medium text-stone-900">No results found for "{trimmed}"</p>
            <p className="mt-1 text-sm text-stone-600">Try searching for pages, forms, or documents</p>
          </div>
        ) : (
          <>
            <p role="status" className="pb-2 text-sm text-stone-600">
              Found {results.length} {results.length === 1 ? 'result' : 'results'}
            </p>
            {/* spec 000 §2: the list scrolls beyond a maximum height. */}
            <ul
              ref={listRef}
              className="-mx-2 max-h-[min(24rem,55vh)] overflow-y-auto"
              data-testid="search-results"
            >
              {results.map((hit, index) => {
                const content = (
                  <>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-2">
                        <span className="font-semibold text-stone-900 group-hover:text-brand-800">
                          {hit.title}
                        </span>
                        <span className="shrink-0 rounded-full bg-stone-100 px-2 py-0.5 font-medium text-[11px] text-stone-700 uppercase tracking-wide">
                          {TYPE_LABELS[hit.type]}
                        </span>
                      </span>
                      {hit.date && (
                        <span className="mt-0.5 block font-medium text-brand-700 text-xs">
                          {formatDate(hit.date)}
                        </span>
                      )}
                      <span className="mt-0.5 block text-sm text-stone-600 leading-snug">
                        {hit.description}
                      </span>
                      {/* spec 000 §2 shows the path: a page's or a document's reads well; an
                          event's or article's is an id, so its date stands in its place. */}
                      {!hit.date && (
                        <span className="mt-1 block break-all font-mono text-brand-700 text-xs">
                          {hit.path}
                        </span>
                      )}
                    </span>
                    {index === 0 ? (
                      <CornerDownLeft aria-hidden="true" className="mt-1 size-4 shrink-0 text-stone-400" />
                    ) : (
                      <ArrowRight
                        aria-hidden="true"
                        className="mt-1 size-4 shrink-0 text-stone-300 group-hover:text-brand-600"
                      />
                    )}
                  </>
                );
                const className =
                  'group flex items-start gap-3 rounded-xl px-3 py-3 transition-colors hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500';
                return (
                  <li key={`${hit.type}:${hit.path}`}>
                    {isSitePath(hit.path) ? (
                      <Link
                        to={hit.path}
                        onClick={onClose}
                        onKeyDown={(event) => moveFocus(event, index)}
                        className={className}
                      >
                        {content}
                      </Link>
                    ) : (
                      <a href={hit.path} onKeyDown={(event) => moveFocus(event, index)} className={className}>
                        {content}
                      </a>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
