import {
  manilaDateString,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_ERROR_CODES,
  SECOND_STEP_LOCK_MS,
  TWO_FACTOR_MESSAGES,
} from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAuditLog, userTotp } from '../../db/schema';
import { cookieHeaderFrom, createMembership, createUser, signIn, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { totpCodeAt } from './two-factor';

let context: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  context = await buildTestApp({ AUTH_RATE_LIMIT: '10000' });
});
afterAll(() => context.close());
afterEach(() => {
  vi.useRealTimers();
});

const STEP_MS = 30_000;
const RECOVERY_CODE = /^[abcdefghjkmnpqrstuvwxyz23456789]{4}-[abcdefghjkmnpqrstuvwxyz23456789]{4}$/;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  context.app.inject({ method, url, headers: { cookie }, payload });

const logIn = (email: string) =>
  context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });

/** Signs in with the password; answers the pending second step's Cookie header. */
async function pendingSecondStep(email: string) {
  const login = await logIn(email);
  expect(login.statusCode).toBe(200);
  expect(login.json()).toEqual({ data: { secondFactor: 'required' } });
  return cookieHeaderFrom(login);
}

const verify = (cookie: string, code: string) => call('POST', '/api/auth/2fa/verify', cookie, { code });

const auditActionsOf = async (userId: string) =>
  (
    await context.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.userId, userId))
      .orderBy(adminAuditLog.createdAt)
  ).map((row) => row.action);

/** A member who turned two-step sign-in on through the routes; answers the secret and codes. */
async function enrolledMember() {
  const user = await createUser(context.db);
  const { cookie } = await signIn(context, user);
  const enrol = await call('POST', '/api/auth/2fa/totp/enrol', cookie);
  const { secret } = enrol.json().data as { secret: string };
  const confirm = await call('POST', '/api/auth/2fa/totp/confirm', cookie, { code: totpCodeAt(secret) });
  expect(confirm.statusCode).toBe(200);
  return { user, cookie, secret, recoveryCodes: confirm.json().data.recoveryCodes as string[] };
}

describe('enrolment', () => {
  it('gives a secret and its otpauth URL, refuses a wrong code, and turns on with ten codes', async () => {
    const user = await createUser(context.db);
    const { cookie } = await signIn(context, user);
    expect((await call('GET', '/api/auth/2fa', cookie)).json()).toEqual({
      data: { totp: false, passkeys: 0, recoveryCodesLeft: 0, required: false },
    });

    const enrol = await call('POST', '/api/auth/2fa/totp/enrol', cookie);
    expect(enrol.statusCode).toBe(200);
    const { secret, otpauthUrl } = enrol.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(`${url.host}${decodeURIComponent(url.pathname)}`).toBe(`totp/MEAP:${user.email}`);
    expect(url.searchParams.get('issuer')).toBe('MEAP');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');

    const wrong = await call('POST', '/api/auth/2fa/totp/confirm', cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'code', error: TWO_FACTOR_MESSAGES.wrongCode });
    const shape = await call('POST', '/api/auth/2fa/totp/confirm', cookie, { code: '12345' });
    expect(shape.statusCode).toBe(400);
    expect(shape.json()).toMatchObject({ field: 'code', error: TWO_FACTOR_MESSAGES.totpCodeShape });

    const confirm = await call('POST', '/api/auth/2fa/totp/confirm', cookie, { code: totpCodeAt(secret) });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);

    expect((await call('GET', '/api/auth/2fa', cookie)).json()).toEqual({
      data: { totp: true, passkeys: 0, recoveryCodesLeft: 10, required: false },
    });
    expect((await call('GET', '/api/auth/session', cookie)).json().data.profile.secondFactor).toEqual({
      enrolled: true,
      required: false,
    });
    const logged = await context.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.userId, user.id), eq(adminAuditLog.action, 'two_factor_enrolled')));
    expect(logged).toHaveLength(1);
  });

  it('keeps the old secret working while a new one is being set up', async () => {
    const { user, cookie, secret } = await enrolledMember();
    const again = await call('POST', '/api/auth/2fa/totp/enrol', cookie);
    const newSecret = again.json().data.secret as string;
    expect(newSecret).not.toBe(secret);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + STEP_MS });
    const pending = await pendingSecondStep(user.email);
    expect((await verify(pending, totpCodeAt(secret))).statusCode).toBe(200);

    vi.setSystemTime(Date.now() + STEP_MS);
    const confirm = await call('POST', '/api/auth/2fa/totp/confirm', cookie, { code: totpCodeAt(newSecret) });
    expect(confirm.statusCode).toBe(200);
    vi.setSystemTime(Date.now() + STEP_MS);
    const next = await pendingSecondStep(user.email);
    expect((await verify(next, totpCodeAt(secret))).statusCode).toBe(401);
    expect((await verify(next, totpCodeAt(newSecret))).statusCode).toBe(200);
  });
});

