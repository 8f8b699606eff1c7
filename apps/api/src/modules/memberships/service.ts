import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships } from '../../db/schema';

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
