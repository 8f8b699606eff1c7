import {
  CONFIRM_EMAIL_PAGE,
  CONFIRMATION_LINK_INVALID_MESSAGE,
  DELAYS_MS,
  messageResponseSchema,
  PENDING_MEMBERSHIP_KEY,
  profileResponseSchema,
} from '@portal/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { useSessionStore } from '@/lib/session-store';
import { answer, fakeRoute, refusal } from '@/test/fake-api';
import { makeMembership, makeProfile } from '@/test/fixtures';
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
});

const confirmButton = () => screen.getByRole('button', { name: CONFIRM_EMAIL_PAGE.button });

describe('ConfirmEmailPage (the landing of the confirmation link)', () => {
  it('sends nothing until the button is clicked; then confirms once, signs in and goes home after 3 s', async () => {
    const profile = makeProfile({ memberships: [makeMembership({ status: 'pending' })] });
    let reply: (response: Response) => void = () => {};
    const sent = fakeRoute(
      'post',
      '/api/auth/confirm-email',
      () =>
        new Promise<Response>((resolve) => {
          reply = resolve;
        }),
    );
    const { router } = renderPage();

    expect(await screen.findByRole('heading', { name: CONFIRM_EMAIL_PAGE.title })).toBeInTheDocument();
    // Opening the link (as a mail scanner does) spends nothing, StrictMode's double effects included.
    await vi.advanceTimersByTimeAsync(DELAYS_MS.emailLinkRedirect);
    expect(sent).toEqual([]);
    expect(router.state.location.pathname).toBe('/confirm-email');

    await userEvent.click(confirmButton());
    expect(await screen.findByRole('button', { name: CONFIRM_EMAIL_PAGE.pending })).toBeDisabled();
    await vi.waitFor(() => expect(sent).toEqual([{ token: 'link-token' }]));

    await act(async () => reply(answer(profileResponseSchema, { data: { profile } })));
    expect(await screen.findByRole('heading', { name: 'Authentication successful!' })).toBeInTheDocument();
    expect(useSessionStore.getState().user).toMatchObject({ id: profile.id, username: profile.username });
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBe('true');

    await vi.advanceTimersByTimeAsync(DELAYS_MS.emailLinkRedirect - 100);
    expect(router.state.location.pathname).toBe('/confirm-email');
    await vi.advanceTimersByTimeAsync(100);
    expect(router.state.location.pathname).toBe('/');
    expect(sent).toHaveLength(1);
  });

  it('says the link is incomplete without a token, and offers no button', async () => {
    const sent = fakeRoute('post', '/api/auth/confirm-email', () => refusal(400, { error: 'Not expected' }));
    renderPage('');

    expect(await screen.findByText(CONFIRM_EMAIL_PAGE.missingToken)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CONFIRM_EMAIL_PAGE.button })).toBeNull();
    expect(sent).toEqual([]);
  });

  describe('when someone is already signed in in this browser', () => {
    const current = { id: 'other', username: 'maria', displayName: 'Maria Santos', role: 'member' };
    beforeEach(() => {
      useSessionStore.setState({ user: current });
    });

    /** Sign-out and confirmation answering; the routes called, in order. */
    function fakeServer() {
      const profile = makeProfile();
      const order: string[] = [];
      fakeRoute('get', '/api/auth/logout', () => {
        order.push('/api/auth/logout');
        return answer(messageResponseSchema, { data: { message: 'Logged out' } });
      });
      fakeRoute('post', '/api/auth/confirm-email', () => {
        order.push('/api/auth/confirm-email');
        return answer(profileResponseSchema, { data: { profile } });
      });
      return { profile, calls: () => order };
    }

    it('asks by name before switching; on confirm it signs the other out, then confirms', async () => {
      const { profile, calls } = fakeServer();
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
      const { calls } = fakeServer();
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
    fakeRoute('post', '/api/auth/confirm-email', () =>
      refusal(400, { error: CONFIRMATION_LINK_INVALID_MESSAGE, code: 'invalid_link' }),
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
    ['the server cannot be reached', () => HttpResponse.error()],
    // Not the API's answer: a proxy's page, so no schema applies.
    [
      'a proxy answers without the API body',
      () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }),
    ],
    ['the server fails', () => refusal(500, { error: 'Internal Server Error' })],
  ])("says 'Authentication failed' when %s", async (_case, reply) => {
    fakeRoute('post', '/api/auth/confirm-email', reply);
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: CONFIRM_EMAIL_PAGE.button }));
    expect(await screen.findByRole('heading', { name: 'Authentication failed' })).toBeInTheDocument();
  });
});
