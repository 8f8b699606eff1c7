import { randomUUID } from 'node:crypto';
import { SESSION_ERRORS } from '@portal/shared';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema';
import { createBatcher } from '../../lib/batcher';
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

/** What a client is given: a new access token for the session's user, and `refreshToken`. */
function issueTokens(
  context: AuthContext,
  owner: { userId: string; sessionId: string; type: string },
  refreshToken: string,
): IssuedTokens & { userId: string } {
  const now = Date.now();
  const ttlSeconds = context.config.auth.accessTokenTtlSeconds;
  const accessToken = signJwt(
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
    .values({ userId: user.id, expiresAt, userAgent: metadata.userAgent?.slice(0, 512), ip: metadata.ip })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session not created');
  const refreshToken = createOpaqueToken();
  await db
    .insert(refreshTokens)
    .values({ sessionId: session.id, tokenHash: hashOpaqueToken(refreshToken), expiresAt });
  return issueTokens(context, { userId: user.id, sessionId: session.id, type: user.type }, refreshToken);
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
 * Rotates a refresh token: the presented token is claimed (of two requests presenting it, exactly
 * one wins, also on PostgreSQL) and chained to its replacement, the session's expiry slides, and
 * a new access token is signed. Throws `refreshFailed` when the token cannot be used.
 */
export async function rotateRefreshToken(
  context: AuthContext,
  presented: string,
  options: RotationOptions,
): Promise<IssuedTokens & { userId: string }> {
  const tokenHash = hashOpaqueToken(presented);
  const nextToken = createOpaqueToken();
  const rotated = await rotationBatcherOf(context)({
    tokenHash,
    sessionId: options.sessionId ?? null,
    nextId: randomUUID(),
    nextHash: hashOpaqueToken(nextToken),
  });

  if (rotated) return issueTokens(context, rotated, nextToken);
  const granted = await handleUnclaimableToken(context, tokenHash, options);
  return issueTokens(context, granted, granted.refreshToken);
}

type Rotation = {
  tokenHash: string;
  /** login-token: the token must belong to this session. */
  sessionId: string | null;
  nextId: string;
  nextHash: string;
};
type Rotated = { sessionId: string; userId: string; type: string };

/**
 * The most rotations one statement carries. One connection works through a statement's rows one
 * after the other. On a PostgreSQL server the rotations beyond this go into further statements
 * that run at the same time on other connections of the pool, and so on other cores: with 50
 * clients on 2 cores, batches of up to 10 left the machine ~14% idle where batches of up to 100
 * left it ~26% idle, and refresh answered ~12% more (docs/decisions/017). The embedded database
 * runs one statement at a time, so there fewer, larger statements cost less.
 */
const rotationBatchMax = (config: Config) => (config.database.kind === 'postgres' ? 10 : 100);
const rotationBatchers = new WeakMap<Db, (rotation: Rotation) => Promise<Rotated | undefined>>();

/**
 * The rotations asked for in one turn of the event loop run as one statement (lib/batcher.ts):
 * one round trip and one commit for all of them, where each used to cost one of each. A refresh is
 * a write, and on a busy server those round trips were most of its cost.
 */
function rotationBatcherOf({ db, config }: AuthContext) {
  let batcher = rotationBatchers.get(db);
  if (!batcher) {
    batcher = createBatcher(
      async (rotations: Rotation[]) => {
        const rows = await rotationStatement(db).execute({
          tokenHashes: rotations.map((rotation) => rotation.tokenHash),
          sessionIds: rotations.map((rotation) => rotation.sessionId),
          nextIds: rotations.map((rotation) => rotation.nextId),
          nextHashes: rotations.map((rotation) => rotation.nextHash),
          expiresAt: refreshExpiry(config),
        });
        // Each rotation is told apart by its replacement's id: two rotations of one token (two
        // tabs) may share a batch, and only one of them claims it.
        const byNextId = new Map(rows.map((row) => [row.nextId, row]));
        return rotations.map((rotation) => byNextId.get(rotation.nextId));
      },
      { maxSize: rotationBatchMax(config) },
    );
    rotationBatchers.set(db, batcher);
  }
  return batcher;
}

/**
 * The rotation of a batch of tokens, prepared once per database. A token is claimed with a
 * conditional UPDATE (the loser of a race re-checks `used_at` after the winner commits), chained
 * to its replacement, which is inserted in the same statement (the foreign key is checked at the
 * end of the statement, when both rows exist), and its session's expiry slides. A token whose
 * session is revoked or expired, or whose user is inactive, is not claimed at all.
 */
function rotationStatement(db: Db) {
  return prepared(db, 'rotate_refresh_tokens', (name) => {
    const array = (placeholder: string, type: 'uuid' | 'text') =>
      sql`${sql.placeholder(placeholder)}::${sql.raw(type)}[]`;
    const requested = db.$with('requested').as(
      db
        .select({
          // Names of their own: Drizzle leaves a CTE's columns unqualified.
          tokenHash: sql<string>`presented_hash`.as('presented_hash'),
          sessionId: sql<string | null>`for_session_id`.as('for_session_id'),
          nextId: sql<string>`next_id`.as('next_id'),
          nextHash: sql<string>`next_hash`.as('next_hash'),
        })
        .from(
          sql`unnest(${array('tokenHashes', 'text')}, ${array('sessionIds', 'uuid')}, ${array('nextIds', 'uuid')}, ${array('nextHashes', 'text')}) as requested(presented_hash, for_session_id, next_id, next_hash)`,
        ),
    );
    // Looked up in a fixed order: the token by its hash, then its session (and user) by the
    // token's session id. Each step is a subquery of its own (LIMIT 1 on a unique key: a limited
    // subquery is not merged into the outer query), so whatever the tables' statistics the plan
    // starts from the token's unique index. Merged, PostgreSQL planned a fresh database's first
    // statements (tables not yet analyzed) as "every active user's sessions, then their tokens",
    // and kept that plan.
    const token = db
      .select({
        // Where the row is: the update below goes straight back to it (a TID scan) instead of
        // descending an index again. If another statement updates the row first, the address no
        // longer matches its new version and the token is not claimed, as it must not be.
        tokenAddress: sql<string>`${refreshTokens}.ctid`.as('token_address'),
        sessionId: sql<string>`${refreshTokens.sessionId}`.as('claimed_session_id'),
      })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.tokenHash, requested.tokenHash),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
          or(isNull(requested.sessionId), eq(refreshTokens.sessionId, requested.sessionId)),
        ),
      )
      .limit(1)
      .as('token');
    const owner = db
      .select({ userId: sql<string>`${users.id}`.as('user_id'), type: users.type })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, token.sessionId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.status, 'active'),
        ),
      )
      .limit(1)
      .as('owner');
    const claimable = db.$with('claimable').as(
      db
        .select({
          tokenAddress: token.tokenAddress,
          sessionId: token.sessionId,
          userId: owner.userId,
          type: owner.type,
          nextId: requested.nextId,
          nextHash: requested.nextHash,
        })
        .from(requested)
        .crossJoinLateral(token)
        .crossJoinLateral(owner),
    );
    const claimed = db.$with('claimed').as(
      db
        .update(refreshTokens)
        .set({ usedAt: sql`now()`, replacedById: sql`${claimable.nextId}` })
        .from(claimable)
        .where(and(eq(sql`${refreshTokens}.ctid`, claimable.tokenAddress), isNull(refreshTokens.usedAt)))
        .returning({
          sessionId: claimable.sessionId,
          userId: claimable.userId,
          type: claimable.type,
          nextId: claimable.nextId,
          nextHash: claimable.nextHash,
        }),
    );
    const issued = db.$with('issued').as(
      db.insert(refreshTokens).select(
        db
          .select({
            id: sql`${claimed.nextId}`.as('id'),
            sessionId: sql`${claimed.sessionId}`.as('session_id'),
            tokenHash: sql`${claimed.nextHash}`.as('token_hash'),
            createdAt: sql`now()`.as('created_at'),
            expiresAt: sql`${sql.placeholder('expiresAt')}::timestamptz`.as('expires_at'),
            usedAt: sql`null`.as('used_at'),
            replacedById: sql`null`.as('replaced_by_id'),
          })
          .from(claimed),
      ),
    );
    const extended = db.$with('extended').as(
      db
        .update(sessions)
        .set({ lastUsedAt: sql`now()`, expiresAt: sql`${sql.placeholder('expiresAt')}::timestamptz` })
        .where(inArray(sessions.id, db.select({ id: claimed.sessionId }).from(claimed))),
    );
    return db
      .with(requested, claimable, claimed, issued, extended)
      .select({
        nextId: claimed.nextId,
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
    const issued = await issueRefreshToken(context, context.db, session.sessionId);
    return { ...session, refreshToken: issued.token };
  }
  await revokeSessionFamily(context.db, token.sessionId);
  throw refreshFailed();
}

async function findUsableSession(db: Db, sessionId: string) {
  const [session] = await db
    .select({ sessionId: sessions.id, userId: users.id, type: users.type })
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
