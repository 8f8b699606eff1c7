import { STAFF_AREAS } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { representatives, users } from '../../db/schema';
import { type MemberPictureKind, readStoredPicture } from '../../lib/member-pictures';
import type { Storage, StoredFileContent } from '../../lib/storage';
import { type Viewer, viewerHolds } from '../../plugins/access';

/**
 * Who sees a member's picture (docs/decisions/066-private-files-and-verification-codes.md): the
 * account itself, the company for its representatives' photos, and staff who may read users
 * (`STAFF_AREAS.usersRead`). Anyone else is answered as if there were no such picture (404), so
 * an id tells nothing about whether the account or its picture exists.
 */
async function storedPictureFor(
  db: Db,
  viewer: Viewer,
  kind: MemberPictureKind,
  id: string,
): Promise<string | null> {
  const staff = viewerHolds(viewer, STAFF_AREAS.usersRead);
  if (kind === 'photo') {
    const [rep] = await db
      .select({ userId: representatives.userId, stored: representatives.avatarUrl })
      .from(representatives)
      .where(eq(representatives.id, id));
    return rep && (staff || rep.userId === viewer.userId) ? rep.stored : null;
  }
  if (!staff && id !== viewer.userId) return null;
  const [user] = await db
    .select({ stored: kind === 'avatar' ? users.avatarUrl : users.logoUrl })
    .from(users)
    .where(eq(users.id, id));
  return user?.stored ?? null;
}

/** The picture's file for the viewer, in the stored width asked for when there is one. */
export async function readMemberPicture(
  { db, storage }: { db: Db; storage: Storage },
  viewer: Viewer,
  kind: MemberPictureKind,
  id: string,
  width: string | undefined,
): Promise<StoredFileContent> {
  return readStoredPicture({ db, storage }, await storedPictureFor(db, viewer, kind, id), width);
}
