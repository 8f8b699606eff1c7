import { hash, randomInt } from 'node:crypto';
import {
  isRecoveryCodeShape,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  SECOND_FACTOR_ERROR_CODES,
  SECOND_STEP_LOCK_MS,
  SECOND_STEP_MAX_FAILURES,
  type SecondFactorSummary,
  siteConfig,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type TotpEnrolment,
  TWO_FACTOR_MESSAGES,
  type TwoFactorStatus,
} from '@portal/shared';
import { and, count, eq, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Secret, TOTP } from 'otpauth';
import type { Db, DbTransaction } from '../../db/client';
import {
  passkeys,
  recoveryCodes,
  sessions,
  type UserTotp,
  userRoles,
  users,
  userTotp,
} from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import type { Viewer } from '../../plugins/access';
import { recordAdminAction } from '../audit';

/**
 * Two-step sign-in with an authenticator app and recovery codes (decision 061). Every time here
 * is read from `Date.now()`, the server's one clock (tests and the clock journeys move it), so
 * codes, lockouts and the step-up window follow the same time.
 */

const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;
/** One step either side: a phone whose clock is up to 30 seconds off still signs in. */
const SKEW_WINDOW = 1;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: siteConfig.acronym,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/**
 * The 30-second step whose code `code` is, within the skew window around `now`; null when it is
 * no code of the secret's then.
 */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: SKEW_WINDOW });
  return delta === null ? null : Math.floor(now / PERIOD_MS) + delta;
}

/** The code of `secret` at `now` (the demo and the tests play the authenticator app with it). */
export const totpCodeAt = (secret: string, now = Date.now()) => totpOf(secret).generate({ timestamp: now });

const hashRecoveryCode = (code: string) => hash('sha256', code, 'hex');

function newRecoveryCode() {
  const pick = () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  const half = () => Array.from({ length: 4 }, pick).join('');
  return `${half()}-${half()}`;
}

const wrongConfirmationCode = () =>
  validationError([{ field: 'code', message: TWO_FACTOR_MESSAGES.wrongCode }]);

/** The 401 of a wrong code at the second step or step-up, naming the field as a form does. */
const wrongCode = () =>
  new AppError(401, TWO_FACTOR_MESSAGES.wrongCode, {
    code: SECOND_FACTOR_ERROR_CODES.wrongCode,
    field: 'code',
    fields: { code: TWO_FACTOR_MESSAGES.wrongCode },
  });

/** The answer while the second step is locked; `retryAfterSeconds` goes in Retry-After. */
export class SecondStepLockedError extends AppError {
  constructor(
    readonly until: Date,
    now: Date,
  ) {
    super(429, TWO_FACTOR_MESSAGES.locked(until, now), { code: SECOND_FACTOR_ERROR_CODES.locked });
  }
  get retryAfterSeconds() {
    return Math.max(1, Math.ceil((this.until.getTime() - Date.now()) / 1000));
  }
}

export async function accountOf(db: Db | DbTransaction, userId: string) {
  const [user] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError(404, 'User not found', { code: 'not_found' });
  return user;
}

/**
 * `users.id` named with its table: drizzle writes a column of a one-table select unqualified,
 * which inside a subquery of `passkeys` would read as `passkeys.id`.
 */
const usersId = sql`${users}.${sql.identifier('id')}`;

/**
 * Whether the account `userId` names has a second factor: a confirmed authenticator-app secret or
 * any passkey (decision 061). One expression for the session, the login and the summaries.
 */
export const hasSecondFactorSql = (userId: AnyPgColumn | SQL = usersId) =>
  sql<boolean>`(exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.secret} is not null) or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId}))`;

export const isStaff = async (db: Db | DbTransaction, userId: string) => {
  const [row] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.userId, userId));
  return (row?.n ?? 0) > 0;
};

