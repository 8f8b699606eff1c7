import { DEBOUNCE_MS } from '@portal/shared';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const controlClasses =
  'h-10 w-full rounded-lg border border-stone-300 bg-white text-sm hover:border-stone-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30';

/**
 * The row above an admin table: a search field and filter selects side by side from `sm` up,
 * stacked on phones. `columns` is the grid's template, e.g. 'sm:grid-cols-[minmax(0,1fr)_12rem_10rem]'.
 */
export function ListToolbar({ columns, children }: { columns: string; children: ReactNode }) {
  return <div className={`grid gap-3 border-stone-200 border-b p-4 ${columns}`}>{children}</div>;
}

type SearchFieldProps = {
  /** The accessible name, e.g. 'Search board members'. */
  label: string;
  placeholder: string;
  /** The search in the address. */
  value: string | undefined;
  /** Called once the typing has stopped, with the trimmed text (`undefined` when cleared). */
  onSearch: (value: string | undefined) => void;
  /** docs/product-rules.md "Events": 500 ms on admin users, 300 ms elsewhere. */
  debounceMs?: number;
};

/** A search box that asks the server only once the typing has stopped. */
export function SearchField({
  label,
  placeholder,
  value,
  onSearch,
  debounceMs = DEBOUNCE_MS.default,
}: SearchFieldProps) {
  const [text, setText] = useState(value ?? '');
  const debounced = useDebouncedValue(text.trim(), debounceMs);
  // Read in the effect without re-running it: only a new debounced text is a new search.
  const latest = useRef({ value, onSearch });
  latest.current = { value, onSearch };

  useEffect(() => {
    if (debounced !== (latest.current.value ?? '')) latest.current.onSearch(debounced || undefined);
  }, [debounced]);

  // The address changed from elsewhere (Back, a link): show its search.
  useEffect(() => {
    setText((current) => (current.trim() === (value ?? '') ? current : (value ?? '')));
  }, [value]);

  return (
    <label className="relative block">
      <span className="sr-only">{label}</span>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 my-auto size-4 text-stone-400"
      />
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        className={`${controlClasses} pr-3 pl-9`}
      />
    </label>
  );
}

type FilterSelectProps = {
  /** The accessible name, e.g. 'Filter by status'. */
  label: string;
  /** The filter in the address; '' or `undefined` is "all". */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The first choice, meaning no filter: 'All Positions'; absent when the list always has one. */
  allLabel?: string;
  /** `[value, label]` pairs. */
  options: readonly (readonly [string, string])[];
};

/** A native select filtering a list (the platform's own picker on phones). */
export function FilterSelect({ label, value, onChange, allLabel, options }: FilterSelectProps) {
  return (
    <label className="block">
      <span className="sr-only">{label}</span>
      <select
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={`${controlClasses} px-3`}
      >
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}
