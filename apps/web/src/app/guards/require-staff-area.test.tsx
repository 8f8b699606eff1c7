import { STAFF_ROLE_MESSAGES, type StaffRole } from '@portal/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORBIDDEN_TEXT, FORBIDDEN_TITLE } from '@/features/status-pages/forbidden-page';
import { useSessionStore } from '@/lib/session-store';
import { AppProviders } from '../providers';
import { routes } from '../router';

// Decision 060: each admin screen names its staff area; the guard and /admin's landing read it.
const signInAs = (roles: StaffRole[]) =>
  useSessionStore.setState({
    user: {
      id: 's1',
      username: 'staff',
      displayName: 'Rosa Diaz',
      role: 'admin',
      type: 'admin',
      isNew: false,
      roles,
    },
  });

type Answer = { status: number; body: unknown };
/** The API at the network boundary; every path asked is recorded. */
function stubApi(answer: (path: string) => Answer = () => ({ status: 500, body: { error: 'Down' } })) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      asked.push(path);
      const { status, body } = answer(path);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const forbiddenHeading = () => screen.findByRole('heading', { level: 1, name: /403 Access Denied/ });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSessionStore.setState({ user: null });
});

describe('RequireStaffArea', () => {
  it('shows the 403 page in the admin frame for a screen the roles do not open, asking the server nothing for it', async () => {
    signInAs(['treasurer']);
    const asked = stubApi();
    renderApp('/admin/events');
    const heading = await forbiddenHeading();
    expect(heading.closest('section')).toHaveTextContent(`${FORBIDDEN_TITLE} - ${FORBIDDEN_TEXT}`);
    expect(screen.getByRole('link', { name: 'Go to Dues' })).toHaveAttribute('href', '/admin/dues');
    // The sidebar stays, with the treasurer's screens only.
    const sidebar = (await screen.findAllByRole('navigation', { name: 'Admin' }))[0] as HTMLElement;
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Users', 'Dues']);
    expect(asked.filter((path) => path.startsWith('/api/events'))).toEqual([]);
  });

  it('sends a treasurer opening /admin to the dues screen', async () => {
    signInAs(['treasurer']);
    stubApi();
    const router = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dues'));
    expect(screen.queryByRole('heading', { name: /403/ })).toBeNull();
  });

  it('keeps an administrator on the dashboard', async () => {
    signInAs(['admin']);
    stubApi();
    const router = renderApp('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('sends the election committee opening /admin to the annual meeting, whose screens are theirs', async () => {
    signInAs(['election_committee']);
    stubApi(() => ({ status: 200, body: { data: [] } }));
    const router = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/meetings'), { timeout: 10_000 });
    await screen.findByRole('heading', { level: 1, name: 'Annual meeting' }, { timeout: 10_000 });
    const sidebar = (await screen.findAllByRole('navigation', { name: 'Admin' }))[0] as HTMLElement;
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Annual meeting']);
  });

  it('shows the 403 page to the treasurer on a direct link to a meeting', async () => {
    signInAs(['treasurer']);
    const asked = stubApi();
    renderApp('/admin/meetings/7b0d9b8e-6f1c-4c55-9a43-5d0c1e0b7a11');
    await forbiddenHeading();
    expect(asked.filter((path) => path.startsWith('/api/meetings'))).toEqual([]);
  });

  it('gives way to the 403 page when the server refuses the screen a read for the role', async () => {
    // The session says secretariat, but the server no longer agrees (the role was removed meanwhile).
    signInAs(['secretariat']);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi(() => ({ status: 403, body: { error: STAFF_ROLE_MESSAGES.accessRequired, code: 'forbidden' } }));
    renderApp('/admin/news');
    await forbiddenHeading();
  });

  it("sends the header's Admin link to the first screen the roles open", async () => {
    signInAs(['treasurer']);
    stubApi();
    renderApp('/no-such-page');
    // The page and the menu load lazily: on a busy machine that takes more than the default second.
    await screen.findByRole('heading', { name: /Page Not Found/ });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Account menu for Rosa Diaz' }));
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/dues');
  });
});
