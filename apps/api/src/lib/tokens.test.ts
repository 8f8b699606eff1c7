import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpaqueToken, hashOpaqueToken, loadOrCreateJwtSecret, signJwt, verifyJwt } from './tokens';

const secret = 'k'.repeat(40);
const claims = { sub: 'user-1', sid: 'session-1', role: 'member' as const };
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = Date.UTC(2030, 0, 1);
const iat = now / 1000;

describe('access-token JWTs', () => {
  it('round-trips the claims with iat and exp, signed HS256', async () => {
    const token = await signJwt(claims, secret, { ttlSeconds: 900, now });
    expect(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    expect(await verifyJwt(token, secret, { now: now + 1000 })).toEqual({ ...claims, iat, exp: iat + 900 });
  });

  it('refuses expiry, another secret and a changed payload', async () => {
    const token = await signJwt(claims, secret, { ttlSeconds: 900, now });
    expect(await verifyJwt(token, secret, { now: now + 900_000 })).toBeNull();
    expect(await verifyJwt(token, `${secret}x`, { now })).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${encode({ ...claims, role: 'admin', aud: 'session', iat, exp: iat + 900 })}.${signature}`;
    expect(await verifyJwt(forged, secret, { now })).toBeNull();
  });

  it('keeps the two audiences apart: a session token is no login-link token, nor the reverse', async () => {
    const session = await signJwt(claims, secret, { ttlSeconds: 900, now });
    const loginLink = await signJwt(claims, secret, { ttlSeconds: 900, now, audience: 'login-link' });
    expect(await verifyJwt(session, secret, { now, audience: 'login-link' })).toBeNull();
    expect(await verifyJwt(loginLink, secret, { now })).toBeNull();
    expect(await verifyJwt(loginLink, secret, { now, audience: 'login-link' })).toMatchObject(claims);
  });

  it('accepts HS256 only: alg none, RS256 and HS512 are refused', async () => {
    const payload = encode({ ...claims, aud: 'session', iat, exp: iat + 900 });
    const signature = (await signJwt(claims, secret, { ttlSeconds: 900, now })).split('.')[2];
    for (const header of [{ alg: 'none', typ: 'JWT' }, { alg: 'none' }, { alg: 'RS256', typ: 'JWT' }]) {
      expect(await verifyJwt(`${encode(header)}.${payload}.${signature}`, secret, { now })).toBeNull();
      expect(await verifyJwt(`${encode(header)}.${payload}.`, secret, { now })).toBeNull();
    }
    // A valid HMAC with another hash, under the same secret.
    const hs512Input = `${encode({ alg: 'HS512', typ: 'JWT' })}.${payload}`;
    const hs512 = `${hs512Input}.${createHmac('sha512', secret).update(hs512Input).digest('base64url')}`;
    expect(await verifyJwt(hs512, secret, { now })).toBeNull();
    for (const malformed of [
      '',
      'a.b',
      'a.b.c.d',
      '!!.??.**',
      `${encode({ alg: 'HS256', typ: 'JWT' })}.x.y`,
    ]) {
      expect(await verifyJwt(malformed, secret, { now })).toBeNull();
    }
  });

  it('refuses claims of the wrong type even when correctly signed', async () => {
    const header = encode({ alg: 'HS256', typ: 'JWT' });
    const sign = (payload: object) => {
      const input = `${header}.${encode({ aud: 'session', ...payload })}`;
      return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
    };
    expect(await verifyJwt(sign({ ...claims, iat, exp: iat + 60 }), secret, { now })).not.toBeNull();
    expect(
      await verifyJwt(sign({ ...claims, role: 'root', iat, exp: iat + 60 }), secret, { now }),
    ).toBeNull();
    expect(await verifyJwt(sign({ ...claims, iat, exp: String(iat + 60) }), secret, { now })).toBeNull();
    expect(
      await verifyJwt(sign({ sid: 's', role: 'member', iat, exp: iat + 60 }), secret, { now }),
    ).toBeNull();
    expect(await verifyJwt(sign({ ...claims, sid: 42, iat, exp: iat + 60 }), secret, { now })).toBeNull();
  });
});

describe('opaque tokens', () => {
  it('are 32 random bytes in base64url, stored as a SHA-256 hex hash', () => {
    const token = createOpaqueToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(createOpaqueToken()).not.toBe(token);
    expect(hashOpaqueToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOpaqueToken(token)).toBe(hashOpaqueToken(token));
  });
});

describe('loadOrCreateJwtSecret', () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('prefers JWT_SECRET and writes nothing', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-secrets-'));
    expect(loadOrCreateJwtSecret({ dataDir, auth: { jwtSecret: secret } as never })).toBe(secret);
    await expect(stat(join(dataDir, 'secrets.json'))).rejects.toThrow();
  });

  it('generates a secret once into DATA_DIR/secrets.json (0600) and reuses it', async () => {
    dataDir = join(await mkdtemp(join(tmpdir(), 'portal-secrets-')), 'nested');
    const config = { dataDir, auth: { jwtSecret: undefined } as never };
    const first = loadOrCreateJwtSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ jwtSecret: first });
    expect(loadOrCreateJwtSecret(config)).toBe(first);
  });

  it('keeps other secrets in the file and stops on a corrupt one', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-secrets-'));
    const config = { dataDir, auth: { jwtSecret: undefined } as never };
    const file = join(dataDir, 'secrets.json');
    await writeFile(file, JSON.stringify({ other: 'value' }));
    const created = loadOrCreateJwtSecret(config);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ other: 'value', jwtSecret: created });
    await writeFile(file, '{ not json');
    expect(() => loadOrCreateJwtSecret(config)).toThrow(/not valid JSON/);
  });
});
