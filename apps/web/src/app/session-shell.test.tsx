import { DELAYS_MS, PENDING_MEMBERSHIP_KEY, siteConfig } from '@portal/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigate, showSessionExpired } from '@/lib/session-events';
import { type SessionUser, useSessionStore } from '@/lib/session-store';
import { AppProviders } from './providers';
import { routes } from './router';

const member: SessionUser = {
  id: 'u1',
  username: 'juan.dc',
  displayName: 'Juan dela Cruz',
  role: 'member',
  type: 'individual',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The whole app at `path`, with the api client's navigate registered as main.tsx does. */
function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const unregister = registerNavigate((to) => void router.navigate(to));
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, unregister };
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  useSessionStore.setState({ user: null, pendingMembership: false });
  localStorage.clear();
  // The pages' own lists are not under test here: every other call answers empty.
  fetchMock = vi.fn(async () => json({ data: { events: [], news: [] } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('auth routes', () => {
  it('shows the login page to a guest, and sends a signed-in user from /login and /register to /', async () => {
    const first = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Login | ${siteConfig.acronym}`));
    first.unregister();

    useSessionStore.setState({ user: member });
    const { router } = renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('decides afresh when a user signed in on /login then opens /register', async () => {
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    act(() => useSessionStore.setState({ user: member }));
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();

    await act(() => router.navigate('/register'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('header for a signed-in user (spec 000 §2 "Header", §4)', () => {
  it('lists the username, Profile, Admin for admins, and Logout', async () => {
    useSessionStore.setState({ user: { ...member, role: 'admin', type: 'admin' } });
    renderApp('/about');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Juan dela Cruz' }));

    const panel = screen.getByRole('button', { name: 'Logout' }).closest('div[id]') as HTMLElement;
    expect(within(panel).getByText('Juan dela Cruz')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(panel).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('hides Admin from members', async () => {
    useSessionStore.setState({ user: member });
    renderApp('/about');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Juan dela Cruz' }));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('logs out: clears the session even when the call fails, then opens /login after 0.5 s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/auth/logout' ? json({ error: 'Internal Server Error' }, 500) : json({}),
    );
    useSessionStore.setState({ user: member, pendingMembership: true });
    localStorage.setItem(PENDING_MEMBERSHIP_KEY, 'true');
    const { router } = renderApp('/about');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Juan dela Cruz' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(useSessionStore.getState().user).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.anything());
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about');
    await act(() => vi.advanceTimersByTimeAsync(DELAYS_MS.logoutRedirect));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('offers Logout in the mobile menu after the account links', async () => {
    useSessionStore.setState({ user: { ...member, role: 'admin', type: 'admin' } });
    renderApp('/about');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const accountLinks = within(menu)
      .getAllByRole('link')
      .concat(within(menu).getAllByRole('button'))
      .map((element) => element.textContent)
      .filter((text) => ['Admin', 'Logout'].includes(text ?? ''));
    expect(accountLinks).toEqual(['Admin', 'Logout']);
  });
});

describe('pending-membership bell (spec 000 §4)', () => {
  it('shows a bell with the Membership Pending panel when signed in with the flag set', async () => {
    useSessionStore.setState({ user: member, pendingMembership: true });
    renderApp('/about');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications: membership pending' }));

    const heading = screen.getByRole('heading', { name: 'Membership Pending' });
    const panel = heading.parentElement as HTMLElement;
    expect(panel).toHaveTextContent(
      `Your membership is pending. Please email the secretariat at ${siteConfig.secretariatEmail} to settle your account.`,
    );
    expect(panel).not.toHaveTextContent(/log out|log in again/i);
    expect(within(panel).getByRole('link', { name: siteConfig.secretariatEmail })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.secretariatEmail}`,
    );
  });

  it('rings for nothing without the flag: an empty panel; and is hidden when signed out even with it', async () => {
    useSessionStore.setState({ user: member, pendingMembership: false });
    renderApp('/about');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const heading = screen.getByRole('heading', { name: 'Notifications' });
    expect(heading.parentElement).toHaveTextContent('No notifications right now.');
    expect(screen.queryByRole('heading', { name: 'Membership Pending' })).not.toBeInTheDocument();

    act(() => useSessionStore.setState({ user: null, pendingMembership: true }));
    await screen.findByRole('button', { name: 'Account menu' });
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });
});

describe('Session Expired modal (spec 000 §8)', () => {
  it("on 'Okay' logs out, clears the user and opens /login", async () => {
    useSessionStore.setState({ user: member });
    const { router } = renderApp('/about');
    await screen.findByRole('button', { name: 'Account menu for Juan dela Cruz' });
    act(() => showSessionExpired());

    const dialog = await screen.findByRole('alertdialog', { name: 'Session Expired' });
    expect(dialog).toHaveAccessibleDescription('Your session has expired. You will be redirected to login.');
    expect(useSessionStore.getState().user).toEqual(member);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Okay' }));

    // Cleared once the server has answered the logout, so its cookies are gone first.
    await waitFor(() => expect(useSessionStore.getState().user).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.anything());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('appears when a refresh fails with "Failed to refresh token" during a call', async () => {
    useSessionStore.setState({ user: member });
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/auth/refresh') {
        return json({ error: 'Failed to refresh token', message: 'Failed to refresh token' }, 401);
      }
      if (url.startsWith('/api/events') || url.startsWith('/api/news')) {
        return json({ error: 'Invalid or expired token' }, 401);
      }
      return json({});
    });
    renderApp('/');
    expect(await screen.findByRole('alertdialog', { name: 'Session Expired' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
  });
});
