import {
  API_TIMEOUT_MS,
  DELAYS_MS,
  PENDING_MEMBERSHIP_KEY,
  REFRESH_UNAVAILABLE_MESSAGE,
} from '@portal/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildApiUrl, logout } from './api-client';
import { hideSessionExpired, registerNavigate, useSessionExpiredStore } from './session-events';
import { useSessionStore } from './session-store';
import { finishStepUp, useStepUpStore } from './two-factor';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('buildApiUrl', () => {
  it('prefixes /api and leaves out empty query values', () => {
    expect(
      buildApiUrl('/news/get-news', { limit: 3, status: 'published', search: '', author: undefined }),
    ).toBe('/api/news/get-news?limit=3&status=published');
    expect(buildApiUrl('events/retrieve-events')).toBe('/api/events/retrieve-events');
  });
});

describe('apiRequest', () => {
  it('sends cookies and JSON, and returns the parsed body', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json({ data: { ok: true } }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiRequest('/auth/login', { method: 'POST', body: { email: 'a@b.ph' } })).resolves.toEqual({
      data: { ok: true },
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"email":"a@b.ph"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends FormData as is, letting the browser set the multipart boundary', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json({}));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.set('title', 'Hello');

    await apiRequest('/news/admin/create-news', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it("throws an ApiError carrying the server's error, message and code", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          json({ error: 'Event not found', message: 'No such event', code: 'not_found' }, 404),
        ),
    );

    const error = await apiRequest('/events/retrieve-events/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      error: 'Event not found',
      message: 'No such event',
      code: 'not_found',
    });
  });

  it('falls back to the status text when the error body is not the API shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );

    await expect(apiRequest('/news/get-news')).rejects.toMatchObject({ status: 502, error: 'Bad Gateway' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await expect(apiRequest('/news/get-news')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('gives up after the 20 s timeout of spec 000 §9', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );

    const pending = apiRequest('/news/get-news').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    vi.advanceTimersByTime(1);
    expect(await pending).toMatchObject({ status: 0, code: 'timeout' });
  });

  it("rethrows the caller's own cancellation untouched", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = apiRequest('/news/get-news', { signal: controller.signal });
    controller.abort();

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('returns undefined for an empty success body', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })));

    await expect(apiRequest('/news/add-view/1')).resolves.toBeUndefined();
  });
});

