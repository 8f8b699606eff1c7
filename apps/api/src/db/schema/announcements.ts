import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_ITEM_TYPES,
  type AnnouncementAudience,
  type AnnouncementItemType,
} from '@portal/shared';
import { index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { checkIn, createdAt } from './columns';
import { users } from './users';

/**
 * The announcement log (docs/product-rules.md "Announcements", docs/decisions/052): one row per
 * news article or event e-mailed to members, written in the transaction that queues the mail.
 * The item has no foreign key: the row, with the title it had, outlives a deleted item.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    item_type: text('item_type').$type<AnnouncementItemType>().notNull(),
    item_id: uuid('item_id').notNull(),
    item_title: text('item_title').notNull(),
    audience: text('audience').$type<AnnouncementAudience>().notNull(),
    recipient_count: integer('recipient_count').notNull(),
    sent_by: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** The admin's name when they sent it: the log outlives their account. */
    sent_by_name: text('sent_by_name').notNull(),
    /** The form's key: the same one twice sends once. */
    idempotency_key: uuid('idempotency_key').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    checkIn('announcements_item_type_check', t.item_type, ANNOUNCEMENT_ITEM_TYPES),
    checkIn('announcements_audience_check', t.audience, ANNOUNCEMENT_AUDIENCES),
    unique('announcements_idempotency_key_unique').on(t.idempotency_key),
    // An item is announced once (decision 052): two admins sending together cannot both pass.
    unique('announcements_item_unique').on(t.item_type, t.item_id),
    index('announcements_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('announcements_sent_by_idx').on(t.sent_by),
  ],
);

export type AnnouncementRow = typeof announcements.$inferSelect;