/** Whether the account has two-step sign-in on, and whether it must (any staff role). */
export async function secondFactorSummary(db: Db, userId: string): Promise<SecondFactorSummary> {
  const [row] = await db
    .select({
      enrolled: hasSecondFactorSql(),
      required: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${usersId})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return { enrolled: row?.enrolled === true, required: row?.required === true };
}

/** GET /api/auth/2fa. */
export async function readTwoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const summary = await secondFactorSummary(db, userId);
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return {
    totp: await hasConfirmedTotp(db, userId),
    passkeys: keys?.n ?? 0,
    recoveryCodesLeft: summary.enrolled ? (left?.n ?? 0) : 0,
    required: summary.required,
  };
}

/**
 * POST /api/auth/2fa/totp/enrol: a new pending secret, replacing any unconfirmed one. A confirmed
 * secret stays in force until the new one is confirmed, so starting over never locks anyone out.
 */
export async function startTotpEnrolment(db: Db, userId: string): Promise<TotpEnrolment> {
  const account = await accountOf(db, userId);
  const secret = new Secret({ size: 20 }).base32;
  await db
    .insert(userTotp)
    .values({ userId, pendingSecret: secret })
    .onConflictDoUpdate({ target: userTotp.userId, set: { pendingSecret: secret } });
  return { secret, otpauthUrl: totpOf(secret, account.email).toString() };
}

/** Ten new recovery codes for the account, in `tx`; the old ones stop working. */
export async function replaceRecoveryCodes(tx: DbTransaction, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/** The session passed the second factor at `at` (sign-in's second step, enrolment, step-up). */
export async function markSecondFactorChecked(db: Db | DbTransaction, sessionId: string, at = new Date()) {
  await db.update(sessions).set({ secondFactorAt: at }).where(eq(sessions.id, sessionId));
}

export const selfAsActor = (userId: string): Viewer => ({ userId, roles: [] });

/**
 * POST /api/auth/2fa/totp/confirm: the first code of the pending secret turns it on (or makes it
 * the account's new one), with ten new recovery codes, and counts as this session's check.
 */
export async function confirmTotpEnrolment(db: Db, viewer: Viewer, code: string): Promise<RecoveryCodes> {
  const now = Date.now();
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, viewer.userId));
  if (!row?.pendingSecret) {
    throw new AppError(409, TWO_FACTOR_MESSAGES.noPendingSecret, { code: 'no_pending_secret' });
  }
  const step = matchingStep(row.pendingSecret, code, now);
  if (step === null) throw wrongConfirmationCode();
  return db.transaction(async (tx) => {
    // Claimed by the very secret checked: a new enrolment started meanwhile is not confirmed by
    // the old one's code.
    const [confirmed] = await tx
      .update(userTotp)
      .set({
        secret: row.pendingSecret,
        pendingSecret: null,
        confirmedAt: new Date(now),
        lastUsedStep: step,
        failedAttempts: 0,
        lockedUntil: null,
      })
      .where(and(eq(userTotp.userId, viewer.userId), eq(userTotp.pendingSecret, row.pendingSecret as string)))
      .returning({ userId: userTotp.userId });
    if (!confirmed) throw wrongConfirmationCode();
    const codes = await replaceRecoveryCodes(tx, viewer.userId);
    if (viewer.sessionId) await markSecondFactorChecked(tx, viewer.sessionId, new Date(now));
    await recordAdminAction(tx, selfAsActor(viewer.userId), {
      action: 'two_factor_enrolled',
      user: await accountOf(tx, viewer.userId),
      changes: { twoFactor: { from: row.secret ? 'on' : 'off', to: 'on' } },
    });
    return { recoveryCodes: codes };
  });
}

/**
 * What one attempt at the second step tries: `passes` answers whether it passed (a TOTP claims its
 * step only while the account is not locked, hence `notLocked`); `refusal` is the 401 of a wrong one.
 */
export type SecondStepAttempt = {
  passes: (row: UserTotp, now: Date, notLocked: SQL | undefined) => Promise<boolean>;
  refusal: () => AppError;
};

