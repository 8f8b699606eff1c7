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
};

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
      status: 'queued',
      ...(delayMs > 0 && {
        nextAttemptAt: sql`now() + ${Math.round(delayMs)}::integer * interval '1 millisecond'`,
      }),
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('The message was not queued');
  return row.id;
}
