import {
  CONFIRM_EMAIL_LINK_ERROR,
  CONFIRMATION_LINK_INVALID_MESSAGE,
  CURRENT_NOTICE_VERSION,
  LOGIN_ERROR_CODES,
  profileSchema,
  SESSION_ERRORS,
} from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, mailOutbox, sessions, users } from '../../db/schema';
import {
  cookieHeaderFrom,
  createMembership,
  createUser,
  logInThroughSecondStep,
  signIn,
  TEST_PASSWORD,
} from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { AUTH_MESSAGES } from './messages';

let context: Awaited<ReturnType<typeof buildTestApp>>;
const PUBLIC_URL = 'http://portal.test';

beforeAll(async () => {
  // Rate limits have their own test file; here they must not get in the way.
  context = await buildTestApp({ PUBLIC_URL, AUTH_RATE_LIMIT: '10000', JWT_SECRET: 'x'.repeat(40) });
});
afterAll(() => context.close());

const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'POST', url: `/api/auth${path}`, payload: payload as object, headers });
const get = (path: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url: path, headers });

const unique = () => Math.random().toString(36).slice(2, 10);
const newAccount = () => {
  const id = unique();
  return {
    username: `member_${id}`,
    email: `member-${id}@example.com`,
    password: TEST_PASSWORD,
    noticeVersion: CURRENT_NOTICE_VERSION,
  };
};

async function mailsTo(email: string) {
  return context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
}

