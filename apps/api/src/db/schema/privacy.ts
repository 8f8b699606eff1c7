import { CONSENT_PURPOSES, CONSENT_SOURCES, type ConsentPurpose, type ConsentSource } from '@portal/shared';
import { bigserial, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { checkIn, createdAt } from './columns';
import { users } from './users';

/**
 * Consent records (docs/product-rules.md "Privacy", docs/decisions/065): one row per consent given
 * or withdrawn, never updated, so the table is the history and a person's current state for a
 * purpose is their latest row (by `seq`, which orders rows written in one transaction too).
 * No row for a purpose means it was never given. Announcements read `announcements_email` here
 * and nowhere else.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the latest row of a person and purpose is the one with the highest seq. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    // Cascade: the history of an account that is deleted goes with it (docs/decisions/020); erasure
    // keeps accounts as placeholders, so their records stay as proof of what was consented.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<ConsentPurpose>().notNull(),
    given: boolean('given').notNull(),
    /** The notice version in force when the choice was made; null for choices carried over from before the notice. */
    noticeVersion: text('notice_version'),
    source: text('source').$type<ConsentSource>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('consent_records_purpose_check', t.purpose, CONSENT_PURPOSES),
    checkIn('consent_records_source_check', t.source, CONSENT_SOURCES),
    // The latest row of a person and purpose, read backwards off this index (announcements, the
    // profile, the mail worker's check before sending).
    index('consent_records_user_purpose_seq_idx').on(t.userId, t.purpose, t.seq),
  ],
);

export type ConsentRecordRow = typeof consentRecords.$inferSelect;
