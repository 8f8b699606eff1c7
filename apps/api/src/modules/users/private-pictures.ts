import { buffer } from 'node:stream/consumers';
import { and, eq, inArray, like, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  isPrivateImageOwner,
  PRIVATE_IMAGE_OWNER_TYPES,
  representatives,
  type UploadedFileVariant,
  uploadedFiles,
  users,
} from '../../db/schema';
import { PRIVATE_FILES_PREFIX, type Storage, storageKeyOf, UPLOADS_PUBLIC_PREFIX } from '../../lib/storage';

const PUBLIC = `${UPLOADS_PUBLIC_PREFIX}%`;
const privateReferenceOf = (publicPath: string) => `${PRIVATE_FILES_PREFIX}${storageKeyOf(publicPath)}`;

/**
 * Copies one public upload to `private/<same name>`; false when it is in neither place. A file
 * already gone from the public uploads was moved by a run that stopped before its update.
 */
async function copyToPrivate(storage: Storage, publicPath: string): Promise<boolean> {
  const file = await storage.read(publicPath);
  if (file) {
    const name = storageKeyOf(publicPath);
    await storage.savePrivate(await buffer(file.body), name.slice(name.lastIndexOf('.') + 1), name);
    return true;
  }
  const copy = await storage.read(privateReferenceOf(publicPath));
  copy?.body.destroy();
  return copy !== null;
}

/**
 * Moves the members' pictures stored before they became private files (decision 066), once, at
 * start, as `moveProofsToPrivateFiles` (modules/dues/private-proofs.ts) moves the proofs: every
 * avatar, logo and representative's photo kept as `/uploads/<name>` (the columns that name it,
 * and the `uploaded_files` rows of the owner types `user` and `representative`) is copied with its
 * sizes to `private/<same name>`; then, in one transaction, its `uploaded_files` row and the
 * columns are pointed at the copies (updates that match only the old path), and the public files
 * are removed, so `/uploads/<name>` answers 404 from then on. Moving under the same names makes it
 * idempotent: a run cut short and run again, or two servers starting at once, write the same bytes
 * to the same places and change each row once. After the first start nothing matches and nothing
 * is read from the storage. Returns how many pictures were moved.
 */
export async function movePicturesToPrivateFiles(db: Db, storage: Storage, log: FastifyBaseLogger) {
  const [files, userRows, repRows] = await Promise.all([
    db
      .select({ publicPath: uploadedFiles.publicPath })
      .from(uploadedFiles)
      .where(
        and(
          inArray(uploadedFiles.ownerType, [...PRIVATE_IMAGE_OWNER_TYPES]),
          like(uploadedFiles.publicPath, PUBLIC),
        ),
      ),
    db
      .select({ avatarUrl: users.avatarUrl, logoUrl: users.logoUrl })
      .from(users)
      .where(or(like(users.avatarUrl, PUBLIC), like(users.logoUrl, PUBLIC))),
    db
      .select({ avatarUrl: representatives.avatarUrl })
      .from(representatives)
      .where(like(representatives.avatarUrl, PUBLIC)),
  ]);
  const paths = new Set(
    [
      ...files.map((file) => file.publicPath),
      ...userRows.flatMap((user) => [user.avatarUrl, user.logoUrl]),
      ...repRows.map((rep) => rep.avatarUrl),
    ].filter((path): path is string => path?.startsWith(UPLOADS_PUBLIC_PREFIX) === true),
  );

  let moved = 0;
  for (const publicPath of paths) {
    const [file] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.publicPath, publicPath));
    // The picture of a public record as well (not something the product does): left where it is.
    if (file?.ownerType && !isPrivateImageOwner(file.ownerType)) {
      log.warn({ publicPath, ownerType: file.ownerType }, 'A member picture is also a public image');
      continue;
    }
    if (!(await copyToPrivate(storage, publicPath))) {
      log.warn({ publicPath }, 'A member picture is missing from the storage');
      continue;
    }
    const variants: UploadedFileVariant[] = [];
    for (const variant of file?.variants ?? []) {
      if (!variant.publicPath.startsWith(UPLOADS_PUBLIC_PREFIX)) {
        variants.push(variant);
      } else if (await copyToPrivate(storage, variant.publicPath)) {
        const reference = privateReferenceOf(variant.publicPath);
        variants.push({ ...variant, storageKey: reference, publicPath: reference });
      }
      // A size lost from the storage is dropped: the route answers the largest one instead.
    }
    const reference = privateReferenceOf(publicPath);
    await db.transaction(async (tx) => {
      await tx
        .update(uploadedFiles)
        .set({ storageKey: reference, publicPath: reference, variants })
        .where(eq(uploadedFiles.publicPath, publicPath));
      await tx.update(users).set({ avatarUrl: reference }).where(eq(users.avatarUrl, publicPath));
      await tx.update(users).set({ logoUrl: reference }).where(eq(users.logoUrl, publicPath));
      await tx
        .update(representatives)
        .set({ avatarUrl: reference })
        .where(eq(representatives.avatarUrl, publicPath));
    });
    await Promise.all(
      [publicPath, ...(file?.variants ?? []).map((variant) => variant.publicPath)]
        .filter((path) => path.startsWith(UPLOADS_PUBLIC_PREFIX))
        .map((path) => storage.remove(path)),
    );
    moved += 1;
  }
  if (moved > 0) log.info({ moved }, 'Member pictures moved to the private files');
  return moved;
}
