import { useCallback, useMemo, useState } from 'react';
import type { RowSelection } from './data-table';

/**
 * The selected rows of an admin list, for DataTable's `selection` and the actions on them. Only
 * rows on screen count as selected: after a page change, a new filter or a decision that took rows
 * out of the list, `selectedRows` holds just the ones still shown, so an action never reaches a row
 * the admin cannot see.
 */
export function useRowSelection<Row>({
  rows,
  rowKey,
  rowLabel,
}: {
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  rowLabel: (row: Row) => string;
}) {
  const [keys, setKeys] = useState<ReadonlySet<string>>(() => new Set());
  const selectedRows = useMemo(
    () => (rows ?? []).filter((row) => keys.has(rowKey(row))),
    [rows, keys, rowKey],
  );
  const clear = useCallback(() => setKeys(new Set()), []);

  const selection: RowSelection<Row> = {
    isSelected: (row) => keys.has(rowKey(row)),
    toggle: (row) =>
      setKeys((current) => {
        const next = new Set(current);
        const key = rowKey(row);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    toggleAll: (shown) =>
      setKeys((current) =>
        shown.every((row) => current.has(rowKey(row))) ? new Set() : new Set(shown.map(rowKey)),
      ),
    rowLabel,
  };
  return { selection, selectedRows, clear };
}
