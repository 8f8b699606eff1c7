import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_MESSAGES } from '@portal/shared';
import { asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { newsArticles, uploadedFiles } from '../db/schema';
import { createNewsArticle } from '../test/factories';
import { createTestDatabase } from '../test/helper';
import { AppError } from './errors';
import { createImageUploads, type ImageOwner, type ImageUploads, imagePathsOf } from './images';
import { createDiskStorage } from './storage';

/** A news article's gallery through the image API, on the test database (PGlite or PostgreSQL). */
let database: DatabaseHandle;
let uploadsDir: string;
let images: ImageUploads;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = join(await mkdtemp(join(tmpdir(), 'images-test-')), 'uploads');
  images = createImageUploads({
    storage: createDiskStorage({ uploadsDir }),
    log: Fastify({ logger: false }).log,
  });
});
afterAll(async () => {
  await database.close();
  await rm(join(uploadsDir, '..'), { recursive: true, force: true });
});

const picture = (width: number) =>
  sharp({ create: { width, height: 100, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
const storedFiles = async () => (await readdir(uploadsDir)).filter((name) => name !== '.tmp').sort();
const rowsOf = (owner: ImageOwner) =>
  database.db
    .select()
    .from(uploadedFiles)
    .where(eq(uploadedFiles.ownerId, owner.id))
    .orderBy(asc(uploadedFiles.position));
const galleryOf = async (id: string) => (await imagePathsOf(database.db, 'news_article', [id])).get(id);

/** Stores `inputs` as the article's gallery, replacing the one it had, as a service would. */
async function replaceGallery(owner: ImageOwner, inputs: Buffer[], failInside = false) {
  const released = await images.withStoredImages(inputs, (stored) =>
    database.db.transaction(async (tx) => {
      const old = await images.release(tx, owner);
      await images.record(tx, owner, stored);
      if (failInside) throw new Error('the write failed after recording');
      return old;
    }),
  );
  await images.removeFiles(released);
}

describe('a gallery of images owned by a record', () => {
  it('records several images in order and answers them as the gallery', async () => {
    const article = await createNewsArticle(database.db);
    const owner: ImageOwner = { type: 'news_article', id: article.id };
    expect(await galleryOf(article.id)).toEqual([]);

    await replaceGallery(owner, [await picture(300), await picture(200), await picture(100)]);
    const rows = await rowsOf(owner);
    expect(rows.map((row) => [row.position, row.width])).toEqual([
      [0, 300],
      [1, 200],
      [2, 100],
    ]);
    expect(rows.every((row) => row.ownerType === 'news_article')).toBe(true);
    expect(await galleryOf(article.id)).toEqual(rows.map((row) => row.publicPath));
    expect(await storedFiles()).toEqual(rows.map((row) => row.storageKey).sort());
  });

  it('replaces a gallery, then releases it with its record: no row or file is left', async () => {
    const article = await createNewsArticle(database.db);
    const owner: ImageOwner = { type: 'news_article', id: article.id };
    const filesBefore = await storedFiles();
    await replaceGallery(owner, [await picture(900), await picture(150)]);
    const first = await rowsOf(owner);
    // 900 px wide: stored with its 400 and 800 px sizes, each a file.
    expect(first[0]?.variants.map((variant) => variant.width)).toEqual([400, 800]);
    expect(await storedFiles()).toHaveLength(filesBefore.length + 4);

    await replaceGallery(owner, [await picture(120)]);
    expect((await rowsOf(owner)).map((row) => row.width)).toEqual([120]);
    expect(await storedFiles()).toHaveLength(filesBefore.length + 1);

    const removed = await database.db.transaction(async (tx) => {
      await tx.delete(newsArticles).where(eq(newsArticles.id, article.id));
      return images.release(tx, owner);
    });
    await images.removeFiles(removed);
    expect(await rowsOf(owner)).toEqual([]);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('leaves no file or row when an image fails mid-way, or the transaction fails', async () => {
    const article = await createNewsArticle(database.db);
    const owner: ImageOwner = { type: 'news_article', id: article.id };
    await replaceGallery(owner, [await picture(100)]);
    const rowsBefore = await rowsOf(owner);
    const filesBefore = await storedFiles();

    // The third of four uploads is not an image: the two stored before it are removed again.
    const broken = [await picture(110), await picture(120), Buffer.from('not an image'), await picture(130)];
    const refused = await replaceGallery(owner, broken).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).error).toBe(IMAGE_MESSAGES.wrongType);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowsOf(owner)).toEqual(rowsBefore);

    // Every image stored and recorded, then the transaction fails: it rolls back, files go.
    await expect(replaceGallery(owner, [await picture(140), await picture(150)], true)).rejects.toThrow(
      'the write failed after recording',
    );
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowsOf(owner)).toEqual(rowsBefore);
  });
});
