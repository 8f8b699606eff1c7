import { randomUUID } from 'node:crypto';
import { SESSION_ERRORS, type StaffRole } from '@portal/shared';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { refreshTokens, sessions, userRoles, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createOpaqueToken, hashOpaqueToken, signJwt, verifyJwt } from '../../lib/tokens';
import type { Viewer } from '../../plugins/access';
import type { IssuedTokens } from './cookies';
import { hasSecondFactorSql } from './two-factor';

/** What every session function needs: the database, the TTLs and the signing secret. */
export type AuthContext = { db: Db; config: Config; jwtSecret: string };

/**
 * Two tabs that refresh at the same moment present the same refresh token; the second would look
 * like theft and sign the user out. Within this window after a rotation a reuse is taken as that
 * race and gets a fresh pair for the same session. Outside it, reuse revokes the session.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

const DAY_MS = 86_400_000;

export type SessionMetadata = {
  userAgent?: string;
  ip?: string;
  /** The sign-in passed the second factor then (decision 061): sensitive actions need no new check for a while. */
  secondFactorAt?: Date;
};

/**
 * A refresh token that cannot be used (unknown, expired, rotated away): 401, the client then shows
 * 'Session Expired' (spec 000 §8's message 'Failed to refresh token'; the specification's 500
 * would say the server failed, and monitoring would count a client's stale cookie as an error).
 */
export const refreshFailed = () =>
  new AppError(401, SESSION_ERRORS.refreshFailed, {
    message: SESSION_ERRORS.refreshFailed,
    code: 'refresh_failed',
  });

const roleOf = (type: string) => (type === 'admin' ? ('admin' as const) : ('member' as const));

/** What a client is given: a new access token for the session's user, and `refreshToken`. */
async function issueTokens(
  context: AuthContext,
  owner: { userId: string; sessionId: string; type: string },
  refreshToken: string,
): Promise<IssuedTokens & { userId: string }> {
  const now = Date.now();
  const ttlSeconds = context.config.auth.accessTokenTtlSeconds;
  const accessToken = await signJwt(
    { sub: owner.userId, sid: owner.sessionId, role: roleOf(owner.type) },
    context.jwtSecret,
    { ttlSeconds, now },
  );
  const accessExpiresAt = new Date(Math.floor(now / 1000) * 1000 + ttlSeconds * 1000);
  return { accessToken, accessExpiresAt, refreshToken, userId: owner.userId };
}

const refreshExpiry = (config: Config) => new Date(Date.now() + config.auth.refreshTokenTtlDays * DAY_MS);

/** Starts a session (one per sign-in, its own token family) and issues its first pair of tokens. */
export async function createSession(
  context: AuthContext,
  db: Db,
  user: { id: string; type: string },
  metadata: SessionMetadata = {},
): Promise<IssuedTokens> {
  const expiresAt = refreshExpiry(context.config);
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      expiresAt,
      userAgent: metadata.userAgent?.slice(0, 512),
      ip: metadata.ip,
      secondFactorAt: metadata.secondFactorAt,
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session not created');
  const refreshToken = createOpaqueToken();
  await db
    .insert(refreshTokens)
    .values({ sessionId: session.id, tokenHash: hashOpaqueToken(refreshToken), expiresAt });
  return issueTokens(context, { userId: user.id, sessionId: session.id, type: user.type }, refreshToken);
}

/**
 * A session that still counts: not revoked, not expired, younger than the absolute lifetime
 * (refreshes slide `expires_at`, never `created_at`), its user still active. The lifetime is a
 * validated integer (config.ts), so it is written into the interval.
 */
const sessionIsUsable = (config: Config) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    gt(
      sessions.createdAt,
      sql`now() - ${sql.raw(`interval '${Number(config.auth.sessionAbsoluteLifetimeDays)} days'`)}`,
    ),
    eq(users.status, 'active'),
  );

/**
 * The staff roles of the user `userId` names, in one array (none: empty), read in the same
 * statement as the session: still one query per request (decision 060).
 */
export const staffRolesOf = (userId: AnyPgColumn) =>
  sql<
    StaffRole[]
  >`coalesce((select array_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${userId}), '{}')`;

/**
 * The session behind an access token, if it still counts. One primary-key select joined to
 * users, on every request that carries a token.
 */
export async function resolveViewer(context: AuthContext, accessToken: string): Promise<Viewer | null> {
  const claims = await verifyJwt(accessToken, context.jwtSecret);
  if (!claims) return null;
  const [row] = await context.db
    .select({
      userId: users.id,
      roles: staffRolesOf(users.id),
      enrolled: hasSecondFactorSql(users.id),
      checkedAt: sessions.secondFactorAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub), sessionIsUsable(context.config)))
    .limit(1);
  if (!row) return null;
  return {
    userId: row.userId,
    roles: row.roles,
    sessionId: claims.sid,
    secondFactor: { enrolled: row.enrolled === true, checkedAt: row.checkedAt },
  };
}

