import { PASSKEY_MESSAGES, type TwoFactorStatus } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@/features/auth/login-page';
import { TwoFactorSection } from '@/features/profile/components/two-factor-section';
import { useSessionStore } from '@/lib/session-store';
import { json, makeProfile } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';

/** The browser's passkey prompt, played here: the journeys use Chromium's virtual authenticator. */
const browser = vi.hoisted(() => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: browser.startRegistration,
  startAuthentication: browser.startAuthentication,
}));

const CODES = Array.from({ length: 10 }, (_, index) => `wxyz-abc${index + 2}`);
const KEY = {
  id: '2a1c7a8e-53a3-4f4b-8f63-1d7c8c4c2f10',
  name: 'Work laptop',
  createdAt: '2026-12-01T02:00:00.000Z',
  lastUsedAt: null,
};

type Route = (init?: RequestInit) => Response | Promise<Response>;
function stubApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${url}`];
    return route ? route(init) : json({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const status =
  (fields: Partial<TwoFactorStatus>): Route =>
  () =>
    json({ data: { totp: false, passkeys: 0, recoveryCodesLeft: 0, required: false, ...fields } });

beforeEach(() => {
  useSessionStore.setState({ user: null, pendingMembership: false, sessionLost: false });
  browser.startRegistration.mockReset();
  browser.startAuthentication.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('passkeys on the profile (decision 061, "Passkeys")', () => {
  it('adds a first passkey by name through the browser prompt and shows the recovery codes once', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/2fa': status({}),
      'POST /api/auth/2fa/passkeys/options': () =>
        json({ data: { challenge: 'abc', rp: { id: 'localhost' } } }),
      'POST /api/auth/2fa/passkeys': () => json({ data: { passkey: KEY, recoveryCodes: CODES } }, 201),
    });
    browser.startRegistration.mockResolvedValue({ id: 'cred', type: 'public-key' });
    const user = userEvent.setup();
    renderWithRouter(<TwoFactorSection notify={vi.fn()} />, { path: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Add a Passkey' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(browser.startRegistration).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Passkey name'), 'Work laptop');
    await user.click(screen.getByRole('button', { name: 'Add a Passkey' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(browser.startRegistration).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'abc', rp: { id: 'localhost' } },
    });
    const sent = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/auth/2fa/passkeys' && init?.method === 'POST',
    );
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      name: 'Work laptop',
      response: { id: 'cred', type: 'public-key' },
    });
  });

  it('says so on the field when the prompt is cancelled, sending nothing', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/2fa': status({}),
      'POST /api/auth/2fa/passkeys/options': () => json({ data: { challenge: 'abc' } }),
    });
    browser.startRegistration.mockRejectedValue(new DOMException('cancelled', 'NotAllowedError'));
    const user = userEvent.setup();
    renderWithRouter(<TwoFactorSection notify={vi.fn()} />, { path: '/profile' });
    await user.type(await screen.findByLabelText('Passkey name'), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Add a Passkey' }));
    expect(await screen.findByText(PASSKEY_MESSAGES.cancelled)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/2fa/passkeys')).toBe(false);
  });

  it('lists the passkeys and removes one after asking; a refusal is told', async () => {
    const notify = vi.fn();
    stubApi({
      'GET /api/auth/2fa': status({ passkeys: 1, recoveryCodesLeft: 10, required: true }),
      'GET /api/auth/2fa/passkeys': () => json({ data: [KEY] }),
      [`DELETE /api/auth/2fa/passkeys/${KEY.id}`]: () =>
        json({ error: PASSKEY_MESSAGES.staffMustKeep, code: 'forbidden' }, 403),
    });
    const user = userEvent.setup();
    renderWithRouter(<TwoFactorSection notify={notify} />, { path: '/profile' });
    expect(await screen.findByText('You sign in with a passkey.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    expect(within(list).getByText('Work laptop')).toBeInTheDocument();
    expect(within(list).getByText(/Not used yet/)).toBeInTheDocument();
    // Staff with only a passkey have no app to turn off.
    expect(screen.queryByRole('button', { name: /Turn off/ })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        variant: 'error',
        title: 'Passkey Not Removed',
        text: PASSKEY_MESSAGES.staffMustKeep,
      }),
    );
  });
});

describe('the second step with a passkey', () => {
  const logIn = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('Email'), 'admin@example.ph');
    await user.type(screen.getByLabelText('Password'), 'Secret-pass1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
  };

  it('offers "Use a passkey" beside the code and signs in with it', async () => {
    const profile = makeProfile({ username: 'admin' });
    stubApi({
      'POST /api/auth/login': () => json({ data: { secondFactor: 'required' } }),
      'GET /api/auth/2fa/methods': () => json({ data: { methods: ['totp', 'passkey'] } }),
      'POST /api/auth/2fa/verify/passkey-options': () => json({ data: { challenge: 'xyz' } }),
      'POST /api/auth/2fa/verify/passkey': () => json({ data: { profile } }),
    });
    browser.startAuthentication.mockResolvedValue({ id: 'cred', type: 'public-key' });
    const user = userEvent.setup();
    renderWithRouter(<LoginPage />, { path: '/login' });
    await logIn(user);
    const usePasskey = await screen.findByRole('button', { name: 'Use a passkey' });
    expect(screen.getByLabelText('6-digit code')).toBeInTheDocument();
    await user.click(usePasskey);
    await waitFor(() => expect(useSessionStore.getState().user?.username).toBe('admin'));
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'xyz' } });
  });

  it('shows the refusal of a wrong passkey, and a recovery code only for a passkey-only account', async () => {
    stubApi({
      'POST /api/auth/login': () => json({ data: { secondFactor: 'required' } }),
      'GET /api/auth/2fa/methods': () => json({ data: { methods: ['passkey'] } }),
      'POST /api/auth/2fa/verify/passkey-options': () => json({ data: { challenge: 'xyz' } }),
      'POST /api/auth/2fa/verify/passkey': () =>
        json({ error: PASSKEY_MESSAGES.refused, code: 'passkey_refused', field: 'response' }, 401),
    });
    browser.startAuthentication.mockResolvedValue({ id: 'cred', type: 'public-key' });
    const user = userEvent.setup();
    renderWithRouter(<LoginPage />, { path: '/login' });
    await logIn(user);
    expect(await screen.findByText('Use your passkey to finish signing in')).toBeInTheDocument();
    expect(screen.getByLabelText('Recovery code')).toBeInTheDocument();
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.refused);
    expect(useSessionStore.getState().user).toBeNull();
  });
});
