import { randomBytes } from 'node:crypto';
import {
  type EmailTokenPurpose,
  type ForgotPasswordBody,
  greetingName,
  LOGIN_ERROR_CODES,
  type LoginBody,
  type Profile,
  type RegisterBody,
  type ResetPasswordBody,
} from '@portal/shared';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, type User, userRoles, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { queueMail } from '../../lib/mail/outbox';
import { confirmationEmail, invitationEmail, passwordResetEmail } from '../../lib/mail/templates';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createOpaqueToken, hashOpaqueToken } from '../../lib/tokens';
import { checkNoticeVersion, recordFormConsents } from '../privacy';
import type { IssuedTokens } from './cookies';
import { AUTH_MESSAGES } from './messages';
import { loadProfile } from './profile';
import { type AuthContext, createSession, revokeUserSessions, type SessionMetadata } from './sessions';
import { hasSecondFactor } from './two-factor';

const HOUR_MS = 3_600_000;
/** How long each kind of e-mail link works. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  confirm_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
  invitation: 7 * 24 * HOUR_MS,
  change_email: 24 * HOUR_MS,
  // The old address may be read rarely; a week to notice a change nobody asked for.
  undo_email_change: 7 * 24 * HOUR_MS,
};

/** A refused login: its body carries the code twice (spec 000 §7: the client reads `e.code`). */
export class LoginRefusedError extends Error {
  constructor(
    readonly statusCode: 401 | 403,
    readonly code: (typeof LOGIN_ERROR_CODES)[keyof typeof LOGIN_ERROR_CODES],
    message: string,
  ) {
    super(message);
  }
}

const emailTaken = () => new AppError(409, AUTH_MESSAGES.emailTaken, { code: 'email_taken' });
const usernameTaken = () => new AppError(409, AUTH_MESSAGES.usernameTaken, { code: 'username_taken' });

/** Taken e-mail or username, compared case-insensitively like the unique indexes do. */
async function findConflict(db: Db, { email, username }: { email: string; username: string }) {
  const rows = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        eq(sql`lower(${users.username})`, username.toLowerCase()),
      ),
    );
  if (rows.some((row) => row.email.toLowerCase() === email.toLowerCase())) return emailTaken();
  if (rows.some((row) => row.username.toLowerCase() === username.toLowerCase())) return usernameTaken();
  return null;
}

/**
 * Two registrations racing past `findConflict` meet at the unique indexes; the loser gets the same
 * answer as if it had come second. Drizzle wraps the driver's error, so look at the cause too.
 */
function conflictFromUniqueViolation(error: unknown): AppError | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code !== '23505') continue;
    if (constraint === 'users_email_lower_unique') return emailTaken();
    if (constraint === 'users_username_lower_unique') return usernameTaken();
  }
  return null;
}

/** Creates an e-mail link token (only its hash is stored) and returns the token for the link. */
export async function createEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose) {
  const token = createOpaqueToken();
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/**
 * The address the confirmation e-mail links to: the page, where a click confirms (opening it, as
 * mail scanners do, changes nothing).
 */
export const confirmationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
export const resetPasswordLink = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * spec 000 §5, §7 register: a pending account, its confirmation token and the confirmation mail
 * are written in one transaction, so there is never an account whose mail was lost or a mail for
 * an account that does not exist.
 */
export async function registerUser(context: AuthContext, body: RegisterBody) {
  checkNoticeVersion(body.noticeVersion);
  const conflict = await findConflict(context.db, body);
  if (conflict) throw conflict;
  const passwordHash = await hashPassword(body.password);
  try {
    await context.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: body.username,
          email: body.email,
          passwordHash,
          type: 'user',
          status: 'pending',
          isNew: true,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user not created');
      // The notice accepted and the optional consents ticked, with the account (docs/decisions/065).
      await recordFormConsents(tx, user.id, body, 'registration');
      const token = await createEmailToken(tx, user.id, 'confirm_email');
      await queueMail(tx, {
        to: body.email,
        ...confirmationEmail({
          username: body.username,
          link: confirmationLink(context.config.publicUrl, token),
        }),
      });
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error) ?? error;
  }
  return { message: AUTH_MESSAGES.registered };
}

/**
 * Claims a single-use e-mail token: one conditional UPDATE, so a link clicked twice at once is
 * used once. Returns the user it belongs to, or null for an unknown, used or expired token.
 */
