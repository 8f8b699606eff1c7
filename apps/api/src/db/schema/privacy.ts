import { CONSENT_PURPOSES, CONSENT_SOURCES, type ConsentPurpose, type ConsentSource } from '@portal/shared';
import { bigint, bigserial, boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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

/**
 * The current state of each person's consent for each purpose: a copy of their latest
 * consent_records row (highest seq), kept by the database itself. Migration 0052's trigger on
 * consent_records (after each insert, update or delete) writes it in the same transaction as the
 * record, whoever writes the record (the privacy module, the seed, test factories, the
 * benchmarks' bulk seeds, retention's deletion), so it is never behind the history.
 * `consentGiven` reads it: one primary-key row instead of the history searched per row, and the
 * directory's search joins it (docs/decisions/072, "Added on 2026-12-07"). No row means never
 * given. Nothing in the application writes it.
 */
export const consentStates = pgTable(
  'consent_states',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<ConsentPurpose>().notNull(),
    given: boolean('given').notNull(),
    /** The seq of the consent_records row this state is (the latest one). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.purpose] }),
    checkIn('consent_states_purpose_check', t.purpose, CONSENT_PURPOSES),
  ],
);
