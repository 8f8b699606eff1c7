import { CONFIRMATION_LINK_INVALID_MESSAGE, DELAYS_MS, PENDING_MEMBERSHIP_KEY } from '@portal/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { useSessionStore } from '@/lib/session-store';
import { json, makeMembership, makeProfile } from '@/test/fixtures';
import { ConfirmEmailPage } from './confirm-email-page';

/** The address the e-mail link opens; the page reads the real window location. */
function openLink(fragment: string) {
  window.history.replaceState(null, '', `/confirm-email${fragment}`);
}

/** Under StrictMode around the router, as main.tsx renders the app: effects run twice on mount. */
function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/confirm-email', Component: ConfirmEmailPage },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntries: ['/confirm-email'] },
  );
  render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  useSessionStore.setState({ user: null, pendingMembership: false });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('ConfirmEmailPage (spec 000 §2 "Email-link landing")', () => {
  it('removes the tokens from the address bar, exchanges them once, signs in and goes home after 3 s', async () => {
    const profile = makeProfile({ memberships: [makeMembership({ status: 'pending' })] });
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    openLink('#access_token=access.jwt.value&refresh_token=refresh-value&type=signup');
    const { router } = renderPage();

    expect(await screen.findByRole('heading', { name: 'Processing Authentication' })).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain('token');

    // StrictMode ran the effect twice; the link was exchanged once.
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login-token');
    expect(JSON.parse(init.body as string)).toEqual({
      access_token: 'access.jwt.value',
      refresh_token: 'refresh-value',
    });

    await act(async () => answer(json({ data: { profile } })));
    expect(await screen.findByRole('heading', { name: 'Authentication successful!' })).toBeInTheDocument();
    expect(useSessionStore.getState().user).toMatchObject({ id: profile.id, username: profile.username });
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBe('true');

    await vi.advanceTimersByTimeAsync(DELAYS_MS.emailLinkRedirect - 100);
    expect(router.state.location.pathname).toBe('/confirm-email');
    await vi.advanceTimersByTimeAsync(100);
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("says 'Missing tokens in URL' when a token is missing, and still goes home after 3 s", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    openLink('#access_token=only-one');
    const { router } = renderPage();

    expect(await screen.findByRole('heading', { name: 'Missing tokens in URL' })).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DELAYS_MS.emailLinkRedirect);
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows its own message for an #error= fragment, never the text of the address', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    openLink('#error=Your%20account%20is%20locked.%20Call%20%2B63%20900%20000%200000%20now');
    const { router } = renderPage();

    expect(
      await screen.findByRole('heading', { name: CONFIRMATION_LINK_INVALID_MESSAGE }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/locked|Call/)).toBeNull();
    expect(window.location.hash).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DELAYS_MS.emailLinkRedirect);
    expect(router.state.location.pathname).toBe('/');
  });

  describe('when someone is already signed in in this browser', () => {
    const current = { id: 'other', username: 'maria', role: 'member' };
    beforeEach(() => {
      useSessionStore.setState({ user: current });
    });

    function stubServer() {
      const profile = makeProfile();
      const fetchMock = vi.fn(async (url: string) =>
        url.startsWith('/api/auth/logout')
          ? json({ data: { message: 'Logged out' } })
          : json({ data: { profile } }),
      );
      vi.stubGlobal('fetch', fetchMock);
      const calls = () => fetchMock.mock.calls.map(([url]) => url);
      return { profile, calls };
    }

    it('says so and asks before switching; on confirm it signs the other out, then exchanges the link', async () => {
      const { profile, calls } = stubServer();
      openLink('#access_token=a.b.c&refresh_token=r');
      renderPage();

      const dialog = await screen.findByRole('alertdialog', { name: 'Switch accounts?' });
      expect(dialog).toHaveAccessibleDescription(
        'You are signed in as maria. Sign out and continue with the account of this link?',
      );
      expect(screen.getByRole('heading', { name: 'You are already signed in' })).toBeInTheDocument();
      expect(calls()).toEqual([]);

      await userEvent.click(screen.getByRole('button', { name: 'Sign out and continue' }));
      expect(await screen.findByRole('heading', { name: 'Authentication successful!' })).toBeInTheDocument();
      expect(calls()).toEqual(['/api/auth/logout', '/api/auth/login-token']);
      expect(useSessionStore.getState().user).toMatchObject({ id: profile.id });
    });

    it('keeps the current session when asked to, and exchanges nothing', async () => {
      const { calls } = stubServer();
      openLink('#access_token=a.b.c&refresh_token=r');
      const { router } = renderPage();

      await screen.findByRole('alertdialog', { name: 'Switch accounts?' });
      await userEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
      expect(
        await screen.findByRole('heading', { name: 'You are still signed in as maria' }),
      ).toBeInTheDocument();
      expect(calls()).toEqual([]);
      expect(useSessionStore.getState().user).toEqual(current);
      expect(window.location.hash).toBe('');
      await vi.advanceTimersByTimeAsync(DELAYS_MS.emailLinkRedirect);
      expect(router.state.location.pathname).toBe('/');
    });
  });

  it("shows the server's message when the exchange is refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json({ error: 'This link has already been used' }, 401)),
    );
    openLink('#access_token=a&refresh_token=r');
    const { router } = renderPage();

    expect(
      await screen.findByRole('heading', { name: 'This link has already been used' }),
    ).toBeInTheDocument();
    expect(useSessionStore.getState().user).toBeNull();
    await vi.advanceTimersByTimeAsync(DELAYS_MS.emailLinkRedirect);
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'a proxy answers without the API body',
      async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }),
    ],
    ['the server fails', async () => json({ error: 'Internal Server Error' }, 500)],
  ])("says 'Authentication failed' when %s", async (_case, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    openLink('#access_token=a&refresh_token=r');
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Authentication failed' })).toBeInTheDocument();
  });
});
