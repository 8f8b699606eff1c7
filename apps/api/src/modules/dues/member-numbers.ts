import { formatMemberNumber, MEMBER_NUMBER_PREFIX } from '@portal/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client';
import { memberships } from '../../db/schema';
import { nextSequenceNumber } from './statements';

/**
 * Gives a membership its member number (MEAP-YYYY-NNNN, docs/product-rules.md "Membership card")
 * unless it has one, in the caller's transaction: the one recording its first payment in full,
 * or, for a membership paid before numbers existed, the first reading of its card. The
 * membership's row is locked first, so two payments at once number it once; the year's sequence
 * row is held until the transaction ends, so numbers follow the order of commits and a rolled-back
 * one is given back. Returns the number.
 */
export async function assignMemberNumber(
  tx: DbTransaction,
  membershipId: string,
  on: string,
): Promise<string> {
  const [row] = await tx
    .select({ memberNumber: memberships.memberNumber })
    .from(memberships)
    .where(eq(memberships.id, membershipId))
    .for('update');
  if (!row) throw new Error('The membership to number was not found');
  if (row.memberNumber) return row.memberNumber;
  const year = Number(on.slice(0, 4));
  const memberNumber = formatMemberNumber(year, await nextSequenceNumber(tx, MEMBER_NUMBER_PREFIX, year));
  await tx
    .update(memberships)
    .set({ memberNumber })
    .where(and(eq(memberships.id, membershipId), isNull(memberships.memberNumber)));
  return memberNumber;
}
