import {
  DASHBOARD_RECENT_LIMIT,
  type DashboardSummary,
  EVENT_STATUSES,
  MEMBERSHIP_CATEGORIES,
  MEMBERSHIP_STANDINGS,
  manilaDateString,
  NEWS_STATUSES,
  USER_STATUSES,
  USER_TYPES,
} from '@portal/shared';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boardMembers, eventRegistrations, events, memberships, newsArticles, users } from '../../db/schema';
import { displayNameSql } from '../../lib/display-name';
import { directoryCounts } from '../directory';
import { newestMembershipOf, standingOf } from '../membership-standing';

/** Zero for every value of an enum list, then the counts the database found (a null value counts nowhere). */
function countsByValue<Value extends string>(
  values: readonly Value[],
  rows: readonly { value: string | null; count: number }[],
): Record<Value, number> {
  const counts = Object.fromEntries(values.map((value) => [value, 0])) as Record<Value, number>;
  for (const row of rows) {
    if (row.value !== null && row.value in counts) counts[row.value as Value] += row.count;
  }
  return counts;
}

const countRows = sql<number>`count(*)::int`;

/**
 * Each member counts once, by their newest membership (the one the profile and the login read),
 * named as the profile names it (docs/product-rules.md "Membership lifecycle"): the same newest membership
 * and standing the admin list the figures link to filters by (modules/memberships).
 */
async function countMembersByMembership(db: Db, now: Date) {
  const membership = newestMembershipOf(db).as('membership');
  const newest = db
    .select({
      category: membership.category,
      displayStatus: standingOf(membership, now).as('display_status'),
    })
    .from(membership)
    .as('newest');
  const rows = await db
    .select({ status: newest.displayStatus, category: newest.category, count: countRows })
    .from(newest)
    .groupBy(newest.displayStatus, newest.category);
  return {
    byStatus: countsByValue(
      MEMBERSHIP_STANDINGS,
      rows.map((row) => ({ value: row.status, count: row.count })),
    ),
    activeByCategory: countsByValue(
      MEMBERSHIP_CATEGORIES,
      rows.filter((row) => row.status === 'active').map((row) => ({ value: row.category, count: row.count })),
    ),
  };
}

async function countUsers(db: Db) {
  const rows = await db
    .select({ type: users.type, status: users.status, count: countRows })
    .from(users)
    .groupBy(users.type, users.status);
  return {
    total: rows.reduce((sum, row) => sum + row.count, 0),
    byStatus: countsByValue(
      USER_STATUSES,
      rows.map((row) => ({ value: row.status, count: row.count })),
    ),
    byType: countsByValue(
      USER_TYPES,
      rows.map((row) => ({ value: row.type, count: row.count })),
    ),
  };
}

async function countEvents(db: Db) {
  const [byStatus, [upcoming], [registrations]] = await Promise.all([
    db.select({ value: events.status, count: countRows }).from(events).groupBy(events.status),
    db
      .select({ count: countRows })
      .from(events)
      .where(and(eq(events.status, 'published'), gte(events.start_date, manilaDateString()))),
    db.select({ count: countRows }).from(eventRegistrations).where(eq(eventRegistrations.status, 'pending')),
  ]);
  return {
    byStatus: countsByValue(EVENT_STATUSES, byStatus),
    upcoming: upcoming?.count ?? 0,
    pendingRegistrations: registrations?.count ?? 0,
  };
}

async function countNews(db: Db) {
  const rows = await db
    .select({
      value: newsArticles.status,
      count: countRows,
      views: sql<number>`coalesce(sum(${newsArticles.views}), 0)::int`,
      likes: sql<number>`coalesce(sum(${newsArticles.likes}), 0)::int`,
    })
    .from(newsArticles)
    .groupBy(newsArticles.status);
  return {
    byStatus: countsByValue(NEWS_STATUSES, rows),
    totalViews: rows.reduce((sum, row) => sum + row.views, 0),
    totalLikes: rows.reduce((sum, row) => sum + row.likes, 0),
  };
}

async function countBoard(db: Db) {
  const rows = await db
    .select({ isActive: boardMembers.is_active, count: countRows })
    .from(boardMembers)
    .groupBy(boardMembers.is_active);
  const countWhere = (isActive: boolean) => rows.find((row) => row.isActive === isActive)?.count ?? 0;
  return { active: countWhere(true), inactive: countWhere(false) };
}

async function listRecentItems(db: Db) {
  const [recentUsers, pendingMemberships, recentEvents, recentNews] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        display_name: displayNameSql,
        email: users.email,
        type: users.type,
        status: users.status,
        createdAt: users.createdAt,
      })
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(DASHBOARD_RECENT_LIMIT),
    db
      .select({
        id: memberships.id,
        userId: memberships.userId,
        username: users.username,
        display_name: displayNameSql,
        category: memberships.category,
        createdAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.status, 'pending'))
      .orderBy(desc(memberships.createdAt), desc(memberships.id))
      .limit(DASHBOARD_RECENT_LIMIT),
    db
      .select({
        id: events.id,
        title: events.title,
        status: events.status,
        start_date: events.start_date,
        updated_at: events.updated_at,
      })
      .from(events)
      .orderBy(desc(events.updated_at), desc(events.id))
      .limit(DASHBOARD_RECENT_LIMIT),
    db
      .select({
        id: newsArticles.id,
        title: newsArticles.title,
        status: newsArticles.status,
        updated_at: newsArticles.updated_at,
      })
      .from(newsArticles)
      .orderBy(desc(newsArticles.updated_at), desc(newsArticles.id))
      .limit(DASHBOARD_RECENT_LIMIT),
  ]);
  return {
    users: recentUsers.map(({ createdAt, ...user }) => ({ ...user, created_at: createdAt.toISOString() })),
    pendingMemberships: pendingMemberships.map(({ createdAt, ...membership }) => ({
      ...membership,
      created_at: createdAt.toISOString(),
    })),
    events: recentEvents.map((event) => ({ ...event, updated_at: event.updated_at.toISOString() })),
    news: recentNews.map((article) => ({ ...article, updated_at: article.updated_at.toISOString() })),
  };
}

/**
 * Every figure of the admin dashboard, read from the database on each call (docs/product-rules.md
 * "Dashboard": nothing hard-coded). The queries are independent, so a pool runs them side by side.
 */
export async function getDashboardSummary(db: Db, now = new Date()): Promise<DashboardSummary> {
  const [usersSummary, membershipsSummary, eventsSummary, newsSummary, board, directory, recent] =
    await Promise.all([
      countUsers(db),
      countMembersByMembership(db, now),
      countEvents(db),
      countNews(db),
      countBoard(db),
      directoryCounts(db, now),
      listRecentItems(db),
    ]);
  return {
    users: usersSummary,
    memberships: membershipsSummary,
    events: eventsSummary,
    news: newsSummary,
    board,
    directory,
    recent,
  };
}
