import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { checkIn, createdAt, updatedAt } from './columns';
import { mailOutbox } from './mail';
import { users } from './users';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The breach register (docs/decisions/069): one row per suspected breach of personal data. The
 * 72 hours to notify run from `discovered_at`; a closed breach is kept as the record the National
 * Privacy Commission may ask for. Who recorded it is kept by name as well, as the audit log does.
 */
export const privacyBreaches = pgTable(
  'privacy_breaches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    what: text('what').notNull(),
    occurredAt: timestampTz('occurred_at'),
    discoveredAt: timestampTz('discovered_at').notNull(),
    dataKinds: text('data_kinds').notNull(),
    /** How many people, as far as known: may be more than the accounts listed as affected. */
    peopleCount: integer('people_count'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name').notNull(),
    closedAt: timestampTz('closed_at'),
    closureSummary: text('closure_summary'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('privacy_breaches_people_count_check', sql`${t.peopleCount} is null or ${t.peopleCount} >= 0`),
    index('privacy_breaches_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The accounts a breach touches. `notified_at` is set in the transaction that queues their
 * e-mail, so each is told once however often the button is pressed.
 */
export const privacyBreachPeople = pgTable(
  'privacy_breach_people',
  {
    breachId: uuid('breach_id')
      .notNull()
      .references(() => privacyBreaches.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notifiedAt: timestampTz('notified_at'),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.breachId, t.userId] }),
    index('privacy_breach_people_user_idx').on(t.userId),
  ],
);

export const BREACH_NOTICE_KINDS = ['npc', 'people'] as const;
export type BreachNoticeKind = (typeof BREACH_NOTICE_KINDS)[number];

/**
 * The notices sent about a breach: the one to the NPC (when, how, its reference), and each e-mail
 * to the people affected (its subject and body as sent, and to how many).
 */
export const privacyBreachNotices = pgTable(
  'privacy_breach_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    breachId: uuid('breach_id')
      .notNull()
      .references(() => privacyBreaches.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<BreachNoticeKind>().notNull(),
    notifiedAt: timestampTz('notified_at').notNull(),
    method: text('method'),
    reference: text('reference'),
    subject: text('subject'),
    body: text('body'),
    recipients: integer('recipients'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('privacy_breach_notices_kind_check', t.kind, BREACH_NOTICE_KINDS),
    index('privacy_breach_notices_breach_idx').on(t.breachId, t.createdAt),
  ],
);
