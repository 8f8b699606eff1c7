import { MEMBER_PICTURE_MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { uploadedFiles } from '../db/schema';
import { NOT_STORED } from '../plugins/access';
import { notFound } from './errors';
import type { Storage, StoredFileContent } from './storage';

/**
 * The addresses of the member-only pictures (docs/decisions/066-private-files-and-verification-codes.md):
 * a user's avatar or logo and a representative's photo are private files, read only through the
 * checked routes of modules/users/picture-routes.ts; a candidate's photo likewise through
 * modules/meetings/routes.ts (decision 071). Every answer that carries one gives this address,
 * never the stored reference.
 */
export type MemberPictureKind = 'avatar' | 'logo' | 'photo';
/** The kinds with a checked route: the members' own pictures, the directory's logo, and a meeting's candidate's photo. */
export type PictureRouteKind = MemberPictureKind | 'directoryLogo' | 'nomination';

const ROUTE_OF: Record<PictureRouteKind, (id: string) => string> = {
  avatar: (id) => `/api/users/${id}/avatar`,
  logo: (id) => `/api/users/${id}/logo`,
  photo: (id) => `/api/representatives/${id}/photo`,
  // A directory entry's logo, by the entry's id: read by whom the entry's logo field admits.
  directoryLogo: (id) => `/api/directory/${id}/logo`,
  nomination: (id) => `/api/nominations/${id}/photo`,
};

/**
 * The checked route's address of `stored` (the column's value), or null without a picture. `v`
 * is the stored file's name without its extension: a new picture gets a new address, so a page
 * shows it at once, while the route itself answers whatever the column names now.
 */
export function memberPictureAddress(
  kind: PictureRouteKind,
  ownerId: string,
  stored: string | null,
): string | null {
  if (!stored) return null;
  const name = stored.slice(stored.lastIndexOf('/') + 1);
  const version = name.slice(0, name.indexOf('.') === -1 ? undefined : name.indexOf('.'));
  return `${ROUTE_OF[kind](ownerId)}?v=${version}`;
}

/**
 * The file of a picture a checked route has allowed (the users' routes, the directory's logo, a
 * candidate's photo), in the stored width asked for when there is one (a picture narrower than a
 * width was stored in its own width only: the largest is answered then); 404 'Picture not found'
 * without one.
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

/** A private picture's answer (decision 066): sent only after the route's check, kept by no cache. */
export function sendPicture(reply: FastifyReply, file: StoredFileContent) {
  if (file.byteSize !== undefined) reply.header('content-length', file.byteSize);
  return reply.header('content-type', file.contentType).header('cache-control', NOT_STORED).send(file.body);
}