/**
 * Rotates a refresh token in one transaction: the presented token is claimed (of two requests
 * presenting it, exactly one wins, also on PostgreSQL: the loser's UPDATE re-checks `used_at`
 * after the winner commits) and chained to its replacement, the replacement is inserted, and the
 * session's expiry slides. Throws `refreshFailed` when the token cannot be used; any other error
 * is the database's, and the token is left as it was.
 */
export async function rotateRefreshToken(
  context: AuthContext,
  presented: string,
): Promise<IssuedTokens & { userId: string }> {
  const tokenHash = hashOpaqueToken(presented);
  const nextToken = createOpaqueToken();
  const expiresAt = refreshExpiry(context.config);

  const rotated = await context.db.transaction(async (tx) => {
    const nextId = randomUUID();
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()`, replacedById: nextId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
          eq(sessions.id, refreshTokens.sessionId),
          sessionIsUsable(context.config),
        ),
      )
      .returning({ sessionId: refreshTokens.sessionId, userId: users.id, type: users.type });
    if (!claimed) return undefined;
    await tx
      .insert(refreshTokens)
      .values({ id: nextId, sessionId: claimed.sessionId, tokenHash: hashOpaqueToken(nextToken), expiresAt });
    await tx
      .update(sessions)
      .set({ lastUsedAt: sql`now()`, expiresAt })
      .where(eq(sessions.id, claimed.sessionId));
    return claimed;
  });

  if (rotated) return issueTokens(context, rotated, nextToken);
  const granted = await handleUnclaimableToken(context, tokenHash);
  return issueTokens(context, granted, granted.refreshToken);
}

/** A token that could not be claimed: unknown, expired, or already used (a race, or theft). */
async function handleUnclaimableToken(context: AuthContext, tokenHash: string) {
  const [token] = await context.db
    .select({
      sessionId: refreshTokens.sessionId,
      usedAt: refreshTokens.usedAt,
      // Compared on the database clock, which also stamped used_at.
      withinGrace: sql<boolean>`${refreshTokens.usedAt} > now() - ${sql.raw(`interval '${REFRESH_REUSE_GRACE_MS / 1000} seconds'`)}`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (!token?.usedAt) throw refreshFailed();

  const session = await findUsableSession(context, token.sessionId);
  if (session && token.withinGrace) {
    return { ...session, refreshToken: await issueRefreshToken(context, session.sessionId) };
  }
  await revokeSessionFamily(context.db, token.sessionId);
  throw refreshFailed();
}

async function findUsableSession(context: AuthContext, sessionId: string) {
  const [session] = await context.db
    .select({ sessionId: sessions.id, userId: users.id, type: users.type })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), sessionIsUsable(context.config)))
    .limit(1);
  return session;
}

/** A new refresh token for the session; the session's expiry slides with it. */
async function issueRefreshToken(context: AuthContext, sessionId: string) {
  const token = createOpaqueToken();
  const expiresAt = refreshExpiry(context.config);
  await context.db.transaction(async (tx) => {
    await tx.insert(refreshTokens).values({ sessionId, tokenHash: hashOpaqueToken(token), expiresAt });
    await tx.update(sessions).set({ lastUsedAt: sql`now()`, expiresAt }).where(eq(sessions.id, sessionId));
  });
  return token;
}

/** Revokes the session and every session of its family (one per sign-in today). */
export async function revokeSessionFamily(db: Db, sessionId: string) {
  const [session] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!session) return;
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.familyId, session.familyId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, e.g. after a password reset. */
export async function revokeUserSessions(db: Db, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Logout: the session named by the refresh cookie, else by the access cookie; nothing when neither. */
export async function endSession(
  context: AuthContext,
  cookies: { refreshToken?: string; accessToken?: string },
) {
  let sessionId: string | undefined;
  if (cookies.refreshToken) {
    const [token] = await context.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(cookies.refreshToken)))
      .limit(1);
    sessionId = token?.sessionId;
  }
  if (!sessionId && cookies.accessToken) {
    sessionId = (await verifyJwt(cookies.accessToken, context.jwtSecret))?.sid;
  }
  if (sessionId) await revokeSessionFamily(context.db, sessionId);
}

/** GET /auth/sessions: the user's sessions that still sign in, the most recently used first. */
export async function listUserSessions(context: AuthContext, userId: string) {
  return context.db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, userId), sessionIsUsable(context.config)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

/**
 * DELETE /auth/sessions/{id}: ends one of the user's own sessions. Another user's session, or
 * one already ended, is not found: the answer never tells whether a session id exists.
 */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string) {
  const [revoked] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked !== undefined;
}

/** POST /auth/sessions/sign-out-others: ends every session of the user but the one asking. */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string) {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}
