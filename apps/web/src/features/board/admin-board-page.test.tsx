import { type BoardMember, DELAYS_MS } from '@portal/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { AdminBoardPage } from './admin-board-page';
import { json, makeBoardMember } from './test-fixtures';

type Call = { method: string; url: URL; body: FormData | null };

/**
 * A stand-in for the board API at the network boundary: it keeps `members` as the server would
 * (paged by 10, changed by writes) and records every call with its multipart body.
 */
function stubBoardApi(
  members: BoardMember[],
  overrides: { write?: (call: Call) => Response | undefined } = {},
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: new URL(input, 'http://localhost'),
      body: init?.body instanceof FormData ? init.body : null,
    };
    calls.push(call);
    if (call.method === 'GET') {
      const page = Number(call.url.searchParams.get('page') ?? 1);
      const rows = members.slice((page - 1) * 10, page * 10);
      const totalPages = Math.max(1, Math.ceil(members.length / 10));
      return json({
        data: {
          boardMembers: rows,
          pagination: {
            page,
            limit: 10,
            total: members.length,
            totalPages,
            hasNext: page < totalPages,
            hasPrev: page > 1,
          },
        },
      });
    }
    const answer = overrides.write?.(call);
    if (answer) return answer;
    const id = call.url.pathname.split('/').at(-1) ?? '';
    const existing = members.find((member) => member.id === id);
    if (call.method === 'DELETE') {
      members.splice(members.indexOf(existing as BoardMember), 1);
      return json({ data: { id } });
    }
    const fields = Object.fromEntries(call.body?.entries() ?? []);
    const saved = makeBoardMember({
      ...existing,
      ...(typeof fields.name === 'string' ? { name: fields.name } : {}),
      ...(fields.is_active !== undefined ? { is_active: fields.is_active === 'true' } : {}),
    });
    if (existing) members.splice(members.indexOf(existing), 1, saved);
    else members.push(saved);
    return json({ data: saved }, existing ? 200 : 201);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    gets: () => calls.filter((call) => call.method === 'GET').map((call) => call.url.searchParams),
  };
}

const twelveMembers = () =>
  Array.from({ length: 12 }, (_, index) =>
    makeBoardMember({ name: `Trustee ${String(index + 1).padStart(2, '0')}`, display_order: index }),
  );

