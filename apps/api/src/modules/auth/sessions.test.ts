import { createHmac } from 'node:crypto';
import { REFRESH_UNAVAILABLE_MESSAGE, SESSION_ERRORS } from '@portal/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions, users } from '../../db/schema';
import { hashOpaqueToken, signJwt } from '../../lib/tokens';
import {
  cookieHeaderFrom,
  createBoardMember,
  createEvent,
  createNewsArticle,
  createUser,
  signIn,
  TEST_PASSWORD,
} from '../../test/factories';
import { buildTestApp } from '../../test/helper';

const JWT_SECRET = 's'.repeat(48);
let context: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  context = await buildTestApp({ JWT_SECRET, ACCESS_TOKEN_TTL_SECONDS: '60', AUTH_RATE_LIMIT: '10000' });
});
afterAll(() => context.close());

const get = (url: string, cookie?: string) =>
  context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const refresh = (refreshToken: string) => get('/api/auth/refresh', `refresh_token=${refreshToken}`);
const whoAmI = (accessToken: string) => get('/api/auth/session', `access_token=${accessToken}`);

const refreshFailedBody = {
  error: SESSION_ERRORS.refreshFailed,
  message: SESSION_ERRORS.refreshFailed,
  code: 'refresh_failed',
};
const invalidTokenBody = { error: SESSION_ERRORS.invalidToken, code: 'invalid_token' };

function cookieValue(response: { cookies: { name: string; value: string }[] }, name: string) {
  const value = response.cookies.find((cookie) => cookie.name === name)?.value;
  if (!value) throw new Error(`no ${name} cookie`);
  return value;
}

