// The admin users table (spec 000 §2): its page, filters and count, and one user as the admin
// screens show them.
import {
  ADMIN_USER_MESSAGES,
  type AdminUser,
  type AdminUserListQuery,
  buildPagination,
  displayName,
  type StaffRole,
} from '@portal/shared';
import { and, asc, desc, eq, exists, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, type User, userRoles, users } from '../../db/schema';
import { nameMissingSql } from '../../lib/display-name';
import { notFound } from '../../lib/errors';
import { memberPictureAddress } from '../../lib/member-pictures';
import { likePattern } from '../../lib/sql';
import {
  hasStanding,
  type MembershipWithDues,
  newestMembershipOf,
  toAdminMembership,
} from '../membership-standing';

export function toAdminUser(
  user: User,
  membership: MembershipWithDues | undefined,
  roles: readonly StaffRole[],
  now = new Date(),
): AdminUser {
  return {
    id: user.id,
    username: user.username,
    display_name: displayName(user),
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    suffix: user.suffix,
    registeredName: user.registeredName,
    tradeName: user.tradeName,
    email: user.email,
    phone: user.phone,
    facsimile: user.facsimile,
    address: user.address,
    type: user.type,
    roles: [...roles],
    status: user.status,
    isNew: user.isNew,
    avatarUrl: memberPictureAddress('avatar', user.id, user.avatarUrl),
    logoUrl: memberPictureAddress('logo', user.id, user.logoUrl),
    email_confirmation: user.emailConfirmedAt?.toISOString() ?? null,
    membership: membership ? toAdminMembership(membership, now) : null,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

const sortColumns = {
  created_at: users.createdAt,
  username: sql`lower(${users.username})`,
  type: users.type,
  status: users.status,
} as const;

/**
 * The search and filters of GET /api/users/get-all (spec 000 §2, §7), which the CSV export
 * shares: on the user, and on their newest membership for the dashboard's links.
 */
export function userFilters(
  db: Db,
  query: Omit<AdminUserListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder'>,
  now: Date,
) {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    // A substring of the name, username or e-mail, on the one lowercased column and its trigram index
    // (schema/users.ts).
    conditions.push(like(users.searchText, likePattern(query.search.toLowerCase())));
  }
  // The dashboard's link to one person (decision 024): exactly that account, not a search.
  if (query.id) conditions.push(eq(users.id, query.id));
  if (query.type) conditions.push(eq(users.type, query.type));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.name === 'missing') conditions.push(nameMissingSql);
  if (query.membership || query.category) {
    // The dashboard's membership links: users whose newest membership has this standing and category.
    conditions.push(
      exists(
        newestMembershipOf(
          db,
          and(
            eq(memberships.userId, users.id),
            query.membership ? hasStanding(memberships, query.membership, now) : undefined,
            query.category ? eq(memberships.category, query.category) : undefined,
          ),
        ),
      ),
    );
  }
  return conditions;
}

/**
 * The two statements of a page of GET /api/users/get-all, the page's rows and the count, as
 * query builders: `listUsers` runs them, and the benchmark explains exactly these (their
 * `toSQL()`, with the same parameters) rather than a query written by hand.
 */
export function userListQueries(db: Db, query: AdminUserListQuery, now = new Date()) {
  const where = and(...userFilters(db, query, now));
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const order = [direction(sortColumns[query.sortBy])];
  // Ties (many users share a type or status) fall back to the creation time, then the id, in the
  // same direction, so paging never repeats or skips a row and one index (schema/users.ts) reads
  // a page in either direction: newest first within a type when descending, oldest first when
  // ascending.
  if (query.sortBy !== 'created_at') order.push(direction(users.createdAt));
  order.push(direction(users.id));
  return {
    page: db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    count: db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  };
}

/** GET /api/users/get-all: a page of users with their newest memberships, and the count, read afresh. */
export async function listUsers(db: Db, query: AdminUserListQuery, now = new Date()) {
  const queries = userListQueries(db, query, now);
  const [rows, [counted]] = await Promise.all([queries.page, queries.count]);
  const [newest, roles] = await Promise.all([newestMembershipsByUser(db, rows), rolesByUser(db, rows)]);
  return {
    users: rows.map((row) => toAdminUser(row, newest.get(row.id), roles.get(row.id) ?? [], now)),
    ...buildPagination(query.page, query.limit, counted?.total ?? 0),
  };
}

/** The newest membership of each of `rows`' users, in one query after theirs. */
export async function newestMembershipsByUser(db: Db, rows: readonly User[]) {
  const found = new Map<string, MembershipWithDues>();
  if (rows.length === 0) return found;
  const newest = await newestMembershipOf(
    db,
    inArray(
      memberships.userId,
      rows.map((row) => row.id),
    ),
  );
  for (const membership of newest) found.set(membership.userId, membership);
  return found;
}

export async function findAdminUser(db: Db, id: string): Promise<AdminUser> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  const [membership] = await newestMembershipOf(db, eq(memberships.userId, id));
  const roles = await rolesByUser(db, [user]);
  return toAdminUser(user, membership, roles.get(id) ?? []);
}

/** The staff roles of each of `rows`' users, in name order, in one query after theirs. */
export async function rolesByUser(db: Db, rows: readonly Pick<User, 'id'>[]) {
  const found = new Map<string, StaffRole[]>();
  if (rows.length === 0) return found;
  const held = await db
    .select({ userId: userRoles.userId, role: userRoles.role })
    .from(userRoles)
    .where(
      inArray(
        userRoles.userId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(userRoles.role));
  for (const { userId, role } of held) found.set(userId, [...(found.get(userId) ?? []), role]);
  return found;
}
