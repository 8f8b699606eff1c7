import { BULK_MAIL_PER_MINUTE, type ConsentPurpose } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { type MailAttachment, mailOutbox } from '../../db/schema';

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Files sent with the message (an event's calendar file); none when left out. */
  attachments?: MailAttachment[];
  /** Header fields of this message alone (RFC 8058's unsubscribe pair); none when left out. */
  headers?: Record<string, string>;
  /** Written by a person of the secretariat (a message to an event's attendees), not by the portal. */
  writtenByStaff?: boolean;
  /**
   * The consent the message is sent under (an announcement): the worker does not send it if that
   * person's consent is withdrawn by the time it is due (lib/mail/worker.ts, docs/decisions/065).
   */
  consent?: { userId: string; purpose: ConsentPurpose };
};

/**
 * What the portal sends by itself (confirmations, statements, reminders, announcements) says so,
 * as RFC 3834 asks, so that out-of-office responders and mail filters do not answer it. A message
 * the secretariat wrote is a person's and may get a reply.
 */
const AUTOMATIC_MAIL_HEADERS = { 'Auto-Submitted': 'auto-generated' };

/**
 * Queues a message for the mail worker. Call it with the transaction that makes the change the
 * message announces: the mail then exists exactly when the change commits, and a mail server that
 * is down cannot fail the request. `delayMs` holds the message back that long: the worker sends a
 * row once it is due, so messages queued with growing delays leave at a steady pace.
 */
export async function queueMail(
  db: Db | DbTransaction,
  message: MailMessage,
  { delayMs = 0 }: { delayMs?: number } = {},
): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: message.attachments ?? [],
      headers: { ...(message.writtenByStaff ? {} : AUTOMATIC_MAIL_HEADERS), ...message.headers },
      status: 'queued',
      consentUserId: message.consent?.userId ?? null,
      consentPurpose: message.consent?.purpose ?? null,
      ...(delayMs > 0 && {
        nextAttemptAt: sql`now() + ${Math.round(delayMs)}::integer * interval '1 millisecond'`,
      }),
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('The message was not queued');
  return row.id;
}

/**
 * The n-th message of a bulk mailing is due this long after the first: BULK_MAIL_PER_MINUTE
 * (docs/decisions/048 and 052), so the worker sends them at that pace with no queue of its own.
 */
export const bulkMailDelayMs = (index: number) => Math.floor((index * 60_000) / BULK_MAIL_PER_MINUTE);

/**
 * Queues one message per recipient of a bulk mailing (attendee messages, announcements), paced by
 * `bulkMailDelayMs`, in the caller's transaction like `queueMail`. Answers how many it queued.
 */
export async function queueBulkMail(
  db: Db | DbTransaction,
  messages: Iterable<MailMessage>,
): Promise<number> {
  let index = 0;
  for (const message of messages) {
    await queueMail(db, message, { delayMs: bulkMailDelayMs(index) });
    index++;
  }
  return index;
}
