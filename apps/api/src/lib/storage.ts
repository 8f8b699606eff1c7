import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** The URL prefix under which the server serves stored files. */
export const UPLOADS_PUBLIC_PREFIX = '/uploads/';

export type StoredFile = { storageKey: string; publicPath: string };

/**
 * The one place that writes and deletes uploaded files (ARCHITECTURE.md "Files"). Local disk for
 * now; an S3-compatible bucket would be a second implementation of this interface.
 */
export type Storage = {
  /** Stores the bytes under a new random name; the caller's file name is never used. */
  save(buffer: Buffer, extension: string): Promise<StoredFile>;
  /** Deletes a stored file; a file already gone is not an error. */
  remove(publicPath: string): Promise<void>;
  /** The absolute path of a stored file on disk. */
  resolve(publicPath: string): string;
};

export class InvalidStoragePathError extends Error {}

const EXTENSION_PATTERN = /^[a-z0-9]{1,10}$/;
// Exactly the names `save` produces: no separators, no dot segments, nothing to escape with.
const STORAGE_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,10}$/;
const TEMP_DIR_NAME = '.tmp';

export function createStorage({ uploadsDir }: { uploadsDir: string }): Storage {
  const root = resolve(uploadsDir);
  // Temporary files live in a sub-folder of the same directory so the final rename never
  // crosses file systems, and the static file server never lists a half-written file.
  const tempDir = join(root, TEMP_DIR_NAME);

  const keyOf = (publicPath: string): string => {
    const key = publicPath.startsWith(UPLOADS_PUBLIC_PREFIX)
      ? publicPath.slice(UPLOADS_PUBLIC_PREFIX.length)
      : '';
    if (!STORAGE_KEY_PATTERN.test(key)) {
      throw new InvalidStoragePathError(`Not a stored upload: ${publicPath}`);
    }
    return key;
  };

  return {
    async save(buffer, extension) {
      const normalised = extension.replace(/^\./, '').toLowerCase();
      if (!EXTENSION_PATTERN.test(normalised)) {
        throw new InvalidStoragePathError(`Invalid file extension: ${extension}`);
      }
      const storageKey = `${randomUUID()}.${normalised}`;
      await mkdir(tempDir, { recursive: true });
      const tempPath = join(tempDir, `${storageKey}.part`);
      try {
        await writeFile(tempPath, buffer, { flag: 'wx' });
        // rename() is atomic: a crash leaves either no file or the whole file under its name.
        await rename(tempPath, join(root, storageKey));
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
      return { storageKey, publicPath: `${UPLOADS_PUBLIC_PREFIX}${storageKey}` };
    },

    async remove(publicPath) {
      await rm(join(root, keyOf(publicPath)), { force: true });
    },

    resolve(publicPath) {
      return join(root, keyOf(publicPath));
    },
  };
}