/** Makes the rotation of `refreshToken` look older than the 30 s grace. */
async function ageRotation(refreshToken: string, seconds = 31) {
  await context.db
    .update(refreshTokens)
    .set({ usedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
}

async function sessionOf(refreshToken: string) {
  const [row] = await context.db
    .select({ session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
  return row?.session;
}

/** A failed refresh leaves the browser no session cookie to send again. */
function expectSessionCookiesCleared(response: {
  cookies: { name: string; value: string; maxAge?: number }[];
}) {
  const cookies = response.cookies.map(({ name, value, maxAge }) => ({ name, value, maxAge }));
  expect(cookies).toEqual(
    ['access_token', 'refresh_token', 'has_session'].map((name) => ({ name, value: '', maxAge: 0 })),
  );
}

describe('GET /api/auth/refresh', () => {
  it('answers 400 without a refresh cookie', async () => {
    const response = await get('/api/auth/refresh');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: SESSION_ERRORS.missingTokens, code: 'missing_tokens' });
    expectSessionCookiesCleared(response);
  });

  it('rotates the refresh token and issues a new access token', async () => {
    const user = await createUser(context.db);
    const signedIn = await signIn(context, user);
    const before = Date.now();
    const response = await refresh(signedIn.refreshToken);
    expect(response.statusCode).toBe(200);
    const { expiresAt } = response.json().data;
    expect(Date.parse(expiresAt) - before).toBeGreaterThan(55_000);
    expect(Date.parse(expiresAt) - before).toBeLessThanOrEqual(61_000);

    const newRefresh = cookieValue(response, 'refresh_token');
    const newAccess = cookieValue(response, 'access_token');
    expect(response.cookies.map((cookie) => cookie.name)).toEqual([
      'access_token',
      'refresh_token',
      'has_session',
    ]);
    expect(newRefresh).not.toBe(signedIn.refreshToken);
    expect((await whoAmI(newAccess)).statusCode).toBe(200);

    // The chain is recorded: the old token points at its replacement.
    const [old] = await context.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(signedIn.refreshToken)));
    const [replacement] = await context.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(newRefresh)));
    expect(old?.usedAt).toBeInstanceOf(Date);
    expect(old?.replacedById).toBe(replacement?.id);
    expect(replacement?.usedAt).toBeNull();
    expect(replacement?.sessionId).toBe(old?.sessionId);

    // The new refresh token rotates in turn.
    expect((await refresh(newRefresh)).statusCode).toBe(200);
  });

  it('revokes the whole session when a rotated token comes back after the grace period', async () => {
    const user = await createUser(context.db);
    const signedIn = await signIn(context, user);
    const first = await refresh(signedIn.refreshToken);
    const currentRefresh = cookieValue(first, 'refresh_token');
    const currentAccess = cookieValue(first, 'access_token');
    await ageRotation(signedIn.refreshToken);

    const stolen = await refresh(signedIn.refreshToken);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual(refreshFailedBody);
    expectSessionCookiesCleared(stolen);
    expect((await sessionOf(signedIn.refreshToken))?.revokedAt).toBeInstanceOf(Date);

    // Everything of that session is dead now: the legitimate holder's refresh and access tokens too.
    const legitimate = await refresh(currentRefresh);
    expect(legitimate.statusCode).toBe(401);
    expect(legitimate.json()).toEqual(refreshFailedBody);
    const access = await whoAmI(currentAccess);
    expect(access.statusCode).toBe(401);
    expect(access.json()).toEqual(invalidTokenBody);

    // The user's other sessions are untouched.
    const other = await signIn(context, user);
    expect((await whoAmI(other.accessToken)).statusCode).toBe(200);
  });

  it('treats a reuse within 30 s of the rotation as two tabs, not theft', async () => {
    const user = await createUser(context.db);
    const signedIn = await signIn(context, user);
    const firstTab = await refresh(signedIn.refreshToken);
    await ageRotation(signedIn.refreshToken, 25);
    const secondTab = await refresh(signedIn.refreshToken);
    expect(secondTab.statusCode).toBe(200);
    const secondRefresh = cookieValue(secondTab, 'refresh_token');
    expect(secondRefresh).not.toBe(cookieValue(firstTab, 'refresh_token'));
    expect((await sessionOf(signedIn.refreshToken))?.revokedAt).toBeNull();
    // Both tabs keep working, in the same session.
    expect((await whoAmI(cookieValue(firstTab, 'access_token'))).statusCode).toBe(200);
    expect((await whoAmI(cookieValue(secondTab, 'access_token'))).statusCode).toBe(200);
    expect((await sessionOf(secondRefresh))?.id).toBe((await sessionOf(signedIn.refreshToken))?.id);
    expect((await refresh(secondRefresh)).statusCode).toBe(200);
  });

  it('gives five simultaneous refreshes with one cookie a working pair each, rotating once', async () => {
    const user = await createUser(context.db);
    const signedIn = await signIn(context, user);
    const responses = await Promise.all(Array.from({ length: 5 }, () => refresh(signedIn.refreshToken)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const newTokens = responses.map((response) => cookieValue(response, 'refresh_token'));
    expect(new Set(newTokens).size).toBe(5);

    const [original] = await context.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(signedIn.refreshToken)));
    expect(original?.replacedById).not.toBeNull();
    expect((await sessionOf(signedIn.refreshToken))?.revokedAt).toBeNull();
    for (const response of responses) {
      expect((await whoAmI(cookieValue(response, 'access_token'))).statusCode).toBe(200);
    }
  });

  it('rotates refreshes of several sessions at once, each to its own session', async () => {
    const signedIn = await Promise.all(
      Array.from({ length: 6 }, async () => signIn(context, await createUser(context.db))),
    );
    const responses = await Promise.all([
      ...signedIn.map((tokens) => refresh(tokens.refreshToken)),
      // Refused without failing the others.
      refresh('not-a-token'),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 401]);
    expect(responses.at(-1)?.json()).toEqual(refreshFailedBody);

    const rotated = await context.db
      .select({ usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .where(
        inArray(
          refreshTokens.tokenHash,
          signedIn.map((tokens) => hashOpaqueToken(tokens.refreshToken)),
        ),
      );
    expect(rotated.every((row) => row.usedAt instanceof Date)).toBe(true);
    for (const [index, tokens] of signedIn.entries()) {
      const response = responses[index];
      if (!response) throw new Error('no response');
      const replacement = cookieValue(response, 'refresh_token');
      expect((await sessionOf(replacement))?.id).toBe((await sessionOf(tokens.refreshToken))?.id);
      expect((await whoAmI(cookieValue(response, 'access_token'))).statusCode).toBe(200);
    }
  });

  it('refuses unknown, expired and revoked tokens, and disabled users, with the same answer', async () => {
    const user = await createUser(context.db);
    const expired = await signIn(context, user);
    await context.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(expired.refreshToken)));
    const revoked = await signIn(context, user);
    await context.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, (await sessionOf(revoked.refreshToken))?.id ?? ''));
    const disabledUser = await createUser(context.db);
    const disabled = await signIn(context, disabledUser);
    await context.db.update(users).set({ status: 'inactive' }).where(eq(users.id, disabledUser.id));

    for (const token of [
      'unknown-token',
      expired.refreshToken,
      revoked.refreshToken,
      disabled.refreshToken,
    ]) {
      const response = await refresh(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(refreshFailedBody);
      // The failed refresh also clears the cookies.
      expect(response.cookies.find((cookie) => cookie.name === 'refresh_token')?.maxAge).toBe(0);
    }
  });

  it('is refused when another site makes the browser call it', async () => {
    const user = await createUser(context.db);
    const signedIn = await signIn(context, user);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: { cookie: `refresh_token=${signedIn.refreshToken}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('access tokens on a protected route', () => {
  let user: Awaited<ReturnType<typeof createUser>>;
  let valid: Awaited<ReturnType<typeof signIn>>;
  let sessionId: string;

  beforeAll(async () => {
    user = await createUser(context.db);
    valid = await signIn(context, user);
    sessionId = (await sessionOf(valid.refreshToken))?.id ?? '';
  });

  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = () => ({ sub: user.id, sid: sessionId, role: 'member' as const });

  it('accepts a valid token', async () => {
    expect((await whoAmI(valid.accessToken)).statusCode).toBe(200);
  });

  it.each([
    [
      'tampered',
      () => {
        const [header, , signature] = valid.accessToken.split('.');
        return `${header}.${encode({ ...claims(), role: 'admin', aud: 'session', iat: 1, exp: 4_102_444_800 })}.${signature}`;
      },
    ],
    ['expired', () => signJwt(claims(), JWT_SECRET, { ttlSeconds: 60, now: Date.now() - 120_000 })],
    ['signed with another secret', () => signJwt(claims(), 'another-secret'.repeat(4), { ttlSeconds: 60 })],
    ['e-mail link', () => signJwt(claims(), JWT_SECRET, { ttlSeconds: 60, audience: 'login-link' })],
    [
      'alg none',
      () =>
        `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims(), aud: 'session', iat: 1, exp: 4_102_444_800 })}.`,
    ],
    [
      'HS512 with a valid HS512 signature',
      () => {
        const input = `${encode({ alg: 'HS512', typ: 'JWT' })}.${encode({ ...claims(), aud: 'session', iat: 1, exp: 4_102_444_800 })}`;
        return `${input}.${createHmac('sha512', JWT_SECRET).update(input).digest('base64url')}`;
      },
    ],
    ['not a JWT', () => 'garbage'],
  ])('answers a %s token with Invalid or expired token', async (_name, makeToken) => {
    const response = await whoAmI(await makeToken());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidTokenBody);
  });

  it('refuses a well-signed token for a session that does not exist', async () => {
    const token = await signJwt({ ...claims(), sid: '00000000-0000-4000-8000-000000000000' }, JWT_SECRET, {
      ttlSeconds: 60,
    });
    expect((await whoAmI(token)).json()).toEqual(invalidTokenBody);
  });
});

describe('access tokens that arrive together', () => {
  it('are each checked against their own session: one revoked, one naming another user', async () => {
    const member = await signIn(context, await createUser(context.db));
    const admin = await signIn(context, await createUser(context.db, { type: 'admin' }));
    const revokedUser = await createUser(context.db);
    const revoked = await signIn(context, revokedUser);
    const revokedSession = await sessionOf(revoked.refreshToken);
    await context.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, revokedSession?.id ?? ''));
    // A well-signed token whose session belongs to someone else (the member's).
    const borrowed = await signJwt(
      { sub: revokedUser.id, sid: (await sessionOf(member.refreshToken))?.id ?? '', role: 'member' },
      JWT_SECRET,
      { ttlSeconds: 60 },
    );
    const answers = await Promise.all(
      [member.accessToken, admin.accessToken, revoked.accessToken, borrowed].map(whoAmI),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 401]);
    expect(answers[1]?.json().data.profile.type).toBe('admin');
  });
});

describe('a session that no longer works, on the public lists that admins see differently', () => {
  const hidden = `hidden-${Date.now()}`;
  let admin: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    admin = await createUser(context.db, { type: 'admin' });
    // What only an admin is shown: a draft event and article, an inactive trustee.
    await createEvent(context.db, { title: `Event ${hidden}`, status: 'draft' });
    await createNewsArticle(context.db, { title: `Article ${hidden}`, status: 'draft' });
    await createBoardMember(context.db, { name: `Trustee ${hidden}`, is_active: false });
  });

  const lists = [
    '/api/events/retrieve-events?status=draft',
    '/api/news/get-news?status=draft',
    `/api/boards/get-board-members?search=${hidden}`,
  ];

  it.each(lists)(
    '%s: an expired or revoked token, or the marker alone, gets 401; no cookie is a guest',
    async (url) => {
      const signedIn = await signIn(context, admin);
      expect((await get(url, signedIn.cookie)).body).toContain(hidden);

      const sessionId = (await sessionOf(signedIn.refreshToken))?.id ?? '';
      const expired = await signJwt({ sub: admin.id, sid: sessionId, role: 'admin' }, JWT_SECRET, {
        ttlSeconds: 60,
        now: Date.now() - 120_000,
      });
      const revoked = await signIn(context, admin);
      await context.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, (await sessionOf(revoked.refreshToken))?.id ?? ''));

      for (const cookie of [`access_token=${expired}; has_session=1`, revoked.cookie, 'has_session=1']) {
        const response = await get(url, cookie);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(invalidTokenBody);
      }
      const guest = await get(url);
      expect(guest.statusCode).toBe(200);
      expect(guest.body).not.toContain(hidden);

      // The client's next steps (spec 000 §8): refresh, then the same request shows the admin's list.
      const refreshed = await refresh(signedIn.refreshToken);
      expect(refreshed.statusCode).toBe(200);
      const again = await get(url, cookieHeaderFrom(refreshed));
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain(hidden);
    },
  );

  it('leaves the routes that ignore the viewer alone (login, health)', async () => {
    const user = await createUser(context.db);
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: 'access_token=garbage; has_session=1' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect((await get('/api/health', 'access_token=garbage; has_session=1')).statusCode).toBe(200);
  });
});

/**
 * The database restarting under a running API (PostgreSQL only: the embedded database has no
 * connections to lose). Confined to this file's own database, so other test files sharing the
 * server are not disturbed.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('refreshes while the database drops its connections', () => {
  let admin: pg.Client;
  let databaseName: string;

  beforeAll(async () => {
    if (!context.databaseUrl) throw new Error('no database url');
    databaseName = new URL(context.databaseUrl).pathname.slice(1);
    // Connected to another database of the server, so it survives what it does to this one.
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`alter database ${databaseName} with allow_connections true`);
    await admin.end();
  });

  const dropConnections = (except: number[] = []) =>
    admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> all($2::int[])',
      [databaseName, except],
    );

  function expectUnavailable(response: Awaited<ReturnType<typeof refresh>>) {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: REFRESH_UNAVAILABLE_MESSAGE, code: 'refresh_unavailable' });
    // The cookies are left alone: the browser keeps its session.
    expect(response.cookies).toEqual([]);
  }

  it('answers 503 while the database is unreachable, and the same token refreshes once it is back', async () => {
    const signedIn = await signIn(context, await createUser(context.db));
    await admin.query(`alter database ${databaseName} with allow_connections false`);
    await dropConnections();
    try {
      expectUnavailable(await refresh(signedIn.refreshToken));
    } finally {
      await admin.query(`alter database ${databaseName} with allow_connections true`);
    }
    const response = await refresh(signedIn.refreshToken);
    expect(response.statusCode).toBe(200);
    expect((await whoAmI(cookieValue(response, 'access_token'))).statusCode).toBe(200);
  });

  it('answers 503 when the connection drops in the middle of a rotation, which then never happened', async () => {
    const signedIn = await signIn(context, await createUser(context.db));
    const sessionId = (await sessionOf(signedIn.refreshToken))?.id ?? '';
    // Holds the session's row, so the rotation stops at its last statement, mid-transaction.
    const blocker = new pg.Client({ connectionString: context.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from sessions where id = $1 for update', [sessionId]);
      const pending = refresh(signedIn.refreshToken);
      const blockerPid = (await blocker.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      for (let waited = 0; ; waited += 20) {
        const { rowCount } = await admin.query(
          "select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
          [databaseName],
        );
        if (rowCount) break;
        if (waited > 5000) throw new Error('the rotation never reached the locked row');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropConnections([blockerPid]);
      expectUnavailable(await pending);
      await blocker.query('rollback');
    } finally {
      await blocker.end();
    }
    const [token] = await context.db
      .select({ usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(signedIn.refreshToken)));
    expect(token?.usedAt).toBeNull();
    expect((await refresh(signedIn.refreshToken)).statusCode).toBe(200);
  });

  it('signs no one out when connections drop during bursts of refreshes, and keeps its pool', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(context.db)));
    let held = await Promise.all(users.map(async (user) => (await signIn(context, user)).refreshToken));
    // Several rounds: a connection lost for good at each drop would leave the pool (5) empty.
    for (let round = 0; round < 3; round++) {
      const burst = Promise.all(held.map((token) => refresh(token)));
      await dropConnections();
      const responses = await burst;
      held = responses.map((response, index) => {
        expect([200, 503]).toContain(response.statusCode);
        // A 503 leaves the browser's cookie as it was: the token it holds still works.
        return response.statusCode === 200 ? cookieValue(response, 'refresh_token') : (held[index] ?? '');
      });
    }
    const after = await Promise.all(held.map((token) => refresh(token)));
    expect(after.map((response) => response.statusCode)).toEqual(held.map(() => 200));
  });
});

describe('cookies behind HTTPS', () => {
  let secure: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    secure = await buildTestApp({ PUBLIC_URL: 'https://portal.example', JWT_SECRET });
  });
  afterAll(() => secure.close());

  it('marks every session cookie Secure, on login and on refresh', async () => {
    const user = await createUser(secure.db);
    const login = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.cookies).toHaveLength(3);
    for (const cookie of login.cookies) expect(cookie).toMatchObject({ secure: true, httpOnly: true });

    const refreshed = await secure.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: { cookie: cookieHeaderFrom(login) },
    });
    expect(refreshed.statusCode).toBe(200);
    for (const cookie of refreshed.cookies) expect(cookie.secure).toBe(true);
  });
});
