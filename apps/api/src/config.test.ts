import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemoContent).toBe(true);
    expect(config.eventsJobIntervalMs).toBe(300_000);
  });

  it('selects the PostgreSQL server when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://user@db:5432/portal', DATABASE_POOL_SIZE: '20' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://user@db:5432/portal',
      poolSize: 20,
      acquireTimeoutMs: 2_500,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('pglite');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SEED_DEMO_CONTENT: 'maybe' }, 'SEED_DEMO_CONTENT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ S3_BUCKET: 'Uploads_Bucket' }, 'S3_BUCKET'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'uploads', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'uploads', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example' }, 'TRUST_PROXY'],
    [{ DATABASE_ACQUIRE_TIMEOUT_MS: '0x10' }, 'DATABASE_ACQUIRE_TIMEOUT_MS'],
    [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS'],
    [{ EVENTS_JOB_INTERVAL_SECONDS: '0' }, 'EVENTS_JOB_INTERVAL_SECONDS'],
    [{ EVENTS_JOB_INTERVAL_SECONDS: '1.5' }, 'EVENTS_JOB_INTERVAL_SECONDS'],
  ])('refuses %o naming the variable', (environment, variable) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(new RegExp(`${variable}:`));
  });

  it('keeps uploads under DATA_DIR unless a bucket is named', () => {
    const config = loadConfig({ DATA_DIR: '/srv/portal' });
    expect(config.storage).toEqual({ kind: 'disk', uploadsDir: '/srv/portal/uploads' });
    expect(config.metricsToken).toBeUndefined();
  });

  it('selects an S3-compatible bucket with S3_BUCKET, path-style when an endpoint is given', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'portal-uploads',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'portal-uploads',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ S3_BUCKET: 'portal-uploads', S3_REGION: 'ap-southeast-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'portal-uploads',
      endpoint: undefined,
      region: 'ap-southeast-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  // TRUST_PROXY=true once believed every X-Forwarded-For hop, so a client could choose its
  // address (and its rate-limit counter) through a proxy that appends to the header.
  it.each([
    ['false', false],
    ['true', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.1, 192.168.0.0/16, ::1', ['10.0.0.1', '192.168.0.0/16', '::1']],
  ] as const)('reads TRUST_PROXY=%s as the hops or addresses to believe', (value, trusted) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trusted);
  });
});
