import {
  type AdminMembership,
  DEFAULT_GRACE_DAYS,
  MEMBERSHIP_STANDINGS,
  type MembershipCategory,
  type MembershipStanding,
  manilaDateString,
  membershipStanding,
  paidThroughOf,
} from '@portal/shared';
import { and, desc, eq, getTableColumns, notExists, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbTransaction } from '../../db/client';
import { duesSettings, duesStatements, type Membership, membershipCards, memberships } from '../../db/schema';
import { qualifiedColumn } from '../../lib/sql';

/**
 * The earliest due date (YYYY-MM-DD) of a membership's unpaid statements, or null: what makes it
 * overdue (docs/product-rules.md "Dues"). Read beside a membership's row, in SQL.
 */
const unpaidDueOn = sql<string | null>`(select min(${duesStatements.dueOn})::text from ${duesStatements}
    where ${duesStatements.membershipId} = ${qualifiedColumn(memberships.id)}
    and ${duesStatements.status} in ('issued', 'partly_paid'))`;

/** Whether a membership has a live card (docs/product-rules.md "Membership card"). */
const hasCard = sql<boolean>`exists (select 1 from ${membershipCards}
    where ${membershipCards.membershipId} = ${qualifiedColumn(memberships.id)})`;

/** The grace of the dues settings in days, in SQL (docs/decisions/042-scheduled-renewals.md). */
const graceDays = sql`coalesce((select ${duesSettings.graceDays} from ${duesSettings} where ${duesSettings.id} = 1), ${DEFAULT_GRACE_DAYS})`;

/** The last day of grace after the earliest unpaid due date: past it the membership has lapsed. */
const graceEndsOn = sql<
  string | null
>`(select (min(${duesStatements.dueOn}) + ${graceDays}::integer)::text from ${duesStatements}
    where ${duesStatements.membershipId} = ${qualifiedColumn(memberships.id)}
    and ${duesStatements.status} in ('issued', 'partly_paid'))`;

/** Memberships with what their standing needs, in the order and filter the caller adds. */
export function membershipsWithDues(db: Db | DbTransaction) {
  return db.select({ ...getTableColumns(memberships), unpaidDueOn, graceEndsOn, hasCard }).from(memberships);
}
export type MembershipWithDues = Membership & {
  unpaidDueOn: string | null;
  graceEndsOn: string | null;
  hasCard: boolean;
};

/**
 * Whether the user holds a membership in good standing at `now` (`goodStanding` below): what the
 * `members-area` route access asks (apps/api/src/plugins/access.ts) and the member price tier.
 */
export async function userInGoodStanding(db: Db | DbTransaction, userId: string, now = new Date()) {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), goodStanding(memberships, now)))
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
  return membershipsWithDues(db).where(and(where, notExists(newerOne)));
}

type MembershipColumns = { id: SQLWrapper; status: SQLWrapper; expiresAt: SQLWrapper };

/**
 * That a membership has `standing` at `now`, in SQL: `membershipStanding` (packages/shared) as
 * conditions. Worked out when read, so no job has to change a membership when time passes.
 */
export function hasStanding(membership: MembershipColumns, standing: MembershipStanding, now: Date) {
  const today = manilaDateString(now);
  const owing = (before: SQL) => sql`exists (select 1 from ${duesStatements}
    where ${duesStatements.membershipId} = ${membership.id}
    and ${duesStatements.status} in ('issued', 'partly_paid')
    and ${duesStatements.dueOn} < ${before})`;
  // Overdue: a due date has passed; lapsed: the grace after one has passed too.
  const overdue = owing(sql`${today}::date`);
  const lapsed = owing(sql`${today}::date - ${graceDays}::integer`);
  const approved = sql`${membership.status} = 'approved'`;
  switch (standing) {
    case 'pending':
    case 'rejected':
      return sql`${membership.status} = ${standing}`;
    case 'lapsed':
      return sql`(${approved} and ${lapsed})`;
    case 'overdue':
      return sql`(${approved} and ${overdue} and not ${lapsed})`;
    case 'awaiting_payment':
      return sql`(${approved} and ${membership.expiresAt} is null and not ${overdue})`;
    case 'active':
      return sql`(${approved} and ${membership.expiresAt} > ${now} and not ${overdue})`;
    case 'expired':
      return sql`(${approved} and ${membership.expiresAt} <= ${now} and not ${overdue})`;
  }
}

/**
 * The one rule for good standing in SQL, the twin of `isGoodStanding` (packages/shared; decision
 * 057): `active`, or `overdue` inside the grace after a payment. Every reader of good standing on
 * the server goes through here; memberships/good-standing.test.ts runs both on every case.
 */
export function goodStanding(membership: MembershipColumns, now: Date) {
  // Never null (a comparison with a missing `expires_at` is): a true or false to select and sort by.
  return sql<boolean>`coalesce(${hasStanding(membership, 'active', now)} or (${hasStanding(membership, 'overdue', now)} and ${membership.expiresAt} is not null), false)`;
}

/** A membership's standing at `now` as a value, from the conditions above. */
export function standingOf(membership: MembershipColumns, now: Date) {
  const cases = MEMBERSHIP_STANDINGS.map(
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

/** A membership as the API answers it, with its standing at `now`. */
export function toAdminMembership(membership: MembershipWithDues, now = new Date()): AdminMembership {
  const expiresAt = membership.expiresAt?.toISOString() ?? null;
  return {
    id: membership.id,
    userId: membership.userId,
    category: membership.category,
    status: membership.status,
    standing: membershipStanding(
      {
        status: membership.status,
        expires_at: expiresAt,
        unpaid_due_on: membership.unpaidDueOn,
        grace_ends_on: membership.graceEndsOn,
      },
      now,
    ),
    startsAt: membership.startsAt?.toISOString() ?? null,
    expiresAt,
    paidThrough: paidThroughOf(membership.expiresAt),
    memberNumber: membership.memberNumber,
    hasCard: membership.hasCard,
    unpaidDueOn: membership.unpaidDueOn,
    graceEndsOn: membership.graceEndsOn,
    created_at: membership.createdAt.toISOString(),
    updated_at: membership.updatedAt.toISOString(),
  };
}
