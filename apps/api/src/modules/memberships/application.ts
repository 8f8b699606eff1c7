import type { MembershipCategory } from '@portal/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client';
import { memberships, users } from '../../db/schema';

/**
 * DECISIONS.md "Membership lifecycle": submitting the membership form makes exactly one pending
 * membership in the chosen category; submitting again while one is pending updates that one. Runs
 * in the caller's transaction, which must hold the user's row locked (`lockApplicant`): two forms
 * sent at once then run one after the other, and the second finds the first one's membership.
 * (A unique index on pending memberships would also refuse an admin setting an old membership
 * back to pending; the lock serialises only the submissions.)
 */
export async function savePendingMembership(tx: DbTransaction, userId: string, category: MembershipCategory) {
  const [pending] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'pending')))
    .orderBy(desc(memberships.createdAt))
    .limit(1);
  if (pending) {
    await tx.update(memberships).set({ category }).where(eq(memberships.id, pending.id));
    return pending.id;
  }
  const [created] = await tx
    .insert(memberships)
    .values({ userId, category, status: 'pending' })
    .returning({ id: memberships.id });
  if (!created) throw new Error('The membership was not inserted');
  return created.id;
}

/** Locks the applicant's row for the rest of the transaction and answers it (undefined if gone). */
export async function lockApplicant(tx: DbTransaction, userId: string) {
  const [user] = await tx
    .select({ id: users.id, type: users.type, avatarUrl: users.avatarUrl, logoUrl: users.logoUrl })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user;
}
