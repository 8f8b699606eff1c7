import type { ReactNode } from 'react';

/**
 * Over a list with selected rows: how many are selected, the actions on them (`children`) and a
 * way to clear the selection. Shown only while something is selected.
 */
export function SelectionBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 border-stone-200 border-b bg-brand-50 px-4 py-3">
      <p aria-live="polite" className="font-semibold text-brand-900 text-sm">
        {count} selected
      </p>
      <div className="flex flex-wrap gap-2">{children}</div>
      <button
        type="button"
        onClick={onClear}
        className="ml-auto font-semibold text-brand-800 text-sm underline underline-offset-4 hover:text-brand-950"
      >
        Clear selection
      </button>
    </div>
  );
}
