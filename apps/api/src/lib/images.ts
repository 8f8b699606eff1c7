import {
  ALLOWED_IMAGE_TYPES,
  IMAGE_MAX_INPUT_PIXELS,
  IMAGE_MESSAGES,
  type ImageVariant,
} from '@portal/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Sharp } from 'sharp';
import type { Db, DbTransaction } from '../db/client';
import {
  type ImageOwnerType,
  isPrivateImageOwner,
  type NewUploadedFile,
  type UploadedFileVariant,
  uploadedFiles,
} from '../db/schema';
import { AppError, badRequest } from './errors';
import type { Storage } from './storage';

/**
 * The upload pipeline every image goes through (docs/decisions/011-image-upload-pipeline.md):
 * the type is read from the bytes, the picture is decoded under a pixel limit, turned upright,
 * stripped of its metadata and re-encoded as WebP in a few widths; the files are written under
 * random names and recorded in `uploaded_files` as the images of their owner, in order (a board
 * member's photo at position 0, a news article's gallery at 0, 1, 2…), so that replacing or
 * deleting the owner removes every one of them.
 */

/** The longest side of the largest stored size: enough for a full-width banner on a large screen. */
export const IMAGE_MAX_DIMENSION = 1600;
/** The smaller sizes offered in `srcset`; a width is kept only when narrower than the largest size. */
export const IMAGE_VARIANT_WIDTHS = [400, 800] as const;
const WEBP_QUALITY = 80;

// file-type names an animated PNG image/apng; it is still a PNG to the person uploading it.
const SNIFFED_TYPES = new Set<string>([...ALLOWED_IMAGE_TYPES, 'image/apng']);

export type EncodedImage = { buffer: Buffer; width: number; height: number };
export type ProcessedImage = { main: EncodedImage; variants: EncodedImage[] };
/**
 * A processed image written to storage and not yet recorded. `publicPaths` are what its files are
 * kept as: public paths (`/uploads/…`), or private references (`private/…`) when `isPrivate`.
 */
export type StoredImage = { file: NewUploadedFile; publicPaths: string[]; isPrivate: boolean };
/** The record images belong to. */
export type ImageOwner = { type: ImageOwnerType; id: string };

/**
 * Decides the type from the bytes (never the name or the claimed type) and re-encodes: a GIF or
 * an animated WebP keeps its first frame only. Anything that is not a readable JPEG, PNG, GIF or
 * WebP within the pixel limit is refused with a 400.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !SNIFFED_TYPES.has(type.mime)) {
    throw badRequest(IMAGE_MESSAGES.wrongType, 'invalid_image_type');
  }
  // Loaded with the first upload: libvips is memory a server that receives no image never needs.
  const { default: sharp } = await import('sharp');
  try {
    // Decoded once: every size is made from the largest one's pixels. failOn 'warning' refuses
    // a truncated JPEG, which libjpeg would otherwise fill with grey.
    const { data, info } = await sharp(input, {
      limitInputPixels: IMAGE_MAX_INPUT_PIXELS,
      failOn: 'warning',
      autoOrient: true,
      sequentialRead: true,
    })
      .resize({
        width: IMAGE_MAX_DIMENSION,
        height: IMAGE_MAX_DIMENSION,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const encode = async (image: Sharp): Promise<EncodedImage> => {
      const output = await image.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      return { buffer: output.data, width: output.info.width, height: output.info.height };
    };
    const [main, ...variants] = await Promise.all([
      encode(pixels()),
      ...IMAGE_VARIANT_WIDTHS.filter((width) => width < info.width).map((width) =>
        encode(pixels().resize({ width })),
      ),
    ]);
    return { main: main as EncodedImage, variants };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw badRequest(IMAGE_MESSAGES.tooManyPixels, 'image_too_many_pixels');
    }
    // A damaged or truncated file: libvips's decoder message would mean nothing to the uploader.
    throw badRequest(IMAGE_MESSAGES.unreadable, 'invalid_image');
  }
}

/** The sizes of a recorded image for `image_variants`, smallest first; empty without an image. */
export function imageVariantsOf(
  publicPath: string | null,
  file: { width: number | null; height: number | null; variants: UploadedFileVariant[] | null },
): ImageVariant[] {
  if (!publicPath || file.width === null || file.height === null) return [];
  return [
    ...(file.variants ?? []).map((variant) => ({
      path: variant.publicPath,
      width: variant.width,
      height: variant.height,
    })),
    { path: publicPath, width: file.width, height: file.height },
  ].sort((a, b) => a.width - b.width);
}

export type ImageUploads = ReturnType<typeof createImageUploads>;

/**
 * Storage is not transactional, so the order of work is what keeps disk and database agreeing:
 * files are written before the transaction that records them and removed if it fails; files a
 * transaction releases are removed only after it commits.
 */
