import { boardMemberListQuerySchema } from '@portal/shared';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readListParams, useKeepPageInRange, useListParams } from './use-list-params';

const schema = boardMemberListQuerySchema;

describe('readListParams', () => {
  it("parses the address with the list's query schema and keeps its valid text for the request", () => {
    const { query, values } = readListParams(
      schema,
      new URLSearchParams('page=2&position=Vice-President&is_active=false&search=cruz&other=1'),
    );
    expect(query).toEqual({ page: '2', position: 'Vice-President', is_active: 'false', search: 'cruz' });
    expect(values).toMatchObject({
      page: 2,
      limit: 10,
      position: 'Vice President',
      is_active: false,
      search: 'cruz',
    });
  });

  it('drops what the schema refuses and keeps the rest; an empty address is page 1', () => {
    const { query, values } = readListParams(
      schema,
      new URLSearchParams('page=abc&is_active=maybe&position=Trustee'),
    );
    expect(query).toEqual({ page: '1', position: 'Trustee' });
    expect(values).toMatchObject({ page: 1, position: 'Trustee' });
    expect(values.is_active).toBeUndefined();
    expect(readListParams(schema, new URLSearchParams()).query).toEqual({ page: '1' });
  });
});

/** Renders a list's state and a few buttons that change it, at `path`. */
function renderList(path: string, totalPages?: number) {
  function List() {
    const list = useListParams(schema);
    useKeepPageInRange(list, totalPages === undefined ? undefined : { totalPages });
    return (
      <>
        <output>{JSON.stringify(list.query)}</output>
        <button type="button" onClick={() => list.setParams({ is_active: 'true' })}>
          Active only
        </button>
        <button type="button" onClick={() => list.setParams({ search: 'cruz' })}>
          Search
        </button>
        <button type="button" onClick={() => list.setPage(3)}>
          Page 3
        </button>
      </>
    );
  }
  const router = createMemoryRouter([{ path: '/admin/board', Component: List }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, query: () => JSON.parse(screen.getByRole('status').textContent ?? '{}') };
}

describe('useListParams', () => {
  it('opens a link from the dashboard already filtered (decision 014)', () => {
    const { query } = renderList('/admin/board?is_active=false');
    expect(query()).toEqual({ page: '1', is_active: 'false' });
  });

  it('changes the page alone, and goes back to page 1 on a new filter or search', async () => {
    const { router, query } = renderList('/admin/board?position=Trustee');
    await act(() => screen.getByRole('button', { name: 'Page 3' }).click());
    expect(query()).toEqual({ page: '3', position: 'Trustee' });

    await act(() => screen.getByRole('button', { name: 'Active only' }).click());
    expect(query()).toEqual({ page: '1', position: 'Trustee', is_active: 'true' });
    expect(router.state.location.search).toBe('?position=Trustee&is_active=true');

    await act(() => screen.getByRole('button', { name: 'Page 3' }).click());
    await act(() => screen.getByRole('button', { name: 'Search' }).click());
    expect(query()).toMatchObject({ page: '1', search: 'cruz' });
  });

  it('moves a page past the end to the last page once the total is known', () => {
    const { router, query } = renderList('/admin/board?page=7&search=cruz', 2);
    expect(query()).toEqual({ page: '2', search: 'cruz' });
    expect(router.state.location.search).toBe('?page=2&search=cruz');
  });
});
