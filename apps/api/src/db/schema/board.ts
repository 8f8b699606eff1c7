import { boolean, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { checkNotNegative, createdAt, updatedAt } from './columns';

/**
 * `position` is free text rather than a checked list: the spec's own values differ in spelling
 * ('Vice-President' / 'Vice President', docs/product-rules.md "Board") and the public page groups
 * unknown positions with the members, so the service normalises instead of the database refusing.
 */
export const boardMembers = pgTable(
  'board_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    position: text('position').notNull(),
    description: text('description'),
    trustee_since: date('trustee_since', { mode: 'string' }),
    display_order: integer('display_order'),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    checkNotNegative('board_members_display_order_check', t.display_order),
    index('board_members_active_order_idx').on(t.is_active, t.display_order),
    index('board_members_position_idx').on(t.position),
    index('board_members_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export type BoardMember = typeof boardMembers.$inferSelect;
export type NewBoardMember = typeof boardMembers.$inferInsert;
