import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import { useRowSelection } from './use-row-selection';

type Row = { id: string; name: string };
const all: Row[] = [
  { id: 'a', name: 'Ana' },
  { id: 'b', name: 'Ben' },
  { id: 'c', name: 'Carla' },
];

/** A list with selectable rows and a way to show fewer of them, as a page change or a filter would. */
function SelectableList() {
  const [rows, setRows] = useState(all);
  const { selection, selectedRows, clear } = useRowSelection({
    rows,
    rowKey: (row) => row.id,
    rowLabel: (row) => `Select ${row.name}`,
  });
  return (
    <>
      <p data-testid="selected">{selectedRows.map((row) => row.name).join(',') || 'none'}</p>
      <button type="button" onClick={() => setRows(all.slice(1))}>
        Next page
      </button>
      <button type="button" onClick={clear}>
        Clear
      </button>
      <DataTable
        label="People"
        columns={[{ header: 'Name', phone: 'heading', cell: (row: Row) => row.name }]}
        rows={rows}
        rowKey={(row) => row.id}
        emptyText="Nobody"
        isLoading={false}
        selection={selection}
      />
    </>
  );
}

const selected = () => screen.getByTestId('selected').textContent;

describe('DataTable row selection', () => {
  it('ticks rows one by one, and every row of the page from the header (half-ticked when some are)', async () => {
    render(<SelectableList />);
    const user = userEvent.setup();
    const table = screen.getByRole('table', { name: 'People' });
    const pageBox = within(table).getByRole('checkbox', { name: 'Select every row on this page' });
    expect(selected()).toBe('none');

    await user.click(within(table).getByRole('checkbox', { name: 'Select Ben' }));
    expect(selected()).toBe('Ben');
    expect(pageBox).toHaveProperty('indeterminate', true);
    expect(pageBox).not.toBeChecked();

    await user.click(pageBox);
    expect(selected()).toBe('Ana,Ben,Carla');
    expect(pageBox).toBeChecked();
    expect(pageBox).toHaveProperty('indeterminate', false);

    await user.click(pageBox);
    expect(selected()).toBe('none');
  });

  it('gives phone cards their checkbox too, the same selection', async () => {
    render(<SelectableList />);
    const user = userEvent.setup();
    const cards = screen.getByRole('list');
    await user.click(within(cards).getByRole('checkbox', { name: 'Select Carla' }));
    expect(selected()).toBe('Carla');
    expect(
      within(screen.getByRole('table', { name: 'People' })).getByRole('checkbox', { name: 'Select Carla' }),
    ).toBeChecked();
  });

  it('counts only the rows on screen: a row that left the list is no longer selected', async () => {
    render(<SelectableList />);
    const user = userEvent.setup();
    const table = screen.getByRole('table', { name: 'People' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select Ana' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Ben' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(selected()).toBe('Ben');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(selected()).toBe('none');
  });

  it('has no checkboxes without a selection', () => {
    render(
      <DataTable
        label="People"
        columns={[{ header: 'Name', cell: (row: Row) => row.name }]}
        rows={all}
        rowKey={(row) => row.id}
        emptyText="Nobody"
        isLoading={false}
      />,
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
