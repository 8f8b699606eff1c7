import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type S3TestServer, startS3Server } from '../test/s3';
import {
  createDiskStorage,
  createStorage,
  type DiskStorage,
  InvalidStoragePathError,
  type Storage,
} from './storage';

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const OUTSIDE_PATHS = [
  '/uploads/../secret.txt',
  '/uploads/sub/file.png',
  '/static/3f2b8c1e-0d4a-4e7b-9c1a-2b3c4d5e6f70.png',
  '/etc/passwd',
  '/uploads/',
  '/uploads/.tmp',
];

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

/** The same guarantees from both drivers (docs/decisions/027). */
describe.each([
  [
    'disk',
    async () => {
      const folder = await mkdtemp(join(tmpdir(), 'storage-test-'));
      const storage = createDiskStorage({ uploadsDir: join(folder, 'uploads') });
      return { storage, cleanUp: () => rm(folder, { recursive: true, force: true }) };
    },
  ],
  [
    's3',
    async () => {
      const storage = createStorage(loadConfig({ ...s3.environment }).storage);
      return { storage, cleanUp: async () => storage.close() };
    },
  ],
] as const)('%s storage', (_driver, create) => {
  let storage: Storage;
  let cleanUp: () => Promise<void>;

  beforeEach(async () => {
    ({ storage, cleanUp } = await create());
  });
  afterEach(() => cleanUp());

  it('saves bytes under a random name, served under /uploads with their type', async () => {
    const first = await storage.save(Buffer.from('first'), 'webp');
    const second = await storage.save(Buffer.from('second'), '.PNG');

    expect(first.storageKey).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(first.publicPath).toBe(`/uploads/${first.storageKey}`);
    expect(second.storageKey).toMatch(/\.png$/);
    expect(second.storageKey).not.toBe(first.storageKey);

    const content = await storage.read(first.publicPath);
    expect(content).toMatchObject({ contentType: 'image/webp', byteSize: 5 });
    expect(await readAll((content as NonNullable<typeof content>).body)).toBe('first');
    expect((await storage.read(second.publicPath))?.contentType).toBe('image/png');
  });

  it('refuses an extension that could smuggle a path', async () => {
    await expect(storage.save(Buffer.from('x'), '../../etc/passwd')).rejects.toBeInstanceOf(
      InvalidStoragePathError,
    );
    await expect(storage.save(Buffer.from('x'), '')).rejects.toBeInstanceOf(InvalidStoragePathError);
  });

  it('removes a file, and removing it again is not an error', async () => {
    const { publicPath } = await storage.save(Buffer.from('bye'), 'gif');
    await storage.remove(publicPath);
    expect(await storage.read(publicPath)).toBeNull();
    await expect(storage.remove(publicPath)).resolves.toBeUndefined();
    expect(await storage.read('/uploads/3f2b8c1e-0d4a-4e7b-9c1a-2b3c4d5e6f70.webp')).toBeNull();
  });

  it('refuses paths that are not stored uploads', async () => {
    for (const path of OUTSIDE_PATHS) {
      await expect(storage.remove(path), path).rejects.toBeInstanceOf(InvalidStoragePathError);
      await expect(storage.read(path), path).rejects.toBeInstanceOf(InvalidStoragePathError);
    }
  });

  it('reports itself usable', async () => {
    await expect(storage.check(AbortSignal.timeout(2_000))).resolves.toBeUndefined();
  });

  it('stores a private file written as a stream under private/, with its size (a data export, decision 067)', async () => {
    const chunks = Array.from({ length: 64 }, (_, index) => Buffer.alloc(16_384, index));
    const stored = await storage.savePrivateStream(Readable.from(chunks), 'zip');
    expect(stored.reference).toMatch(/^private\/[0-9a-f-]{36}\.zip$/);
    expect(stored.byteSize).toBe(64 * 16_384);
    const content = await storage.read(stored.reference);
    expect(content).toMatchObject({ contentType: 'application/zip', byteSize: 64 * 16_384 });
    const bytes: Buffer[] = [];
    for await (const chunk of (content as NonNullable<typeof content>).body) bytes.push(chunk as Buffer);
    expect(Buffer.concat(bytes).equals(Buffer.concat(chunks))).toBe(true);
    // A stream that fails leaves nothing behind and says so.
    const failing = new Readable({
      read() {
        this.destroy(new Error('the build failed'));
      },
    });
    await expect(storage.savePrivateStream(failing, 'zip')).rejects.toThrow('the build failed');
    await storage.remove(stored.reference);
    expect(await storage.read(stored.reference)).toBeNull();
  });
});

describe('disk storage', () => {
  let uploadsDir: string;
  let storage: DiskStorage;

  beforeEach(async () => {
    uploadsDir = join(await mkdtemp(join(tmpdir(), 'storage-test-')), 'uploads');
    storage = createDiskStorage({ uploadsDir });
  });
  afterEach(() => rm(join(uploadsDir, '..'), { recursive: true, force: true }));

  it('writes files into the uploads folder and leaves no temporary file behind', async () => {
    const saved = await storage.save(Buffer.alloc(64 * 1024, 1), 'jpg');
    expect(storage.resolve(saved.publicPath)).toBe(join(uploadsDir, saved.storageKey));
    expect((await readFile(storage.resolve(saved.publicPath))).length).toBe(64 * 1024);
    expect(await readdir(join(uploadsDir, '.tmp'))).toEqual([]);
    await storage.remove(saved.publicPath);
    expect(existsSync(storage.resolve(saved.publicPath))).toBe(false);
  });

  it('refuses to resolve paths outside the uploads folder', () => {
    for (const path of OUTSIDE_PATHS) {
      expect(() => storage.resolve(path), path).toThrow(InvalidStoragePathError);
    }
  });
});

describe('S3 storage', () => {
  it('reports a bucket that does not exist as unusable', async () => {
    const storage = createStorage(loadConfig({ ...s3.environment, S3_BUCKET: 'no-such-bucket' }).storage);
    await expect(storage.check(AbortSignal.timeout(2_000))).rejects.toThrow();
    await expect(storage.save(Buffer.from('x'), 'webp')).rejects.toThrow();
    storage.close();
  });

  // A PUT the store completed but whose answer was lost: the object exists although save() fails.
  it('leaves no object behind when the answer to a write is lost', async () => {
    const lossy = await startAnswerLosingProxy(new URL(s3.endpoint));
    const storage = createStorage(
      loadConfig({ ...s3.environment, S3_ENDPOINT: `http://127.0.0.1:${lossy.port}` }).storage,
    );
    const before = await s3.listKeys();
    try {
      await expect(storage.save(Buffer.from('half done'), 'webp')).rejects.toThrow();
      expect(lossy.putsStored).toBeGreaterThan(0);
      expect(await s3.listKeys()).toEqual(before);
    } finally {
      storage.close();
      await lossy.close();
    }
  });
});

/** Passes requests to the S3 server, but drops the connection instead of answering a PUT. */
async function startAnswerLosingProxy(target: URL) {
  let putsStored = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        if (incoming.method === 'PUT') {
          putsStored += answer.statusCode === 200 ? 1 : 0;
          answer.resume();
          outgoing.socket?.destroy();
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get putsStored() {
      return putsStored;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
