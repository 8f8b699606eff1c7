import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { queueMail } from '../lib/mail/outbox';
import { confirmationEmail } from '../lib/mail/templates';
import type { MailLogger } from '../lib/mail/transport';

/** What the mail worker's tests share: lib/mail/worker.test.ts and worker.slow.test.ts. */

export type LogEntry = { level: string; details: object; message: string };

/** A worker's logger that keeps what it is told. */
export const createMailLogger = () => {
  const entries: LogEntry[] = [];
  const logger: MailLogger = {
    info: (details, message) => entries.push({ level: 'info', details, message }),
    warn: (details, message) => entries.push({ level: 'warn', details, message }),
    error: (details, message) => entries.push({ level: 'error', details, message }),
  };
  return { logger, entries };
};

export const MAIL_FROM = '"Test" <secretariat@example.org>';

export const uniqueAddress = () => `member-${randomUUID()}@example.org`;

/** Queues a confirmation e-mail as registering does; returns its address and link. */
export async function queueConfirmation(db: Db, to = uniqueAddress()) {
  const link = `https://portal.example.org/confirm-email?token=${randomUUID()}`;
  await db.transaction((tx) => queueMail(tx, { to, ...confirmationEmail({ username: 'maria', link }) }));
  return { to, link };
}

export async function outboxRowFor(db: Db, to: string) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  if (!row) throw new Error(`no outbox row for ${to}`);
  return row;
}

/** Makes waiting rows due now, in place of sleeping through the backoff. */
export async function makeDueNow(db: Db) {
  await db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
}
