import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { type RollEntryRow, representatives, users } from '../../db/schema';

/** A nomination as far as its picture goes. */
export type PicturedNomination = {
  id: string;
  photoUrl: string | null;
  acceptedAt: Date | null;
  nominee: RollEntryRow;
};

/**
 * The stored picture each nomination shows (docs/decisions/071, "a candidate's photo"): the photo
 * sent for it, else, once the nominee has accepted to stand, their own picture if the product
 * holds one: an individual member's avatar, or the photo of the company's voting representative
 * named on the roll entry. Null for neither, so the page shows the initials. The stored reference
 * is never answered: the route's address is made from it (lib/member-pictures.ts).
 */
export async function candidatePicturesOf(
  db: Db | DbTransaction,
  nominations: readonly PicturedNomination[],
): Promise<Map<string, string | null>> {
  const defaults = nominations.filter(
    (nomination) => !nomination.photoUrl && nomination.acceptedAt && nomination.nominee.userId,
  );
  const userIds = (kind: RollEntryRow['kind']) => [
    ...new Set(
      defaults
        .filter((nomination) => nomination.nominee.kind === kind)
        .map((nomination) => nomination.nominee.userId as string),
    ),
  ];
  const [individuals, companies] = [userIds('individual'), userIds('company')];
  const [avatars, reps] = await Promise.all([
    individuals.length === 0
      ? []
      : db
          .select({ id: users.id, stored: users.avatarUrl })
          .from(users)
          .where(inArray(users.id, individuals)),
    companies.length === 0
      ? []
      : db
          .select({
            userId: representatives.userId,
            firstName: representatives.firstName,
            lastName: representatives.lastName,
            stored: representatives.avatarUrl,
          })
          .from(representatives)
          .where(and(inArray(representatives.userId, companies), eq(representatives.type, 'voting'))),
  ]);
  const pictures = new Map<string, string | null>();
  for (const nomination of nominations) {
    const { nominee } = nomination;
    let stored = nomination.photoUrl;
    if (!stored && nomination.acceptedAt && nominee.userId) {
      stored =
        nominee.kind === 'individual'
          ? (avatars.find((row) => row.id === nominee.userId)?.stored ?? null)
          : // The representative the entry names (as freezeRoll copied it), not a later one.
            (reps.find(
              (row) =>
                row.userId === nominee.userId &&
                `${row.firstName} ${row.lastName}`.trim() === nominee.voterName,
            )?.stored ?? null);
    }
    pictures.set(nomination.id, stored);
  }
  return pictures;
}
