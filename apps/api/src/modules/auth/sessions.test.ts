import { createHmac } from 'node:crypto';
import { SESSION_ERRORS } from '@portal/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions, users } from '../../db/schema';
import { hashOpaqueToken, signJwt } from '../../lib/tokens';
import { cookieHeaderFrom, createUser, signIn, TEST_PASSWORD } from '../../test/factories';
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
    expect(stolen.statusCode).toBe(500);
    expect(stolen.json()).toEqual(refreshFailedBody);
    expectSessionCookiesCleared(stolen);
    expect((await sessionOf(signedIn.refreshToken))?.revokedAt).toBeInstanceOf(Date);

    // Everything of that session is dead now: the legitimate holder's refresh and access tokens too.
    const legitimate = await refresh(currentRefresh);
    expect(legitimate.statusCode).toBe(500);
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

  it('rotates the refreshes that arrive together in one statement, each to its own session', async () => {
    const signedIn = await Promise.all(
      Array.from({ length: 6 }, async () => signIn(context, await createUser(context.db))),
    );
    const responses = await Promise.all([
      ...signedIn.map((tokens) => refresh(tokens.refreshToken)),
      // Refused in the same batch, without failing the others.
      refresh('not-a-token'),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 500]);
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
    // now() is the transaction's start: one statement stamped them all.
    expect(new Set(rotated.map((row) => row.usedAt?.toISOString())).size).toBe(1);
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
      expect(response.statusCode).toBe(500);
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
        return `${header}.${encode({ ...claims(), role: 'admin', iat: 1, exp: 4_102_444_800 })}.${signature}`;
      },
    ],
    ['expired', () => signJwt(claims(), JWT_SECRET, { ttlSeconds: 60, now: Date.now() - 120_000 })],
    ['signed with another secret', () => signJwt(claims(), 'another-secret'.repeat(4), { ttlSeconds: 60 })],
    [
      'alg none',
      () => `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims(), iat: 1, exp: 4_102_444_800 })}.`,
    ],
    [
      'HS512 with a valid HS512 signature',
      () => {
        const input = `${encode({ alg: 'HS512', typ: 'JWT' })}.${encode({ ...claims(), iat: 1, exp: 4_102_444_800 })}`;
        return `${input}.${createHmac('sha512', JWT_SECRET).update(input).digest('base64url')}`;
      },
    ],
    ['not a JWT', () => 'garbage'],
  ])('answers a %s token with Invalid or expired token', async (_name, makeToken) => {
    const response = await whoAmI(makeToken());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidTokenBody);
  });

  it('refuses a well-signed token for a session that does not exist', async () => {
    const token = signJwt({ ...claims(), sid: '00000000-0000-4000-8000-000000000000' }, JWT_SECRET, {
      ttlSeconds: 60,
    });
    expect((await whoAmI(token)).json()).toEqual(invalidTokenBody);
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
