import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { createStorage } from './lib/storage';
import { checkUploadsBucket, explainDatabaseFailure } from './startup-problems';
import { createTestConfig } from './test/helper';
import { type S3TestServer, startS3Server } from './test/s3';

// The start names the variable to change when the configuration points at what is not there.

describe.skipIf(!process.env.TEST_DATABASE_URL)('a DATABASE_URL the server cannot use', () => {
  /** The error the start meets opening and migrating `url` (README.md "Configuration"). */
  async function failureOf(url: string) {
    const database = { kind: 'postgres' as const, url };
    try {
      const handle = await openDatabase(database);
      await migrateDatabase(handle, url).finally(() => handle.close());
    } catch (error) {
      return explainDatabaseFailure(error, database);
    }
    throw new Error('the database opened');
  }

  it('names DATABASE_URL and how to create a database that does not exist', async () => {
    const server = new URL(process.env.TEST_DATABASE_URL as string);
    const name = `missing_${randomUUID().slice(0, 8)}`;
    server.pathname = `/${name}`;
    expect(await failureOf(server.toString())).toBe(
      `DATABASE_URL names the database "${name}", which does not exist on the PostgreSQL server at ${server.hostname}:${server.port || '5432'}. Create it (for example: createdb -h ${server.hostname} -p ${server.port || '5432'} ${name}) or point DATABASE_URL at one that exists.`,
    );
  });

  it('says so when no server answers at the address', async () => {
    expect(await failureOf('postgres://postgres@127.0.0.1:1/portal')).toBe(
      'DATABASE_URL points at 127.0.0.1:1, where no PostgreSQL server answers. Start the server, correct DATABASE_URL, or leave it unset to use the embedded database.',
    );
  });
});

describe('explainDatabaseFailure', () => {
  it('leaves other errors, and the embedded database, to be printed as they are', () => {
    const postgres = { kind: 'postgres' as const, url: 'postgres://postgres@127.0.0.1:5432/portal' };
    expect(explainDatabaseFailure(new Error('syntax error'), postgres)).toBeUndefined();
    expect(
      explainDatabaseFailure(Object.assign(new Error('x'), { code: '3D000' }), { kind: 'pglite' }),
    ).toBeUndefined();
  });
});

describe('an S3_BUCKET the server cannot use', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.close());

  const problemWith = async (bucket: string) => {
    const config = await createTestConfig({ ...s3.environment, S3_BUCKET: bucket });
    const storage = createStorage(config.storage);
    try {
      return await checkUploadsBucket(storage, config.storage);
    } finally {
      storage.close();
      await config.cleanUp();
    }
  };

  it('passes a bucket that exists', async () => {
    expect(await problemWith(s3.bucket)).toBeUndefined();
  });

  it('names S3_BUCKET when the bucket does not exist', async () => {
    expect(await problemWith('no-such-bucket')).toBe(
      `S3_BUCKET names the bucket "no-such-bucket", which does not exist at ${s3.endpoint}. Create it first, or correct S3_BUCKET.`,
    );
  });
});
