import { createHmac, hash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config';

/**
 * Access tokens are HS256 JWTs through `jose`. Verification accepts HS256 only (`alg: none`, RS256
 * and algorithm confusion are refused by the library), and the audience tells the two kinds of
 * token apart: a session's access token is never accepted as an e-mail link's, nor the reverse.
 */
const ALGORITHM = 'HS256';

/**
 * `session`: the access token of a signed-in browser (the cookie). `login-link`: the one that the
 * e-mail confirmation redirect carries in its fragment, accepted only by POST /auth/login-token.
 */
export type AccessTokenAudience = 'session' | 'login-link';

export type AccessTokenClaims = {
  /** The user's id. */
  sub: string;
  /** The session's id: revoking the session ends the token before it expires. */
  sid: string;
  role: 'admin' | 'member';
};

export type VerifiedAccessToken = AccessTokenClaims & { iat: number; exp: number };

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export function signJwt(
  claims: AccessTokenClaims,
  secret: string,
  {
    ttlSeconds,
    now = Date.now(),
    audience = 'session',
  }: { ttlSeconds: number; now?: number; audience?: AccessTokenAudience },
): Promise<string> {
  const iat = Math.floor(now / 1000);
  // The claims named one by one: nothing else a caller's object holds can end up in a token.
  return new SignJWT({ sid: claims.sid, role: claims.role })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(keyOf(secret));
}

/** The claims of a valid, unexpired token of `audience` signed with `secret`; null for anything else. */
export async function verifyJwt(
  token: string,
  secret: string,
  { now = Date.now(), audience = 'session' }: { now?: number; audience?: AccessTokenAudience } = {},
): Promise<VerifiedAccessToken | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      typ: 'JWT',
      audience,
      requiredClaims: ['sub', 'iat', 'exp'],
      currentDate: new Date(now),
    });
    const { sub, sid, role, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string') return null;
    if (role !== 'admin' && role !== 'member') return null;
    if (typeof iat !== 'number' || typeof exp !== 'number') return null;
    return { sub, sid, role, iat, exp };
  } catch {
    // Malformed, tampered, expired, another algorithm or audience: all the same to the caller.
    return null;
  }
}

/**
 * The "pending second step" after a right password (decision 061): a JWT of its own audience,
 * so it is never taken for an access token nor the reverse. It names only the account and lives
 * `ttlSeconds`; the code it waits for is checked against the database.
 */
const SECOND_STEP_AUDIENCE = 'second-step';

export function signSecondStepToken(
  userId: string,
  secret: string,
  { ttlSeconds, now = Date.now() }: { ttlSeconds: number; now?: number },
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(userId)
    .setAudience(SECOND_STEP_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(keyOf(secret));
}

/** The account a valid, unexpired second-step token names; null for anything else. */
export async function verifySecondStepToken(
  token: string,
  secret: string,
  { now = Date.now() }: { now?: number } = {},
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      typ: 'JWT',
      audience: SECOND_STEP_AUDIENCE,
      requiredClaims: ['sub', 'iat', 'exp'],
      currentDate: new Date(now),
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

/** A random, unguessable token for refresh cookies and e-mail links: 32 bytes, base64url. */
export const createOpaqueToken = () => randomBytes(32).toString('base64url');

/**
 * Only this hash is stored: a leaked database copy then holds no usable links or sessions. A fast
 * hash is enough because the token has 256 bits of entropy; there is nothing to brute-force.
 */
export const hashOpaqueToken = (token: string) => hash('sha256', token, 'hex');

/**
 * `value` with an HMAC-SHA256 of it under `key` (a `keyFor` key): `<value>.<43 base64url
 * characters>`, for values a link or a QR code carries and only this server checks (event
 * tickets, unsubscribe links). URL-safe as it stands, so it needs no escaping in a query.
 */
export const signValue = (key: string, value: string) =>
  `${value}.${createHmac('sha256', key).update(value).digest('base64url')}`;

/** The value `signed` was signed for under `key`; null for anything forged, altered or malformed. */
export function readSignedValue(key: string, signed: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', key).update(value).digest('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

type Secrets = { jwtSecret?: string };

/**
 * A key of its own for one use of the server's secret (HKDF, RFC 5869), so that a value signed for
 * one purpose (a visitor's cookie) can never pass as another (an access token).
 */
export const keyFor = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, '', purpose, 32)).toString('base64url');

/**
 * The JWT signing secret: `JWT_SECRET` when given, else one generated on first start into
 * `DATA_DIR/secrets.json` (mode 0600) and reused, so restarts keep everyone signed in. Several
 * processes must then share DATA_DIR or be given the same JWT_SECRET (config.ts).
 */
export function loadOrCreateJwtSecret(config: Pick<Config, 'dataDir' | 'auth'>): string {
  if (config.auth.jwtSecret) return config.auth.jwtSecret;

  const path = join(config.dataDir, 'secrets.json');
  const existing = readSecrets(path);
  if (existing?.jwtSecret) return existing.jwtSecret;

  mkdirSync(config.dataDir, { recursive: true });
  const jwtSecret = randomBytes(48).toString('base64url');
  try {
    // 'wx': if two processes start at once, only one writes; the other reads the winner's secret.
    writeFileSync(path, `${JSON.stringify({ ...existing, jwtSecret }, null, 2)}\n`, {
      mode: 0o600,
      flag: existing ? 'w' : 'wx',
    });
    chmodSync(path, 0o600);
    return jwtSecret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = readSecrets(path);
    if (!written?.jwtSecret) throw new Error(`${path} exists but holds no jwtSecret`);
    return written.jwtSecret;
  }
}

function readSecrets(path: string): Secrets | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = decodeSecrets(text);
  if (!parsed) throw new Error(`${path} is not valid JSON; fix or delete it (everyone will be signed out)`);
  return parsed;
}

function decodeSecrets(text: string): Secrets | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Secrets)
      : undefined;
  } catch {
    return undefined;
  }
}