const renderPage = (path = '/admin/board') => renderWithRouter(<AdminBoardPage />, { path });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Whole journeys through dialogs, typed key by key: slower than a unit test on a busy machine.
describe("AdminBoardPage, 'Meet Our Board' (spec 001 §2, §4, §5, §8)", () => {
  it("pages by 10 with 'Showing x to y of z members' and a Preview Page link opening a new tab", async () => {
    const api = stubBoardApi(twelveMembers());
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Showing 1 to 10 of 12 members')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Preview Page' })).toMatchObject({ target: '_blank' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11 to 12 of 12 members')).toBeVisible();
    expect(api.gets().at(-1)?.get('page')).toBe('2');
  });

  it('searches once the typing stops, and filters by position and status (is_active only when set)', async () => {
    const api = stubBoardApi(twelveMembers());
    renderPage();
    await screen.findByRole('table');
    expect(api.gets()[0]?.has('is_active')).toBe(false);
    const user = userEvent.setup();

    await user.type(screen.getByRole('searchbox', { name: 'Search board members' }), 'cruz');
    await waitFor(() => expect(api.gets().at(-1)?.get('search')).toBe('cruz'));
    // One request for the finished word, none for 'c', 'cr', 'cru'.
    expect(api.gets().filter((params) => params.has('search'))).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by position' }), 'Vice-President');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Inactive');
    await waitFor(() => {
      const last = api.gets().at(-1);
      expect([last?.get('search'), last?.get('position'), last?.get('is_active'), last?.get('page')]).toEqual(
        ['cruz', 'Vice-President', 'false', '1'],
      );
    });
  });

  it('opens a dashboard link already filtered, and moves a page past the end back to the last page', async () => {
    const api = stubBoardApi(twelveMembers());
    const { router } = renderPage('/admin/board?is_active=true&page=9');
    expect(await screen.findByText('Showing 11 to 12 of 12 members')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('true');
    expect(router.state.location.search).toBe('?is_active=true&page=2');
    expect(api.gets().map((params) => [params.get('is_active'), params.get('page')])).toEqual([
      ['true', '9'],
      ['true', '2'],
    ]);
  });

  it("says 'No board members found' when the list is empty or cannot be loaded", async () => {
    stubBoardApi([]);
    const first = renderPage();
    expect(await screen.findByText('No board members found')).toBeVisible();
    first.unmount();

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: 'Internal Server Error' }, 500)),
    );
    renderPage();
    expect(await screen.findByText('No board members found')).toBeVisible();
    expect(logged).toHaveBeenCalledWith('Failed to load board members', expect.anything());
  });

  it('toggles the status from the badge, which says what a click will do, confirms it, and says so when that fails', async () => {
    const members = [makeBoardMember({ name: 'Ana Cruz' })];
    let failNext = false;
    const api = stubBoardApi(members, {
      write: () => (failNext ? json({ error: 'Internal Server Error' }, 500) : undefined),
    });
    renderPage();
    const user = userEvent.setup();
    const table = await screen.findByRole('table');

    await user.click(within(table).getByRole('button', { name: 'Ana Cruz: Active — click to deactivate' }));
    await within(table).findByRole('button', { name: 'Ana Cruz: Inactive — click to activate' });
    expect(screen.getByRole('status')).toHaveTextContent('Ana Cruz is now inactive');
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/boards/admin/update-board-member/${members[0]?.id}`);
    expect(Object.fromEntries(put?.body?.entries() ?? [])).toEqual({ is_active: 'false' });

    failNext = true;
    await user.click(within(table).getByRole('button', { name: /^Ana Cruz: .* click to/ }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Failed to update member status. Please try again.');
  });

  it('deletes after the confirmation, and reports a failed delete', async () => {
    const [ana, ben] = [makeBoardMember({ name: 'Ana Cruz' }), makeBoardMember({ name: 'Ben Reyes' })];
    const api = stubBoardApi([ana, ben], {
      write: (call) => (call.url.pathname.endsWith(ben.id) ? json({ error: 'Boom' }, 500) : undefined),
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getAllByRole('button', { name: 'Delete Ana Cruz' })[0] as HTMLElement);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Board Member' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this board member?');
    // It names the person, so the wrong row cannot be deleted by a slip.
    expect(confirm).toHaveTextContent('Ana Cruz');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
      `/api/boards/admin/delete-board-member/${ana.id}`,
    ]);
    await waitFor(() => expect(screen.queryAllByText('Ana Cruz')).toEqual([]));

    await user.click(screen.getAllByRole('button', { name: 'Delete Ben Reyes' })[0] as HTMLElement);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Board Member' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Failed to delete board member. Please try again.')).toBeVisible();
  });

  it('adds a member: required fields first, then the multipart body with the picture', async () => {
    const api = stubBoardApi([]);
    renderPage();
    const user = userEvent.setup();
    await screen.findByText('No board members found');

    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Board Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    expect(within(dialog).getByText('Title is required')).toBeVisible();
    expect(within(dialog).getByText('Position is required')).toBeVisible();
    expect(within(dialog).getByLabelText('Name *')).toHaveFocus();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    const picker = within(dialog).getByLabelText('Image');
    expect(picker).toHaveAttribute('accept', 'image/*');
    const tooLarge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(picker, tooLarge);
    expect(within(dialog).getByText('Image file size must be less than 5MB.')).toBeVisible();
    const portrait = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'ana.jpg', { type: 'image/jpeg' });
    await user.upload(picker, portrait);
    expect(within(dialog).queryByText('Image file size must be less than 5MB.')).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name *'), 'Ana Cruz');
    await user.type(within(dialog).getByLabelText('Title *'), 'Exploration Manager');
    await user.selectOptions(within(dialog).getByLabelText('Position *'), 'Vice President');
    await user.type(within(dialog).getByLabelText('Display order'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));

    expect(await screen.findByRole('alertdialog', { name: 'Board member added' })).toBeVisible();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.url.pathname).toBe('/api/boards/admin/create-board-member');
    expect(Object.fromEntries(post?.body?.entries() ?? [])).toEqual({
      name: 'Ana Cruz',
      title: 'Exploration Manager',
      position: 'Vice President',
      description: '',
      trustee_since: '',
      display_order: '2',
      is_active: 'true',
      image: portrait,
    });
  });

  it('edits a member from its saved values, keeps the picture unless a new one is chosen, and reports a failure', async () => {
    const member = makeBoardMember({
      name: 'Ana Cruz',
      title: 'Geologist',
      position: 'Treasurer',
      display_order: 3,
    });
    let fail = false;
    const api = stubBoardApi([member], { write: () => (fail ? json({ error: 'Boom' }, 500) : undefined) });
    // The notice's 2 seconds pass on a fake clock (which also follows the real one).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('table');

    await user.click(screen.getAllByRole('button', { name: 'Edit Ana Cruz' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Board Member' });
    expect(within(dialog).getByLabelText('Name *')).toHaveValue('Ana Cruz');
    expect(within(dialog).getByLabelText('Position *')).toHaveValue('Treasurer');
    expect(within(dialog).getByLabelText('Display order')).toHaveValue(3);
    await user.clear(within(dialog).getByLabelText('Title *'));
    await user.type(within(dialog).getByLabelText('Title *'), 'Chief Geologist');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('alertdialog', { name: 'Board member updated' });
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body?.get('title')).toBe('Chief Geologist');
    expect(put?.body?.has('image')).toBe(false);
    // A success notice goes by itself after 2 seconds (spec 001 §9).
    await act(() => vi.advanceTimersByTimeAsync(DELAYS_MS.successNotice));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fail = true;
    await user.click(screen.getAllByRole('button', { name: 'Edit Ana Cruz' })[0] as HTMLElement);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Edit Board Member' })).getByRole('button', {
        name: 'Save Changes',
      }),
    );
    expect(await screen.findByText('Failed to update board member. Please try again.')).toBeVisible();
  });
});