/** The token of the link in the newest mail to `email`. */
async function linkTokenFor(email: string) {
  const [mail] = (await mailsTo(email)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const token = mail && /[?&]token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link mailed to ${email}`);
  return token;
}

const userByEmail = async (email: string) =>
  (await context.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/auth/register', () => {
  it('creates a pending user and queues the confirmation mail', async () => {
    const account = newAccount();
    const response = await post('/register', account);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { message: AUTH_MESSAGES.registered } });

    const user = await userByEmail(account.email);
    expect(user).toMatchObject({ username: account.username, status: 'pending', type: 'user', isNew: true });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.emailConfirmedAt).toBeNull();

    const [token] = await context.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, user?.id ?? ''));
    expect(token?.purpose).toBe('confirm_email');
    const hours = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const [mail] = await mailsTo(account.email);
    expect(mail?.subject).toContain('Confirm');
    expect(mail?.text).toContain(`${PUBLIC_URL}/confirm-email?token=`);
    // Only the hash is stored: the token in the link is not in the table.
    expect(token?.tokenHash).not.toBe(await linkTokenFor(account.email));
  });

  it.each([
    [{ email: 'a@example.com', password: TEST_PASSWORD }, 'Username is required'],
    [{ username: '', email: 'a@example.com', password: TEST_PASSWORD }, 'Username is required'],
    [{ username: 'someone', password: TEST_PASSWORD }, 'Email is required'],
    [{ username: 'someone', email: ' ', password: TEST_PASSWORD }, 'Email is required'],
    [{ username: 'someone', email: 'a@example.com' }, 'Password is required'],
    [{ username: 'someone', email: 'a@example.com', password: '' }, 'Password is required'],
    [
      { username: 'someone', email: 'a@example.com', password: 'lowercase' },
      'Password strength must be at least Good',
    ],
  ])('refuses %j with %s', async (payload, message) => {
    const response = await post('/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, code: 'validation_error' });
  });

  it('refuses a taken e-mail or username, whatever their case', async () => {
    const account = newAccount();
    expect((await post('/register', account)).statusCode).toBe(201);

    const sameEmail = await post('/register', { ...newAccount(), email: account.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({
      error: 'An account with this email already exists',
      code: 'email_taken',
    });

    const sameUsername = await post('/register', {
      ...newAccount(),
      username: account.username.toUpperCase(),
    });
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json()).toEqual({ error: 'This username is already taken', code: 'username_taken' });
  });

  it('lets exactly one of two simultaneous registrations of a username win', async () => {
    const username = `race_${unique()}`;
    const responses = await Promise.all(
      [1, 2, 3].map(() => post('/register', { ...newAccount(), username })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    for (const response of responses.filter((response) => response.statusCode === 409)) {
      expect(response.json()).toEqual({ error: 'This username is already taken', code: 'username_taken' });
    }
  });

  it('leaves no user behind when the mail cannot be queued (one transaction)', async () => {
    const account = newAccount();
    // A real failure of the outbox insert inside the transaction, no mocking.
    await context.db.execute(
      sql.raw(
        `alter table mail_outbox add constraint test_refuse_address check (to_address <> '${account.email}')`,
      ),
    );
    try {
      const response = await post('/register', account);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'Internal server error', code: 'internal_error' });
      expect(await userByEmail(account.email)).toBeUndefined();
    } finally {
      await context.db.execute(sql.raw('alter table mail_outbox drop constraint test_refuse_address'));
    }
  });
});

describe('the confirmation link', () => {
  const confirm = (token: string) => post('/confirm-email', { token });
  const refused = { error: CONFIRMATION_LINK_INVALID_MESSAGE, code: CONFIRM_EMAIL_LINK_ERROR };

  it('opens the page; only its button confirms, once, and signs in with cookies', async () => {
    const account = newAccount();
    await post('/register', account);
    const token = await linkTokenFor(account.email);
    // The mailed link is the page itself.
    const [mail] = await mailsTo(account.email);
    expect(mail?.text).toContain(`${PUBLIC_URL}/confirm-email?token=${token}`);

    // A mail scanner (or the link of an older mail, to the API) spends nothing: the older address
    // is sent on to the page with the same token, and no session travels in the Location.
    const opened = await get(`/api/auth/confirm-email?token=${token}`, { 'sec-fetch-site': 'cross-site' });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`${PUBLIC_URL}/confirm-email?token=${token}`);
    expect(opened.cookies).toEqual([]);
    expect((await userByEmail(account.email))?.status).toBe('pending');

    const response = await confirm(token);
    expect(response.statusCode).toBe(200);
    const { profile } = response.json().data;
    expect(profileSchema.parse(profile)).toMatchObject({
      username: account.username,
      email: account.email,
      type: 'user',
      role: 'member',
      status: 'active',
      isNew: true,
      memberships: [],
    });
    expect(profile.email_confirmation).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual([
      'access_token',
      'has_session',
      'refresh_token',
    ]);
    expect((await get('/api/auth/session', { cookie: cookieHeaderFrom(response) })).statusCode).toBe(200);
    const user = await userByEmail(account.email);
    expect(user?.status).toBe('active');
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);

    // A second click (or a reload) is told the link is spent; the session stays.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(refused);
    expect(again.cookies).toEqual([]);
    expect((await get('/api/auth/session', { cookie: cookieHeaderFrom(response) })).statusCode).toBe(200);
  });

  it('refuses unknown, expired and missing tokens with the same answer', async () => {
    const account = newAccount();
    await post('/register', account);
    const token = await linkTokenFor(account.email);
    const user = await userByEmail(account.email);
    await context.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user?.id ?? ''));

    for (const value of [token, 'not-a-token']) {
      const response = await confirm(value);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused);
    }
    const blank = await post('/confirm-email', {});
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(CONFIRMATION_LINK_INVALID_MESSAGE);
    expect((await userByEmail(account.email))?.status).toBe('pending');
    // The older address without a token opens the page, which says the link is incomplete.
    const bare = await get('/api/auth/confirm-email');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe(`${PUBLIC_URL}/confirm-email`);
  });

  it('does not activate or sign in an account an admin disabled meanwhile', async () => {
    const account = newAccount();
    await post('/register', account);
    await context.db.update(users).set({ status: 'inactive' }).where(eq(users.email, account.email));
    const response = await confirm(await linkTokenFor(account.email));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
    expect(response.cookies).toEqual([]);
    expect((await userByEmail(account.email))?.status).toBe('inactive');
  });
});

describe('POST /api/auth/login', () => {
  const invalidCredentials = {
    error: 'Invalid email or password',
    code: LOGIN_ERROR_CODES.invalidCredentials,
    e: { code: LOGIN_ERROR_CODES.invalidCredentials },
  };

  it('signs in with cookies and returns the profile, memberships newest first', async () => {
    const user = await createUser(context.db, { type: 'company' });
    const older = await createMembership(context.db, user.id, {
      category: 'Regular',
      createdAt: new Date('2025-01-01'),
    });
    const newer = await createMembership(context.db, user.id, {
      category: 'Regular',
      status: 'pending',
      startsAt: null,
      expiresAt: null,
      createdAt: new Date('2026-01-01'),
    });

    const response = await post('/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const { profile } = response.json().data;
    expect(profileSchema.parse(profile)).toMatchObject({
      id: user.id,
      type: 'company',
      role: 'member',
      isNew: false,
      email_confirmation: user.emailConfirmedAt?.toISOString(),
    });
    expect(profile.memberships.map((membership: { id: string }) => membership.id)).toEqual([
      newer.id,
      older.id,
    ]);
    expect(profile.memberships[0]).toMatchObject({ status: 'pending', startsAt: null, userId: user.id });
    expect(response.headers['cache-control']).toBe('private, no-store');

    const me = await get('/api/auth/session', { cookie: cookieHeaderFrom(response) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.profile.id).toBe(user.id);
  });

  it('sets HttpOnly, SameSite=Strict cookies with the right paths and lifetimes', async () => {
    const user = await createUser(context.db);
    const response = await post('/login', { email: user.email, password: TEST_PASSWORD });
    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies.access_token).toMatchObject({
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: context.config.auth.accessTokenTtlSeconds,
    });
    expect(cookies.refresh_token).toMatchObject({
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: context.config.auth.refreshTokenTtlDays * 86_400,
    });
    expect(cookies.has_session).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict', value: '1' });
    // http:// public URL: not Secure, or the browser would drop them.
    for (const cookie of Object.values(cookies)) expect(cookie.secure).toBeUndefined();
  });

  it('gives an admin the admin role', async () => {
    const admin = await createUser(context.db, { type: 'admin' });
    const response = await logInThroughSecondStep(context, admin);
    expect(response.json().data.profile.role).toBe('admin');
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const user = await createUser(context.db);
    const wrong = await post('/login', { email: user.email, password: 'Wrong-Password-1' });
    const unknown = await post('/login', {
      email: `nobody-${unique()}@example.com`,
      password: TEST_PASSWORD,
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalidCredentials);
      expect(response.cookies).toEqual([]);
    }
  });

  it('tells an unconfirmed or inactive account apart only to someone with its password', async () => {
    const pending = await createUser(context.db, { status: 'pending', emailConfirmedAt: null });
    const inactive = await createUser(context.db, { status: 'inactive' });

    const unconfirmed = await post('/login', { email: pending.email, password: TEST_PASSWORD });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toEqual({
      error: AUTH_MESSAGES.emailNotConfirmed,
      code: 'email_not_confirmed',
      e: { code: 'email_not_confirmed' },
    });
    const disabled = await post('/login', { email: inactive.email, password: TEST_PASSWORD });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({
      error: AUTH_MESSAGES.accountInactive,
      code: 'account_inactive',
      e: { code: 'account_inactive' },
    });

    for (const user of [pending, inactive]) {
      const guess = await post('/login', { email: user.email, password: 'Wrong-Password-1' });
      expect(guess.statusCode).toBe(401);
      expect(guess.json()).toEqual(invalidCredentials);
    }
  });

  it('refuses an invited user who has no password yet', async () => {
    const invited = await createUser(context.db, { password: null });
    const response = await post('/login', { email: invited.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidCredentials);
  });

  it('validates the body with the shared messages', async () => {
    const response = await post('/login', { email: '', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Email is required');
  });

  it('refuses a login that another site makes the browser send', async () => {
    const user = await createUser(context.db);
    const crossSiteHeaders: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of crossSiteHeaders) {
      const response = await post('/login', { email: user.email, password: TEST_PASSWORD }, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Cross-site request refused', code: 'cross_site_request' });
    }
    const sameOrigin = await post(
      '/login',
      { email: user.email, password: TEST_PASSWORD },
      { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL },
    );
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('GET /api/auth/session and protected routes', () => {
  it('answers a request without cookies with Authentication required', async () => {
    const response = await get('/api/auth/session');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required', code: 'unauthenticated' });
  });

  it('asks for a refresh once the access cookie is gone but the session marker is not', async () => {
    const response = await get('/api/auth/session', { cookie: 'has_session=1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: SESSION_ERRORS.invalidToken, code: 'invalid_token' });
  });

  it('refuses the session of a user an admin disabled', async () => {
    const user = await createUser(context.db);
    const { cookie } = await signIn(context, user);
    expect((await get('/api/auth/session', { cookie })).statusCode).toBe(200);
    await context.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    const response = await get('/api/auth/session', { cookie });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(SESSION_ERRORS.invalidToken);
  });

  it('asks for a refresh on a public list too, when the request carries a session that no longer works', async () => {
    const response = await get('/api/news/get-news', { cookie: 'access_token=garbage; has_session=1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: SESSION_ERRORS.invalidToken, code: 'invalid_token' });
    expect((await get('/api/news/get-news')).statusCode).toBe(200);
  });
});

describe('GET /api/auth/logout', () => {
  it('revokes the session and clears the cookies', async () => {
    const user = await createUser(context.db);
    const { cookie, refreshToken } = await signIn(context, user);
    const response = await get('/api/auth/logout', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { message: AUTH_MESSAGES.loggedOut } });
    const cleared = Object.fromEntries(response.cookies.map((item) => [item.name, item]));
    expect(cleared.access_token).toMatchObject({ value: '', maxAge: 0, path: '/' });
    expect(cleared.refresh_token).toMatchObject({ value: '', maxAge: 0, path: '/api/auth' });
    expect(cleared.has_session).toMatchObject({ value: '', maxAge: 0, path: '/' });

    const after = await get('/api/auth/session', { cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(SESSION_ERRORS.invalidToken);
    const refresh = await get('/api/auth/refresh', { cookie: `refresh_token=${refreshToken}` });
    expect(refresh.statusCode).toBe(401);
  });

  it('ends the session named by the access cookie alone', async () => {
    const user = await createUser(context.db);
    const { accessToken, cookie } = await signIn(context, user);
    await get('/api/auth/logout', { cookie: `access_token=${accessToken}` });
    expect((await get('/api/auth/session', { cookie })).statusCode).toBe(401);
  });

  it('answers 200 without a session, and refuses a cross-site logout', async () => {
    expect((await get('/api/auth/logout')).statusCode).toBe(200);
    const user = await createUser(context.db);
    const { cookie } = await signIn(context, user);
    const crossSite = await get('/api/auth/logout', { cookie, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('cross_site_request');
    expect((await get('/api/auth/session', { cookie })).statusCode).toBe(200);
  });
});

describe('forgotten password', () => {
  const sentMessage = { data: { message: AUTH_MESSAGES.forgotPasswordSent } };

  it('answers known and unknown e-mails identically, and mails only the known one', async () => {
    const user = await createUser(context.db);
    const unknownEmail = `nobody-${unique()}@example.com`;
    const unknown = await post('/forgot-password', { email: unknownEmail });
    const known = await post('/forgot-password', { email: user.email.toUpperCase() });
    for (const response of [unknown, known]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(sentMessage);
    }
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);

    // The work happens after the answer (so its timing tells nothing).
    await expect.poll(() => mailsTo(user.email)).toHaveLength(1);
    const [mail] = await mailsTo(user.email);
    expect(mail?.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
    const [token] = await context.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'reset_password')));
    const minutes = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('sends nothing to an inactive account', async () => {
    const inactive = await createUser(context.db, { status: 'inactive' });
    const active = await createUser(context.db);
    expect((await post('/forgot-password', { email: inactive.email })).json()).toEqual(sentMessage);
    await post('/forgot-password', { email: active.email });
    await expect.poll(() => mailsTo(active.email)).toHaveLength(1);
    expect(await mailsTo(inactive.email)).toHaveLength(0);
    // The mail greets the person by the name the account goes by, not the username.
    const [mail] = await mailsTo(active.email);
    expect(mail?.text.startsWith(`Hello Test ${active.lastName},`)).toBe(true);
  });

  it('resets the password once, ends every session and confirms a pending address', async () => {
    const user = await createUser(context.db, { status: 'pending', emailConfirmedAt: null });
    const active = await createUser(context.db);
    const sessionA = await signIn(context, active);
    const sessionB = await signIn(context, active);

    await post('/forgot-password', { email: user.email });
    await post('/forgot-password', { email: active.email });
    await expect.poll(() => mailsTo(active.email)).toHaveLength(1);
    await expect.poll(() => mailsTo(user.email)).toHaveLength(1);

    const newPassword = 'New-Password-42';
    const token = await linkTokenFor(active.email);
    const reset = await post('/reset-password', { token, password: newPassword });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ data: { message: AUTH_MESSAGES.passwordReset } });

    for (const { cookie } of [sessionA, sessionB]) {
      const response = await get('/api/auth/session', { cookie });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(SESSION_ERRORS.invalidToken);
    }
    expect((await post('/login', { email: active.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/login', { email: active.email, password: newPassword })).statusCode).toBe(200);

    const again = await post('/reset-password', { token, password: 'Another-Password-7' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'This reset link is invalid or has expired',
      code: 'invalid_token',
    });

    // Proving the mailbox confirms it.
    await post('/reset-password', { token: await linkTokenFor(user.email), password: newPassword });
    const confirmed = await userByEmail(user.email);
    expect(confirmed?.status).toBe('active');
    expect(confirmed?.emailConfirmedAt).toBeInstanceOf(Date);
    expect((await post('/login', { email: user.email, password: newPassword })).statusCode).toBe(200);
  });

  it('refuses unknown and expired links, and weak passwords with the shared message', async () => {
    const user = await createUser(context.db);
    await post('/forgot-password', { email: user.email });
    await expect.poll(() => mailsTo(user.email)).toHaveLength(1);
    const token = await linkTokenFor(user.email);

    const weak = await post('/reset-password', { token, password: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('Password strength must be at least Good');

    await context.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(emailTokens.userId, user.id));
    for (const candidate of [token, 'unknown-token']) {
      const response = await post('/reset-password', { token: candidate, password: 'New-Password-42' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'This reset link is invalid or has expired',
        code: 'invalid_token',
      });
    }
    // A confirmation token is not a reset token.
    const account = newAccount();
    await post('/register', account);
    const confirmToken = await linkTokenFor(account.email);
    expect(
      (await post('/reset-password', { token: confirmToken, password: 'New-Password-42' })).statusCode,
    ).toBe(400);
  });
});

describe('sessions in the database', () => {
  it('records who signed in from where', async () => {
    const user = await createUser(context.db);
    await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { 'user-agent': 'vitest-agent' },
    });
    const [session] = await context.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session).toMatchObject({ userAgent: 'vitest-agent', ip: '127.0.0.1', revokedAt: null });
  });
});
