import {
  ALLOWED_IMAGE_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  REPRESENTATIVE_EDITOR_MESSAGES,
  type Representative,
  type RepresentativeInput,
  representativeRuleProblem,
} from '@portal/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { memberships, representatives, users } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import type { ImageOwner, ImageUploads, StoredImage } from '../../lib/images';
import { memberPictureAddress } from '../../lib/member-pictures';
import { newestMembershipOf } from '../membership-standing';

export type RepresentativesContext = { db: Db; images: ImageUploads };

/** A representative's photo: its image at position 0 (lib/images.ts). */
const photoOf = (id: string): ImageOwner => ({ type: 'representative', id });

type RepresentativeRow = typeof representatives.$inferSelect;

const toRepresentative = (row: RepresentativeRow): Representative => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  preferredName: row.preferredName,
  position: row.position,
  email: row.email,
  type: row.type,
  // A private file (decision 066): its checked route's address.
  avatarUrl: memberPictureAddress('photo', row.id, row.avatarUrl),
  created_at: row.createdAt.toISOString(),
});

/** A company's representatives: the voting one first, then the others in the order they were added. */
export async function listRepresentatives(db: Db, userId: string): Promise<Representative[]> {
  const rows = await db
    .select()
    .from(representatives)
    .where(eq(representatives.userId, userId))
    .orderBy(
      // 'is true': a rep without a type is not voting, where = would give null (sorted first).
      desc(sql`(${representatives.type} = 'voting') is true`),
      asc(representatives.createdAt),
      asc(representatives.id),
    );
  return rows.map(toRepresentative);
}

/** A JPEG, PNG, GIF or WebP (or anything claiming to be an image) as a base64 data-URL. */
const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/]+={0,2})$/i;

const avatarField = (index: number) => `repsData.${index}.avatarUrl`;
const displayName = (rep: RepresentativeInput) => `${rep.firstName} ${rep.lastName}`.trim();

/**
 * The bytes of a new photo, refused like an uploaded file (spec 000 §5): not an image data-URL is
 * 'Invalid Image' with the type message, more than 5 MB decoded is 413 with the size message.
 */
function decodeAvatar(rep: RepresentativeInput, index: number): Buffer {
  const match = DATA_URL.exec(rep.avatarUrl ?? '');
  const bytes = match ? Buffer.from(match[2] as string, 'base64') : Buffer.alloc(0);
  if (bytes.length === 0) {
    throw new AppError(400, IMAGE_MESSAGES.wrongType, {
      code: 'invalid_image_type',
      message: REPRESENTATIVE_EDITOR_MESSAGES.invalidImage,
      field: avatarField(index),
    });
  }
  if (bytes.length > IMAGE_MAX_BYTES) {
    throw new AppError(413, IMAGE_MESSAGES.tooLarge, {
      code: 'file_too_large',
      message: REPRESENTATIVE_EDITOR_MESSAGES.invalidImage,
      field: avatarField(index),
    });
  }
  return bytes;
}

/** The pipeline's refusal of one photo, named after its representative and field. */
function photoRefusal(error: unknown, rep: RepresentativeInput, index: number): unknown {
  if (!(error instanceof AppError)) return error;
  // A type we take (a PNG, say) whose bytes are no picture, such as a text file renamed .png, is
  // one that could not be processed (spec 000 §8); a type we do not take is 'Invalid Image'.
  const declared = DATA_URL.exec(rep.avatarUrl ?? '')?.[1]?.toLowerCase() ?? '';
  const allowedType = (ALLOWED_IMAGE_TYPES as readonly string[]).includes(declared);
  if (error.options.code === 'invalid_image_type' && !allowedType) {
    return new AppError(400, IMAGE_MESSAGES.wrongType, {
      code: 'invalid_image_type',
      message: REPRESENTATIVE_EDITOR_MESSAGES.invalidImage,
      field: avatarField(index),
    });
  }
  // Decoded but unreadable (damaged, truncated, too many pixels).
  return new AppError(400, REPRESENTATIVE_EDITOR_MESSAGES.imageProcessing(displayName(rep)), {
    code: 'image_processing_error',
    message: error.error,
    field: avatarField(index),
  });
}

