import { randomUUID } from 'node:crypto';
import { SESSION_ERRORS } from '@portal/shared';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { prepared } from '../../lib/prepared-statements';
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
  const [row] = await viewerStatement(context.db).execute({ sessionId: claims.sid, userId: claims.sub });
  return row ? { userId: row.userId, isAdmin: row.type === 'admin' } : null;
}

const viewerStatement = (db: Db) =>
  prepared(db, 'resolve_viewer', (name) =>
    db
      .select({ userId: users.id, type: users.type })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.status, 'active'),
        ),
      )
      .limit(1)
      .prepare(name),
  );

type RotationOptions = {
  /** Reuse of a used token revokes the session (refresh), or is merely refused (login-token). */
  onReuse: 'revoke' | 'refuse';
  /** login-token: the refresh token must belong to this session. */
  sessionId?: string;
};

/**
 * Rotates a refresh token in one statement, so one round trip and one commit (not seven):
 * the presented token is claimed with a conditional UPDATE that also checks the session and its
 * user (of two concurrent requests exactly one wins, also on PostgreSQL: the loser re-checks
 * `used_at` after the winner commits), chained to its replacement, which is inserted in the same
 * statement, and the session's expiry slides. A new access token is then signed. Throws
 * `refreshFailed` when the token cannot be used.
 */
export async function rotateRefreshToken(
  context: AuthContext,
  presented: string,
  options: RotationOptions,
): Promise<IssuedTokens & { userId: string }> {
  const tokenHash = hashOpaqueToken(presented);
  const next = { id: randomUUID(), token: createOpaqueToken() };
  const [rotated] = await rotationStatement(context.db, options.sessionId !== undefined).execute({
    tokenHash,
    sessionId: options.sessionId,
    nextId: next.id,
    nextHash: hashOpaqueToken(next.token),
    expiresAt: refreshExpiry(context.config),
  });

  const result = rotated
    ? { id: rotated.sessionId, userId: rotated.userId, type: rotated.type, refreshToken: next.token }
    : await handleUnclaimableToken(context, tokenHash, options);
  return {
    ...signAccessToken(context, { userId: result.userId, sessionId: result.id, type: result.type }),
    refreshToken: result.refreshToken,
    userId: result.userId,
  };
}

/**
 * The rotation, prepared once per database: it runs on every refresh. `forSession`: login-token,
 * whose refresh token must belong to the session of its access token. A token whose session is
 * revoked or expired, or whose user is inactive, is not claimed at all.
 */
function rotationStatement(db: Db, forSession: boolean) {
  const name = forSession ? 'rotate_refresh_token_of_session' : 'rotate_refresh_token';
  return prepared(db, name, () => {
    const value = (placeholder: string, type: 'uuid' | 'text' | 'timestamptz') =>
      sql`${sql.placeholder(placeholder)}::${sql.raw(type)}`;
    const claimed = db.$with('claimed').as(
      db
        .update(refreshTokens)
        .set({ usedAt: sql`now()`, replacedById: value('nextId', 'uuid') })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(refreshTokens.tokenHash, value('tokenHash', 'text')),
            isNull(refreshTokens.usedAt),
            gt(refreshTokens.expiresAt, sql`now()`),
            forSession ? eq(refreshTokens.sessionId, value('sessionId', 'uuid')) : undefined,
            eq(sessions.id, refreshTokens.sessionId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
            eq(users.status, 'active'),
          ),
        )
        .returning({ sessionId: refreshTokens.sessionId, userId: users.id, type: users.type }),
    );
    // Inserted in the same statement that points the claimed token at it: the foreign key is
    // checked at the end of the statement, when both rows exist.
    const issued = db.$with('issued').as(
      db.insert(refreshTokens).select(
        db
          .select({
            id: value('nextId', 'uuid').as('id'),
            sessionId: claimed.sessionId,
            tokenHash: value('nextHash', 'text').as('token_hash'),
            createdAt: sql`now()`.as('created_at'),
            expiresAt: value('expiresAt', 'timestamptz').as('expires_at'),
            usedAt: sql`null`.as('used_at'),
            replacedById: sql`null`.as('replaced_by_id'),
          })
          .from(claimed),
      ),
    );
    const extended = db.$with('extended').as(
      db
        .update(sessions)
        .set({ lastUsedAt: sql`now()`, expiresAt: value('expiresAt', 'timestamptz') })
        .where(inArray(sessions.id, db.select({ id: claimed.sessionId }).from(claimed))),
    );
    return db
      .with(claimed, issued, extended)
      .select({
        sessionId: claimed.sessionId,
        userId: claimed.userId,
        type: claimed.type,
        // Commits without waiting for the disk (docs/decisions/012); `true`: for this
        // transaction only, which is this statement.
        synchronousCommit: sql<string>`set_config('synchronous_commit', 'off', true)`,
      })
      .from(claimed)
      .prepare(name);
  });
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