async function claimEmailToken(db: Db, token: string, purposes: EmailTokenPurpose[]) {
  const [claimed] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, hashOpaqueToken(token)),
        inArray(emailTokens.purpose, purposes),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId, purpose: emailTokens.purpose });
  return claimed ?? null;
}

/**
 * The confirmation page's button (POST /confirm-email): activates a pending account and signs it
 * in with an ordinary session. An account an admin disabled meanwhile stays disabled and gets no
 * session.
 */
export async function confirmEmail(
  context: AuthContext,
  token: string,
  metadata: SessionMetadata,
): Promise<{ tokens: IssuedTokens; profile: Profile } | null> {
  const tokens = await context.db.transaction(async (tx) => {
    const claimed = await claimEmailToken(tx, token, ['confirm_email']);
    if (!claimed) return null;
    const [user] = await tx
      .update(users)
      .set({
        status: sql`case when ${users.status} = 'pending' then 'active' else ${users.status} end`,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
      })
      .where(eq(users.id, claimed.userId))
      .returning({ id: users.id, type: users.type, status: users.status });
    if (user?.status !== 'active') return null;
    return { ...(await createSession(context, tx, user, metadata)), userId: user.id };
  });
  return tokens && { tokens, profile: await loadProfile(context.db, tokens.userId) };
}

/**
 * Hashed once per process with the real parameters: an unknown e-mail then costs the same
 * argon2 verification as a known one, so timing does not tell which addresses have accounts.
 */
let dummyPasswordHash: Promise<string> | undefined;
const getDummyPasswordHash = () => {
  dummyPasswordHash ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummyPasswordHash;
};

/**
 * spec 000 §7, §8 login. The password is checked before the account's state, so 'not confirmed'
 * and 'inactive' are only ever told to someone who knows the password.
 */
export async function logIn(
  context: AuthContext,
  body: LoginBody,
  metadata: SessionMetadata,
): Promise<{ tokens: IssuedTokens; profile: Profile } | { secondFactorFor: string }> {
  const [user] = await context.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, body.email.toLowerCase()))
    .limit(1);

  // An invited user who has not chosen a password yet cannot log in either.
  const passwordMatches = user?.passwordHash
    ? await verifyPassword(user.passwordHash, body.password)
    : await verifyPassword(await getDummyPasswordHash(), body.password).then(() => false);
  if (!user || !passwordMatches) {
    throw new LoginRefusedError(401, LOGIN_ERROR_CODES.invalidCredentials, AUTH_MESSAGES.invalidCredentials);
  }
  if (user.status === 'pending') {
    throw new LoginRefusedError(403, LOGIN_ERROR_CODES.emailNotConfirmed, AUTH_MESSAGES.emailNotConfirmed);
  }
  if (user.status !== 'active') {
    throw new LoginRefusedError(403, LOGIN_ERROR_CODES.accountInactive, AUTH_MESSAGES.accountInactive);
  }
  // With two-step sign-in on, the password alone opens no session (decision 061).
  if (await hasSecondFactor(context.db, user.id)) return { secondFactorFor: user.id };
  const tokens = await createSession(context, context.db, user, metadata);
  return { tokens, profile: await loadProfile(context.db, user.id) };
}

/**
 * POST /api/auth/2fa/verify (a code) and /verify/passkey: the second step of a sign-in the pending
 * cookie names. The account must still be active; `check` checks the code or the passkey (and
 * counts a wrong one: `checkSecondFactor`, `checkPasskeyAssertion`).
 */
export async function completeSecondStep(
  context: AuthContext,
  userId: string,
  check: (userId: string) => Promise<void>,
  metadata: SessionMetadata,
): Promise<{ tokens: IssuedTokens; profile: Profile } | null> {
  const [user] = await context.db
    .select({ id: users.id, type: users.type, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (user?.status !== 'active') return null;
  await check(user.id);
  const tokens = await createSession(context, context.db, user, { ...metadata, secondFactorAt: new Date() });
  return { tokens, profile: await loadProfile(context.db, user.id) };
}

/**
 * spec: forgotten password (docs/product-rules.md "Accounts"). The caller answers before this runs,
 * so the answer and its timing are the same whether or not the address has an account.
 */
export async function sendPasswordReset(context: AuthContext, body: ForgotPasswordBody) {
  const [user] = await context.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, body.email.toLowerCase()))
    .limit(1);
  if (!user || user.status === 'inactive') return false;
  await context.db.transaction(async (tx) => {
    const token = await createEmailToken(tx, user.id, 'reset_password');
    await queueMail(tx, {
      to: user.email,
      ...passwordResetEmail({
        username: greetingName(user),
        link: resetPasswordLink(context.config.publicUrl, token),
      }),
    });
  });
  return true;
}

