import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { NOT_STORED } from '../plugins/access';

/** The URL prefix under which the server serves stored files. */
export const UPLOADS_PUBLIC_PREFIX = '/uploads/';

/** A stored name never gets other content, so a browser or CDN may keep a file for a year. */
export const UPLOADS_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Where private files live (docs/decisions/066-private-files-and-verification-codes.md): the
 * `private/` folder inside the uploads folder, or keys under `private/` in the bucket. Their
 * references (`private/<key>`) are not addresses: `/uploads/<key>` never reaches them (a name
 * there has no `/`), only checked routes under /api/ read them, answered `private, no-store` as
 * every answer that is not public is (NOT_STORED, plugins/access.ts).
 */
export const PRIVATE_FILES_PREFIX = 'private/';

export type StoredFile = { storageKey: string; publicPath: string };

/** A private file as stored: `reference` is what a row keeps (`private/<key>`), never a URL. */
export type StoredPrivateFile = { storageKey: string; reference: string };

/** A stored file's bytes on their way to a client. */
export type StoredFileContent = { body: Readable; contentType: string; byteSize: number | undefined };

/**
 * The one place that writes, reads and deletes uploaded files
 * (docs/architecture.md "Files and uploads"): a folder on the local disk, or an S3-compatible
 * bucket shared by every server process (docs/decisions/027-uploads-in-an-s3-compatible-bucket.md).
 * Either way files are served under the same `/uploads/<key>` addresses, through the server.
 */
export type Storage = {
  /** Where files go, for the start-up log and /api/ready; never contains credentials. */
  describe: string;
  /**
   * Stores the bytes under a new random name; the caller's file name is never used. A failed save
   * leaves no file behind.
   */
  save(buffer: Buffer, extension: string): Promise<StoredFile>;
  /**
   * Stores the bytes of a private file (a payment proof) apart from the public ones, under a new
   * random name, or under `storageKey` when given (moving a file that was public, decision 066).
   */
  savePrivate(buffer: Buffer, extension: string, storageKey?: string): Promise<StoredPrivateFile>;
  /**
   * Stores a private file written as a stream (a member's data export, decision 067) without
   * holding it whole in memory: on disk it is written to a temporary file and renamed; for the
   * bucket it is spooled to a temporary file and sent with its length. Answers its byte size.
   */
  savePrivateStream(body: Readable, extension: string): Promise<StoredPrivateFile & { byteSize: number }>;
  /** Deletes a stored file (a public path or a private reference); a file already gone is not an error. */
  remove(publicPathOrReference: string): Promise<void>;
  /** A stored file's content (a public path or a private reference), or null when there is no such file. */
  read(publicPathOrReference: string): Promise<StoredFileContent | null>;
  /** Throws unless files can be stored now (the folder is writable, the bucket answers). */
  check(signal: AbortSignal): Promise<void>;
  /** Lets go of connections (the server is closing). */
  close(): void;
};

export type DiskStorage = Storage & {
  /** The absolute path of a stored file on disk (tests, backups). */
  resolve(publicPath: string): string;
};

export type StorageConfig = Config['storage'];

export class InvalidStoragePathError extends Error {}

const EXTENSION_PATTERN = /^[a-z0-9]{1,10}$/;
// Exactly the names `save` produces: no separators, no dot segments, nothing to escape with.
const STORAGE_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,10}$/;
const TEMP_DIR_NAME = '.tmp';

/** The types the image pipeline writes (lib/images.ts re-encodes every upload to WebP). */
const CONTENT_TYPES: Record<string, string> = {
  zip: 'application/zip',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
};

