import {
  MEMBERSHIP_CATEGORIES,
  MEMBERSHIP_STATUSES,
  type MembershipCategory,
  type MembershipStatus,
} from '@portal/shared';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { checkIn, createdAt, updatedAt } from './columns';
import { users } from './users';

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<MembershipCategory>().notNull(),
    status: text('status').$type<MembershipStatus>().notNull().default('pending'),
    /**
     * Set on approval; the 12-month period runs from here
     * (docs/product-rules.md "Membership lifecycle").
     */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('memberships_category_check', t.category, MEMBERSHIP_CATEGORIES),
    checkIn('memberships_status_check', t.status, MEMBERSHIP_STATUSES),
    // "Is there a newer membership of this user" (newestMembershipOf in memberships/) and the
    // login's memberships newest first read this index; nulls first is the order of
    // `ORDER BY created_at DESC, id DESC`.
    index('memberships_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('memberships_status_idx').on(t.status),
  ],
);

export type Membership = typeof memberships.$inferSelect;
export type NewMembership = typeof memberships.$inferInsert;
