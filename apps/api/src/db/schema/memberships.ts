import {
  MEMBERSHIP_CATEGORIES,
  MEMBERSHIP_STATUSES,
  type MembershipCategory,
  type MembershipStatus,
} from '@portal/shared';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * MEAP-YYYY-NNNN, given in the transaction that records the first payment in full and never
     * changed or reused (docs/product-rules.md "Membership card"); null until then.
     */
    memberNumber: text('member_number'),
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
    uniqueIndex('memberships_member_number_unique').on(t.memberNumber),
  ],
);

export type Membership = typeof memberships.$inferSelect;
export type NewMembership = typeof memberships.$inferInsert;

/**
 * A membership's live card (docs/decisions/043): at most one. Its token is an HMAC of `id` under
 * the server's secret, so the server can print the same QR code again while the database holds
 * only the token's SHA-256. Regenerating replaces the row (a new id, a new token); revoking deletes
 * it: the old token then finds nothing.
 */
export const membershipCards = pgTable(
  'membership_cards',
  {
    id: uuid('id').primaryKey(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('membership_cards_membership_unique').on(t.membershipId),
    uniqueIndex('membership_cards_token_hash_unique').on(t.tokenHash),
  ],
);

export type MembershipCardRow = typeof membershipCards.$inferSelect;
