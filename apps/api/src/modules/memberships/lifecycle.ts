import {
  type AdminMembership,
  MEMBERSHIP_DISPLAY_STATUSES,
  type MembershipCategory,
  type MembershipStanding,
  membershipStanding,
} from '@portal/shared';
import { and, desc, eq, gt, notExists, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbTransaction } from '../../db/client';
import { type Membership, memberships } from '../../db/schema';

/**
 * An active membership is an approved one whose 12-month period has not run out
 * (docs/product-rules.md "Membership lifecycle"); it opens the members' area (Member's News files).
 */
export async function hasActiveMembership(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(memberships)
    .where(
      and(eq(memberships.userId, userId), eq(memberships.status, 'approved'), gt(memberships.expiresAt, now)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The newest membership of each user it finds: a membership with no newer one (by created_at,
 * then id) of the same user, the one that names a member's standing and category
 * (docs/product-rules.md "Membership lifecycle"). Narrowed by `where`: some users, a standing, a
 * category, or the user of an outer query (inside `exists`). Every reader of "the newest
 * membership" goes through here; the index on (user_id, created_at, id) answers "is there a newer
 * one" for each.
 */
export function newestMembershipOf(db: Db | DbTransaction, where?: SQL) {
  const newer = alias(memberships, 'newer');
  const newerOne = db
    .select({ found: sql`1` })
    .from(newer)
    .where(
      and(
        eq(newer.userId, memberships.userId),
        sql`(${newer.createdAt}, ${newer.id}) > (${memberships.createdAt}, ${memberships.id})`,
      ),
    );
  return db
    .select()
    .from(memberships)
    .where(and(where, notExists(newerOne)));
}

type MembershipColumns = { status: SQLWrapper; expiresAt: SQLWrapper };

/**
 * That a membership has `standing` at `now`, in SQL: `membershipStanding` (packages/shared) as
 * conditions the planner can estimate from the columns' statistics. An approved membership is
 * active until it expires, expired from then on, so no job has to change it.
 */
export function hasStanding(membership: MembershipColumns, standing: MembershipStanding, now: Date) {
  switch (standing) {
    case 'pending':
    case 'rejected':
      return sql`${membership.status} = ${standing}`;
    case 'active':
      return sql`(${membership.status} = 'approved' and ${membership.expiresAt} > ${now})`;
    case 'expired':
      return sql`(${membership.status} = 'approved' and (${membership.expiresAt} is null or ${membership.expiresAt} <= ${now}))`;
  }
}

/** A membership's standing at `now` as a value, from the conditions above. */
export function standingOf(membership: MembershipColumns, now: Date) {
  const cases = MEMBERSHIP_DISPLAY_STATUSES.map(
    (standing) => sql`when ${hasStanding(membership, standing, now)} then ${standing}`,
  );
  return sql<MembershipStanding>`case ${sql.join(cases, sql` `)} end`;
}

/**
 * docs/product-rules.md "Membership lifecycle": submitting the membership form makes exactly one pending
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

/** A membership as the admin screens show it, with its standing at `now`. */
export function toAdminMembership(membership: Membership, now = new Date()): AdminMembership {
  const expiresAt = membership.expiresAt?.toISOString() ?? null;
  return {
    id: membership.id,
    userId: membership.userId,
    category: membership.category,
    status: membership.status,
    standing: membershipStanding({ status: membership.status, expires_at: expiresAt }, now),
    startsAt: membership.startsAt?.toISOString() ?? null,
    expiresAt,
    created_at: membership.createdAt.toISOString(),
    updated_at: membership.updatedAt.toISOString(),
  };
}
