import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStorage, InvalidStoragePathError, type Storage } from './storage';

describe('local storage', () => {
  let uploadsDir: string;
  let storage: Storage;

  beforeEach(async () => {
    uploadsDir = join(await mkdtemp(join(tmpdir(), 'storage-test-')), 'uploads');
    storage = createStorage({ uploadsDir });
  });

  afterEach(async () => {
    await rm(join(uploadsDir, '..'), { recursive: true, force: true });
  });

  it('saves bytes under a random name and serves them under /uploads', async () => {
    const first = await storage.save(Buffer.from('first'), 'webp');
    const second = await storage.save(Buffer.from('second'), '.PNG');

    expect(first.storageKey).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(first.publicPath).toBe(`/uploads/${first.storageKey}`);
    expect(second.storageKey).toMatch(/\.png$/);
    expect(second.storageKey).not.toBe(first.storageKey);
    expect(storage.resolve(first.publicPath)).toBe(join(uploadsDir, first.storageKey));
    expect(await readFile(storage.resolve(first.publicPath), 'utf8')).toBe('first');
  });

  it('leaves no temporary file behind', async () => {
    await storage.save(Buffer.alloc(64 * 1024, 1), 'jpg');
    expect(await readdir(join(uploadsDir, '.tmp'))).toEqual([]);
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
    expect(existsSync(storage.resolve(publicPath))).toBe(false);
    await expect(storage.remove(publicPath)).resolves.toBeUndefined();
  });

  it('refuses paths outside the uploads folder', async () => {
    const outside = [
      '/uploads/../secret.txt',
      '/uploads/sub/file.png',
      '/static/3f2b8c1e-0d4a-4e7b-9c1a-2b3c4d5e6f70.png',
      '/etc/passwd',
      '/uploads/',
      '/uploads/.tmp',
    ];
    for (const path of outside) {
      await expect(storage.remove(path), path).rejects.toBeInstanceOf(InvalidStoragePathError);
      expect(() => storage.resolve(path), path).toThrow(InvalidStoragePathError);
    }
  });
});
