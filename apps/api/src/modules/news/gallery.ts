import { NEWS_FIELD_MESSAGES, NEWS_GALLERY_MAX, newsUploadToken } from '@portal/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { newsImageUrls, uploadedFiles } from '../../db/schema';
import { validationError } from '../../lib/errors';
import type { StoredImage } from '../../lib/images';

/**
 * An article's gallery is one ordered list of two kinds of image: uploaded files (their
 * `uploaded_files` rows, owner `news_article`) and images given by address (`news_image_urls`).
 * Both carry a position in one shared space, 0, 1, 2…, so the gallery is the union of both sorted
 * by position, and reordering is rewriting positions.
 */

/** The gallery of each of `articleIds`, in order; an article without images gets an empty list. */
export async function galleriesOf(db: Db, articleIds: readonly string[]): Promise<Map<string, string[]>> {
  const galleries = new Map(articleIds.map((id) => [id, [] as string[]]));
  if (articleIds.length === 0) return galleries;
  const ids = [...articleIds];
  const files = db
    .select({
      articleId: sql<string>`${uploadedFiles.ownerId}`.as('article_id'),
      position: sql<number>`${uploadedFiles.position}`.as('position'),
      path: sql<string>`${uploadedFiles.publicPath}`.as('path'),
    })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.ownerType, 'news_article'), inArray(uploadedFiles.ownerId, ids)));
  const urls = db
    .select({
      articleId: newsImageUrls.article_id,
      position: newsImageUrls.position,
      path: newsImageUrls.url,
    })
    .from(newsImageUrls)
    .where(inArray(newsImageUrls.article_id, ids));
  const rows = await files.unionAll(urls).orderBy(sql`position`);
  for (const row of rows) galleries.get(row.articleId)?.push(row.path);
  return galleries;
}

type GalleryChange = {
  /** Entries of the current gallery to remove. */
  removed: readonly string[];
  uploads: readonly StoredImage[];
  urls: readonly string[];
  /** The whole new gallery in order (uploads as `upload:<n>`), or undefined for "kept, uploads, URLs". */
  order: readonly string[] | undefined;
};

const galleryError = (field: string, message: string) => validationError([{ field, message }]);

/**
 * Applies a gallery change to article `articleId` inside the caller's transaction (the article's
 * row already locked) and answers the files to remove once it has committed. Refuses, before
 * writing anything, a removal of an image that is not this article's, a URL already in the
 * gallery, an order that is not the new gallery exactly, and a gallery over NEWS_GALLERY_MAX.
 */
export async function writeGallery(
  tx: DbTransaction,
  articleId: string,
  { removed, uploads, urls, order }: GalleryChange,
): Promise<string[]> {
  const currentFiles = await tx
    .select({ id: uploadedFiles.id, publicPath: uploadedFiles.publicPath, position: uploadedFiles.position })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.ownerType, 'news_article'), eq(uploadedFiles.ownerId, articleId)));
  const currentUrls = await tx
    .select({ url: newsImageUrls.url, position: newsImageUrls.position })
    .from(newsImageUrls)
    .where(eq(newsImageUrls.article_id, articleId));
  const current = [
    ...currentFiles.map((file) => ({ entry: file.publicPath, position: file.position ?? 0 })),
    ...currentUrls.map((row) => ({ entry: row.url, position: row.position })),
  ].sort((a, b) => a.position - b.position);
  const currentEntries = new Set(current.map((item) => item.entry));

  const removedSet = new Set(removed);
  for (const entry of removedSet) {
    if (!currentEntries.has(entry)) {
      throw galleryError('removed_images', NEWS_FIELD_MESSAGES.removedImageUnknown);
    }
  }
  const kept = current.map((item) => item.entry).filter((entry) => !removedSet.has(entry));
  const taken = new Set(kept);
  for (const url of urls) {
    if (taken.has(url)) throw galleryError('image_urls', NEWS_FIELD_MESSAGES.duplicateImage);
    taken.add(url);
  }
  const uploadTokens = uploads.map((_, index) => newsUploadToken(index));
  const natural = [...kept, ...uploadTokens, ...urls];
  if (natural.length > NEWS_GALLERY_MAX) {
    throw galleryError('images', NEWS_FIELD_MESSAGES.galleryTooLarge);
  }
  let gallery = natural;
  if (order) {
    const sameEntries =
      order.length === natural.length &&
      new Set(order).size === order.length &&
      order.every((entry) => natural.includes(entry));
    if (!sameEntries) throw galleryError('image_order', NEWS_FIELD_MESSAGES.imageOrderInvalid);
    gallery = [...order];
  }

  // Removed uploads go, with their files after the commit.
  const removedFiles = currentFiles.filter((file) => removedSet.has(file.publicPath));
  let released: string[] = [];
  if (removedFiles.length > 0) {
    const rows = await tx
      .delete(uploadedFiles)
      .where(
        inArray(
          uploadedFiles.id,
          removedFiles.map((file) => file.id),
        ),
      )
      .returning({ publicPath: uploadedFiles.publicPath, variants: uploadedFiles.variants });
    released = rows.flatMap((file) => [
      file.publicPath,
      ...file.variants.map((variant) => variant.publicPath),
    ]);
  }

  // Kept uploads move out of the way first: positions are unique per owner, and a swap written
  // row by row would meet the other row's old position.
  const keptFiles = currentFiles.filter((file) => !removedSet.has(file.publicPath));
  if (keptFiles.length > 0) {
    await tx
      .update(uploadedFiles)
      .set({ position: sql`${uploadedFiles.position} + ${NEWS_GALLERY_MAX * 2}` })
      .where(
        inArray(
          uploadedFiles.id,
          keptFiles.map((file) => file.id),
        ),
      );
    for (const file of keptFiles) {
      await tx
        .update(uploadedFiles)
        .set({ position: gallery.indexOf(file.publicPath) })
        .where(eq(uploadedFiles.id, file.id));
    }
  }
  const newUploads = uploads.map((image, index) => ({
    ...image.file,
    ownerType: 'news_article' as const,
    ownerId: articleId,
    position: gallery.indexOf(newsUploadToken(index)),
  }));
  if (newUploads.length > 0) await tx.insert(uploadedFiles).values(newUploads);

  // The URLs are few and small: rewritten whole.
  await tx.delete(newsImageUrls).where(eq(newsImageUrls.article_id, articleId));
  const fileEntries = new Set([...keptFiles.map((file) => file.publicPath), ...uploadTokens]);
  const urlRows = gallery
    .map((entry, position) => ({ article_id: articleId, position, url: entry }))
    .filter((row) => !fileEntries.has(row.url));
  if (urlRows.length > 0) await tx.insert(newsImageUrls).values(urlRows);
  return released;
}
