import { SESSION_ERRORS, SESSION_MESSAGES } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { cookieHeaderFrom, createUser, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  context = await buildTestApp({ AUTH_RATE_LIMIT: '10000', SESSION_ABSOLUTE_LIFETIME_DAYS: '30' });
});
afterAll(() => context.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in through POST /login as a browser with `userAgent` would. */
async function logIn(email: string, userAgent: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return cookieHeaderFrom(response);
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string) =>
  context.app.inject({ method, url, headers: { cookie } });
const listOf = async (cookie: string) => {
  const response = await call('GET', '/api/auth/sessions', cookie);
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: string; userAgent: string; ip: string; current: boolean }[];
};

describe('the sessions list', () => {
  it('lists only the own sessions, with device, address and times, and marks this one', async () => {
    const user = await createUser(context.db);
    const other = await createUser(context.db);
    const laptop = await logIn(user.email, FIREFOX);
    await logIn(user.email, IPHONE);
    await logIn(other.email, FIREFOX);

    const list = await listOf(laptop);
    expect(list).toHaveLength(2);
    expect(list.map((session) => session.userAgent).sort()).toEqual([FIREFOX, IPHONE].sort());
    expect(list.filter((session) => session.current).map((session) => session.userAgent)).toEqual([FIREFOX]);
    expect(list[0]).toMatchObject({ ip: '127.0.0.1' });
    expect(list[0]).toHaveProperty('createdAt');
    expect(list[0]).toHaveProperty('lastUsedAt');
  });

  it('ends another own session: its next request is refused, and it leaves the list', async () => {
    const user = await createUser(context.db);
    const laptop = await logIn(user.email, FIREFOX);
    const phone = await logIn(user.email, IPHONE);
    const phoneSession = (await listOf(laptop)).find((session) => !session.current);
    if (!phoneSession) throw new Error('no second session');

    const revoked = await call('DELETE', `/api/auth/sessions/${phoneSession.id}`, laptop);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ data: { message: SESSION_MESSAGES.signedOut } });

    // The phone's access token is still within its 15 minutes: the session row decides.
    const next = await call('GET', '/api/auth/session', phone);
    expect(next.statusCode).toBe(401);
    expect(next.json()).toMatchObject({ error: SESSION_ERRORS.invalidToken });
    const refresh = await call('GET', '/api/auth/refresh', phone);
    expect(refresh.statusCode).toBe(401);
    expect((await listOf(laptop)).map((session) => session.current)).toEqual([true]);
    // Once ended, it is not found again.
    expect((await call('DELETE', `/api/auth/sessions/${phoneSession.id}`, laptop)).statusCode).toBe(404);
  });

  it("answers 404 for another user's session and leaves it signed in", async () => {
    const owner = await createUser(context.db);
    const stranger = await createUser(context.db);
    const ownerCookie = await logIn(owner.email, FIREFOX);
    const strangerCookie = await logIn(stranger.email, FIREFOX);
    const [ownerSession] = await listOf(ownerCookie);

    const response = await call('DELETE', `/api/auth/sessions/${ownerSession?.id}`, strangerCookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: SESSION_MESSAGES.notFound });
    expect((await call('GET', '/api/auth/session', ownerCookie)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is no uuid', async () => {
    const user = await createUser(context.db);
    const cookie = await logIn(user.email, FIREFOX);
    expect((await call('DELETE', '/api/auth/sessions/not-an-id', cookie)).statusCode).toBe(400);
  });

  it('signs out of every other session and keeps this one', async () => {
    const user = await createUser(context.db);
    const laptop = await logIn(user.email, FIREFOX);
    const phone = await logIn(user.email, IPHONE);
    const tablet = await logIn(user.email, IPHONE);

    const response = await call('POST', '/api/auth/sessions/sign-out-others', laptop);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { message: SESSION_MESSAGES.othersSignedOut(2) } });
    for (const cookie of [phone, tablet]) {
      expect((await call('GET', '/api/auth/session', cookie)).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/auth/session', laptop)).statusCode).toBe(200);
    expect(await listOf(laptop)).toHaveLength(1);
  });

  it('requires a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/auth/sessions' });
    expect(response.statusCode).toBe(401);
  });
});

describe('the absolute lifetime', () => {
  /** Moves the sign-in of every session of `userId` back by `days`. */
  const signedInDaysAgo = (userId: string, days: number) =>
    context.db
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(sessions.userId, userId));

  it('ends a session 30 days after its sign-in however recently it was refreshed', async () => {
    const user = await createUser(context.db);
    const cookie = await logIn(user.email, FIREFOX);
    await signedInDaysAgo(user.id, 29);
    const refreshed = await call('GET', '/api/auth/refresh', cookie);
    expect(refreshed.statusCode).toBe(200);
    const fresh = cookieHeaderFrom(refreshed);

    await signedInDaysAgo(user.id, 31);
    const refused = await call('GET', '/api/auth/refresh', fresh);
    // The answer of every ended session (spec 000 §8), and the cookies go.
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: SESSION_ERRORS.refreshFailed });
    expect(
      refused.cookies
        .filter((c) => c.value === '')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['access_token', 'has_session', 'refresh_token']);
    // The access token still within its minutes is refused too, and the list no longer has it.
    const next = await call('GET', '/api/auth/session', fresh);
    expect(next.statusCode).toBe(401);
    expect(next.json()).toMatchObject({ error: SESSION_ERRORS.invalidToken });
  });
});
