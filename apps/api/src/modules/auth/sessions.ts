import { SESSION_ERRORS } from '@portal/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createOpaqueToken, hashOpaqueToken, signJwt, verifyJwt } from '../../lib/tokens';
import type { Viewer } from '../../plugins/access';
import type { IssuedTokens } from './cookies';

/** What every session function needs: the database, the TTLs and the signing secret. */
export type AuthContext = { db: Db; config: Config; jwtSecret: string };

/**
 * Two tabs that refresh at the same moment present the same refresh token; the second would look
 * like theft and sign the user out. Within this window after a rotation a reuse is taken as that
 * race and gets a fresh pair for the same session. Outside it, reuse revokes the session.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

const DAY_MS = 86_400_000;

export type SessionMetadata = { userAgent?: string; ip?: string };

/** The 500 the client answers with 'Session Expired' (spec 000 §8: message 'Failed to refresh token'). */
export const refreshFailed = () =>
  new AppError(500, SESSION_ERRORS.refreshFailed, {
    message: SESSION_ERRORS.refreshFailed,
    code: 'refresh_failed',
  });

export const invalidToken = () => new AppError(401, SESSION_ERRORS.invalidToken, { code: 'invalid_token' });

const roleOf = (type: string) => (type === 'admin' ? ('admin' as const) : ('member' as const));

function signAccessToken(
  context: AuthContext,
  claims: { userId: string; sessionId: string; type: string },
): { accessToken: string; accessExpiresAt: Date } {
  const now = Date.now();
  const ttlSeconds = context.config.auth.accessTokenTtlSeconds;
  const accessToken = signJwt(
    { sub: claims.userId, sid: claims.sessionId, role: roleOf(claims.type) },
    context.jwtSecret,
    { ttlSeconds, now },
  );
  return { accessToken, accessExpiresAt: new Date(Math.floor(now / 1000) * 1000 + ttlSeconds * 1000) };
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
    .values({ userId: user.id, expiresAt, userAgent: metadata.userAgent?.slice(0, 512), ip: metadata.ip })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session not created');
  const refreshToken = createOpaqueToken();
  await db
    .insert(refreshTokens)
    .values({ sessionId: session.id, tokenHash: hashOpaqueToken(refreshToken), expiresAt });
  return {
    ...signAccessToken(context, { userId: user.id, sessionId: session.id, type: user.type }),
    refreshToken,
  };
}

/**
 * The session behind an access token, if it still counts: not revoked, not expired, its user
 * still active. One primary-key select joined to users, on every request that carries a token.
 */
export async function resolveViewer(context: AuthContext, accessToken: string): Promise<Viewer | null> {
  const claims = verifyJwt(accessToken, context.jwtSecret);
  if (!claims) return null;
  const [row] = await context.db
    .select({ userId: users.id, type: users.type })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sid),
        eq(sessions.userId, claims.sub),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  return row ? { userId: row.userId, isAdmin: row.type === 'admin' } : null;
}

type RotationOptions = {
  /** Reuse of a used token revokes the session (refresh), or is merely refused (login-token). */
  onReuse: 'revoke' | 'refuse';
  /** login-token: the refresh token must belong to this session. */
  sessionId?: string;
};

/**
 * Rotates a refresh token: the presented one is claimed with one conditional UPDATE (so of two
 * concurrent requests exactly one wins, also on PostgreSQL), its replacement is chained to it,
 * and a new access token is signed. Throws `refreshFailed` when the token cannot be used.
 */
export async function rotateRefreshToken(
  context: AuthContext,
  presented: string,
  options: RotationOptions,
): Promise<IssuedTokens & { userId: string }> {
  const tokenHash = hashOpaqueToken(presented);

  const rotated = await context.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
          options.sessionId ? eq(refreshTokens.sessionId, options.sessionId) : undefined,
        ),
      )
      .returning({ id: refreshTokens.id, sessionId: refreshTokens.sessionId });
    if (!claimed) return null;

    const session = await findUsableSession(tx, claimed.sessionId);
    // Throwing rolls the claim back; the session is unusable whatever happens to the token.
    if (!session) throw options.onReuse === 'refuse' ? invalidToken() : refreshFailed();

    const issued = await issueRefreshToken(context, tx, session.id);
    await tx.update(refreshTokens).set({ replacedById: issued.id }).where(eq(refreshTokens.id, claimed.id));
    return { ...session, refreshToken: issued.token };
  });

  const result = rotated ?? (await handleUnclaimableToken(context, tokenHash, options));
  return {
    ...signAccessToken(context, { userId: result.userId, sessionId: result.id, type: result.type }),
    refreshToken: result.refreshToken,
    userId: result.userId,
  };
}

/** A token that could not be claimed: unknown, expired, or already used (a race, or theft). */
async function handleUnclaimableToken(context: AuthContext, tokenHash: string, options: RotationOptions) {
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
  if (!token?.usedAt || (options.sessionId && token.sessionId !== options.sessionId)) {
    throw options.onReuse === 'refuse' ? invalidToken() : refreshFailed();
  }
  // A used login-token pair is refused without revoking: the pair travelled in a URL and a
  // double submit (a reload, React's development double effects) is no sign of theft.
  if (options.onReuse === 'refuse') throw invalidToken();

  const session = await findUsableSession(context.db, token.sessionId);
  if (session && token.withinGrace) {
    const issued = await issueRefreshToken(context, context.db, session.id);
    return { ...session, refreshToken: issued.token };
  }
  await revokeSessionFamily(context.db, token.sessionId);
  throw refreshFailed();
}

async function findUsableSession(db: Db, sessionId: string) {
  const [session] = await db
    .select({ id: sessions.id, userId: users.id, type: users.type })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  return session;
}

/** A new refresh token for the session; the session's expiry slides with it. */
async function issueRefreshToken(context: AuthContext, db: Db, sessionId: string) {
  const token = createOpaqueToken();
  const expiresAt = refreshExpiry(context.config);
  const [row] = await db
    .insert(refreshTokens)
    .values({ sessionId, tokenHash: hashOpaqueToken(token), expiresAt })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('refresh token not created');
  await db.update(sessions).set({ lastUsedAt: sql`now()`, expiresAt }).where(eq(sessions.id, sessionId));
  return { id: row.id, token };
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
    sessionId = verifyJwt(cookies.accessToken, context.jwtSecret)?.sid;
  }
  if (sessionId) await revokeSessionFamily(context.db, sessionId);
}
