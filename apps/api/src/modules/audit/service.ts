import {
  ADMIN_USER_MESSAGES,
  type AdminAuditAction,
  type AdminAuditEntry,
  type AdminAuditQuery,
  type AuditChanges,
  type AuditValue,
  buildPagination,
  displayName,
} from '@portal/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { type AdminAuditRow, adminAuditLog, users } from '../../db/schema';
import { accountNameSelect } from '../../lib/display-name';
import { invalidToken, notFound } from '../../lib/errors';
import type { Viewer } from '../../plugins/access';

/** A value as the log keeps it: dates as ISO text, nothing else transformed. */
const auditValue = (value: unknown): AuditValue => {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as AuditValue;
};

/**
 * The fields of `fields` whose value differs between `before` and `after`, each from → to. A
 * field missing on one side counts as null there (a new account has no "before", a deleted one
 * no "after").
 */
export function changesBetween<Field extends string>(
  fields: readonly Field[],
  before: Partial<Record<Field, unknown>> | null,
  after: Partial<Record<Field, unknown>> | null,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const from = auditValue(before?.[field]);
    const to = auditValue(after?.[field]);
    if (from !== to) changes[field] = { from, to };
  }
  return changes;
}

export type AdminActionRecord = {
  action: AdminAuditAction;
  /** The user affected, as they are named at the moment of the change. */
  user: { id: string; username: string; email: string };
  membershipId?: string | null;
  changes: AuditChanges;
};

/**
 * Writes one row of the audit log (decision 024) in `tx`, the transaction of the change itself:
 * the row is there exactly when the change is. The actor and the user's name are read in the same
 * transaction, so the row names them as they are now; an actor whose account is gone cannot act
 * (401, as any request whose session no longer works).
 */
export async function recordAdminAction(tx: DbTransaction, viewer: Viewer, record: AdminActionRecord) {
  const named = { username: users.username, ...accountNameSelect };
  const [actor] = await tx
    .select({ ...named, email: users.email })
    .from(users)
    .where(eq(users.id, viewer.userId));
  if (!actor) throw invalidToken();
  const [user] = await tx.select(named).from(users).where(eq(users.id, record.user.id));
  await tx.insert(adminAuditLog).values({
    actorId: viewer.userId,
    actorUsername: actor.username,
    actorDisplayName: displayName(actor),
    actorEmail: actor.email,
    userId: record.user.id,
    username: record.user.username,
    // A user already deleted in this transaction goes by the username the caller names.
    displayName: user ? displayName(user) : record.user.username,
    email: record.user.email,
    membershipId: record.membershipId ?? null,
    action: record.action,
    changes: record.changes,
  });
}

function toAuditEntry(row: AdminAuditRow): AdminAuditEntry {
  return {
    id: row.id,
    action: row.action,
    actor: {
      id: row.actorId,
      username: row.actorUsername,
      display_name: row.actorDisplayName ?? row.actorUsername,
      email: row.actorEmail,
    },
    user: {
      id: row.userId,
      username: row.username,
      display_name: row.displayName ?? row.username,
      email: row.email,
    },
    membershipId: row.membershipId,
    changes: row.changes,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/users/admin/audit/{userId}: what admins did to the user and their memberships, newest
 * first, a page at a time. A deleted user's history is still answered (its rows keep the id);
 * an id that names neither a user nor any history is a 404.
 */
export async function listAdminActions(db: Db, userId: string, query: AdminAuditQuery) {
  const [rows, [counted], [user]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.userId, userId))
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.userId, userId)),
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
  ]);
  const total = counted?.total ?? 0;
  if (!user && total === 0) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  return { entries: rows.map(toAuditEntry), ...buildPagination(query.page, query.limit, total) };
}
