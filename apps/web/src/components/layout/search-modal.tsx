import { getSearchPages, SEARCH_SUGGESTIONS, type SearchPage, searchPages, siteConfig } from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { ArrowRight, CornerDownLeft, Search, X } from 'lucide-react';
import { type RefObject, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useReturnFocus } from '@/components/ui/dialog';
import { useIsLoggedIn } from '@/lib/session-store';

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
  const results = useMemo(() => searchPages(query, pages), [query, pages]);
  const trimmed = query.trim();

  const openPage = (page: SearchPage) => {
    onClose();
    navigate(page.path);
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
          if (first) openPage(first);
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
              Found {results.length} result(s)
            </p>
            {/* spec 000 §2: the list scrolls beyond a maximum height. */}
            <ul className="-mx-2 max-h-[min(24rem,55vh)] overflow-y-auto" data-testid="search-results">
              {results.map((page, index) => (
                <li key={page.path}>
                  <Link
                    to={page.path}
                    onClick={onClose}
                    className="group flex items-start gap-3 rounded-xl px-3 py-3 transition-colors hover:bg-brand-50 focus-visible:bg-brand-50"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold text-stone-900 group-hover:text-brand-800">
                        {page.title}
                      </span>
                      <span className="mt-0.5 block text-sm text-stone-600 leading-snug">
                        {page.description}
                      </span>
                      <span className="mt-1 block font-mono text-brand-700 text-xs">{page.path}</span>
                    </span>
                    {index === 0 ? (
                      <CornerDownLeft aria-hidden="true" className="mt-1 size-4 shrink-0 text-stone-400" />
                    ) : (
                      <ArrowRight
                        aria-hidden="true"
                        className="mt-1 size-4 shrink-0 text-stone-300 group-hover:text-brand-600"
                      />
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
