import {
  DELAYS_MS,
  loginErrorSchema,
  messageResponseSchema,
  PENDING_MEMBERSHIP_KEY,
  profileResponseSchema,
  secondFactorMethodsResponseSchema,
  secondFactorRequiredResponseSchema,
} from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { answer, fakeRoute, refusal } from '@/test/fake-api';
import { makeMembership, makeProfile } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { LoginPage } from './login-page';

/** POST /api/auth/login answering with `reply`; the bodies it received, in order. */
const fakeLogin = (reply: () => Response | Promise<Response>) => fakeRoute('post', '/api/auth/login', reply);

/** Login's refusal, its code also at `e.code` (spec 000 §7). */
const loginRefusal = (code: string, status: number) =>
  answer(loginErrorSchema, { error: 'Refused', code, e: { code } }, status);
const signedIn = (profile = makeProfile()) => answer(profileResponseSchema, { data: { profile } });

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'Member@Example.ph');
  await user.type(screen.getByLabelText('Password'), 'Secret-pass1');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

beforeEach(() => {
  useSessionStore.setState({ user: null, pendingMembership: false, sessionLost: false });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LoginPage (spec 000 §2 "/login")', () => {
  it('links to /register, back home and to the password reset', () => {
    renderWithRouter(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it("says 'Session Expired' after the server ended the session, and not otherwise", () => {
    const { unmount } = renderWithRouter(<LoginPage />, { path: '/login' });
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
    unmount();
    useSessionStore.setState({ sessionLost: true });
    renderWithRouter(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Session ExpiredYour session has expired. Please log in again.',
    );
  });

  it('shows the field messages once submitted, then follows every keystroke, without calling the server', async () => {
    const received = fakeLogin(() => signedIn());
    const user = userEvent.setup();
    renderWithRouter(<LoginPage />, { path: '/login' });
    const email = screen.getByLabelText('Email');
    // No message while the form has not been sent yet.
    await user.type(email, 'a');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.clear(email);

    await user.click(screen.getByRole('button', { name: 'Log In' }));
    // The resolver validates asynchronously: wait for the result, not for a fixed moment.
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(received).toEqual([]);

    await user.type(email, 'a@b');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid email address'));
    await user.type(email, '.ph');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
  });

  it('disables the button while the server answers', async () => {
    let reply: (response: Response) => void = () => {};
    fakeLogin(() => new Promise<Response>((resolve) => (reply = resolve)));
    const user = userEvent.setup();
    renderWithRouter(<LoginPage />, { path: '/login' });
    await fillAndSubmit(user);

    expect(screen.getByRole('button', { name: 'Logging In…' })).toBeDisabled();
    reply(loginRefusal('invalid_credentials', 401));
    const dialog = await screen.findByRole('alertdialog', { name: 'Invalid Credentials' });
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it.each([
    [
      'invalid_credentials',
      401,
      'Invalid Credentials',
      'Please make sure that you are entering the correct email/password',
    ],
    [
      'email_not_confirmed',
      403,
      'Email not Confirmed',
      'Please check your email and verify your account by clicking on the link we sent you.',
    ],
    [
      'account_inactive',
      403,
      'Failed to Log In',
      'This account is inactive. Reach out to the administrator for assistance.',
    ],
  ])('shows the message of spec 000 §8 for %s', async (code, status, title, text) => {
    fakeLogin(() => loginRefusal(code, status));
    const user = userEvent.setup();
    renderWithRouter(<LoginPage />, { path: '/login' });
    await fillAndSubmit(user);

    const dialog = await screen.findByRole('alertdialog', { name: title });
    expect(dialog).toHaveAccessibleDescription(text);
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('reads the code at e.code as spec 000 §7 documents', async () => {
    // The top-level code says nothing the dialog uses: it follows e.code.
    fakeLogin(() =>
      answer(
        loginErrorSchema,
        { error: 'Refused', code: 'refused', e: { code: 'email_not_confirmed' } },
        403,
      ),
    );
    const user = userEvent.setup();
    renderWithRouter(<LoginPage />, { path: '/login' });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alertdialog', { name: 'Email not Confirmed' })).toBeInTheDocument();
  });

  it("shows the server's own message when there were too many attempts", async () => {
    fakeLogin(() =>
      refusal(429, {
        error: 'Too many attempts. Please wait a few minutes and try again.',
        code: 'rate_limited',
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<LoginPage />, { path: '/login' });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alertdialog', { name: 'Failed to Log In' })).toHaveAccessibleDescription(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });

  it('sends the e-mail and password, stores the user and the pending flag, then opens / after 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const profile = makeProfile({
      memberships: [
        makeMembership({ status: 'approved', created_at: '2025-01-01T00:00:00Z' }),
        makeMembership({ status: 'pending', created_at: '2026-02-01T00:00:00Z' }),
      ],
    });
    const received = fakeLogin(() => signedIn(profile));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderWithRouter(<LoginPage />, { path: '/login' });
    await fillAndSubmit(user);

    await waitFor(() => expect(useSessionStore.getState().user).not.toBeNull());
    expect(received).toEqual([{ email: 'member@example.ph', password: 'Secret-pass1' }]);
    expect(useSessionStore.getState().user).toMatchObject({ id: profile.id, username: profile.username });
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBe('true');

    expect(router.state.location.pathname).toBe('/login');
    await vi.advanceTimersByTimeAsync(DELAYS_MS.loginRedirect);
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the membership form for a new account, with no pending flag without memberships', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(PENDING_MEMBERSHIP_KEY, 'true');
    fakeLogin(() => signedIn(makeProfile({ type: 'user', isNew: true })));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderWithRouter(<LoginPage />, { path: '/login' });
    await fillAndSubmit(user);

    await waitFor(() => expect(useSessionStore.getState().user).not.toBeNull());
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(DELAYS_MS.loginRedirect);
    expect(router.state.location.pathname).toBe('/user-forms');
  });
});

describe('LoginPage: a new confirmation e-mail and the page to return to', () => {
  it("offers a new confirmation e-mail after 'Email not Confirmed', with the server's neutral answer", async () => {
    const sent = 'If an unconfirmed account exists for that email, we have sent a new confirmation link.';
    fakeLogin(() => loginRefusal('email_not_confirmed', 403));
    const resent = fakeRoute('post', '/api/auth/resend-confirmation', () =>
      answer(messageResponseSchema, { data: { message: sent } }),
    );
    const user = userEvent.setup();
    renderWithRouter(<LoginPage />, { path: '/login' });
    await fillAndSubmit(user);
    const dialog = await screen.findByRole('alertdialog', { name: 'Email not Confirmed' });
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await user.click(screen.getByRole('button', { name: 'Send a new confirmation e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent(sent);
    expect(resent).toEqual([{ email: 'member@example.ph' }]);
  });

  it('does not offer it for other refusals', async () => {
    fakeLogin(() => loginRefusal('invalid_credentials', 401));
    const user = userEvent.setup();
    renderWithRouter(<LoginPage />, { path: '/login' });
    await fillAndSubmit(user);
    await screen.findByRole('alertdialog');
    expect(screen.queryByRole('button', { name: 'Send a new confirmation e-mail' })).toBeNull();
  });

  it.each([
    ['/members-news', '/members-news'],
    ['https://evil.example/', '/'],
  ])('returns to ?redirect=%s after signing in when it is one of our pages', async (redirect, expected) => {
    fakeLogin(() => signedIn());
    const user = userEvent.setup();
    const { router } = renderWithRouter(<LoginPage />, {
      path: `/login?redirect=${encodeURIComponent(redirect)}`,
    });
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
  });
});

describe('LoginPage: the second step (decision 061)', () => {
  /** The password answered with "a code is asked", then /2fa/verify by `verify`; the codes sent. */
  function fakeSecondStep(verify: (code: string) => Response) {
    fakeLogin(() => answer(secondFactorRequiredResponseSchema, { data: { secondFactor: 'required' } }));
    fakeRoute('get', '/api/auth/2fa/methods', () =>
      answer(secondFactorMethodsResponseSchema, { data: { methods: ['totp'] } }),
    );
    const sent = fakeRoute('post', '/api/auth/2fa/verify', (body) => verify((body as { code: string }).code));
    return { codes: () => sent.map((body) => (body as { code: string }).code) };
  }

  it('asks for the code in place, shows a wrong code on the field, then signs in to ?redirect', async () => {
    const { codes } = fakeSecondStep((code) =>
      code === '123456'
        ? signedIn(makeProfile({ role: 'admin', type: 'admin' }))
        : refusal(401, {
            error: 'That code is not right. Check your authenticator app and try again',
            code: 'invalid_code',
            field: 'code',
            fields: { code: 'That code is not right. Check your authenticator app and try again' },
          }),
    );
    const user = userEvent.setup();
    const { router } = renderWithRouter(<LoginPage />, { path: '/login?redirect=%2Fadmin' });
    await fillAndSubmit(user);

    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    const field = await screen.findByLabelText('6-digit code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(useSessionStore.getState().user).toBeNull();

    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'That code is not right. Check your authenticator app and try again',
      ),
    );
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(useSessionStore.getState().user?.role).toBe('admin');
    expect(codes()).toEqual(['654321', '123456']);
  });

  it('takes a recovery code instead, and shows the lock as the server words it', async () => {
    const locked = 'Too many wrong codes. Try again in 15 minutes, at 9:45 PM';
    const { codes } = fakeSecondStep(() => refusal(429, { error: locked, code: 'second_step_locked' }));
    const user = userEvent.setup();
    renderWithRouter(<LoginPage />, { path: '/login' });
    await fillAndSubmit(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    await user.type(field, 'ABCD-EFGH');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(locked)));
    expect(codes()).toEqual(['abcd-efgh']);
  });

  it('goes back to the password when the five minutes ran out', async () => {
    fakeSecondStep(() => refusal(401, { error: 'Sign in again', code: 'second_step_expired' }));
    const user = userEvent.setup();
    renderWithRouter(<LoginPage />, { path: '/login' });
    await fillAndSubmit(user);
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sign In AgainSign in again');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
