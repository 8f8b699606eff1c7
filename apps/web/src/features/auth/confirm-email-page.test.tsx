import {
  CONFIRM_EMAIL_PAGE,
  CONFIRMATION_LINK_INVALID_MESSAGE,
  DELAYS_MS,
  PENDING_MEMBERSHIP_KEY,
} from '@portal/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { useSessionStore } from '@/lib/session-store';
import { json, makeMembership, makeProfile } from '@/test/fixtures';
import { ConfirmEmailPage } from './confirm-email-page';

/** Under StrictMode around the router, as main.tsx renders the app: effects run twice on mount. */
function renderPage(search = '?token=link-token') {
  const router = createMemoryRouter(
    [
      { path: '/confirm-email', Component: ConfirmEmailPage },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntries: [`/confirm-email${search}`] },
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
});

const confirmButton = () => screen.getByRole('button', { name: CONFIRM_EMAIL_PAGE.button });

describe('ConfirmEmailPage (the landing of the confirmation link)', () => {
  it('sends nothing until the button is clicked; then confirms once, signs in and goes home after 3 s', async () => {
    const profile = makeProfile({ memberships: [makeMembership({ status: 'pending' })] });
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderPage();

    expect(await screen.findByRole('heading', { name: CONFIRM_EMAIL_PAGE.title })).toBeInTheDocument();
    // Opening the link (as a mail scanner does) spends nothing, StrictMode's double effects included.
    await vi.advanceTimersByTimeAsync(DELAYS_MS.emailLinkRedirect);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/confirm-email');

    await userEvent.click(confirmButton());
    expect(await screen.findByRole('button', { name: CONFIRM_EMAIL_PAGE.pending })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/confirm-email');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'link-token' });

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

  it('says the link is incomplete without a token, and offers no button', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderPage('');

    expect(await screen.findByText(CONFIRM_EMAIL_PAGE.missingToken)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CONFIRM_EMAIL_PAGE.button })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  describe('when someone is already signed in in this browser', () => {
    const current = { id: 'other', username: 'maria', displayName: 'Maria Santos', role: 'member' };
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

    it('asks by name before switching; on confirm it signs the other out, then confirms', async () => {
      const { profile, calls } = stubServer();
      renderPage();

      await userEvent.click(await screen.findByRole('button', { name: CONFIRM_EMAIL_PAGE.button }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Switch accounts?' });
      expect(dialog).toHaveAccessibleDescription(
        'You are signed in as Maria Santos. Sign out and continue with the account of this link?',
      );
      expect(calls()).toEqual([]);

      await userEvent.click(screen.getByRole('button', { name: 'Sign out and continue' }));
      expect(await screen.findByRole('heading', { name: 'Authentication successful!' })).toBeInTheDocument();
      expect(calls()).toEqual(['/api/auth/logout', '/api/auth/confirm-email']);
      expect(useSessionStore.getState().user).toMatchObject({ id: profile.id });
    });

    it('keeps the current session when asked to, and confirms nothing', async () => {
      const { calls } = stubServer();
      const { router } = renderPage();

      await userEvent.click(await screen.findByRole('button', { name: CONFIRM_EMAIL_PAGE.button }));
      await screen.findByRole('alertdialog', { name: 'Switch accounts?' });
      await userEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
      expect(
        await screen.findByRole('heading', { name: 'You are still signed in as Maria Santos' }),
      ).toBeInTheDocument();
      expect(calls()).toEqual([]);
      expect(useSessionStore.getState().user).toEqual(current);
      await vi.advanceTimersByTimeAsync(DELAYS_MS.emailLinkRedirect);
      expect(router.state.location.pathname).toBe('/');
    });
  });

  it("shows the server's message when the link is refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(json({ error: CONFIRMATION_LINK_INVALID_MESSAGE, code: 'invalid_link' }, 400)),
    );
    const { router } = renderPage();

    await userEvent.click(await screen.findByRole('button', { name: CONFIRM_EMAIL_PAGE.button }));
    expect(
      await screen.findByRole('heading', { name: CONFIRMATION_LINK_INVALID_MESSAGE }),
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
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: CONFIRM_EMAIL_PAGE.button }));
    expect(await screen.findByRole('heading', { name: 'Authentication failed' })).toBeInTheDocument();
  });
});
