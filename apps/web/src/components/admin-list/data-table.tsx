import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's header and cells, e.g. 'hidden xl:table-cell' for wide screens only. */
  className?: string;
  /**
   * On phones each row is a card: one column is its heading, the others are labelled lines
   * (the default) or left out.
   */
  phone?: 'heading' | 'line' | 'hidden';
  /** The list's sort field for this column: its header then sorts by it (from md up). */
  sortBy?: string;
};

export type SortOrder = 'asc' | 'desc';

/**
 * The list's current order and how to change it, for sortable headers. Phones keep the toolbar's
 * Sort control: their cards have no headers.
 */
export type TableSort = {
  by: string | undefined;
  order: SortOrder | undefined;
  onSort: (by: string, order: SortOrder) => void;
};

/**
 * Rows the admin can tick, to act on several at once (useRowSelection makes one). Each row gets a
 * checkbox, named by `rowLabel`; the header's selects or clears every row on the page.
 */
export type RowSelection<Row> = {
  isSelected: (row: Row) => boolean;
  toggle: (row: Row) => void;
  /** Selects every row shown, or clears them all when they all are. */
  toggleAll: (rows: readonly Row[]) => void;
  /** Names the row for its checkbox: 'Select ana_cruz'. */
  rowLabel: (row: Row) => string;
};

type DataTableProps<Row> = {
  /** What the rows are, e.g. 'Board members': the table's name and the loading announcement. */
  label: string;
  columns: readonly Column<Row>[];
  /** `undefined` while the first page loads. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** The buttons of a row (preview, edit, delete), last on the right. */
  actions?: (row: Row) => ReactNode;
  emptyText: string;
  isLoading: boolean;
  /** How many placeholder bars show while the first page loads: the page size. */
  skeletonRows?: number;
  sort?: TableSort;
  selection?: RowSelection<Row>;
};

const cellPadding = 'px-4 py-3';
/**
 * The actions stay in view at the table's right edge when a narrow screen (1280 px with the admin
 * sidebar) scrolls the other columns: Disable and Delete were once behind a horizontal scroll.
 */
const stickyActions = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.12)]';

