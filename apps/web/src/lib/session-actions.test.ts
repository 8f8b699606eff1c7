import { PENDING_MEMBERSHIP_KEY } from '@portal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { revalidateSession } from './session-actions';
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

  it('reads the pending-membership notice afresh: an approval clears it, a pending one keeps it', async () => {
    const membership = (status: string) => ({ status, created_at: '2026-11-20T00:00:00.000Z' });
    const answer = (status: string) =>
      vi
        .fn()
        .mockResolvedValue(json({ data: { profile: { ...member, memberships: [membership(status)] } } }));

    vi.stubGlobal('fetch', answer('approved'));
    await revalidateSession();
    expect(useSessionStore.getState().pendingMembership).toBe(false);
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBeNull();

    useSessionStore.setState({ pendingMembership: false });
    vi.stubGlobal('fetch', answer('pending'));
    await revalidateSession();
    expect(useSessionStore.getState().pendingMembership).toBe(true);
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBe('true');
  });

  // On a reload, as on a call: it once signed out quietly and left the person on the page.
  it.each([
    ['its cookies are gone', { error: 'Authentication required', code: 'unauthenticated' }],
    ['it was revoked', { error: 'Invalid or expired token', code: 'invalid_token' }],
  ])('signs out to /login, the session marked lost, when %s', async (_case, refusal) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/auth/session') return json(refusal, 401);
        if (url === '/api/auth/refresh') return json({ error: 'Missing access or refresh token' }, 400);
        return json({});
      }),
    );
    await revalidateSession();
    expect(useSessionStore.getState()).toMatchObject({ user: null, sessionLost: true });
    vi.runAllTimers();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
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