describe('session protocol (spec 000 §8)', () => {
  const member = { id: 'u1', username: 'juan', role: 'member' };
  const expired = () => json({ error: 'Invalid or expired token' }, 401);
  const navigate = vi.fn();
  let unregister: () => void;

  beforeEach(() => {
    useSessionStore.setState({ user: member, pendingMembership: true });
    localStorage.setItem(PENDING_MEMBERSHIP_KEY, 'true');
    navigate.mockReset();
    unregister = registerNavigate(navigate);
  });
  afterEach(() => {
    unregister();
    hideSessionExpired();
    localStorage.clear();
  });

  /** Answers by path; records every URL asked for. */
  function stubRoutes(routes: Record<string, (call: number) => Response | Promise<Response>>) {
    const counts = new Map<string, number>();
    const fetchMock = vi.fn(async (url: string) => {
      const path = url.replace(/^\/api/, '').split('?')[0] as string;
      const call = (counts.get(path) ?? 0) + 1;
      counts.set(path, call);
      const answer = routes[path];
      return answer ? answer(call) : json({ error: 'Not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    const calls = () => fetchMock.mock.calls.map(([url]) => url.replace(/^\/api/, ''));
    return { fetchMock, calls };
  }

  it('refreshes once on an expired access token and repeats the request', async () => {
    const { calls } = stubRoutes({
      '/users/': (call) => (call === 1 ? expired() : json({ data: { ok: true } })),
      '/auth/refresh': () => json({ data: {} }),
    });

    await expect(apiRequest('/users/')).resolves.toEqual({ data: { ok: true } });
    expect(calls()).toEqual(['/users/', '/auth/refresh', '/users/']);
    expect(useSessionStore.getState().user).toEqual(member);
  });

  it('does not refresh a second time when the repeated request is refused again', async () => {
    const { calls } = stubRoutes({ '/users/': () => expired(), '/auth/refresh': () => json({}) });

    await expect(apiRequest('/users/')).rejects.toMatchObject({
      status: 401,
      error: 'Invalid or expired token',
    });
    expect(calls()).toEqual(['/users/', '/auth/refresh', '/users/']);
  });

  it('shares one refresh between concurrent expired requests', async () => {
    let finishRefresh: (response: Response) => void = () => {};
    const { calls } = stubRoutes({
      '/users/': (call) => (call <= 1 ? expired() : json({ data: 'users' })),
      '/memberships/u1': (call) => (call === 1 ? expired() : json({ data: 'memberships' })),
      '/reps/update-reps': (call) => (call === 1 ? expired() : json({ data: 'reps' })),
      '/auth/refresh': () =>
        new Promise<Response>((resolve) => {
          finishRefresh = resolve;
        }),
    });

    const results = Promise.all([
      apiRequest('/users/'),
      apiRequest('/memberships/u1'),
      apiRequest('/reps/update-reps', { method: 'PUT', body: { repsData: [] } }),
    ]);
    await waitFor(() => expect(calls().filter((url) => url === '/auth/refresh')).toHaveLength(1));
    // Give the other two 401s time to arrive and join the refresh under way.
    await new Promise((resolve) => setTimeout(resolve, 10));
    finishRefresh(json({}));

    await expect(results).resolves.toEqual([{ data: 'users' }, { data: 'memberships' }, { data: 'reps' }]);
    expect(calls().filter((url) => url === '/auth/refresh')).toHaveLength(1);
  });

  // A revoked session or a disabled account: the refresh is refused. It once signed out here and
  // left the person on the page; it ends at /login, marked, as every ended session does.
  it('signs out to /login (logout call, user cleared, session marked lost) when the refresh is refused', async () => {
    vi.useFakeTimers();
    const { calls } = stubRoutes({
      '/users/': () => expired(),
      '/auth/refresh': () => json({ error: 'Invalid refresh token' }, 401),
      '/auth/logout': () => json({}),
    });

    await expect(apiRequest('/users/')).rejects.toMatchObject({ status: 401 });
    expect(calls()).toEqual(['/users/', '/auth/refresh', '/auth/logout']);
    expect(useSessionStore.getState()).toMatchObject({ user: null, sessionLost: true });
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBeNull();
    expect(useSessionExpiredStore.getState().open).toBe(false);
    vi.advanceTimersByTime(DELAYS_MS.logoutRedirect);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  // Cookies cleared or run out: the server answers a member's call as a guest's. It once left the
  // person "signed in" here with every call failing.
  it("signs out to /login when a call is answered 'Authentication required' while signed in", async () => {
    vi.useFakeTimers();
    const { calls } = stubRoutes({
      '/users/profile': () => json({ error: 'Authentication required', code: 'unauthenticated' }, 401),
      '/auth/logout': () => json({}),
    });

    await expect(apiRequest('/users/profile')).rejects.toMatchObject({ status: 401 });
    expect(calls()).toEqual(['/users/profile', '/auth/logout']);
    expect(useSessionStore.getState()).toMatchObject({ user: null, sessionLost: true });
    vi.advanceTimersByTime(DELAYS_MS.logoutRedirect);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it.each([
    [
      'answers 503',
      () => json({ error: REFRESH_UNAVAILABLE_MESSAGE, code: 'refresh_unavailable' }, 503),
      503,
    ],
    ['is behind a proxy that answers 502', () => new Response('<html>', { status: 502 }), 502],
  ])(
    'keeps the user signed in when the refresh %s, and fails the request with a clear message',
    async (_name, answer, status) => {
      const { calls } = stubRoutes({
        '/users/': (call) => (call === 1 ? expired() : json({ data: 'users' })),
        '/auth/refresh': (call) => (call === 1 ? answer() : json({})),
      });

      await expect(apiRequest('/users/')).rejects.toMatchObject({
        status,
        message: REFRESH_UNAVAILABLE_MESSAGE,
      });
      expect(calls()).toEqual(['/users/', '/auth/refresh']);
      expect(useSessionStore.getState().user).toEqual(member);
      expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBe('true');
      expect(useSessionExpiredStore.getState().open).toBe(false);
      expect(navigate).not.toHaveBeenCalled();

      // Tried again later, the session is renewed and the request answered.
      await expect(apiRequest('/users/')).resolves.toEqual({ data: 'users' });
    },
  );

  it('keeps the user signed in when the refresh gets no answer (offline), and says so', async () => {
    const { calls } = stubRoutes({
      '/users/': () => expired(),
      '/auth/refresh': () => Promise.reject(new TypeError('Failed to fetch')),
    });

    const error = await apiRequest('/users/').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect((error as ApiError).message).toMatch(/Unable to reach the server/);
    expect(calls()).toEqual(['/users/', '/auth/refresh']);
    expect(useSessionStore.getState().user).toEqual(member);
  });

  it("on 'Missing access or refresh token' signs out and goes to /login after 500 ms", async () => {
    vi.useFakeTimers();
    const { calls } = stubRoutes({
      '/users/': () => expired(),
      '/auth/refresh': () => json({ error: 'Missing access or refresh token' }, 400),
      '/auth/logout': () => json({}),
    });

    await expect(apiRequest('/users/')).rejects.toMatchObject({ status: 401 });
    expect(calls()).toContain('/auth/logout');
    expect(useSessionStore.getState().user).toBeNull();
    vi.advanceTimersByTime(DELAYS_MS.logoutRedirect - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it("treats 'Missing access or refresh token' on any call the same way", async () => {
    vi.useFakeTimers();
    stubRoutes({
      '/users/': () => json({ error: 'Missing access or refresh token' }, 400),
      '/auth/logout': () => json({}),
    });

    await expect(apiRequest('/users/')).rejects.toMatchObject({ status: 400 });
    expect(useSessionStore.getState().user).toBeNull();
    vi.advanceTimersByTime(DELAYS_MS.logoutRedirect);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it("on 'Failed to refresh token' raises the Session Expired modal and leaves the rest to its Okay", async () => {
    const { calls } = stubRoutes({
      '/users/': () => expired(),
      '/auth/refresh': () =>
        json({ error: 'Failed to refresh token', message: 'Failed to refresh token' }, 401),
    });

    await expect(apiRequest('/users/')).rejects.toMatchObject({ status: 401 });
    expect(useSessionExpiredStore.getState().open).toBe(true);
    expect(calls()).toEqual(['/users/', '/auth/refresh']);
    expect(useSessionStore.getState().user).toEqual(member);
  });

  it('never refreshes for the login, confirm-email, refresh and logout calls', async () => {
    const { calls } = stubRoutes({
      '/auth/login': () => expired(),
      '/auth/confirm-email': () => expired(),
      '/auth/logout': () => expired(),
    });

    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
    });
    await expect(apiRequest('/auth/confirm-email', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
    });
    await expect(apiRequest('/auth/logout')).rejects.toMatchObject({ status: 401 });
    expect(calls()).toEqual(['/auth/login', '/auth/confirm-email', '/auth/logout']);
    expect(useSessionStore.getState().user).toEqual(member);
  });

  it('ignores other 401s (a wrong password is not an expired session)', async () => {
    const { calls } = stubRoutes({ '/users/': () => json({ error: 'Unauthorized' }, 401) });

    await expect(apiRequest('/users/')).rejects.toMatchObject({ status: 401, error: 'Unauthorized' });
    expect(calls()).toEqual(['/users/']);
  });
});

describe('logout (spec 000 §4): the one for every way a session ends here', () => {
  const member = { id: '5b0f3c1e-0000-4000-8000-000000000001', username: 'juan', role: 'member' };
  const navigate = vi.fn();
  let unregister: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    useSessionStore.setState({ user: member, pendingMembership: true, sessionLost: false });
    localStorage.setItem(PENDING_MEMBERSHIP_KEY, 'true');
    navigate.mockReset();
    unregister = registerNavigate(navigate);
  });
  afterEach(() => {
    unregister();
    vi.restoreAllMocks();
    localStorage.clear();
  });

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

  it('still clears the local session when the call fails, and logs the failure (docs/product-rules.md "Accounts")', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await logout();
    expect(useSessionStore.getState().user).toBeNull();
    expect(error).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(DELAYS_MS.logoutRedirect);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it("goes to /login once when the logout itself is answered 'Missing access or refresh token'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = vi.fn().mockResolvedValue(json({ error: 'Missing access or refresh token' }, 400));
    vi.stubGlobal('fetch', fetchMock);

    await logout();
    expect(useSessionStore.getState().user).toBeNull();
    vi.runAllTimers();
    // No second logout for the session loss its answer reports, and one navigation.
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('stays put before an account switch, and marks a session the server ended', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ data: { message: 'Logged out' } })));

    await logout({ goToLogin: false });
    expect(useSessionStore.getState()).toMatchObject({ user: null, sessionLost: false });
    vi.runAllTimers();
    expect(navigate).not.toHaveBeenCalled();

    useSessionStore.setState({ user: member });
    await logout({ goToLogin: false, sessionLost: true });
    expect(useSessionStore.getState()).toMatchObject({ user: null, sessionLost: true });
  });
});

describe('two-step sign-in answers (decision 061)', () => {
  const stale = () =>
    json(
      {
        error: 'Confirm it is you: enter a code from your authenticator app',
        code: 'second_factor_stale',
        message: 'Confirm it is you: enter a code from your authenticator app',
      },
      403,
    );

  beforeEach(() => {
    finishStepUp(false);
  });

  it('asks "Confirm it\'s you" on second_factor_stale, then repeats the action once after the code', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(stale())
      .mockResolvedValueOnce(json({ data: 'granted' }));
    vi.stubGlobal('fetch', fetchMock);

    const action = apiRequest('/users/admin/u1/roles', { method: 'PUT', body: { roles: ['treasurer'] } });
    await waitFor(() => expect(useStepUpStore.getState().message).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    finishStepUp(true);

    await expect(action).resolves.toEqual({ data: 'granted' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/users/admin/u1/roles');
    expect(init.body).toBe('{"roles":["treasurer"]}');
    expect(useStepUpStore.getState().message).toBeNull();
  });

  it('leaves the action refused when the dialog is cancelled, and asks only once per action', async () => {
    const fetchMock = vi.fn(async () => stale());
    vi.stubGlobal('fetch', fetchMock);

    const cancelled = apiRequest('/users/u1', { method: 'DELETE' });
    await waitFor(() => expect(useStepUpStore.getState().message).not.toBeNull());
    finishStepUp(false);
    await expect(cancelled).rejects.toMatchObject({ status: 403, code: 'second_factor_stale' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Stale again after a code: refused, with no second dialog.
    const again = apiRequest('/users/u1', { method: 'DELETE' });
    await waitFor(() => expect(useStepUpStore.getState().message).not.toBeNull());
    finishStepUp(true);
    await expect(again).rejects.toMatchObject({ status: 403, code: 'second_factor_stale' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(useStepUpStore.getState().message).toBeNull();
  });

  it('sends staff refused with second_factor_required to set it up, coming back to the page', async () => {
    const navigate = vi.fn();
    const unregister = registerNavigate(navigate);
    window.history.pushState({}, '', '/admin/dues?year=2026');
    useSessionStore.setState({ user: { id: 'u1', username: 'ana', role: 'admin', type: 'admin' } });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          json(
            { error: 'Staff accounts must set up two-step sign-in first', code: 'second_factor_required' },
            403,
          ),
        ),
    );

    await expect(apiRequest('/dues/statements')).rejects.toMatchObject({ status: 403 });
    expect(navigate).toHaveBeenCalledWith('/account/two-step?next=%2Fadmin%2Fdues%3Fyear%3D2026');
    expect(useSessionStore.getState().user?.secondFactor).toEqual({ required: true, enrolled: false });
    unregister();
    window.history.pushState({}, '', '/');
    useSessionStore.setState({ user: null });
  });
});
