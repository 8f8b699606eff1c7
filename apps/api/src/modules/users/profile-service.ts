import {
  type ChangeEmailBody,
  type ChangePasswordBody,
  greetingName,
  PROFILE_MESSAGES,
  sitePaths,
  UNDO_EMAIL_CHANGE_MESSAGES,
  type UndoEmailChangeResult,
  type UpdateProfile,
  type UserData,
} from '@portal/shared';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, users } from '../../db/schema';
import { accountNameColumns, accountNameSelect, withoutNames } from '../../lib/display-name';
import { AppError, validationError } from '../../lib/errors';
import type { ImageOwner, ImageUploads } from '../../lib/images';
import { queueMail } from '../../lib/mail/outbox';
import { emailChangedNoticeEmail, emailChangeEmail } from '../../lib/mail/templates';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createOpaqueToken, hashOpaqueToken } from '../../lib/tokens';
import {
  type AuthContext,
  createEmailToken,
  createSession,
  EMAIL_TOKEN_TTL_MS,
  loadProfile,
  resetPasswordLink,
  revokeUserSessions,
  type SessionMetadata,
} from '../auth';
import { listRepresentatives } from '../representatives';
import { accountConflict, emailTaken, usernameTaken } from './account-conflicts';

export type ProfileContext = { db: Db; images: ImageUploads };

/** A user's avatar (individual) or logo (company): its image at position 0 (lib/images.ts). */
const pictureOf = (userId: string): ImageOwner => ({ type: 'user', id: userId });

/** GET /api/users/: the profile, the company's representatives and the memberships with their standing. */
export async function getUserData(db: Db, userId: string, now = new Date()): Promise<UserData> {
  const [profile, companyReps] = await Promise.all([
    loadProfile(db, userId, now),
    listRepresentatives(db, userId),
  ]);
  return {
    data: profile,
    companyReps,
    membershipData: profile.memberships,
  };
}

/**
 * PUT /api/users/update-profile: the signed-in user's own row only (the id is the session's, never
 * the request's). `type` may only repeat the user's own; `status` is refused by the schema. A new
 * picture replaces the old one; the old files go once the change has committed.
 */