/**
 * Stores each new photo through the upload pipeline, one at a time, then runs `work` with them.
 * Nested so a refusal names its representative, and any failure (a later photo, the transaction)
 * removes every file stored for the request.
 */
function withStoredPhotos<Result>(
  images: ImageUploads,
  photos: { rep: RepresentativeInput; index: number; bytes: Buffer }[],
  work: (stored: StoredImage[]) => Promise<Result>,
): Promise<Result> {
  const stored: StoredImage[] = [];
  const step = async (position: number): Promise<Result> => {
    const photo = photos[position];
    if (!photo) return work(stored);
    let processed = false;
    try {
      return await images.withStoredPrivateImages([photo.bytes], async ([image]) => {
        processed = true;
        stored.push(image as StoredImage);
        return step(position + 1);
      });
    } catch (error) {
      throw processed ? error : photoRefusal(error, photo.rep, photo.index);
    }
  };
  return step(0);
}

/**
 * The category whose limits apply: the company's newest membership's
 * (docs/product-rules.md "Representatives").
 */
async function companyCategory(db: Db, userId: string) {
  const [user] = await db.select({ type: users.type }).from(users).where(eq(users.id, userId)).limit(1);
  if (user?.type !== 'company') {
    throw new AppError(403, REPRESENTATIVE_EDITOR_MESSAGES.notCompany, { code: 'forbidden' });
  }
  const [newest] = await newestMembershipOf(db, eq(memberships.userId, userId));
  // A company without a membership yet is held to the smaller limit.
  return newest?.category ?? 'Associate';
}

/**
 * PUT /api/reps/update-reps: `repsData` is the company's whole list as the editor holds it. Kept
 * entries are updated or added, entries marked deleted and representatives missing from the list
 * are removed, all in one transaction, after the rules of spec 000 §5 are checked on the list
 * that will be kept. Photos go through the upload pipeline first; replaced and removed photos'
 * files go once the change has committed.
 */
export async function updateRepresentatives(
  { db, images }: RepresentativesContext,
  userId: string,
  repsData: RepresentativeInput[],
): Promise<Representative[]> {
  const category = await companyCategory(db, userId);
  const kept = repsData.map((rep, index) => ({ rep, index })).filter(({ rep }) => !rep.isDeleted);
  const problem = representativeRuleProblem(
    category,
    kept.map(({ rep }) => rep),
  );
  if (problem) throw validationError([{ field: 'repsData', message: problem }]);

  const photos = kept
    .filter(({ rep }) => rep.hasNewAvatar)
    .map(({ rep, index }) => ({ rep, index, bytes: decodeAvatar(rep, index) }));

  const released = await withStoredPhotos(images, photos, (stored) =>
    db.transaction((tx) =>
      applyRepresentativeList(
        tx,
        images,
        userId,
        kept.map(({ rep, index }) => ({
          id: rep.id,
          fields: rep,
          newPhoto: rep.hasNewAvatar ? stored[photos.findIndex((photo) => photo.rep === rep)] : undefined,
          removePhoto: !rep.hasNewAvatar && rep.avatarUrl === null,
          idField: `repsData.${index}.id`,
        })),
      ),
    ),
  );
  await images.removeFiles(released);
  return listRepresentatives(db, userId);
}

/** One representative of a company's new list: a current one (by id) or an added one. */
export type RepresentativeListEntry = {
  id?: string | null;
  fields: {
    firstName: string;
    lastName: string;
    preferredName?: string | null;
    position?: string | null;
    email?: string | null;
    type?: 'voting' | 'non-voting' | null;
  };
  /** A new photo, already stored; without one a current representative keeps theirs. */
  newPhoto?: StoredImage;
  /** Removes the current photo (the editor's 'avatarUrl: null'). */
  removePhoto?: boolean;
  /** The field a refusal of this entry's id names (`repsData.2.id`, `representatives.2.id`). */
  idField: string;
};