/**
 * An admin table: a real table from `md` up, one card per row on phones, placeholder bars while
 * the first page loads and `emptyText` when there is nothing to show. Later pages keep the
 * current rows on screen while they load (the query's `placeholderData`).
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  emptyText,
  isLoading,
  skeletonRows = 5,
  sort,
  selection,
}: DataTableProps<Row>) {
  if (isLoading) {
    return (
      <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="space-y-3 p-4">
        {Array.from({ length: skeletonRows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own.
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (!rows || rows.length === 0) {
    return <p className="px-6 py-14 text-center text-stone-600">{emptyText}</p>;
  }
  const heading = columns.find((column) => column.phone === 'heading');
  const lines = columns.filter((column) => (column.phone ?? 'line') === 'line');

  return (
    <>
      {/* Phones: one card per row. */}
      <ul className="divide-y divide-stone-100 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="p-4">
            {selection ? (
              <div className="flex items-start gap-3">
                <RowCheckbox row={row} selection={selection} />
                <div className="min-w-0 flex-1">{heading?.cell(row)}</div>
              </div>
            ) : (
              heading?.cell(row)
            )}
            {/* The row's buttons beside its lines, at the bottom right: reachable with the thumb.
                When a row has so many that its lines would be squeezed, they move under them. */}
            <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
              <dl className="grid min-w-48 flex-1 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-1.5 text-sm">
                {lines.map((column) => (
                  <div key={column.header} className="contents">
                    <dt className="text-stone-500">{column.header}</dt>
                    <dd className="min-w-0 text-stone-800">{column.cell(row)}</dd>
                  </div>
                ))}
              </dl>
              {actions && <div className="ml-auto">{actions(row)}</div>}
            </div>
          </li>
        ))}
      </ul>
      {/* From md up: the table. */}
      <div className="hidden overflow-x-auto rounded-b-xl md:block">
        <table aria-label={label} className="w-full text-left text-sm">
          <thead className="border-stone-200 border-b bg-stone-50 text-stone-600 text-xs uppercase tracking-wide">
            <tr>
              {selection && (
                <th scope="col" className="w-12 py-3 pl-4">
                  <PageCheckbox rows={rows} selection={selection} />
                </th>
              )}
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  aria-sort={column.sortBy && sort ? ariaSortOf(column.sortBy, sort) : undefined}
                  className={`${cellPadding} font-semibold ${column.className ?? ''}`}
                >
                  {column.sortBy && sort ? (
                    <SortableHeader header={column.header} sortBy={column.sortBy} sort={sort} />
                  ) : (
                    column.header
                  )}
                </th>
              ))}
              {actions && (
                <th
                  scope="col"
                  className={`${cellPadding} ${stickyActions} bg-stone-50 text-right font-semibold`}
                >
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={`group ${selection?.isSelected(row) ? 'bg-brand-50' : ''} hover:bg-stone-50`}
              >
                {selection && (
                  <td className="w-12 py-3 pl-4">
                    <RowCheckbox row={row} selection={selection} />
                  </td>
                )}
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={`${cellPadding} text-stone-700 ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
                {actions && (
                  <td
                    // Opaque, so the columns scrolling under it stay hidden; a selected row's tint.
                    className={`${cellPadding} ${stickyActions} ${selection?.isSelected(row) ? 'bg-brand-50' : 'bg-white'} group-hover:bg-stone-50`}
                  >
                    {actions(row)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

const checkboxClasses = 'size-5 shrink-0 cursor-pointer accent-brand-700';

function RowCheckbox<Row>({ row, selection }: { row: Row; selection: RowSelection<Row> }) {
  return (
    <input
      type="checkbox"
      aria-label={selection.rowLabel(row)}
      checked={selection.isSelected(row)}
      onChange={() => selection.toggle(row)}
      className={checkboxClasses}
    />
  );
}

/** Ticked when every row shown is selected, half-ticked (mixed) when some are. */
function PageCheckbox<Row>({ rows, selection }: { rows: readonly Row[]; selection: RowSelection<Row> }) {
  const count = rows.filter(selection.isSelected).length;
  const some = count > 0 && count < rows.length;
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label="Select every row on this page"
      checked={count === rows.length}
      onChange={() => selection.toggleAll(rows)}
      className={checkboxClasses}
    />
  );
}

const ariaSortOf = (sortBy: string, sort: TableSort) =>
  sort.by === sortBy ? (sort.order === 'desc' ? 'descending' : 'ascending') : 'none';

/** A header that sorts by its column: ascending first, then the other way on each click. */
function SortableHeader({ header, sortBy, sort }: { header: string; sortBy: string; sort: TableSort }) {
  const active = sort.by === sortBy;
  const next: SortOrder = active && sort.order !== 'desc' ? 'desc' : 'asc';
  const Icon = active ? (sort.order === 'desc' ? ArrowDown : ArrowUp) : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={() => sort.onSort(sortBy, next)}
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase tracking-wide hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {header}
      <Icon aria-hidden="true" className={`size-3.5 ${active ? 'text-stone-900' : 'text-stone-400'}`} />
    </button>
  );
}

export type RowAction = {
  /** The accessible name and tooltip, naming the row: 'Edit Ana Cruz'. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  /**
   * Why this action cannot be taken on this row (an admin's own account cannot be disabled): the
   * button stays in its place, greyed, and says why instead of offering what the server refuses.
   */
  disabledReason?: string;
};

/** A row's icon buttons. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <div className="flex items-center justify-end gap-1">
      {actions.map((action) => (
        <RowActionButton key={action.label} {...action} />
      ))}
    </div>
  );
}

function RowActionButton({ label, icon, onClick, danger = false, disabledReason }: RowAction) {
  const reasonId = useId();
  const tone = disabledReason
    ? 'cursor-not-allowed text-stone-300'
    : danger
      ? 'text-red-700 hover:bg-red-50'
      : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900';
  return (
    <>
      <button
        type="button"
        // aria-disabled rather than disabled: the button keeps its place in the tab order, so a
        // keyboard or screen-reader user also meets the reason.
        aria-disabled={disabledReason ? true : undefined}
        aria-describedby={disabledReason ? reasonId : undefined}
        onClick={disabledReason ? undefined : onClick}
        aria-label={label}
        title={disabledReason ?? label}
        className={`inline-flex size-9 items-center justify-center rounded-lg transition-colors [&_svg]:size-4 ${tone}`}
      >
        {icon}
      </button>
      {disabledReason && (
        <span id={reasonId} className="sr-only">
          {disabledReason}
        </span>
      )}
    </>
  );
}
