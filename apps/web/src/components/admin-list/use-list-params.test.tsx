import { boardMemberListQuerySchema } from '@portal/shared';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  readListParams,
  readPublicListParams,
  refusedParams,
  useKeepPageInRange,
  useListParams,
} from './use-list-params';

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

describe('readPublicListParams', () => {
  it('reads the named entries as text, the first of a repeated one, and page 1 when none is named', () => {
    const search = new URLSearchParams('search=slope&page=abc&page=2&event_type=&other=1');
    expect(readPublicListParams(['page', 'search', 'event_type'], search)).toEqual({
      page: 'abc',
      search: 'slope',
    });
    expect(readPublicListParams(['page', 'search'], new URLSearchParams('search=a+b'))).toEqual({
      page: '1',
      search: 'a b',
    });
  });
});

describe('refusedParams', () => {
  const address = new URLSearchParams('page=abc&search=slope');
  const refusal = {
    error: 'Page must be a whole number',
    code: 'validation_error',
    field: 'page',
    fields: { page: 'Page must be a whole number', limit: 'Limit must be at most 100' },
  };

  it("names the address's entries a validation error refused, from the browser's or the server's read", () => {
    expect(
      refusedParams(new ApiError(400, refusal.error, undefined, refusal.code, refusal), address),
    ).toEqual(['page']);
    // The server renderer's reads reject with the route's body as `body` (ContentReads).
    expect(refusedParams(Object.assign(new Error(refusal.error), { body: refusal }), address)).toEqual([
      'page',
    ]);
  });

  it('names none for any other failure', () => {
    const other = { error: 'Internal server error', code: 'internal_error' };
    expect(refusedParams(new ApiError(500, other.error, undefined, other.code, other), address)).toEqual([]);
    expect(refusedParams(new ApiError(502, 'Bad Gateway', undefined, undefined, '<html>'), address)).toEqual(
      [],
    );
    expect(refusedParams(new Error('database down'), address)).toEqual([]);
    expect(refusedParams(null, address)).toEqual([]);
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