/**
 * Makes `list` the company's representatives inside the caller's transaction, after its rules were
 * checked: entries with an id update that representative (which must be the company's own), the
 * others are added in the list's order, and the representatives left out are removed. The
 * representatives editor and the membership form both save through it. Answers the files to
 * remove once the transaction has committed (replaced and removed photos).
 */
export async function applyRepresentativeList(
  tx: DbTransaction,
  images: ImageUploads,
  userId: string,
  list: readonly RepresentativeListEntry[],
): Promise<string[]> {
  // The company's row is locked first, so two saves at once apply one after the other, and the
  // second reads the list as the first left it. (Locking only the representatives' rows would not
  // do: a representative the first save adds is not among the rows the second one waited for, and
  // under READ COMMITTED the second would never see it, keeping two voting representatives.)
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const current = await tx.select().from(representatives).where(eq(representatives.userId, userId));
  const currentById = new Map(current.map((row) => [row.id, row]));
  const seen = new Set<string>();
  for (const entry of list) {
    if (!entry.id) continue;
    const refusal = !currentById.has(entry.id)
      ? REPRESENTATIVE_EDITOR_MESSAGES.unknownRepresentative
      : seen.has(entry.id)
        ? REPRESENTATIVE_EDITOR_MESSAGES.repeatedRepresentative
        : null;
    if (refusal) throw validationError([{ field: entry.idField, message: refusal }]);
    seen.add(entry.id);
  }
  const keptIds = new Set(list.flatMap((entry) => (entry.id ? [entry.id] : [])));
  const removedIds = current.filter((row) => !keptIds.has(row.id)).map((row) => row.id);
  const releasedFiles: string[] = [];
  for (const id of removedIds) releasedFiles.push(...(await images.release(tx, photoOf(id))));
  if (removedIds.length > 0) {
    await tx
      .delete(representatives)
      .where(and(eq(representatives.userId, userId), inArray(representatives.id, removedIds)));
  }

  // The voting one last: one voting representative per company is a unique index, and the one
  // giving up the vote must have done so first.
  const ordered = list
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => Number(a.entry.fields.type === 'voting') - Number(b.entry.fields.type === 'voting'));
  // Added ones keep the list's order after the others (one transaction shares one now()).
  const addedAt = Date.now();
  for (const { entry, position } of ordered) {
    const fields = {
      firstName: entry.fields.firstName,
      lastName: entry.fields.lastName,
      preferredName: entry.fields.preferredName ?? null,
      position: entry.fields.position ?? null,
      email: entry.fields.email ?? null,
      type: entry.fields.type ?? null,
    };
    let id = entry.id;
    if (id) {
      await tx.update(representatives).set(fields).where(eq(representatives.id, id));
    } else {
      const [added] = await tx
        .insert(representatives)
        .values({ ...fields, userId, createdAt: new Date(addedAt + position) })
        .returning({ id: representatives.id });
      if (!added) throw new Error('The representative was not inserted');
      id = added.id;
    }
    if (entry.newPhoto) {
      releasedFiles.push(...(await images.release(tx, photoOf(id))));
      await images.record(tx, photoOf(id), [entry.newPhoto]);
      await tx
        .update(representatives)
        .set({ avatarUrl: entry.newPhoto.file.publicPath })
        .where(eq(representatives.id, id));
    } else if (entry.removePhoto && currentById.get(id)?.avatarUrl) {
      releasedFiles.push(...(await images.release(tx, photoOf(id))));
      await tx.update(representatives).set({ avatarUrl: null }).where(eq(representatives.id, id));
    }
  }
  return releasedFiles;
}
