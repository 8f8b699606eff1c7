import { DIRECTORY_ENTRY_KINDS, type DirectoryEntryKind, type DirectoryVisibilityMap } from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkIn, createdAt, updatedAt } from './columns';
import { representatives } from './representatives';
import { users } from './users';

/**
 * A member's directory entry (docs/product-rules.md "Member directory", decision 072): one per
 * account, written by its owner. Whether it is listed is not stored here: it is the account's
 * `member_directory` consent (consent_records), read with every search, so withdrawing it takes
 * the entry out at once. Names and the logo are the account's own (users), never copied.
 */
export const directoryEntries = pgTable(
  'directory_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DirectoryEntryKind>().notNull(),
    about: text('about'),
    commodities: text('commodities').array().notNull().default(sql`'{}'::text[]`),
    activities: text('activities').array().notNull().default(sql`'{}'::text[]`),
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    provinces: text('provinces').array().notNull().default(sql`'{}'::text[]`),
    website: text('website'),
    contactPerson: text('contact_person'),
    profession: text('profession'),
    specialisations: text('specialisations').array().notNull().default(sql`'{}'::text[]`),
    yearsOfPractice: integer('years_of_practice'),
    employer: text('employer'),
    competentPerson: boolean('competent_person').notNull().default(false),
    /** Set by the secretariat after checking the PRC's register; the number is never shown. */
    licenceVerified: boolean('licence_verified').notNull().default(false),
    contactEnabled: boolean('contact_enabled').notNull().default(true),
    /** Who sees each field (DIRECTORY_FIELDS): public, members or nobody. */
    visibility: jsonb('visibility').$type<DirectoryVisibilityMap>().notNull(),
    /** Hidden by the secretariat, with the reason the member reads; null while shown. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('directory_entries_kind_check', t.kind, DIRECTORY_ENTRY_KINDS),
    // The visibility map's values, as the API accepts them (decision 072).
    // An entry's name is public or members-only, never hidden from everyone (decision 072).
    check(
      'directory_entries_name_visibility_check',
      sql`(${t.visibility} ->> 'name') in ('public', 'members')`,
    ),
  ],
);

/**
 * Messages sent through the directory: kept for the hourly limit, the recipient's list and an
 * abuse report's evidence. The mail itself goes through the outbox.
 */
export const directoryMessages = pgTable(
  'directory_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => directoryEntries.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }),
    reportReason: text('report_reason'),
  },
  (t) => [
    // The sender's messages of the last hour (the limit), and an entry's received list.
    index('directory_messages_sender_created_idx').on(t.senderId, t.createdAt),
    index('directory_messages_entry_created_idx').on(t.entryId, t.createdAt),
  ],
);

export type DirectoryEntryRow = typeof directoryEntries.$inferSelect;

/**
 * A representative's own agreement to appear in their company's entry (docs/decisions/072, "Added
 * on 2026-12-08"): representatives have no accounts, so this is their consent record. One row per
 * time the company asks; the row with no `endedAt` is the current one. The agreement holds only
 * while `email` is still the representative's address: a changed address ends it, as does the
 * representative withdrawing, the company taking them off, or the representative being deleted
 * (cascade). The links' tokens are stored as their hashes (lib/tokens.ts).
 */
export const directoryRepresentatives = pgTable(
  'directory_representatives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    representativeId: uuid('representative_id')
      .notNull()
      .references(() => representatives.id, { onDelete: 'cascade' }),
    /** The address the request was mailed to. */
    email: text('email').notNull(),
    agreeTokenHash: text('agree_token_hash').notNull().unique(),
    withdrawTokenHash: text('withdraw_token_hash').unique(),
    askedAt: timestamp('asked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    agreedAt: timestamp('agreed_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    endedBy: text('ended_by').$type<'representative' | 'company'>(),
  },
  (t) => [
    checkIn('directory_representatives_ended_by_check', t.endedBy, ['representative', 'company']),
    // At most one open request or agreement per representative.
    uniqueIndex('directory_representatives_current_idx').on(t.representativeId).where(sql`ended_at is null`),
  ],
);

export type DirectoryRepresentativeRow = typeof directoryRepresentatives.$inferSelect;