export function createImageUploads({ storage, log }: { storage: Storage; log: FastifyBaseLogger }) {
  /** Removes files whose records are gone; a failure leaves an orphan to log, not an error to answer. */
  async function removeFiles(publicPaths: readonly string[]) {
    await Promise.all(
      publicPaths.map(async (publicPath) => {
        try {
          await storage.remove(publicPath);
        } catch (error) {
          log.warn({ err: error, publicPath }, 'could not remove an uploaded file');
        }
      }),
    );
  }

  /**
   * Writes the image and its sizes: as private files for the owner types whose pictures are
   * member-only (decision 066: avatars, logos, representatives' photos), where the row's
   * `publicPath` then keeps the private reference, not an address.
   */
  async function store(image: ProcessedImage, isPrivate: boolean): Promise<StoredImage> {
    const written: string[] = [];
    try {
      const save = async (encoded: EncodedImage) => {
        const stored = isPrivate
          ? await storage
              .savePrivate(encoded.buffer, 'webp')
              .then(({ storageKey, reference }) => ({ storageKey, publicPath: reference }))
          : await storage.save(encoded.buffer, 'webp');
        written.push(stored.publicPath);
        return stored;
      };
      const main = await save(image.main);
      const variants: UploadedFileVariant[] = [];
      for (const variant of image.variants) {
        const stored = await save(variant);
        variants.push({
          name: `w${variant.width}`,
          ...stored,
          width: variant.width,
          height: variant.height,
          byteSize: variant.buffer.length,
        });
      }
      return {
        file: {
          ...main,
          contentType: 'image/webp',
          byteSize: image.main.buffer.length,
          width: image.main.width,
          height: image.main.height,
          variants,
        },
        publicPaths: written,
        isPrivate,
      };
    } catch (error) {
      await removeFiles(written);
      throw error;
    }
  }

  async function withStored<Result>(
    inputs: readonly Buffer[],
    work: (images: StoredImage[]) => Promise<Result>,
    fieldNames: readonly string[] | undefined,
    isPrivate: boolean,
  ): Promise<Result> {
    const images: StoredImage[] = [];
    const removeStored = () => removeFiles(images.flatMap((image) => image.publicPaths));
    try {
      for (const [index, input] of inputs.entries()) {
        const processed = await processImage(input).catch((error: unknown) => {
          const field = fieldNames?.[index];
          if (!(error instanceof AppError) || !field || error.options.field) throw error;
          throw new AppError(error.statusCode, error.error, { ...error.options, field });
        });
        images.push(await store(processed, isPrivate));
      }
      return await work(images);
    } catch (error) {
      await removeStored();
      throw error;
    }
  }

  return {
    removeFiles,

    /**
     * Processes and stores the uploads, one after the other (a gallery of ten 5 MB photos would
     * otherwise be decoded all at once), then runs `work` with them. If one upload is refused or
     * `work` fails, every file stored for the request is removed again: a failed request leaves
     * no file behind. `work` should be the transaction that records the images, and nothing after it.
     * The files are public (news, events, speakers, the board).
     */
    withStoredImages<Result>(
      inputs: readonly Buffer[],
      work: (images: StoredImage[]) => Promise<Result>,
      /** The form field of each input, so a refused upload's message names where it was chosen. */
      fieldNames?: readonly string[],
    ): Promise<Result> {
      return withStored(inputs, work, fieldNames, false);
    },

    /**
     * As `withStoredImages`, for the member-only pictures (decision 066): users' avatars and
     * logos, representatives' photos, stored as private files (`private/<name>`, main file and
     * sizes), which `record` accepts only for the owner types `PRIVATE_IMAGE_OWNER_TYPES`.
     */
    withStoredPrivateImages<Result>(
      inputs: readonly Buffer[],
      work: (images: StoredImage[]) => Promise<Result>,
      fieldNames?: readonly string[],
    ): Promise<Result> {
      return withStored(inputs, work, fieldNames, true);
    },

    /** Records stored images as `owner`'s, in their order, inside the caller's transaction. */
    async record(tx: DbTransaction, owner: ImageOwner, images: readonly StoredImage[]): Promise<void> {
      if (images.length === 0) return;
      // A member-only picture must never be recorded under a public address, nor a public one
      // be served only through a checked route.
      if (images.some((image) => image.isPrivate !== isPrivateImageOwner(owner.type))) {
        throw new Error(`Images stored for another kind of owner than ${owner.type}`);
      }
      await tx.insert(uploadedFiles).values(
        images.map((image, position) => ({
          ...image.file,
          ownerType: owner.type,
          ownerId: owner.id,
          position,
        })),
      );
    },

    /**
     * Forgets every image of `owner` inside the caller's transaction and answers the files to
     * remove once it has committed: each image and all its sizes.
     */
    async release(tx: DbTransaction, owner: ImageOwner): Promise<string[]> {
      const released = await tx
        .delete(uploadedFiles)
        .where(and(eq(uploadedFiles.ownerType, owner.type), eq(uploadedFiles.ownerId, owner.id)))
        .returning({ publicPath: uploadedFiles.publicPath, variants: uploadedFiles.variants });
      return released.flatMap((file) => [
        file.publicPath,
        ...file.variants.map((variant) => variant.publicPath),
      ]);
    },
  };
}

/**
 * The public paths of the images of each of `ownerIds`, in order: the galleries of a page of
 * records, in one query after the page's (a subquery per row would also run for every row an
 * OFFSET skips). An owner without images gets an empty list.
 */
export async function imagePathsOf(
  db: Db,
  type: ImageOwnerType,
  ownerIds: readonly string[],
): Promise<Map<string, string[]>> {
  const galleries = new Map(ownerIds.map((id) => [id, [] as string[]]));
  if (ownerIds.length === 0) return galleries;
  const rows = await db
    .select({ ownerId: uploadedFiles.ownerId, publicPath: uploadedFiles.publicPath })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.ownerType, type), inArray(uploadedFiles.ownerId, [...ownerIds])))
    .orderBy(asc(uploadedFiles.position));
  for (const row of rows) galleries.get(row.ownerId as string)?.push(row.publicPath);
  return galleries;
}
