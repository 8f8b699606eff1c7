import { REPRESENTATIVE_TYPES, type RepresentativeType } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { checkIn, createdAt, updatedAt } from './columns';
import { users } from './users';

export const representatives = pgTable(
  'representatives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    preferredName: text('preferred_name'),
    position: text('position'),
    /** Optional; a company's voting representative is sent its dues reminders there too. */
    email: text('email'),
    /** Null is allowed and shown as "Other" (spec 000 §3). */
    type: text('type').$type<RepresentativeType>(),
    avatarUrl: text('avatar_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('representatives_type_check', t.type, REPRESENTATIVE_TYPES),
    index('representatives_user_id_idx').on(t.userId),
    // At most one voting representative per company, also under concurrent edits (spec 000 §5).
    uniqueIndex('representatives_one_voting_per_user').on(t.userId).where(sql`type = 'voting'`),
  ],
);

export type Representative = typeof representatives.$inferSelect;
export type NewRepresentative = typeof representatives.$inferInsert;