const contentTypeOf = (storageKey: string) =>
  CONTENT_TYPES[storageKey.slice(storageKey.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/**
 * The key of a path `save` produced (`/uploads/<name>` → `<name>`), or of a reference
 * `savePrivate` produced (`private/<name>` → `private/<name>`); anything else (a dot segment,
 * another sub-folder) is refused.
 */
export function storageKeyOf(publicPathOrReference: string): string {
  if (publicPathOrReference.startsWith(PRIVATE_FILES_PREFIX)) {
    const name = publicPathOrReference.slice(PRIVATE_FILES_PREFIX.length);
    if (STORAGE_KEY_PATTERN.test(name)) return `${PRIVATE_FILES_PREFIX}${name}`;
  } else if (publicPathOrReference.startsWith(UPLOADS_PUBLIC_PREFIX)) {
    const name = publicPathOrReference.slice(UPLOADS_PUBLIC_PREFIX.length);
    if (STORAGE_KEY_PATTERN.test(name)) return name;
  }
  throw new InvalidStoragePathError(`Not a stored upload: ${publicPathOrReference}`);
}

/** Whether a stored path is a public upload (`/uploads/…`), i.e. one a private file must move from. */
export const isPublicUpload = (path: string) => path.startsWith(UPLOADS_PUBLIC_PREFIX);

/** The name under which a private file is kept: a fresh one, or the name it had as a public upload. */
function privateStorageKey(extension: string, storageKey: string | undefined): string {
  if (storageKey === undefined) return `${PRIVATE_FILES_PREFIX}${newStorageKey(extension)}`;
  if (!STORAGE_KEY_PATTERN.test(storageKey)) {
    throw new InvalidStoragePathError(`Not a stored upload's name: ${storageKey}`);
  }
  return `${PRIVATE_FILES_PREFIX}${storageKey}`;
}

function newStorageKey(extension: string): string {
  const normalised = extension.replace(/^\./, '').toLowerCase();
  if (!EXTENSION_PATTERN.test(normalised)) {
    throw new InvalidStoragePathError(`Invalid file extension: ${extension}`);
  }
  return `${randomUUID()}.${normalised}`;
}

const stored = (storageKey: string): StoredFile => ({
  storageKey,
  publicPath: `${UPLOADS_PUBLIC_PREFIX}${storageKey}`,
});

/** The storage the configuration names: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: StorageConfig): Storage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config);
}

export function createDiskStorage({ uploadsDir }: { uploadsDir: string }): DiskStorage {
  const root = resolve(uploadsDir);
  // Temporary files live in a sub-folder of the same directory so the final rename never
  // crosses file systems, and a reader never finds a half-written file under a stored name.
  const tempDir = join(root, TEMP_DIR_NAME);

  async function writeAtomically(storageKey: string, buffer: Buffer) {
    await mkdir(tempDir, { recursive: true });
    const tempPath = join(tempDir, `${storageKey.replaceAll('/', '-')}.${randomUUID()}.part`);
    try {
      await writeFile(tempPath, buffer, { flag: 'wx' });
      // rename() is atomic: a crash leaves either no file or the whole file under its name.
      await rename(tempPath, join(root, storageKey));
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
  }

  return {
    describe: `folder ${root}`,

    async save(buffer, extension) {
      const storageKey = newStorageKey(extension);
      await writeAtomically(storageKey, buffer);
      return stored(storageKey);
    },

    async savePrivate(buffer, extension, name) {
      const storageKey = privateStorageKey(extension, name);
      await mkdir(join(root, PRIVATE_FILES_PREFIX), { recursive: true });
      await writeAtomically(storageKey, buffer);
      return { storageKey, reference: storageKey };
    },

    async savePrivateStream(body, extension) {
      const storageKey = privateStorageKey(extension, undefined);
      await mkdir(join(root, PRIVATE_FILES_PREFIX), { recursive: true });
      await mkdir(tempDir, { recursive: true });
      const tempPath = join(tempDir, `${storageKey.replaceAll('/', '-')}.${randomUUID()}.part`);
      try {
        await pipeline(body, createWriteStream(tempPath, { flags: 'wx' }));
        const { size } = await stat(tempPath);
        await rename(tempPath, join(root, storageKey));
        return { storageKey, reference: storageKey, byteSize: size };
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
    },

    async remove(publicPath) {
      await rm(join(root, storageKeyOf(publicPath)), { force: true });
    },

    async read(publicPath) {
      const key = storageKeyOf(publicPath);
      const path = join(root, key);
      try {
        const { size } = await stat(path);
        return { body: createReadStream(path), contentType: contentTypeOf(key), byteSize: size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },

    close() {},

    resolve(publicPath) {
      return join(root, storageKeyOf(publicPath));
    },
  };
}

export type S3StorageOptions = Extract<StorageConfig, { kind: 's3' }>;

// A bucket that does not answer must fail an upload in seconds, not hold the request for minutes.
const S3_CONNECT_TIMEOUT_MS = 3_000;
const S3_REQUEST_TIMEOUT_MS = 30_000;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, Garage…). A PUT is atomic on the store's side (an
 * object appears whole or not at all); a PUT whose answer is lost may still have stored the
 * object, so a failed save deletes the key it tried before giving up: no orphan either way.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  // The SDK holds about 20 MB once loaded: only a server that stores in a bucket loads it.
  const connected = import('@aws-sdk/client-s3').then((sdk) => {
    const client = new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      maxAttempts: 3,
      requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
      // A checksum only where the operation requires one: with the default, a streamed body (a data
      // export) is sent aws-chunked with a checksum trailer, which S3-compatible stores that do
      // not speak it (s3rver, older MinIO) keep as part of the object's bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    return { sdk, client };
  });

  async function put(
    storageKey: string,
    buffer: Buffer | Readable,
    cacheControl: string,
    contentLength?: number,
  ) {
    const { sdk, client } = await connected;
    const { DeleteObjectCommand, PutObjectCommand } = sdk;
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: storageKey,
          Body: buffer,
          ContentType: contentTypeOf(storageKey),
          CacheControl: cacheControl,
          ...(contentLength !== undefined && { ContentLength: contentLength }),
        }),
      );
    } catch (error) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: storageKey })).catch(() => {});
      throw error;
    }
  }

  return {
    describe: `S3 bucket ${bucket}${options.endpoint ? ` at ${new URL(options.endpoint).origin}` : ''}`,

    async save(buffer, extension) {
      const storageKey = newStorageKey(extension);
      await put(storageKey, buffer, UPLOADS_CACHE_CONTROL);
      return stored(storageKey);
    },

    async savePrivate(buffer, extension, name) {
      const storageKey = privateStorageKey(extension, name);
      await put(storageKey, buffer, NOT_STORED);
      return { storageKey, reference: storageKey };
    },

    async savePrivateStream(body, extension) {
      const storageKey = privateStorageKey(extension, undefined);
      // A PUT needs the length of a stream: spooled to the local disk first, not to memory.
      const folder = await mkdtemp(join(tmpdir(), 'portal-spool-'));
      const spool = join(folder, 'file');
      try {
        await pipeline(body, createWriteStream(spool));
        const { size } = await stat(spool);
        await put(storageKey, createReadStream(spool), NOT_STORED, size);
        return { storageKey, reference: storageKey, byteSize: size };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },

    async remove(publicPath) {
      // S3 answers a delete of a missing key with success too.
      const { sdk, client } = await connected;
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: storageKeyOf(publicPath) }));
    },

    async read(publicPath) {
      const key = storageKeyOf(publicPath);
      const { sdk, client } = await connected;
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        return {
          body: object.Body as Readable,
          contentType: contentTypeOf(key),
          byteSize: object.ContentLength,
        };
      } catch (error) {
        const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (name === 'NoSuchKey' || $metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },

    async check(signal) {
      const { sdk, client } = await connected;
      await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }), { abortSignal: signal });
    },

    close() {
      void connected.then(({ client }) => client.destroy());
    },
  };
}