/**
 * One attempt at the second step of sign-in or at step-up, whatever the method (decision 061):
 * refused while the account's second step is locked; a wrong one counted, and the fifth in a row
 * locks it for SECOND_STEP_LOCK_MS, logged; a right one resets the count. The count lives on the
 * account's `user_totp` row, made (without a secret) for an account that has only passkeys.
 */
export async function passSecondStep(db: Db, userId: string, attempt: SecondStepAttempt): Promise<void> {
  const now = new Date();
  let [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!row) {
    await db.insert(userTotp).values({ userId }).onConflictDoNothing();
    [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  }
  if (!row) throw attempt.refusal();
  if (row.lockedUntil && row.lockedUntil > now) throw new SecondStepLockedError(row.lockedUntil, now);
  const notLocked = or(isNull(userTotp.lockedUntil), lt(userTotp.lockedUntil, now));

  if (await attempt.passes(row, now, notLocked)) {
    if (row.failedAttempts > 0) {
      await db.update(userTotp).set({ failedAttempts: 0 }).where(eq(userTotp.userId, userId));
    }
    return;
  }

  // One statement counts the failure and, at the limit, locks and starts the count again.
  const until = new Date(now.getTime() + SECOND_STEP_LOCK_MS);
  const reachesLimit = sql`${userTotp.failedAttempts} + 1 >= ${SECOND_STEP_MAX_FAILURES}`;
  const [counted] = await db
    .update(userTotp)
    .set({
      failedAttempts: sql`case when ${reachesLimit} then 0 else ${userTotp.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${until.toISOString()}::timestamptz else ${userTotp.lockedUntil} end`,
    })
    .where(and(eq(userTotp.userId, userId), notLocked))
    .returning({ lockedUntil: userTotp.lockedUntil });
  if (counted?.lockedUntil && counted.lockedUntil.getTime() === until.getTime()) {
    await db.transaction(async (tx) =>
      recordAdminAction(tx, selfAsActor(userId), {
        action: 'second_step_locked',
        user: await accountOf(tx, userId),
        changes: { lockedUntil: { from: null, to: until.toISOString() } },
      }),
    );
    throw new SecondStepLockedError(until, now);
  }
  if (!counted) {
    // Locked by a concurrent attempt meanwhile.
    const [locked] = await db
      .select({ lockedUntil: userTotp.lockedUntil })
      .from(userTotp)
      .where(eq(userTotp.userId, userId));
    if (locked?.lockedUntil && locked.lockedUntil > now)
      throw new SecondStepLockedError(locked.lockedUntil, now);
  }
  throw attempt.refusal();
}

/**
 * Checks a code at the second step of sign-in or at step-up: a TOTP of the confirmed secret (its
 * step later than the last one used, so no code works twice) or an unused recovery code (used up
 * in the same statement that finds it, so of two requests with it only one passes). Counted and
 * locked by `passSecondStep`.
 */
export async function checkSecondFactor(db: Db, userId: string, code: string): Promise<void> {
  if (!(await hasSecondFactor(db, userId))) throw wrongCode();
  await passSecondStep(db, userId, {
    refusal: wrongCode,
    async passes(row, now, notLocked) {
      if (isRecoveryCodeShape(code)) {
        const [used] = await db
          .update(recoveryCodes)
          .set({ usedAt: now })
          .where(
            and(
              eq(recoveryCodes.userId, userId),
              eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
              isNull(recoveryCodes.usedAt),
            ),
          )
          .returning({ id: recoveryCodes.id });
        return used !== undefined;
      }
      if (!row.secret) return false;
      const step = matchingStep(row.secret, code, now.getTime());
      if (step === null) return false;
      const [claimed] = await db
        .update(userTotp)
        .set({ lastUsedStep: step, failedAttempts: 0 })
        .where(
          and(
            eq(userTotp.userId, userId),
            eq(userTotp.secret, row.secret),
            or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
            notLocked,
          ),
        )
        .returning({ userId: userTotp.userId });
      return claimed !== undefined;
    },
  });
}

/** Whether the account has any second factor (a confirmed secret or a passkey). */
export async function hasSecondFactor(db: Db | DbTransaction, userId: string) {
  const [row] = await db.select({ on: hasSecondFactorSql() }).from(users).where(eq(users.id, userId));
  return row?.on === true;
}

export const refuseUnlessEnrolled = async (db: Db | DbTransaction, userId: string) => {
  if (!(await hasSecondFactor(db, userId))) {
    throw new AppError(409, TWO_FACTOR_MESSAGES.notEnrolled, { code: 'not_enrolled' });
  }
};

/**
 * POST /api/auth/2fa/step-up: a right code marks this session's second-factor check as fresh.
 * An account without two-step sign-in has nothing to confirm with (409, not a wrong code).
 */
export async function stepUpSession(db: Db, viewer: Viewer, code: string): Promise<void> {
  await refuseUnlessEnrolled(db, viewer.userId);
  await checkSecondFactor(db, viewer.userId, code);
  if (viewer.sessionId) await markSecondFactorChecked(db, viewer.sessionId);
}

/** POST /api/auth/2fa/recovery-codes: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(db: Db, viewer: Viewer): Promise<RecoveryCodes> {
  return db.transaction(async (tx) => {
    await refuseUnlessEnrolled(tx, viewer.userId);
    const codes = await replaceRecoveryCodes(tx, viewer.userId);
    await recordAdminAction(tx, selfAsActor(viewer.userId), {
      action: 'recovery_codes_regenerated',
      user: await accountOf(tx, viewer.userId),
      changes: {},
    });
    return { recoveryCodes: codes };
  });
}

/**
 * Takes the account's lock on its second factors for the rest of `tx`: two removals at once (the
 * app and a passkey, two passkeys) are decided one after the other, so staff never lose the last.
 */
export const lockSecondFactors = (tx: DbTransaction, userId: string) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

/** How many second factors the account has: its confirmed secret and each passkey. */
export async function countSecondFactors(tx: DbTransaction, userId: string) {
  const [keys] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return (keys?.n ?? 0) + ((await hasConfirmedTotp(tx, userId)) ? 1 : 0);
}

/**
 * After a second factor is removed in `tx`: with none left, the recovery codes go too (they are
 * a spare for a second factor, not one of their own).
 */
export async function dropRecoveryCodesIfNoFactorLeft(tx: DbTransaction, userId: string) {
  if ((await countSecondFactors(tx, userId)) === 0) {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  }
}

/**
 * DELETE /api/auth/2fa/totp: turns the authenticator app off. Staff must keep a second factor
 * (decision 061): they may only when a passkey remains; members may always.
 */
export async function turnOffTotp(db: Db, viewer: Viewer): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSecondFactors(tx, viewer.userId);
    if (!(await hasConfirmedTotp(tx, viewer.userId))) {
      throw new AppError(409, TWO_FACTOR_MESSAGES.notEnrolled, { code: 'not_enrolled' });
    }
    if ((await countSecondFactors(tx, viewer.userId)) <= 1 && (await isStaff(tx, viewer.userId))) {
      throw new AppError(403, TWO_FACTOR_MESSAGES.staffMustKeep, { code: 'forbidden' });
    }
    // The row also keeps the second step's wrong-code count: kept while passkeys remain.
    await tx
      .update(userTotp)
      .set({ secret: null, pendingSecret: null, confirmedAt: null, lastUsedStep: null })
      .where(eq(userTotp.userId, viewer.userId));
    await dropRecoveryCodesIfNoFactorLeft(tx, viewer.userId);
    await recordAdminAction(tx, selfAsActor(viewer.userId), {
      action: 'two_factor_disabled',
      user: await accountOf(tx, viewer.userId),
      changes: { twoFactor: { from: 'on', to: 'off' } },
    });
  });
}

/** Whether the account has a confirmed authenticator-app secret. */
export async function hasConfirmedTotp(db: Db | DbTransaction, userId: string) {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.secret)));
  return row !== undefined;
}