describe('signing in with the second step', () => {
  it('asks for a code after the password, with no session until the code is right', async () => {
    const { user, secret } = await enrolledMember();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + STEP_MS });
    const login = await logIn(user.email);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ data: { secondFactor: 'required' } });
    expect(login.cookies.map((cookie) => cookie.name)).toEqual(['second_step']);
    const pendingCookie = login.cookies[0];
    expect(pendingCookie).toMatchObject({ httpOnly: true, path: '/api/auth/2fa', maxAge: 300 });
    // The pending cookie is no session.
    expect((await call('GET', '/api/auth/session', `access_token=${pendingCookie?.value}`)).statusCode).toBe(
      401,
    );

    const wrong = await verify(cookieHeaderFrom(login), '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      error: TWO_FACTOR_MESSAGES.wrongCode,
      code: SECOND_FACTOR_ERROR_CODES.wrongCode,
      field: 'code',
    });

    const right = await verify(cookieHeaderFrom(login), totpCodeAt(secret));
    expect(right.statusCode).toBe(200);
    expect(right.json().data.profile).toMatchObject({ id: user.id, secondFactor: { enrolled: true } });
    const names = right.cookies.filter((cookie) => cookie.value !== '').map((cookie) => cookie.name);
    expect(names.sort()).toEqual(['access_token', 'has_session', 'refresh_token']);
    const session = await call('GET', '/api/auth/session', cookieHeaderFrom(right));
    expect(session.statusCode).toBe(200);
  });

  it('refuses a code of the wrong shape with the field, and a missing or expired pending step', async () => {
    const { user, secret } = await enrolledMember();
    const pending = await pendingSecondStep(user.email);
    const shape = await verify(pending, 'letmein');
    expect(shape.statusCode).toBe(400);
    expect(shape.json()).toMatchObject({ field: 'code', error: TWO_FACTOR_MESSAGES.codeShape });

    const none = await verify('', totpCodeAt(secret));
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: TWO_FACTOR_MESSAGES.signInAgain });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1_000 });
    const expired = await verify(pending, totpCodeAt(secret));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: TWO_FACTOR_MESSAGES.signInAgain });
  });

  it('refuses a code already used, and accepts one step of clock skew but not two', async () => {
    const { user, secret } = await enrolledMember();
    // Well past the confirmation's step.
    const start = Date.now() + 10 * STEP_MS;
    vi.useFakeTimers({ toFake: ['Date'], now: start });

    const behind = totpCodeAt(secret, start - STEP_MS);
    expect((await verify(await pendingSecondStep(user.email), behind)).statusCode).toBe(200);
    // The same code again, within its window: refused.
    expect((await verify(await pendingSecondStep(user.email), behind)).statusCode).toBe(401);
    // An earlier step's code than one already used: refused too.
    const older = totpCodeAt(secret, start - 2 * STEP_MS);
    expect((await verify(await pendingSecondStep(user.email), older)).statusCode).toBe(401);

    const ahead = totpCodeAt(secret, start + STEP_MS);
    expect((await verify(await pendingSecondStep(user.email), ahead)).statusCode).toBe(200);

    vi.setSystemTime(start + 10 * STEP_MS);
    const twoAhead = totpCodeAt(secret, Date.now() + 2 * STEP_MS);
    expect((await verify(await pendingSecondStep(user.email), twoAhead)).statusCode).toBe(401);
    const twoBehind = totpCodeAt(secret, Date.now() - 2 * STEP_MS);
    expect((await verify(await pendingSecondStep(user.email), twoBehind)).statusCode).toBe(401);
  });

  it('locks the second step after five wrong codes for 15 minutes, logged, then opens again', async () => {
    const { user, secret } = await enrolledMember();
    const start = Date.now() + 10 * STEP_MS;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const pending = await pendingSecondStep(user.email);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await verify(pending, '000000')).statusCode).toBe(401);
    }
    const fifth = await verify(pending, '000000');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: SECOND_FACTOR_ERROR_CODES.locked });
    expect(fifth.json().error).toMatch(/^Too many wrong codes\. Try again in 15 minutes, at \d{1,2}:\d{2}/);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // Still locked, with the right code too, and a recovery code.
    const right = await verify(pending, totpCodeAt(secret));
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toMatch(/^Too many wrong codes/);

    const logged = await context.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.userId, user.id), eq(adminAuditLog.action, 'second_step_locked')));
    expect(logged).toHaveLength(1);

    vi.setSystemTime(start + SECOND_STEP_LOCK_MS - 60_000);
    const stillLocked = await verify(await pendingSecondStep(user.email), totpCodeAt(secret));
    expect(stillLocked.statusCode).toBe(429);
    expect(stillLocked.json().error).toMatch(/Try again in 1 minute,/);

    vi.setSystemTime(start + SECOND_STEP_LOCK_MS + 1_000);
    const open = await verify(await pendingSecondStep(user.email), totpCodeAt(secret));
    expect(open.statusCode).toBe(200);
    const [row] = await context.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(row?.failedAttempts).toBe(0);
  });

  it('takes a recovery code once: a second use is refused, and of two at once one wins', async () => {
    const { user, recoveryCodes } = await enrolledMember();
    const [first, second] = recoveryCodes as [string, string];
    expect((await verify(await pendingSecondStep(user.email), first.toUpperCase())).statusCode).toBe(200);
    expect((await verify(await pendingSecondStep(user.email), first)).statusCode).toBe(401);
    const status = await signIn(context, user);
    expect((await call('GET', '/api/auth/2fa', status.cookie)).json().data.recoveryCodesLeft).toBe(9);

    const [one, two] = await Promise.all([pendingSecondStep(user.email), pendingSecondStep(user.email)]);
    const answers = await Promise.all([verify(one, second), verify(two, second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('signs in with the password alone when two-step sign-in is off', async () => {
    const user = await createUser(context.db);
    const login = await logIn(user.email);
    expect(login.statusCode).toBe(200);
    expect(login.json().data.profile).toMatchObject({
      id: user.id,
      secondFactor: { enrolled: false, required: false },
    });
  });
});

describe('staff must have it', () => {
  it('refuses staff routes to staff without it, with the 2fa routes open to set it up', async () => {
    const admin = await createUser(context.db, { roles: ['admin'], totp: false });
    const { cookie } = await signIn(context, admin);
    const staffRoute = await call('GET', '/api/users/get-all', cookie);
    expect(staffRoute.statusCode).toBe(403);
    expect(staffRoute.json()).toMatchObject({
      code: SECOND_FACTOR_ERROR_CODES.required,
      error: TWO_FACTOR_MESSAGES.required,
    });
    expect((await call('GET', '/api/auth/session', cookie)).json().data.profile.secondFactor).toEqual({
      enrolled: false,
      required: true,
    });
    expect((await call('GET', '/api/auth/2fa', cookie)).json().data).toEqual({
      totp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
      required: true,
    });

    const enrol = await call('POST', '/api/auth/2fa/totp/enrol', cookie);
    expect(enrol.statusCode).toBe(200);
    const { secret } = enrol.json().data;
    const confirm = await call('POST', '/api/auth/2fa/totp/confirm', cookie, { code: totpCodeAt(secret) });
    expect(confirm.statusCode).toBe(200);
    expect((await call('GET', '/api/users/get-all', cookie)).statusCode).toBe(200);
  });

  it('lets a member turn it off, but not staff', async () => {
    const { user, cookie } = await enrolledMember();
    expect((await call('DELETE', '/api/auth/2fa/totp', cookie)).statusCode).toBe(204);
    expect(await auditActionsOf(user.id)).toEqual(['two_factor_enrolled', 'two_factor_disabled']);
    // The password alone signs in again.
    expect((await logIn(user.email)).json().data.profile).toMatchObject({ id: user.id });
    expect((await call('GET', '/api/auth/2fa', cookie)).json().data).toEqual({
      totp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
      required: false,
    });
    expect((await call('DELETE', '/api/auth/2fa/totp', cookie)).statusCode).toBe(409);

    const admin = await createUser(context.db, { roles: ['treasurer'] });
    const staff = await signIn(context, admin);
    const refused = await call('DELETE', '/api/auth/2fa/totp', staff.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(TWO_FACTOR_MESSAGES.staffMustKeep);
  });
});

describe('step-up for sensitive actions', () => {
  it('asks for a code again after 15 minutes, then lets the action through', async () => {
    const admin = await createUser(context.db, { roles: ['admin'] });
    const member = await createUser(context.db);
    const { cookie } = await signIn(context, admin, { secondFactorAt: new Date(Date.now() - 16 * 60_000) });
    const roles = { roles: ['secretariat'] };

    // Reading is not sensitive: the old check is enough.
    expect((await call('GET', '/api/users/get-all', cookie)).statusCode).toBe(200);
    const stale = await call('PUT', `/api/users/admin/${member.id}/roles`, cookie, roles);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({
      code: SECOND_FACTOR_ERROR_CODES.stale,
      error: TWO_FACTOR_MESSAGES.stale,
    });

    const wrong = await call('POST', '/api/auth/2fa/step-up', cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const stepUp = await call('POST', '/api/auth/2fa/step-up', cookie, {
      code: totpCodeAt(admin.totpSecret as string),
    });
    expect(stepUp.statusCode).toBe(204);
    const granted = await call('PUT', `/api/users/admin/${member.id}/roles`, cookie, roles);
    expect(granted.statusCode).toBe(200);
  });

  it('guards deleting a user, voiding a statement, and new recovery codes', async () => {
    const admin = await createUser(context.db, { roles: ['admin'] });
    const member = await createUser(context.db);
    const { cookie } = await signIn(context, admin, { secondFactorAt: null });
    const deleted = await call('DELETE', `/api/users/admin/delete-user/${member.id}`, cookie);
    expect(deleted.json()).toMatchObject({ code: SECOND_FACTOR_ERROR_CODES.stale });
    const voided = await call('POST', `/api/dues/statements/${member.id}/void`, cookie, { reason: 'Wrong' });
    expect(voided.json()).toMatchObject({ code: SECOND_FACTOR_ERROR_CODES.stale });
    const codes = await call('POST', '/api/auth/2fa/recovery-codes', cookie);
    expect(codes.json()).toMatchObject({ code: SECOND_FACTOR_ERROR_CODES.stale });

    const fresh = await signIn(context, admin);
    const renewed = await call('POST', '/api/auth/2fa/recovery-codes', fresh.cookie);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data.recoveryCodes).toHaveLength(10);
    expect(await auditActionsOf(admin.id)).toEqual(['recovery_codes_regenerated']);
  });

  it('asks again for making an account staff through the edit form, not for other edits', async () => {
    const admin = await createUser(context.db, { roles: ['admin'] });
    const member = await createUser(context.db);
    const { cookie } = await signIn(context, admin, { secondFactorAt: new Date(Date.now() - 16 * 60_000) });
    const url = `/api/users/admin/update-profile/${member.id}`;
    expect((await call('PUT', url, cookie, { phone: '+63 917 000 0000' })).statusCode).toBe(200);
    expect((await call('PUT', url, cookie, { type: member.type })).statusCode).toBe(200);
    const promote = await call('PUT', url, cookie, { type: 'admin' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toMatchObject({ code: SECOND_FACTOR_ERROR_CODES.stale });
  });

  it('voids the old recovery codes when new ones are made', async () => {
    const { user, cookie, recoveryCodes } = await enrolledMember();
    const renewed = await call('POST', '/api/auth/2fa/recovery-codes', cookie);
    const [newCode] = renewed.json().data.recoveryCodes as string[];
    expect((await verify(await pendingSecondStep(user.email), recoveryCodes[0] as string)).statusCode).toBe(
      401,
    );
    expect((await verify(await pendingSecondStep(user.email), newCode as string)).statusCode).toBe(200);
  });
  it('asks again only for a payment over the balance', async () => {
    const admin = await createUser(context.db, { roles: ['treasurer', 'secretariat'] });
    const fresh = await signIn(context, admin);
    const member = await createUser(context.db, { type: 'individual' });
    const membership = await createMembership(context.db, member.id, {
      status: 'pending',
      category: 'Individual',
      startsAt: null,
      expiresAt: null,
    });
    const approve = await call('PUT', `/api/memberships/update/${membership.id}`, fresh.cookie, {
      status: 'approved',
    });
    expect(approve.statusCode).toBe(200);
    const listed = await call('GET', '/api/dues/statements', (await signIn(context, member)).cookie);
    const statement = listed.json().data.statements[0] as { id: string; balance: number };

    const { cookie } = await signIn(context, admin, { secondFactorAt: new Date(Date.now() - 20 * 60_000) });
    const pay = (body: object) =>
      call('POST', `/api/dues/statements/${statement.id}/payments`, cookie, {
        method: 'Bank transfer',
        paid_on: manilaDateString(),
        ...body,
      });
    expect((await pay({ amount: 100 })).statusCode).toBe(201);
    const over = await pay({ amount: statement.balance, overpayment: true });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: SECOND_FACTOR_ERROR_CODES.stale });

    const stepUp = await call('POST', '/api/auth/2fa/step-up', cookie, {
      code: totpCodeAt(admin.totpSecret as string),
    });
    expect(stepUp.statusCode).toBe(204);
    expect((await pay({ amount: statement.balance, overpayment: true })).statusCode).toBe(201);
  });
});
