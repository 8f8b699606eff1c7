import { DELAYS_MS, PENDING_MEMBERSHIP_KEY } from '@portal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, revalidateSession } from './session-actions';
import { registerNavigate } from './session-events';
import { useSessionStore } from './session-store';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const member = { id: '5b0f3c1e-0000-4000-8000-000000000001', username: 'juan', role: 'member' };
const navigate = vi.fn();
let unregister: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  useSessionStore.setState({ user: member, pendingMembership: true });
  localStorage.setItem(PENDING_MEMBERSHIP_KEY, 'true');
  navigate.mockReset();
  unregister = registerNavigate(navigate);
});
afterEach(() => {
  unregister();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('logout (spec 000 §4)', () => {
  it('calls GET /auth/logout, clears the session and goes to /login after 0.5 s', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json({ data: { message: 'Logged out' } }));
    vi.stubGlobal('fetch', fetchMock);

    await logout();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'GET' }));
    expect(useSessionStore.getState().user).toBeNull();
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem('root') ?? '{}').state.user).toBeNull();

    vi.advanceTimersByTime(DELAYS_MS.logoutRedirect - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('treats 304 as success', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 304 })));

    await logout();
    expect(useSessionStore.getState().user).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('still clears the local session when the call fails, and logs the failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await logout();
    expect(useSessionStore.getState().user).toBeNull();
    expect(error).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(DELAYS_MS.logoutRedirect);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });
});

describe('revalidateSession', () => {
  it("replaces the stored user with the server's profile", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        json({
          data: {
            profile: { ...member, username: 'juan.dc', email: 'j@x.ph', role: 'admin', isNew: false },
          },
        }),
      ),
    );
    await revalidateSession();
    expect(useSessionStore.getState().user).toMatchObject({ username: 'juan.dc', role: 'admin' });
  });

  it('signs out quietly when the session is gone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/session' ? json({ error: 'Unauthorized' }, 401) : json({}),
      ),
    );
    await revalidateSession();
    expect(useSessionStore.getState().user).toBeNull();
    vi.runAllTimers();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the user when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await revalidateSession();
    expect(useSessionStore.getState().user).toEqual(member);
  });

  it('asks nothing when nobody is signed in', async () => {
    useSessionStore.setState({ user: null });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await revalidateSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
