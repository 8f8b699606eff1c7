import { type ConsentPurpose, MAIL_STATUSES, type MailStatus } from '@portal/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { checkIn, createdAt } from './columns';

/**
 * A file sent with a message, kept with the row until it is sent: text content (a calendar file),
 * or a binary file as base64 (`encoding`, a ticket's QR code), as nodemailer takes both.
 */
export type MailAttachment = { filename: string; contentType: string; content: string; encoding?: 'base64' };

const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Outgoing mail, written in the same transaction as the change that causes it and sent by any API
 * process that claims a row with `FOR UPDATE SKIP LOCKED`
 * (docs/architecture.md "Running several processes").
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    /**
     * Header fields of this message alone (an announcement's `List-Unsubscribe` and
     * `List-Unsubscribe-Post`, RFC 8058), sent as given; none for most mail.
     */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /**
     * The consent this message is sent under (an announcement's `announcements_email`) and whose:
     * the worker checks it again as it claims the row, so a consent withdrawn while a paced mailing
     * is going out stops the messages not yet sent (status `withdrawn`, docs/decisions/065).
     * Null for mail that needs no consent (confirmations, receipts).
     */
    consentUserId: uuid('consent_user_id'),
    consentPurpose: text('consent_purpose').$type<ConsentPurpose>(),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    /** When a sender claimed the row; a stale lock means the sender died and the row is retried. */
    lockedAt: timestampTz('locked_at'),
    lastError: text('last_error'),
    sentAt: timestampTz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('mail_outbox_status_check', t.status, MAIL_STATUSES),
    index('mail_outbox_status_next_attempt_idx').on(t.status, t.nextAttemptAt),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type NewMailOutboxRow = typeof mailOutbox.$inferInsert;
