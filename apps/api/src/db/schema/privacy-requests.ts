import {
  CORRECTION_FIELDS,
  type CorrectionField,
  type ErasureKeptItem,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { checkIn } from './columns';
import { users } from './users';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A member's request about their own data (docs/product-rules.md "Privacy", docs/decisions/068):
 * to erase the account, or to correct what they cannot edit themselves. Answered by the
 * secretariat within 30 days (`due_at`). The row stays after the erasure it asked for, as the
 * record that it was made and answered; the account it names then is the placeholder.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Cascade: an account deleted outright (decision 020) takes its requests with it; an erased
    // account is kept as a placeholder, so its request stays.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PrivacyRequestKind>().notNull(),
    status: text('status').$type<PrivacyRequestStatus>().notNull().default('open'),
    /** What a correction is about; null for an erasure. */
    field: text('field').$type<CorrectionField>(),
    /** The member's words: an erasure's reason, a correction's details. */
    details: text('details').notNull(),
    requestedAt: timestampTz('requested_at').notNull().defaultNow(),
    /** requested_at + 30 days: the Data Privacy Act's answer time. */
    dueAt: timestampTz('due_at').notNull(),
    resolvedAt: timestampTz('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** The secretariat's answer: a refusal's reason, or what a correction changed. */
    answer: text('answer'),
    /** An approved erasure's placeholder number ('2026-0042'), printed as 'Former member 2026-0042'. */
    formerMemberNumber: text('former_member_number'),
    /** What an approved erasure kept, and why: the list e-mailed to the member. */
    keptItems: jsonb('kept_items').$type<ErasureKeptItem[]>().notNull().default([]),
  },
  (t) => [
    checkIn('privacy_requests_kind_check', t.kind, PRIVACY_REQUEST_KINDS),
    checkIn('privacy_requests_status_check', t.status, PRIVACY_REQUEST_STATUSES),
    checkIn('privacy_requests_field_check', t.field, CORRECTION_FIELDS),
    check(
      'privacy_requests_status_of_kind_check',
      sql`(${t.kind} = 'erasure' and ${t.status} in ('open', 'approved', 'rejected') and ${t.field} is null) or (${t.kind} = 'correction' and ${t.status} in ('open', 'resolved', 'rejected') and ${t.field} is not null)`,
    ),
    // One open erasure request per person, whatever arrives at once (docs/decisions/068).
    uniqueIndex('privacy_requests_one_open_erasure')
      .on(t.userId)
      .where(sql`kind = 'erasure' and status = 'open'`),
    uniqueIndex('privacy_requests_former_member_number_unique').on(t.formerMemberNumber),
    // The admin list: open ones by deadline, or all of them newest first; a person's own requests.
    index('privacy_requests_status_due_idx').on(t.status, t.dueAt, t.id),
    index('privacy_requests_requested_idx').on(t.requestedAt, t.id),
    index('privacy_requests_user_idx').on(t.userId, t.requestedAt),
  ],
);

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;