export async function updateProfile(
  { db, images }: ProfileContext,
  userId: string,
  { type, status: _status, ...fields }: UpdateProfile,
  picture: Buffer | undefined,
) {
  const released = await images.withStoredPrivateImages(picture ? [picture] : [], (stored) =>
    db.transaction(async (tx) => {
      const [user] = await tx
        .select({ id: users.id, type: users.type })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user) throw new AppError(404, 'User not found', { code: 'not_found' });
      if (type !== undefined && type !== user.type) {
        throw validationError([{ field: 'type', message: PROFILE_MESSAGES.typeChange }]);
      }
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.username})`, fields.username.toLowerCase()), ne(users.id, userId)))
        .limit(1);
      if (taken) throw usernameTaken();
      // A member edits the names of their own type; a name sent blank is refused (decision 056).
      const names = accountNameColumns(user.type, fields, { whenSent: true });
      let removed: string[] = [];
      const pictureColumns: Partial<typeof users.$inferInsert> = {};
      const [image] = stored;
      if (image) {
        removed = await images.release(tx, pictureOf(userId));
        await images.record(tx, pictureOf(userId), [image]);
        // The spec's client reads logoUrl for a company and avatarUrl for everyone else.
        if (user.type === 'company') pictureColumns.logoUrl = image.file.publicPath;
        else pictureColumns.avatarUrl = image.file.publicPath;
      }
      try {
        await tx
          .update(users)
          .set({ ...withoutNames(fields), ...names, ...pictureColumns })
          .where(eq(users.id, userId));
      } catch (error) {
        throw accountConflict(error) ?? error;
      }
      return removed;
    }),
  );
  await images.removeFiles(released);
  return loadProfile(db, userId);
}

async function checkCurrentPassword(db: Db, userId: string, password: string) {
  const [user] = await db
    .select({
      passwordHash: users.passwordHash,
      email: users.email,
      username: users.username,
      ...accountNameSelect,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(400, PROFILE_MESSAGES.wrongPassword, {
      code: 'wrong_password',
      field: 'currentPassword',
    });
  }
  return user;
}

/**
 * PUT /api/users/change-password: the current password proves it is the owner at the keyboard.
 * Every session ends (a changed password usually means the old one may be known to someone), and
 * this browser gets a fresh one, so the person changing it stays signed in.
 */
export async function changePassword(
  context: AuthContext,
  userId: string,
  body: ChangePasswordBody,
  metadata: SessionMetadata,
) {
  await checkCurrentPassword(context.db, userId, body.currentPassword);
  const passwordHash = await hashPassword(body.newPassword);
  return context.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, userId))
      .returning({ id: users.id, type: users.type });
    if (!user) throw new AppError(404, 'User not found', { code: 'not_found' });
    await revokeUserSessions(tx, userId);
    return createSession(context, tx, user, metadata);
  });
}

async function isEmailTaken(db: Db, email: string, exceptUserId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/** The page the new address's link opens; it acts only when its button is pressed (decision 075). */
export const emailChangeLink = (publicUrl: string, token: string) =>
  `${publicUrl}${sitePaths.confirmEmailChange}?token=${encodeURIComponent(token)}`;

/**
 * POST /api/users/change-email: the new address receives a single-use link; the account keeps its
 * address until the link is opened, so a typo cannot lock anyone out. A newer request replaces
 * the links sent before it.
 */
export async function requestEmailChange(context: AuthContext, userId: string, body: ChangeEmailBody) {
  const user = await checkCurrentPassword(context.db, userId, body.currentPassword);
  if (user.email.toLowerCase() === body.email) {
    throw validationError([{ field: 'email', message: PROFILE_MESSAGES.emailUnchanged }]);
  }
  if (await isEmailTaken(context.db, body.email, userId)) throw emailTaken();
  const token = createOpaqueToken();
  await context.db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, 'change_email'),
          isNull(emailTokens.usedAt),
        ),
      );
    await tx.insert(emailTokens).values({
      userId,
      purpose: 'change_email',
      newEmail: body.email,
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS.change_email),
    });
    await queueMail(tx, {
      to: body.email,
      ...emailChangeEmail({
        username: greetingName(user),
        link: emailChangeLink(context.config.publicUrl, token),
      }),
    });
  });
  return { message: PROFILE_MESSAGES.emailChangeSent(body.email) };
}

/**
 * POST /api/users/confirm-email-change, from the page the link opens: claims the token once and
 * moves the account to the new address, unless someone else has taken it since. A used, unknown or
 * expired link, or an address taken meanwhile, is refused with one message (the link stays unused
 * when the address was taken between the check and the update).
 */
export async function confirmEmailChange(db: Db, token: string, publicUrl: string) {
  const email = await claimEmailChange(db, token, publicUrl).catch((error: unknown) => {
    if (accountConflict(error)) return null;
    throw error;
  });
  if (!email) {
    throw new AppError(400, PROFILE_MESSAGES.emailChangeLinkInvalid, { code: 'invalid_link' });
  }
  return { message: PROFILE_MESSAGES.emailChanged, email };
}

function claimEmailChange(db: Db, token: string, publicUrl: string) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.tokenHash, hashOpaqueToken(token)),
          eq(emailTokens.purpose, 'change_email'),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
    if (!claimed?.newEmail) return null;
    if (await isEmailTaken(tx, claimed.newEmail, claimed.userId)) return null;
    const [before] = await tx
      .select({ email: users.email, username: users.username, ...accountNameSelect })
      .from(users)
      .where(eq(users.id, claimed.userId))
      .for('update');
    const [changed] = await tx
      .update(users)
      .set({ email: claimed.newEmail })
      .where(and(eq(users.id, claimed.userId), ne(users.status, 'inactive')))
      .returning({ id: users.id });
    if (!changed || !before) return null;
    // The old address hears of the change and can take it back (docs/product-rules.md "E-mail
    // address"): whoever changed it may have taken the account over.
    const undoToken = createOpaqueToken();
    await tx.insert(emailTokens).values({
      userId: claimed.userId,
      purpose: 'undo_email_change',
      newEmail: before.email,
      tokenHash: hashOpaqueToken(undoToken),
      expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS.undo_email_change),
    });
    await queueMail(tx, {
      to: before.email,
      ...emailChangedNoticeEmail({
        username: greetingName(before),
        newEmail: claimed.newEmail,
        link: undoEmailChangeLink(publicUrl, undoToken),
      }),
    });
    return claimed.newEmail;
  });
}

/** The page the old address's notice links to; it acts only when its button is pressed. */
export const undoEmailChangeLink = (publicUrl: string, token: string) =>
  `${publicUrl}${sitePaths.undoEmailChange}?token=${encodeURIComponent(token)}`;

/**
 * POST /api/users/undo-email-change: claims the undo token once (hashed like every e-mail
 * token), puts the old address back, ends every session of the account, drops any e-mail change
 * still waiting, and answers a fresh password reset link: the person holding the old mailbox is
 * the owner, and whoever changed the address may know the password.
 */
export async function undoEmailChange(context: AuthContext, token: string): Promise<UndoEmailChangeResult> {
  return context.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.tokenHash, hashOpaqueToken(token)),
          eq(emailTokens.purpose, 'undo_email_change'),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailTokens.userId, oldEmail: emailTokens.newEmail });
    if (!claimed?.oldEmail) {
      throw new AppError(400, UNDO_EMAIL_CHANGE_MESSAGES.linkInvalid, { code: 'link_invalid' });
    }
    // Throwing rolls the claim back: the link still works once the address is free again.
    if (await isEmailTaken(tx, claimed.oldEmail, claimed.userId)) {
      throw new AppError(409, UNDO_EMAIL_CHANGE_MESSAGES.addressTaken, { code: 'email_taken' });
    }
    await tx.update(users).set({ email: claimed.oldEmail }).where(eq(users.id, claimed.userId));
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userId, claimed.userId),
          eq(emailTokens.purpose, 'change_email'),
          isNull(emailTokens.usedAt),
        ),
      );
    await revokeUserSessions(tx, claimed.userId);
    const resetToken = await createEmailToken(tx, claimed.userId, 'reset_password');
    return {
      message: UNDO_EMAIL_CHANGE_MESSAGES.done(claimed.oldEmail),
      email: claimed.oldEmail,
      resetPasswordUrl: resetPasswordLink(context.config.publicUrl, resetToken),
    };
  });
}
