import { createHmac, hash, randomBytes, randomFillSync, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/**
 * Access tokens are HS256 JWTs written with node:crypto rather than a JWT library: we need one
 * algorithm, and the classic library bugs (`alg: none`, algorithm confusion) are ruled out by
 * accepting exactly one header and nothing else.
 */
const JWT_HEADER = { alg: 'HS256', typ: 'JWT' } as const;
const encodedHeader = Buffer.from(JSON.stringify(JWT_HEADER)).toString('base64url');

/** Tolerated clock difference between processes for `iat` (several API processes may sign). */
const CLOCK_SKEW_SECONDS = 60;

export type AccessTokenClaims = {
  /** The user's id. */
  sub: string;
  /** The session's id: revoking the session ends the token before it expires. */
  sid: string;
  role: 'admin' | 'member';
};

export type VerifiedAccessToken = AccessTokenClaims & { iat: number; exp: number };

const sign = (input: string, secret: string) => createHmac('sha256', secret).update(input).digest();

export function signJwt(
  claims: AccessTokenClaims,
  secret: string,
  { ttlSeconds, now = Date.now() }: { ttlSeconds: number; now?: number },
): string {
  const iat = Math.floor(now / 1000);
  // The claims named one by one: nothing else a caller's object holds can end up in a token.
  const { sub, sid, role } = claims;
  const payload = Buffer.from(JSON.stringify({ sub, sid, role, iat, exp: iat + ttlSeconds })).toString(
    'base64url',
  );
  const signingInput = `${encodedHeader}.${payload}`;
  return `${signingInput}.${sign(signingInput, secret).toString('base64url')}`;
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The claims of a valid, unexpired token signed with `secret`; null for anything else. */
export function verifyJwt(token: string, secret: string, now = Date.now()): VerifiedAccessToken | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];

  // Exactly {alg: HS256, typ: JWT}: `none`, RS256 or extra header fields (kid, jku…) are refused
  // before anything else is looked at.
  const decodedHeader = decodeJson(header);
  if (
    !isRecord(decodedHeader) ||
    Object.keys(decodedHeader).length !== 2 ||
    decodedHeader.alg !== JWT_HEADER.alg ||
    decodedHeader.typ !== JWT_HEADER.typ
  ) {
    return null;
  }

  const expected = sign(`${header}.${payload}`, secret);
  const actual = Buffer.from(signature, 'base64url');
  // timingSafeEqual throws on different lengths; the length of an HMAC-SHA256 is public anyway.
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;

  const claims = decodeJson(payload);
  if (!isRecord(claims)) return null;
  const { sub, sid, role, iat, exp } = claims;
  const nowSeconds = Math.floor(now / 1000);
  if (typeof sub !== 'string' || typeof sid !== 'string') return null;
  if (role !== 'admin' && role !== 'member') return null;
  if (typeof iat !== 'number' || typeof exp !== 'number') return null;
  if (exp <= nowSeconds || iat > nowSeconds + CLOCK_SKEW_SECONDS) return null;
  return { sub, sid, role, iat, exp };
}

const OPAQUE_TOKEN_BYTES = 32;
/**
 * Random bytes drawn 128 tokens at a time, as node:crypto does for randomUUID: one call to the
 * CSPRNG instead of one per token.
 */
const randomPool = Buffer.alloc(OPAQUE_TOKEN_BYTES * 128);
let randomPoolOffset = randomPool.length;

/** A random, unguessable token for refresh cookies and e-mail links: 32 bytes, base64url. */
export function createOpaqueToken(): string {
  if (randomPoolOffset === randomPool.length) {
    randomFillSync(randomPool);
    randomPoolOffset = 0;
  }
  const start = randomPoolOffset;
  randomPoolOffset += OPAQUE_TOKEN_BYTES;
  // Each token's bytes are read once; the pool is refilled before any is read again.
  return randomPool.toString('base64url', start, randomPoolOffset);
}

/**
 * Only this hash is stored: a leaked database copy then holds no usable links or sessions. A fast
 * hash is enough because the token has 256 bits of entropy; there is nothing to brute-force.
 */
export const hashOpaqueToken = (token: string) => hash('sha256', token, 'hex');

type Secrets = { jwtSecret?: string };

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
    return isRecord(value) ? (value as Secrets) : undefined;
  } catch {
    return undefined;
  }
}