/**
 * A new confirmation link for an account that has not confirmed its e-mail yet (the 'Email not
 * Confirmed' message offers it). Like forgot-password, the caller answers before this runs, the
 * same whatever the address; nothing is sent for an unknown, confirmed or disabled account.
 */
export async function resendConfirmation(context: AuthContext, body: ForgotPasswordBody) {
  const [user] = await context.db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, body.email.toLowerCase()), eq(users.status, 'pending')))
    .limit(1);
  if (!user) return false;
  await context.db.transaction(async (tx) => {
    const token = await createEmailToken(tx, user.id, 'confirm_email');
    await queueMail(tx, {
      to: user.email,
      ...confirmationEmail({
        username: user.username,
        link: confirmationLink(context.config.publicUrl, token),
      }),
    });
  });
  return true;
}

const resetLinkInvalid = () => new AppError(400, AUTH_MESSAGES.resetLinkInvalid, { code: 'invalid_token' });

/**
 * Sets a new password from a reset or invitation link. Proving the mailbox confirms a pending
 * address; every existing session ends, since a reset usually means the old password leaked.
 */
export async function resetPassword(context: AuthContext, body: ResetPasswordBody) {
  const purposes: EmailTokenPurpose[] = ['reset_password', 'invitation'];
  // Looked up before hashing, so invalid links cost no argon2 work; claimed atomically below.
  const [candidate] = await context.db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(
      and(
        eq(emailTokens.tokenHash, hashOpaqueToken(body.token)),
        inArray(emailTokens.purpose, purposes),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
        sql`${users.status} <> 'inactive'`,
      ),
    )
    .limit(1);
  if (!candidate) throw resetLinkInvalid();
  const passwordHash = await hashPassword(body.password);

  await context.db.transaction(async (tx) => {
    const claimed = await claimEmailToken(tx, body.token, purposes);
    if (!claimed) throw resetLinkInvalid();
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        status: sql`case when ${users.status} = 'pending' then 'active' else ${users.status} end`,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
      })
      .where(eq(users.id, claimed.userId))
      .returning({ status: users.status });
    if (!user || user.status === 'inactive') throw resetLinkInvalid();
    // Other reset or invitation links sent earlier stop working too.
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userId, claimed.userId),
          inArray(emailTokens.purpose, purposes),
          isNull(emailTokens.usedAt),
        ),
      );
    await revokeUserSessions(tx, claimed.userId);
  });
  return { message: AUTH_MESSAGES.passwordReset };
}

export type CreateAdminInput = { email: string; username: string; invite: boolean };
export type CreateAdminResult =
  | { user: Pick<User, 'id' | 'email' | 'username'>; password: string; invitationLink?: undefined }
  | { user: Pick<User, 'id' | 'email' | 'username'>; password?: undefined; invitationLink: string };

/**
 * Bootstraps an administrator from the command line: active and confirmed at once. Without an
 * invitation it gets a random one-time password to change through "forgot password"; with one,
 * an invitation mail whose link sets the password (like users an admin creates).
 */
export async function createAdmin(
  context: Pick<AuthContext, 'db' | 'config'>,
  input: CreateAdminInput,
): Promise<CreateAdminResult> {
  const conflict = await findConflict(context.db, input);
  if (conflict) throw conflict;
  const password = input.invite ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = password ? await hashPassword(password) : null;
  try {
    return await context.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          username: input.username,
          passwordHash,
          type: 'admin',
          status: 'active',
          isNew: false,
          emailConfirmedAt: new Date(),
        })
        .returning({ id: users.id, email: users.email, username: users.username });
      if (!user) throw new Error('user not created');
      await tx.insert(userRoles).values({ userId: user.id, role: 'admin' });
      if (password) return { user, password };
      const token = await createEmailToken(tx, user.id, 'invitation');
      const invitationLink = resetPasswordLink(context.config.publicUrl, token);
      await queueMail(tx, {
        to: user.email,
        ...invitationEmail({ username: user.username, link: invitationLink }),
      });
      return { user, invitationLink };
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error) ?? error;
  }
}
