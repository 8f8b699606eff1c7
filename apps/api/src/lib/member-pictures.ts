import { MEMBER_PICTURE_MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploadedFiles } from '../db/schema';
import { notFound } from './errors';
import type { Storage, StoredFileContent } from './storage';

/**
 * The addresses of the member-only pictures (docs/decisions/066-private-files-and-verification-codes.md):
 * a user's avatar or logo and a representative's photo are private files, read only through the
 * checked routes of modules/users/picture-routes.ts. Every answer that carries one gives this
 * address, never the stored reference.
 */
export type MemberPictureKind = 'avatar' | 'logo' | 'photo';
/** The checked routes that answer a stored picture: the members' own, and the directory's logo. */
type PictureRoute = MemberPictureKind | 'directoryLogo';

const ROUTE_OF: Record<PictureRoute, (id: string) => string> = {
  avatar: (id) => `/api/users/${id}/avatar`,
  logo: (id) => `/api/users/${id}/logo`,
  photo: (id) => `/api/representatives/${id}/photo`,
  // A directory entry's logo, by the entry's id: read by whom the entry's logo field admits.
  directoryLogo: (id) => `/api/directory/${id}/logo`,
};

/**
 * The checked route's address of `stored` (the column's value), or null without a picture. `v`
 * is the stored file's name without its extension: a new picture gets a new address, so a page
 * shows it at once, while the route itself answers whatever the column names now.
 */
export function memberPictureAddress(
  kind: PictureRoute,
  ownerId: string,
  stored: string | null,
): string | null {
  if (!stored) return null;
  const name = stored.slice(stored.lastIndexOf('/') + 1);
  const version = name.slice(0, name.indexOf('.') === -1 ? undefined : name.indexOf('.'));
  return `${ROUTE_OF[kind](ownerId)}?v=${version}`;
}

/**
 * The file of a stored picture whose reading the caller has already allowed, in the stored width
 * asked for when there is one (a picture narrower than a width was stored in its own width only:
 * the largest is answered then). The users' checked routes and the directory's logo read it so.
 */
export async function readStoredPicture(
  { db, storage }: { db: Db; storage: Storage },
  stored: string | null,
  width: string | undefined,
): Promise<StoredFileContent> {
  if (!stored) throw notFound(MEMBER_PICTURE_MESSAGES.notFound);
  let path = stored;
  if (width) {
    const [file] = await db
      .select({ variants: uploadedFiles.variants })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.publicPath, stored));
    path = file?.variants.find((variant) => variant.name === `w${width}`)?.publicPath ?? stored;
  }
  const content = await storage.read(path);
  if (!content) throw notFound(MEMBER_PICTURE_MESSAGES.notFound);
  return content;
}
