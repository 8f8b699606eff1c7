import { MEETING_MESSAGES, MEMBER_PICTURE_MESSAGES, NOMINATION_PHOTO_FIELD } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { type MeetingRow, meetingNominations } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { ImageOwner, ImageUploads } from '../../lib/images';
import { readStoredPicture } from '../../lib/member-pictures';
import type { Storage, StoredFileContent } from '../../lib/storage';
import type { Viewer } from '../../plugins/access';
import { candidatePicturesOf } from './nominee-pictures';
import {
  assertNotLocked,
  entryById,
  entryOfUser,
  hiddenFromMembers,
  isMeetingsStaff,
  meetingOf,
  nominationRow,
  oneNomination,
} from './service';

/*
 * A candidate's photo (docs/decisions/071, "a candidate's photo"): a private file (decision 066)
 * sent by the nominator or the nominee until voting opens, and read through its checked route by
 * whoever may read the meeting's candidates.
 */

const ownerOf = (nominationId: string): ImageOwner => ({ type: 'nomination', id: nominationId });
type NominationRow = typeof meetingNominations.$inferSelect;

/** Who may change a nomination's photo, and when: its nominator or nominee, until voting opens. */
async function assertMayChangePhoto(
  db: Db | DbTransaction,
  viewer: Viewer,
  nomination: NominationRow,
  meeting: MeetingRow,
  now: Date,
) {
  const entry = await entryOfUser(db, meeting.id, viewer.userId);
  if (!entry || (entry.id !== nomination.nominatorEntryId && entry.id !== nomination.nomineeEntryId))
    throw new AppError(403, MEETING_MESSAGES.onlyNominatorOrNomineePhoto, { code: 'forbidden' });
  if (nomination.status === 'withdrawn')
    throw new AppError(409, MEETING_MESSAGES.nominationWithdrawn, { code: 'conflict' });
  // Locked with the rest of the ballot once voting opens.
  assertNotLocked(meeting, now);
}

/**
 * PUT /api/nominations/{id}/photo (a photo) and DELETE (null): the photo replaces the one before,
 * whose files go once the change has committed. The rules are checked before the picture is
 * decoded, so a refused request costs no image work, and again under the nomination's lock.
 */
export async function setNominationPhoto(
  { db, images }: { db: Db; images: ImageUploads },
  viewer: Viewer,
  nominationId: string,
  photo: Buffer | null,
  now = new Date(),
) {
  const [found] = await db.select().from(meetingNominations).where(eq(meetingNominations.id, nominationId));
  if (!found) throw notFound(MEETING_MESSAGES.nominationNotFound);
  const meeting = await meetingOf(db, found.meetingId);
  await assertMayChangePhoto(db, viewer, found, meeting, now);
  const released = await images.withStoredPrivateImages(
    photo ? [photo] : [],
    (stored) =>
      db.transaction(async (tx) => {
        const nomination = await nominationRow(tx, nominationId);
        await assertMayChangePhoto(tx, viewer, nomination, await meetingOf(tx, meeting.id), now);
        const removed = await images.release(tx, ownerOf(nominationId));
        await images.record(tx, ownerOf(nominationId), stored);
        await tx
          .update(meetingNominations)
          .set({ photoUrl: stored[0]?.file.publicPath ?? null })
          .where(eq(meetingNominations.id, nominationId));
        return removed;
      }),
    [NOMINATION_PHOTO_FIELD],
  );
  await images.removeFiles(released);
  return oneNomination(db, meeting, nominationId);
}

/**
 * GET /api/nominations/{id}/photo: to whoever may read the meeting's nominations (a signed-in
 * member once the roll or the notice is out; staff always), the photo sent, else the nominee's own
 * picture once they accept. A withdrawn nomination's photo, like the nomination, is staff's only.
 * Anyone else, and a nomination without a picture, gets 404 'Picture not found'.
 */
export async function readNominationPhoto(
  { db, storage }: { db: Db; storage: Storage },
  viewer: Viewer,
  nominationId: string,
  width: string | undefined,
): Promise<StoredFileContent> {
  const [nomination] = await db
    .select()
    .from(meetingNominations)
    .where(eq(meetingNominations.id, nominationId));
  if (!nomination) throw notFound(MEMBER_PICTURE_MESSAGES.notFound);
  const meeting = await meetingOf(db, nomination.meetingId);
  if (!isMeetingsStaff(viewer) && (hiddenFromMembers(meeting) || nomination.status === 'withdrawn'))
    throw notFound(MEMBER_PICTURE_MESSAGES.notFound);
  const nominee = await entryById(db, meeting.id, nomination.nomineeEntryId);
  if (!nominee) throw notFound(MEMBER_PICTURE_MESSAGES.notFound);
  const pictures = await candidatePicturesOf(db, [{ ...nomination, nominee }]);
  return readStoredPicture({ db, storage }, pictures.get(nominationId) ?? null, width);
}
