import {
  PASSKEY_MESSAGES,
  SECOND_FACTOR_ERROR_CODES,
  SECOND_STEP_LOCK_MS,
  TWO_FACTOR_MESSAGES,
  WEBAUTHN_CHALLENGE_TTL_MS,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAuditLog, passkeys, recoveryCodes, userTotp } from '../../db/schema';
import { cookieHeaderFrom, createUser, signIn, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { assertPasskey, createPasskey } from '../../test/soft-authenticator';
import { totpCodeAt } from './two-factor';

/**
 * Passkeys as a second factor (decision 061, "Passkeys"), driven through the routes with a
 * software authenticator (test/soft-authenticator.ts) as a browser would.
 */

let context: Awaited<ReturnType<typeof buildTestApp>>;
let origin = '';

beforeAll(async () => {
  context = await buildTestApp({ AUTH_RATE_LIMIT: '10000' });
  origin = new URL(context.config.publicUrl).origin;
});
afterAll(() => context.close());
afterEach(() => {
  vi.useRealTimers();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  context.app.inject({ method, url, headers: { cookie }, payload });

const registrationOptions = async (cookie: string) => {
  const answer = await call('POST', '/api/auth/2fa/passkeys/options', cookie);
  expect(answer.statusCode).toBe(200);
  return answer.json().data;
};

/** Registers a passkey through the routes; answers the authenticator's key and the reply. */
async function registerPasskey(cookie: string, name = 'Work laptop') {
  const { passkey, response } = createPasskey(await registrationOptions(cookie), origin);
  const answer = await call('POST', '/api/auth/2fa/passkeys', cookie, { name, response });
  expect(answer.statusCode).toBe(201);
  return { passkey, answer };
}

/** A signed-in account with a passkey and no authenticator app. */
async function accountWithPasskey(fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(context.db, { totp: false, ...fields });
  const { cookie } = await signIn(context, user);
  const { passkey, answer } = await registerPasskey(cookie);
  return { user, cookie, passkey, recoveryCodes: answer.json().data.recoveryCodes as string[] };
}

/** Signs in with the password; answers the pending second step's Cookie header. */
async function pendingSecondStep(email: string) {
  const login = await context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(login.json()).toEqual({ data: { secondFactor: 'required' } });
  return cookieHeaderFrom(login);
}

const signInOptions = async (pending: string) => {
  const answer = await call('POST', '/api/auth/2fa/verify/passkey-options', pending);
  expect(answer.statusCode).toBe(200);
  return answer.json().data;
};

const verifyPasskey = (pending: string, response: object) =>
  call('POST', '/api/auth/2fa/verify/passkey', pending, { response });

const auditActionsOf = async (userId: string) =>
  (
    await context.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.userId, userId))
      .orderBy(adminAuditLog.createdAt)
  ).map((row) => row.action);

describe('registering a passkey', () => {
  it('keeps it with its name, turns two-step sign-in on with ten recovery codes, and lists it', async () => {
    const user = await createUser(context.db, { totp: false });
    const { cookie } = await signIn(context, user, { secondFactorAt: null });
    const options = await registrationOptions(cookie);
    expect(options.rp).toEqual({ id: new URL(origin).hostname, name: 'MEAP' });
    expect(options.user.name).toBe(user.email);
    expect(options.attestation).toBe('none');

    const { response } = createPasskey(options, origin);
    const answer = await call('POST', '/api/auth/2fa/passkeys', cookie, { name: '  Work laptop ', response });
    expect(answer.statusCode).toBe(201);
    const { passkey, recoveryCodes: codes } = answer.json().data;
    expect(passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect(codes).toHaveLength(10);

    const [row] = await context.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row).toMatchObject({ credentialId: response.id, counter: 0, transports: ['internal'] });
    expect((await call('GET', '/api/auth/2fa', cookie)).json().data).toEqual({
      totp: false,
      passkeys: 1,
      recoveryCodesLeft: 10,
      required: false,
    });
    expect((await call('GET', '/api/auth/session', cookie)).json().data.profile.secondFactor).toEqual({
      enrolled: true,
      required: false,
    });

    // A second one: no new recovery codes, and the first is excluded from the options.
    const second = await registrationOptions(cookie);
    expect(second.excludeCredentials).toEqual([
      { id: response.id, type: 'public-key', transports: ['internal'] },
    ]);
    const phone = createPasskey(second, origin);
    const added = await call('POST', '/api/auth/2fa/passkeys', cookie, {
      name: 'Phone',
      response: phone.response,
    });
    expect(added.json().data.recoveryCodes).toBeNull();
    const list = await call('GET', '/api/auth/2fa/passkeys', cookie);
    expect(list.json().data.map((key: { name: string }) => key.name)).toEqual(['Work laptop', 'Phone']);
    expect(await auditActionsOf(user.id)).toEqual(['passkey_added', 'passkey_added']);
  });

  it('refuses a credential made for another origin or another RP id', async () => {
    const user = await createUser(context.db, { totp: false });
    const { cookie } = await signIn(context, user);
    const elsewhere = createPasskey(await registrationOptions(cookie), 'https://evil.example');
    const wrongOrigin = await call('POST', '/api/auth/2fa/passkeys', cookie, {
      name: 'Laptop',
      response: elsewhere.response,
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json()).toMatchObject({ field: 'response', error: PASSKEY_MESSAGES.refused });

    const otherRp = createPasskey(await registrationOptions(cookie), origin, { rpId: 'evil.example' });
    const wrongRp = await call('POST', '/api/auth/2fa/passkeys', cookie, {
      name: 'Laptop',
      response: otherRp.response,
    });
    expect(wrongRp.statusCode).toBe(400);
    expect(await context.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
  });

  it('uses a challenge once and for five minutes only', async () => {
    const user = await createUser(context.db, { totp: false });
    const { cookie } = await signIn(context, user);
    const { response } = createPasskey(await registrationOptions(cookie), origin);
    expect((await call('POST', '/api/auth/2fa/passkeys', cookie, { name: 'A', response })).statusCode).toBe(
      201,
    );
    // The same answer again: its challenge is used up.
    const replay = await call('POST', '/api/auth/2fa/passkeys', cookie, { name: 'B', response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().field).toBe('response');

    const options = await registrationOptions(cookie);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + WEBAUTHN_CHALLENGE_TTL_MS + 1000);
    const late = createPasskey(options, origin);
    const fresh = await signIn(context, user);
    const expired = await call('POST', '/api/auth/2fa/passkeys', fresh.cookie, {
      name: 'C',
      response: late.response,
    });
    expect(expired.statusCode).toBe(400);
  });

  it('answers bad input with the field, and a stale session with a step-up once a factor is on', async () => {
    const { cookie, user } = await accountWithPasskey();
    const { response } = createPasskey(await registrationOptions(cookie), origin);
    const post = (payload: object) => call('POST', '/api/auth/2fa/passkeys', cookie, payload);
    expect((await post({ name: '   ', response })).json()).toMatchObject({
      field: 'name',
      error: PASSKEY_MESSAGES.nameRequired,
    });
    expect((await post({ name: 'x'.repeat(61), response })).json()).toMatchObject({
      field: 'name',
      error: PASSKEY_MESSAGES.nameTooLong,
    });
    expect((await post({ name: 'Lap\u0000top', response })).statusCode).toBe(400);
    const noAnswer = await post({ name: 'Laptop' });
    expect(noAnswer.statusCode).toBe(400);
    expect(noAnswer.json().field).toMatch(/^response/);
    const garbled = await post({
      name: 'Laptop',
      response: { ...response, response: { clientDataJSON: '!!' } },
    });
    expect(garbled.statusCode).toBe(400);
    const junk = await post({
      name: 'Laptop',
      response: { ...response, response: { ...response.response, clientDataJSON: 'bm90IGpzb24' } },
    });
    expect(junk.statusCode).toBe(400);

    const stale = await signIn(context, user, { secondFactorAt: new Date(Date.now() - 16 * 60_000) });
    const asked = await call('POST', '/api/auth/2fa/passkeys/options', stale.cookie);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().code).toBe(SECOND_FACTOR_ERROR_CODES.stale);
  });
});

describe('signing in with a passkey', () => {
  it('asks for the second step, tells the methods, and opens a session with the passkey', async () => {
    const { user, passkey } = await accountWithPasskey();
    const pending = await pendingSecondStep(user.email);
    expect((await call('GET', '/api/auth/2fa/methods', pending)).json()).toEqual({
      data: { methods: ['passkey'] },
    });
    const options = await signInOptions(pending);
    expect(options.rpId).toBe(new URL(origin).hostname);
    expect(options.allowCredentials).toEqual([
      { id: passkey.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    const answer = await verifyPasskey(pending, assertPasskey(passkey, options, origin));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.profile).toMatchObject({ id: user.id });
    const session = cookieHeaderFrom(answer);
    expect(session).toContain('access_token=');
    expect((await call('GET', '/api/auth/session', session)).json().data.profile.id).toBe(user.id);
    const [row] = await context.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('names both methods for an account with the app and a passkey; the code still works', async () => {
    const user = await createUser(context.db, { totp: true });
    const { cookie } = await signIn(context, user);
    await registerPasskey(cookie);
    const pending = await pendingSecondStep(user.email);
    expect((await call('GET', '/api/auth/2fa/methods', pending)).json().data.methods).toEqual([
      'totp',
      'passkey',
    ]);
    const code = await call('POST', '/api/auth/2fa/verify', pending, {
      code: totpCodeAt(user.totpSecret as string),
    });
    expect(code.statusCode).toBe(200);
  });

  it('refuses a replayed answer, another origin, another RP id, a counter going back, another account’s key', async () => {
    const { user, passkey } = await accountWithPasskey();
    const first = await pendingSecondStep(user.email);
    const signed = assertPasskey(passkey, await signInOptions(first), origin);
    expect((await verifyPasskey(first, signed)).statusCode).toBe(200);

    // The same signed answer again: its challenge is used up.
    const replayed = await verifyPasskey(await pendingSecondStep(user.email), signed);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ error: PASSKEY_MESSAGES.refused, field: 'response' });
    expect(replayed.cookies.find((cookie) => cookie.name === 'access_token')).toBeUndefined();

    // Each refused attempt below was handed its own challenge on the same pending step.
    const cases: ((options: object) => object)[] = [
      (options) => assertPasskey(passkey, options as never, 'https://evil.example'),
      (options) => assertPasskey(passkey, options as never, origin, { rpId: 'evil.example' }),
      (options) => assertPasskey(passkey, options as never, origin, { counter: 1 }),
    ];
    for (const make of cases) {
      const pending = await pendingSecondStep(user.email);
      const answer = await verifyPasskey(pending, make(await signInOptions(pending)));
      expect(answer.statusCode).toBe(401);
    }
    // Four refusals so far; the fifth would lock the second step (tested below).
    await context.db.update(userTotp).set({ failedAttempts: 0 }).where(eq(userTotp.userId, user.id));
    // The key of another account, on a challenge handed out to this one.
    const other = await accountWithPasskey();
    const pending = await pendingSecondStep(user.email);
    const stolen = await verifyPasskey(
      pending,
      assertPasskey(other.passkey, await signInOptions(pending), origin),
    );
    expect(stolen.statusCode).toBe(401);
    // A challenge of step-up does not serve sign-in.
    const stepUpOptions = (await call('POST', '/api/auth/2fa/step-up/passkey-options', other.cookie)).json()
      .data;
    const otherPending = await pendingSecondStep(other.user.email);
    expect(
      (await verifyPasskey(otherPending, assertPasskey(other.passkey, stepUpOptions, origin))).statusCode,
    ).toBe(401);
  });

  it('needs the pending step, and answers a bad body with 400', async () => {
    const { user } = await accountWithPasskey();
    expect((await call('GET', '/api/auth/2fa/methods', '')).json()).toMatchObject({
      error: TWO_FACTOR_MESSAGES.signInAgain,
    });
    expect((await call('POST', '/api/auth/2fa/verify/passkey-options', '')).statusCode).toBe(401);
    expect((await verifyPasskey('', { id: 'x' })).statusCode).toBe(400);
    const pending = await pendingSecondStep(user.email);
    expect((await call('POST', '/api/auth/2fa/verify/passkey', pending, {})).statusCode).toBe(400);
    expect((await verifyPasskey(pending, { id: 'x', rawId: 'x', type: 'public-key' })).statusCode).toBe(400);
  });

  it('counts wrong answers towards the same lock as wrong codes', async () => {
    const { user, passkey, recoveryCodes: codes } = await accountWithPasskey();
    const pending = await pendingSecondStep(user.email);
    for (let i = 0; i < 4; i += 1) {
      const wrong = assertPasskey(passkey, await signInOptions(pending), 'https://evil.example');
      expect((await verifyPasskey(pending, wrong)).statusCode).toBe(401);
    }
    const fifth = await call('POST', '/api/auth/2fa/verify', pending, { code: '000000' });
    expect(fifth.statusCode).toBe(429);
    const right = assertPasskey(passkey, await signInOptions(pending), origin);
    const locked = await verifyPasskey(pending, right);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(SECOND_FACTOR_ERROR_CODES.locked);
    expect(await auditActionsOf(user.id)).toContain('second_step_locked');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SECOND_STEP_LOCK_MS + 1000);
    // A recovery code works for an account with only a passkey.
    const later = await pendingSecondStep(user.email);
    expect((await call('POST', '/api/auth/2fa/verify', later, { code: codes[0] })).statusCode).toBe(200);
  });
});

describe('step-up with a passkey', () => {
  it('confirms it is you with a passkey, and refuses a wrong or replayed one', async () => {
    const { user, passkey } = await accountWithPasskey({ roles: ['admin'] });
    const { cookie } = await signIn(context, user, { secondFactorAt: new Date(Date.now() - 16 * 60_000) });
    const stale = await call('POST', '/api/auth/2fa/recovery-codes', cookie);
    expect(stale.json().code).toBe(SECOND_FACTOR_ERROR_CODES.stale);

    const options = (await call('POST', '/api/auth/2fa/step-up/passkey-options', cookie)).json().data;
    const wrong = await call('POST', '/api/auth/2fa/step-up/passkey', cookie, {
      response: assertPasskey(passkey, options, 'https://evil.example'),
    });
    expect(wrong.statusCode).toBe(401);
    const again = (await call('POST', '/api/auth/2fa/step-up/passkey-options', cookie)).json().data;
    const signed = assertPasskey(passkey, again, origin);
    expect(
      (await call('POST', '/api/auth/2fa/step-up/passkey', cookie, { response: signed })).statusCode,
    ).toBe(204);
    expect((await call('POST', '/api/auth/2fa/recovery-codes', cookie)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/auth/2fa/step-up/passkey', cookie, { response: signed })).statusCode,
    ).toBe(401);
  });

  it('has no passkey options for an account without a passkey', async () => {
    const user = await createUser(context.db);
    const { cookie } = await signIn(context, user);
    expect((await call('POST', '/api/auth/2fa/step-up/passkey-options', cookie)).statusCode).toBe(409);
  });
});

describe('staff and removing passkeys', () => {
  it('counts a passkey as the staff second factor: staff routes open without the app', async () => {
    const admin = await createUser(context.db, { roles: ['admin'], totp: false });
    const { cookie } = await signIn(context, admin);
    expect((await call('GET', '/api/users/get-all', cookie)).json().code).toBe(
      SECOND_FACTOR_ERROR_CODES.required,
    );
    await registerPasskey(cookie);
    expect((await call('GET', '/api/users/get-all', cookie)).statusCode).toBe(200);
  });

  it('keeps staff from removing their last second factor, whichever it is', async () => {
    const { user, cookie } = await accountWithPasskey({ roles: ['admin'] });
    const [only] = (await call('GET', '/api/auth/2fa/passkeys', cookie)).json().data;
    const refused = await call('DELETE', `/api/auth/2fa/passkeys/${only.id}`, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(PASSKEY_MESSAGES.staffMustKeep);

    // With the app as well, either may go, but not both.
    const enrol = await call('POST', '/api/auth/2fa/totp/enrol', cookie);
    const { secret } = enrol.json().data;
    expect(
      (await call('POST', '/api/auth/2fa/totp/confirm', cookie, { code: totpCodeAt(secret) })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/auth/2fa/passkeys/${only.id}`, cookie)).statusCode).toBe(204);
    const off = await call('DELETE', '/api/auth/2fa/totp', cookie);
    expect(off.statusCode).toBe(403);
    expect(off.json().error).toBe(TWO_FACTOR_MESSAGES.staffMustKeep);

    await registerPasskey(cookie, 'Security key');
    expect((await call('DELETE', '/api/auth/2fa/totp', cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/2fa', cookie)).json().data).toMatchObject({
      totp: false,
      passkeys: 1,
    });
    expect(await auditActionsOf(user.id)).toContain('passkey_removed');
  });

  it('of two removals at once by staff with two passkeys, one is refused', async () => {
    const { cookie } = await accountWithPasskey({ roles: ['admin'] });
    await registerPasskey(cookie, 'Phone');
    const keys = (await call('GET', '/api/auth/2fa/passkeys', cookie)).json().data as { id: string }[];
    const answers = await Promise.all(
      keys.map((key) => call('DELETE', `/api/auth/2fa/passkeys/${key.id}`, cookie)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 403]);
    expect((await call('GET', '/api/auth/2fa/passkeys', cookie)).json().data).toHaveLength(1);
  });

  it('lets a member remove their last passkey: the recovery codes go, and the password alone signs in', async () => {
    const { user, cookie } = await accountWithPasskey();
    const [only] = (await call('GET', '/api/auth/2fa/passkeys', cookie)).json().data;
    const other = await accountWithPasskey();
    expect((await call('DELETE', `/api/auth/2fa/passkeys/${only.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/auth/2fa/passkeys/not-a-uuid', cookie)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/auth/2fa/passkeys/${only.id}`, cookie)).statusCode).toBe(204);
    expect(await context.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual(
      [],
    );
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.json().data.profile).toMatchObject({ id: user.id });
  });

  it('keeps the recovery codes when the app goes and a passkey remains', async () => {
    const user = await createUser(context.db, { totp: true });
    const { cookie } = await signIn(context, user);
    await registerPasskey(cookie);
    const renewed = await call('POST', '/api/auth/2fa/recovery-codes', cookie);
    expect(renewed.statusCode).toBe(200);
    expect((await call('DELETE', '/api/auth/2fa/totp', cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/2fa', cookie)).json().data).toMatchObject({
      totp: false,
      passkeys: 1,
      recoveryCodesLeft: 10,
    });
  });
});
