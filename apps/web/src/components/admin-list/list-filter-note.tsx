/**
 * A line under an admin list's toolbar naming a filter the toolbar has no control for (one the
 * dashboard's links set: one record, the upcoming events, a category), with the button that
 * clears it.
 */
export function ListFilterNote({
  text,
  clearLabel = 'Show all',
  onClear,
}: {
  text: string;
  clearLabel?: string;
  onClear: () => void;
}) {
  return (
    <p className="flex items-center justify-between gap-3 border-stone-200 border-b bg-amber-50 px-4 py-2 text-amber-900 text-sm">
      {text}
      <button type="button" className="font-semibold underline" onClick={onClear}>
        {clearLabel}
      </button>
    </p>
  );
}
