import {
  ADMIN_USER_MESSAGES,
  type AdminAuditEntry,
  type AdminUser,
  APPLICATION_REVIEW_MESSAGES,
} from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { duesList, makeStatement } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { AdminUsersPage, EXPORT_FAILED } from './admin-users-page';
import { HISTORY_LOAD_FAILED } from './components/user-details-dialog';
import { json, listOf, makeAdminUser, makeMembership } from './test-fixtures';

type Call = { method: string; url: URL; body: unknown };

/** The users API at the network boundary: `answer` decides each call; every call is recorded. */
function stubApi(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: new URL(input, 'http://localhost'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

const renderPage = (path = '/admin/users') => renderWithRouter(<AdminUsersPage />, { path });
const isList = (call: Call) => call.url.pathname === '/api/users/get-all';
/** A row's button in the table (phones get the same buttons in cards, hidden from md up). */
const rowButton = async (name: string) =>
  within(await screen.findByRole('table', { name: 'Users' })).getByRole('button', { name });

// An administrator, unless a test signs in someone else: the row actions and roles are theirs.
beforeEach(() => {
  useSessionStore.setState({ user: { id: 'admin-1', username: 'chief', type: 'admin', roles: ['admin'] } });
});

afterEach(() => {
  useSessionStore.setState({ user: null });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('/admin/users', () => {
  it('asks for the filters in the address and lists the users with their newest membership', async () => {
    const applicant = makeAdminUser({
      username: 'paoloreyes',
      firstName: 'Paolo',
      lastName: 'Reyes',
      membership: makeMembership({ category: 'Individual' }),
    });
    const calls = stubApi(() => listOf([applicant]));
    renderPage('/admin/users?membership=pending&status=active');

    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('Paolo Reyes')).toBeInTheDocument();
    expect(within(table).getByText('Individual', { selector: 'span' })).toBeInTheDocument();
    const query = calls.find(isList)?.url.searchParams;
    expect(query?.get('membership')).toBe('pending');
    expect(query?.get('status')).toBe('active');
    expect(query?.get('page')).toBe('1');
    expect(screen.getByText('Showing 1 to 1 of 1 users')).toBeInTheDocument();
  });

  it('names each account first by its registered name, its username and e-mail on the line under it', async () => {
    const company = makeAdminUser({
      username: 'zambonickel',
      email: 'office@zambonickel.ph',
      display_name: 'Zamboanga Nickel Corporation',
      type: 'company',
    });
    stubApi(() => listOf([company]));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Users' });
    const name = within(table).getByText('Zamboanga Nickel Corporation');
    expect(name.nextElementSibling).toHaveTextContent('zambonickel · office@zambonickel.ph');
  });

  it('offers the status filter as All, Active, Inactive, Pending and every sort both ways', async () => {
    stubApi(() => listOf([makeAdminUser()]));
    renderPage();
    await screen.findByRole('table', { name: 'Users' });
    const options = (name: string) =>
      within(screen.getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    // docs/product-rules.md "Identity and roles".
    expect(options('Filter by status')).toEqual(['All', 'Active', 'Inactive', 'Pending']);
    expect(options('Sort by')).toEqual([
      'Newest first',
      'Username A–Z',
      'Username Z–A',
      'Type A–Z',
      'Type Z–A',
      'Status A–Z',
      'Status Z–A',
      'Oldest first',
    ]);
  });

  it('sorts by a column when its header is clicked, then the other way, and says which way', async () => {
    const calls = stubApi(() => listOf([makeAdminUser()]));
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Users' });
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    // Newest first by default: the Joined column says so.
    expect(header('Joined')).toHaveAttribute('aria-sort', 'descending');
    expect(header('User')).toHaveAttribute('aria-sort', 'none');
    expect(within(table).queryByRole('button', { name: 'Membership' })).toBeNull();

    await user.click(within(header('User')).getByRole('button', { name: 'User' }));
    await waitFor(() => expect(header('User')).toHaveAttribute('aria-sort', 'ascending'));
    expect(calls.filter(isList).at(-1)?.url.searchParams.toString()).toContain(
      'sortBy=username&sortOrder=asc',
    );
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('username:asc');

    await user.click(within(header('User')).getByRole('button', { name: 'User' }));
    await waitFor(() => expect(header('User')).toHaveAttribute('aria-sort', 'descending'));
    expect(calls.filter(isList).at(-1)?.url.searchParams.get('sortOrder')).toBe('desc');
    expect(header('Joined')).toHaveAttribute('aria-sort', 'none');
  });

  it("greys the admin's own Disable and Delete, saying why, and asks the server nothing for them", async () => {
    const me = makeAdminUser({ username: 'secretariat', type: 'admin' });
    const colleague = makeAdminUser({ username: 'treasurer', type: 'admin' });
    useSessionStore.setState({ user: { id: me.id, username: me.username, type: 'admin' } });
    const calls = stubApi(() => listOf([me, colleague]));
    renderPage();
    const user = userEvent.setup();

    for (const name of ['Disable secretariat', 'Delete secretariat']) {
      const own = await rowButton(name);
      expect(own).toHaveAttribute('aria-disabled', 'true');
      expect(own).toHaveAccessibleDescription(ADMIN_USER_MESSAGES.notYourself);
      await user.click(own);
    }
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    const theirs = await rowButton('Disable treasurer');
    expect(theirs).not.toHaveAttribute('aria-disabled');
    await user.click(theirs);
    expect(await screen.findByRole('alertdialog', { name: 'Disable User' })).toBeInTheDocument();
  });

  it('asks for one account exactly when the address names it (the dashboard links to a person so)', async () => {
    const person = makeAdminUser({ username: 'only_me' });
    const calls = stubApi(() => listOf([person]));
    renderPage(`/admin/users?id=${person.id}`);
    await screen.findByRole('table', { name: 'Users' });
    expect(calls.find(isList)?.url.searchParams.get('id')).toBe(person.id);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(calls.filter(isList).at(-1)?.url.searchParams.has('id')).toBe(false));
  });

  it('exports the filtered list only after making sure of the session, renewing an expired one', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} download=${this.hasAttribute('download')}`);
    });
    let sessionAnswers = 0;
    const calls = stubApi((call) => {
      if (call.url.pathname === '/api/auth/session') {
        sessionAnswers += 1;
        // The access token has run out: the first ask is refused, the client renews and repeats.
        return sessionAnswers === 1
          ? json({ error: 'Invalid or expired token', code: 'invalid_token' }, 401)
          : json({ data: { profile: {} } });
      }
      if (call.url.pathname === '/api/auth/refresh') {
        expect(clicked).toEqual([]);
        return json({ data: { expiresAt: '2030-01-01T00:00:00.000Z' } });
      }
      return listOf([makeAdminUser()]);
    });
    renderPage('/admin/users?membership=pending&status=active&page=2');
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    // The same filters as the table, not its page.
    await waitFor(() =>
      expect(clicked).toEqual(['/api/users/admin/export-csv?status=active&membership=pending download=true']),
    );
    expect(calls.map((call) => call.url.pathname).filter((path) => path.startsWith('/api/auth'))).toEqual([
      '/api/auth/session',
      '/api/auth/refresh',
      '/api/auth/session',
    ]);
  });

  it('says the export could not start, and downloads nothing, when the server cannot be reached', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    stubApi((call) =>
      call.url.pathname === '/api/auth/session'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : listOf([]),
    );
    renderPage();
    await screen.findByText(ADMIN_USER_MESSAGES.noUsers);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alertdialog', { name: 'Something went wrong' })).toHaveTextContent(
      EXPORT_FAILED,
    );
    expect(click).not.toHaveBeenCalled();
  });

  it('searches username and e-mail once the typing has stopped for 500 ms', async () => {
    const calls = stubApi(() => listOf([makeAdminUser()]));
    renderPage();
    await screen.findByRole('table', { name: 'Users' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'reyes');
    // Not before the debounce has run out: one request for the whole word.
    expect(calls.filter(isList).some((call) => call.url.searchParams.has('search'))).toBe(false);
    await waitFor(() => expect(calls.filter(isList).at(-1)?.url.searchParams.get('search')).toBe('reyes'));
    expect(calls.filter((call) => isList(call) && call.url.searchParams.has('search'))).toHaveLength(1);
  });

  it('shows the empty text when nothing matches', async () => {
    stubApi(() => listOf([]));
    renderPage('/admin/users?search=nobody');
    expect(await screen.findByText(ADMIN_USER_MESSAGES.noUsers)).toBeInTheDocument();
  });

  it('disables a user after the confirmation and says so', async () => {
    const target = makeAdminUser({ username: 'disable_me' });
    const calls = stubApi((call) =>
      call.url.pathname.includes('toggle-status')
        ? json({ data: { ...target, status: 'inactive' } })
        : listOf([target]),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Disable disable_me'));
    const dialog = screen.getByRole('alertdialog', { name: 'Disable User' });
    expect(calls.some((call) => call.url.pathname.includes('toggle-status'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(ADMIN_USER_MESSAGES.disabled)).toBeInTheDocument();
    const toggle = calls.find((call) => call.url.pathname.includes('toggle-status'));
    expect(toggle).toMatchObject({ method: 'GET' });
    expect(toggle?.url.pathname).toBe(`/api/users/admin/toggle-status/${target.id}`);
  });

  // An account that never confirmed its e-mail comes back pending, and is enabled all the same.
  it.each(['active', 'pending'] as const)(
    "enables an inactive user after the confirmation: 'User enabled successfully!' (back %s)",
    async (restored) => {
      const target = makeAdminUser({ username: 'enable_me', status: 'inactive' });
      stubApi((call) =>
        call.url.pathname.includes('toggle-status')
          ? json({ data: { ...target, status: restored } })
          : listOf([target]),
      );
      renderPage();
      const user = userEvent.setup();
      await user.click(await rowButton('Enable enable_me'));
      const dialog = screen.getByRole('alertdialog', { name: 'Enable User' });
      await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
      expect(await screen.findByText(ADMIN_USER_MESSAGES.enabled)).toBeInTheDocument();
    },
  );

  it("says 'Error updating user status. Please try again.' when the toggle fails, with a refused rule's reason under it", async () => {
    const target = makeAdminUser({ username: 'last_admin', type: 'admin' });
    let answer = json({ error: 'Internal Server Error' }, 500);
    stubApi((call) => (call.url.pathname.includes('toggle-status') ? answer : listOf([target])));
    renderPage();
    const user = userEvent.setup();
    const disable = async () => {
      await user.click(await rowButton('Disable last_admin'));
      await user.click(
        within(screen.getByRole('alertdialog', { name: 'Disable User' })).getByRole('button', {
          name: 'Disable',
        }),
      );
      return screen.findByRole('alertdialog', { name: 'Something went wrong' });
    };
    let modal = await disable();
    // The spec's message, exactly, and nothing else for a failure that is not a rule.
    expect(within(modal).getByText(ADMIN_USER_MESSAGES.statusFailed)).toBeInTheDocument();
    expect(modal.querySelectorAll('p')).toHaveLength(1);
    await user.click(within(modal).getByRole('button', { name: 'Okay' }));

    answer = json({ error: ADMIN_USER_MESSAGES.lastAdmin, code: 'last_admin' }, 409);
    modal = await disable();
    expect(within(modal).getByText(ADMIN_USER_MESSAGES.statusFailed)).toBeInTheDocument();
    expect(within(modal).getByText(ADMIN_USER_MESSAGES.lastAdmin)).toBeInTheDocument();
  });

  it("says 'Error deleting user. Please try again.' with the server's rule when a delete is refused", async () => {
    const self = makeAdminUser({ username: 'me_admin', type: 'admin' });
    stubApi((call) =>
      call.method === 'DELETE'
        ? json(
            { error: 'You cannot disable, delete or demote your own account', code: 'self_protection' },
            403,
          )
        : listOf([self]),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Delete me_admin'));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete User' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const modal = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    // The spec's message stays exact as the main text; the rule's reason is a line of its own.
    expect(within(modal).getByText(ADMIN_USER_MESSAGES.deleteFailed)).toBeInTheDocument();
    expect(within(modal).getByText(ADMIN_USER_MESSAGES.notYourself)).toBeInTheDocument();
  });

  it('deletes a user and says so', async () => {
    const doomed = makeAdminUser({ username: 'gone_soon' });
    stubApi((call) => (call.method === 'DELETE' ? json({ data: { id: doomed.id } }) : listOf([doomed])));
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Delete gone_soon'));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete User' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(ADMIN_USER_MESSAGES.deleted)).toBeInTheDocument();
  });
});

describe('the user dialog', () => {
  it('sends username, the read-only e-mail, phone, type, status and the names of the type, and confirms the update', async () => {
    const person = makeAdminUser({ username: 'ana', email: 'ana@example.com' });
    const calls = stubApi((call) =>
      call.method === 'PUT' ? json({ data: { ...person, username: 'ana_cruz' } }) : listOf([person]),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Edit ana'));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('readonly');
    const status = within(dialog).getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Active', 'Inactive']);
    await user.clear(within(dialog).getByLabelText('Username *'));
    await user.type(within(dialog).getByLabelText('Username *'), 'ana_cruz');
    await user.type(within(dialog).getByLabelText('Phone'), '0917 000 1111');
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Juana');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'company');
    // A company goes by its registered name: the dialog now asks for that instead.
    expect(within(dialog).queryByLabelText('First name')).toBeNull();
    await user.type(within(dialog).getByLabelText('Registered company name'), 'Cruz Mining Corporation');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(ADMIN_USER_MESSAGES.updated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      body: {
        username: 'ana_cruz',
        email: 'ana@example.com',
        phone: '0917 000 1111',
        type: 'company',
        status: 'active',
        registeredName: 'Cruz Mining Corporation',
      },
    });
  });

  it("shows a taken username on the field and 'Error updating user. Please try again.' otherwise", async () => {
    const person = makeAdminUser({ username: 'ben' });
    let answer = json(
      { error: 'This username is already taken', code: 'username_taken', field: 'username' },
      409,
    );
    stubApi((call) => (call.method === 'PUT' ? answer : listOf([person])));
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Edit ben'));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('This username is already taken')).toBeInTheDocument();

    answer = json({ error: 'Internal Server Error' }, 500);
    await user.type(within(dialog).getByLabelText('Username *'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alertdialog', { name: 'Something went wrong' })).toHaveTextContent(
      ADMIN_USER_MESSAGES.updateFailed,
    );
  });
});

describe('staff roles in the user dialog (decision 060)', () => {
  const isRoles = (call: Call) => call.method === 'PUT' && call.url.pathname.endsWith('/roles');

  it('shows an administrator a checkbox per role, named with what it opens, and saves the roles after the details', async () => {
    const person = makeAdminUser({ username: 'tess' });
    const calls = stubApi((call) => {
      if (isRoles(call)) return json({ data: { id: person.id, roles: ['treasurer'] } });
      if (call.method === 'PUT') return json({ data: person });
      return listOf([person]);
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Edit tess'));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    const roles = within(dialog).getByRole('group', { name: 'Staff roles' });
    expect(
      within(roles)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual([
      'Administrator — everything, including staff roles',
      'Secretariat — users, memberships, events, news, board and announcements',
      'Treasurer — dues, payments, receipts and reminders',
      "Election committee — the annual meeting's nominations, roll and certification",
    ]);
    await user.click(within(roles).getByRole('checkbox', { name: /^Treasurer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(ADMIN_USER_MESSAGES.updated)).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.url.pathname)).toEqual([
      `/api/users/admin/update-profile/${person.id}`,
      `/api/users/admin/${person.id}/roles`,
    ]);
    expect(puts[1]?.body).toEqual({ roles: ['treasurer'] });
  });

  it('sends no roles when they are unchanged', async () => {
    const person = makeAdminUser({ username: 'sam', type: 'admin', roles: ['secretariat'] });
    const calls = stubApi((call) => (call.method === 'PUT' ? json({ data: person }) : listOf([person])));
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Edit sam'));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByRole('checkbox', { name: /^Secretariat/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(ADMIN_USER_MESSAGES.updated)).toBeInTheDocument();
    expect(calls.filter(isRoles)).toEqual([]);
  });

  it("shows the server's refusal on the roles and keeps the dialog open", async () => {
    const person = makeAdminUser({ username: 'lastadmin', type: 'admin', roles: ['admin'] });
    stubApi((call) => {
      if (isRoles(call)) return json({ error: ADMIN_USER_MESSAGES.lastAdmin, code: 'last_admin' }, 409);
      if (call.method === 'PUT') return json({ data: person });
      return listOf([person]);
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Edit lastadmin'));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('checkbox', { name: /^Administrator/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const roles = within(dialog).getByRole('group', { name: 'Staff roles' });
    expect(await within(roles).findByText(ADMIN_USER_MESSAGES.lastAdmin)).toBeInTheDocument();
    expect(roles).toHaveAccessibleDescription(ADMIN_USER_MESSAGES.lastAdmin);
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
    expect(screen.queryByText(ADMIN_USER_MESSAGES.updated)).toBeNull();
  });

  it('shows the secretariat the roles as text, with no checkbox', async () => {
    useSessionStore.setState({
      user: { id: 'sec-1', username: 'sec', type: 'admin', roles: ['secretariat'] },
    });
    const person = makeAdminUser({ username: 'tina', type: 'admin', roles: ['treasurer'] });
    stubApi(() => listOf([person]));
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Edit tina'));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryAllByRole('checkbox')).toEqual([]);
    expect(within(dialog).getByText('Treasurer')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Only an administrator grants or removes staff roles.'),
    ).toBeInTheDocument();
  });

  it('shows role badges in the list, and a treasurer only the details of each account', async () => {
    useSessionStore.setState({ user: { id: 'tr-1', username: 'tr', type: 'admin', roles: ['treasurer'] } });
    const staff = makeAdminUser({ username: 'multi', type: 'admin', roles: ['secretariat', 'treasurer'] });
    stubApi(() => listOf([staff]));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('Secretariat')).toBeInTheDocument();
    expect(within(table).getByText('Treasurer')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Details of multi' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Edit multi' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete multi' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create User' })).toBeNull();
  });
});

describe('the memberships editor', () => {
  const person: AdminUser = makeAdminUser({ username: 'carla' });

  it('approves a pending membership and confirms it', async () => {
    const application = makeMembership({ userId: person.id });
    const calls = stubApi((call) => {
      if (call.url.pathname === `/api/memberships/${person.id}`)
        return json({ data: { memberships: [application] } });
      if (call.method === 'PUT')
        return json({ data: { ...application, status: 'approved', standing: 'active' } });
      return listOf([person]);
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Memberships of carla'));
    const dialog = screen.getByRole('dialog', { name: 'Memberships' });
    const update = await within(dialog).findByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'approved');
    await user.click(update);
    expect(await screen.findByText(ADMIN_USER_MESSAGES.membershipUpdated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ body: { status: 'approved' } });
    expect(calls.find((call) => call.method === 'PUT')?.url.pathname).toBe(
      `/api/memberships/update/${application.id}`,
    );
  });

  it("says 'Failed to update membership. Please try again.' and puts the status back when the update fails", async () => {
    const application = makeMembership({ userId: person.id });
    stubApi((call) => {
      if (call.url.pathname === `/api/memberships/${person.id}`)
        return json({ data: { memberships: [application] } });
      if (call.method === 'PUT') return json({ error: 'Internal Server Error' }, 500);
      return listOf([person]);
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Memberships of carla'));
    const dialog = screen.getByRole('dialog', { name: 'Memberships' });
    await user.selectOptions(await within(dialog).findByLabelText('Status'), 'approved');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    const modal = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(within(modal).getByText(ADMIN_USER_MESSAGES.membershipUpdateFailed)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Status')).toHaveValue('pending');
  });

  it("says 'Failed to delete membership. Please try again.' when the delete fails, and keeps the membership", async () => {
    const old = makeMembership({ userId: person.id, status: 'rejected', standing: 'rejected' });
    stubApi((call) => {
      if (call.method === 'DELETE') return json({ error: 'Internal Server Error' }, 500);
      if (call.url.pathname === `/api/memberships/${person.id}`)
        return json({ data: { memberships: [old] } });
      return listOf([person]);
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Memberships of carla'));
    await user.click(await screen.findByRole('button', { name: 'Delete Regular membership' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Membership' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const modal = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(within(modal).getByText(ADMIN_USER_MESSAGES.membershipDeleteFailed)).toBeInTheDocument();
    expect(screen.queryByText(ADMIN_USER_MESSAGES.membershipDeleted)).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Okay' }));
    expect(await screen.findByRole('button', { name: 'Delete Regular membership' })).toBeInTheDocument();
  });

  it("says 'Failed to load memberships. Please try again.' when they cannot be read", async () => {
    stubApi((call) =>
      call.url.pathname.startsWith('/api/memberships/')
        ? json({ error: 'Internal Server Error' }, 500)
        : listOf([person]),
    );
    renderPage();
    await userEvent.setup().click(await rowButton('Memberships of carla'));
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_USER_MESSAGES.membershipsLoadFailed);
  });

  it('deletes a membership after the confirmation', async () => {
    const old = makeMembership({ userId: person.id, status: 'rejected', standing: 'rejected' });
    const calls = stubApi((call) => {
      if (call.method === 'DELETE') return json({ data: { id: old.id } });
      if (call.url.pathname === `/api/memberships/${person.id}`)
        return json({ data: { memberships: [old] } });
      return listOf([person]);
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Memberships of carla'));
    await user.click(await screen.findByRole('button', { name: 'Delete Regular membership' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Membership' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(ADMIN_USER_MESSAGES.membershipDeleted)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe(
      `/api/memberships/delete/${old.id}`,
    );
  });
});

describe('the user detail', () => {
  const person = makeAdminUser({
    username: 'dina',
    email: 'dina@example.com',
    phone: '+63 917 555 0101',
    address: '12 Ayala Avenue, Makati',
    type: 'company',
  });
  const admin = {
    id: '00000000-0000-4000-8000-00000000a001',
    username: 'secretariat',
    display_name: 'Ma. Teresa Villanueva',
    email: 'office@example.com',
  };
  const entry = (overrides: Partial<AdminAuditEntry>): AdminAuditEntry => ({
    id: crypto.randomUUID(),
    action: 'user_updated',
    actor: admin,
    user: {
      id: person.id,
      username: person.username,
      display_name: person.display_name,
      email: person.email,
    },
    membershipId: null,
    changes: {},
    created_at: '2026-11-20T01:30:00.000Z',
    ...overrides,
  });
  const auditPage = (entries: AdminAuditEntry[], page = 1, total = entries.length) =>
    json({
      data: {
        entries,
        page,
        limit: 10,
        total,
        totalPages: Math.max(1, Math.ceil(total / 10)),
        hasNext: page * 10 < total,
        hasPrev: page > 1,
      },
    });

  it('shows the account, the memberships and the history of admin changes, from → to', async () => {
    const membership = makeMembership({
      userId: person.id,
      category: 'Regular',
      status: 'approved',
      standing: 'active',
      startsAt: '2026-11-20T01:30:00.000Z',
      expiresAt: '2027-11-20T01:30:00.000Z',
      paidThrough: '2027-11-20',
    });
    const calls = stubApi((call) => {
      if (call.url.pathname === `/api/memberships/${person.id}`)
        return json({ data: { memberships: [membership] } });
      if (call.url.pathname === '/api/dues/statements' && call.url.searchParams.get('userId') === person.id)
        return json(duesList([makeStatement({ number: 'SOA-2026-000101', status: 'paid', paid: 300_000 })]));
      if (call.url.pathname === `/api/users/admin/audit/${person.id}`)
        return auditPage(
          [
            entry({
              action: 'membership_updated',
              membershipId: membership.id,
              changes: {
                status: { from: 'pending', to: 'approved' },
                startsAt: { from: null, to: '2026-11-20T01:30:00.000Z' },
              },
            }),
            entry({
              action: 'user_created',
              actor: { ...admin, id: null, username: 'former_admin', display_name: 'former_admin' },
              changes: { username: { from: null, to: 'dina' }, category: { from: null, to: 'Regular' } },
              created_at: '2026-11-01T02:00:00.000Z',
            }),
          ],
          1,
          12,
        );
      return listOf([person]);
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Details of dina'));
    const dialog = screen.getByRole('dialog', { name: 'User Details' });

    const account = within(dialog).getByRole('region', { name: 'Account' });
    expect(account).toHaveTextContent('TypeCompany');
    expect(account).toHaveTextContent('Phone+63 917 555 0101');
    expect(account).toHaveTextContent('Address12 Ayala Avenue, Makati');
    const memberships = within(dialog).getByRole('region', { name: 'Memberships' });
    expect(await within(memberships).findByText('Regular')).toBeInTheDocument();
    expect(memberships).toHaveTextContent('November 20, 2026 – November 20, 2027');
    expect(within(memberships).getByText('Active')).toBeInTheDocument();
    const dues = within(dialog).getByRole('region', { name: 'Dues' });
    expect(await within(dues).findByText('SOA-2026-000101')).toBeInTheDocument();
    expect(within(dues).getByText('Paid')).toBeInTheDocument();
    expect(within(dues).getByRole('link', { name: 'Statements and payments' })).toHaveAttribute(
      'href',
      `/admin/dues?userId=${person.id}`,
    );

    const history = within(dialog).getByRole('region', { name: 'History' });
    const changes = await within(history).findAllByRole('listitem');
    // The admin by the name they went by, not their username (docs/product-rules.md "Names").
    expect(changes[0]).toHaveTextContent('Changed a membership by Ma. Teresa Villanueva');
    expect(changes[0]).toHaveTextContent('November 20, 2026 at 9:30 AM');
    expect(changes[0]).toHaveTextContent('Status: pending → changed to approved');
    expect(changes[0]).toHaveTextContent('Period starts: November 20, 2026');
    expect(within(history).getByText(/Created the account/)).toHaveTextContent(
      'Created the account by former_admin',
    );
    expect(history).toHaveTextContent('Username: dina');

    // Twelve changes: a second page, asked for by its number.
    await user.click(within(history).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.pathname.startsWith('/api/users/admin/audit/') &&
            call.url.searchParams.get('page') === '2',
        ),
      ).toBe(true),
    );
  });

  it('says when nobody has changed the account yet, and when the history cannot be read', async () => {
    let audit = auditPage([]);
    stubApi((call) => {
      if (call.url.pathname.startsWith('/api/memberships/')) return json({ data: { memberships: [] } });
      if (call.url.pathname === '/api/dues/statements') return json(duesList());
      if (call.url.pathname.startsWith('/api/users/admin/audit/')) return audit;
      return listOf([person]);
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await rowButton('Details of dina'));
    expect(await screen.findByText('No administrator has changed this account yet.')).toBeInTheDocument();
    expect(screen.getByText('No memberships.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    audit = json({ error: 'Internal Server Error' }, 500);
    await user.click(await rowButton('Details of dina'));
    expect(await screen.findByRole('alert')).toHaveTextContent(HISTORY_LOAD_FAILED);
  });

  it('selects pending applications on the pending filter and approves them together', async () => {
    const first = makeAdminUser({ username: 'first_applicant', membership: makeMembership() });
    const second = makeAdminUser({ username: 'second_applicant', membership: makeMembership() });
    const third = makeAdminUser({ username: 'third_applicant', membership: makeMembership() });
    const calls = stubApi((call) =>
      call.method === 'POST'
        ? json({
            data: {
              results: (call.body as { ids: string[] }).ids.map((id) => ({ id, outcome: 'approved' })),
            },
          })
        : listOf([first, second, third]),
    );
    renderPage('/admin/users?membership=pending');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select first_applicant' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select third_applicant' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve 2' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Approve 2 applications' });
    expect(within(confirm).getByText('first_applicant')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Approve 2' }));
    expect(await screen.findByText('2 applications approved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: expect.objectContaining({ pathname: '/api/memberships/decisions' }),
      body: { ids: [first.membership?.id, third.membership?.id], status: 'approved' },
    });
    expect(screen.queryByText('2 selected')).not.toBeInTheDocument();
  });

  it('rejects the selected ones with one reason, and says which another admin had decided', async () => {
    const first = makeAdminUser({ username: 'first_applicant', membership: makeMembership() });
    const second = makeAdminUser({ username: 'second_applicant', membership: makeMembership() });
    const calls = stubApi((call) =>
      call.method === 'POST'
        ? json({
            data: {
              results: [
                { id: first.membership?.id, outcome: 'rejected' },
                { id: second.membership?.id, outcome: 'already_decided' },
              ],
            },
          })
        : listOf([first, second]),
    );
    renderPage('/admin/users?membership=pending');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select every row on this page' }));
    await user.click(screen.getByRole('button', { name: 'Reject 2' }));
    const ask = screen.getByRole('alertdialog', { name: 'Reject 2 applications' });
    await user.click(within(ask).getByRole('button', { name: 'Reject 2' }));
    expect(within(ask).getByText(APPLICATION_REVIEW_MESSAGES.reasonRequired)).toBeInTheDocument();
    await user.type(within(ask).getByRole('textbox', { name: 'Reason *' }), 'Incomplete papers.');
    await user.click(within(ask).getByRole('button', { name: 'Reject 2' }));
    const modal = await screen.findByRole('alertdialog', { name: 'Not every application was decided' });
    expect(within(modal).getByText('1 application rejected.')).toBeInTheDocument();
    expect(
      within(modal).getByText(
        '1 application had already been decided by another administrator and was left as it was.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      ids: [first.membership?.id, second.membership?.id],
      status: 'rejected',
      reason: 'Incomplete papers.',
    });
  });

  it('offers row selection only on the pending filter, and Review on a pending row', async () => {
    const applicant = makeAdminUser({ username: 'new_applicant', membership: makeMembership() });
    const { membership, ...details } = applicant;
    const calls = stubApi((call) =>
      call.url.pathname.startsWith('/api/memberships/application/')
        ? json({
            data: {
              membership,
              applicant: {
                ...details,
                about: 'Exploration geologist.',
                registeredName: null,
                tin: null,
                billingAddress: null,
                billingEmail: null,
              },
              representatives: [],
            },
          })
        : listOf([applicant]),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(table).getByRole('button', { name: 'Review application of new_applicant' }));
    const panel = await screen.findByRole('dialog', { name: 'Review application' });
    expect(await within(panel).findByText('Exploration geologist.')).toBeInTheDocument();
    expect(calls.at(-1)?.url.pathname).toBe(`/api/memberships/application/${membership?.id}`);
  });
});
