import { ADMIN_USER_MESSAGES, type AdminUser } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { AdminUsersPage } from './admin-users-page';
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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/admin/users', () => {
  it('asks for the filters in the address and lists the users with their newest membership', async () => {
    const applicant = makeAdminUser({
      username: 'paoloreyes',
      membership: makeMembership({ category: 'Individual' }),
    });
    const calls = stubApi(() => listOf([applicant]));
    renderPage('/admin/users?membership=pending&status=active');

    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('paoloreyes')).toBeInTheDocument();
    expect(within(table).getByText('Individual', { selector: 'span' })).toBeInTheDocument();
    const query = calls.find(isList)?.url.searchParams;
    expect(query?.get('membership')).toBe('pending');
    expect(query?.get('status')).toBe('active');
    expect(query?.get('page')).toBe('1');
    expect(screen.getByText('Showing 1 to 1 of 1 users')).toBeInTheDocument();
    // The export takes the same filters, not the page.
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/users/admin/export-csv?status=active&membership=pending',
    );
  });

  it('searches username and e-mail once the typing has stopped for 500 ms', async () => {
    const calls = stubApi(() => listOf([makeAdminUser()]));
    renderPage();
    await screen.findByRole('table', { name: 'Users' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'reyes');
    // Not before the debounce has run out: one request for the whole word.
    expect(calls.filter(isList).some((call) => call.url.searchParams.has('search'))).toBe(false);
    await waitFor(() => expect(calls.filter(isList).at(-1)?.url.searchParams.get('search')).toBe('reyes'), {
      timeout: 2_000,
    });
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
    expect(modal).toHaveTextContent(
      'Error deleting user. Please try again. You cannot disable, delete or demote your own account.',
    );
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
  it('sends username, the read-only e-mail, phone, type and status, and confirms the update', async () => {
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
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'company');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(ADMIN_USER_MESSAGES.updated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      body: {
        username: 'ana_cruz',
        email: 'ana@example.com',
        phone: '0917 000 1111',
        type: 'company',
        status: 'active',
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
