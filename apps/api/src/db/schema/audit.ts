import { ADMIN_AUDIT_ACTIONS, type AdminAuditAction, type AuditChanges } from '@portal/shared';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { checkIn, createdAt } from './columns';
import { users } from './users';

/**
 * The audit log of admin actions on users and memberships (decision 024), one row per change,
 * written in the change's own transaction. A row outlives the people in it: the actor and the
 * user affected are kept as they were named then (name, username and e-mail); the actor's account is a
 * foreign key set null when it is deleted, while the affected user's and membership's ids are
 * plain values, so the history of a deleted account, its deletion included, is still found by
 * its id.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    actorEmail: text('actor_email').notNull(),
    /**
     * The names the actor and the user went by then (docs/product-rules.md "Names"); null on rows
     * written before names were kept, which read as the username.
     */
    actorDisplayName: text('actor_display_name'),
    /** No foreign key: the row stays, with this id, after the user is deleted. */
    userId: uuid('user_id').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name'),
    /** No foreign key, like `user_id`: a deleted membership's changes stay readable. */
    membershipId: uuid('membership_id'),
    action: text('action').$type<AdminAuditAction>().notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('admin_audit_log_action_check', t.action, ADMIN_AUDIT_ACTIONS),
    // A user's history, newest first, a page at a time.
    index('admin_audit_log_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Deleting an admin sets their rows' actor_id to null: found by this index, not a scan.
    index('admin_audit_log_actor_id_idx').on(t.actorId),
  ],
);

export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
