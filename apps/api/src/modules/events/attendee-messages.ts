import {
  ATTENDEE_MESSAGES,
  type AttendeeMessageListQuery,
  type attendeeMessageCreateSchema,
  buildPagination,
  formatDate,
  sitePaths,
} from '@portal/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type EventMessage, eventMessages, users } from '../../db/schema';
import { AppError, invalidToken } from '../../lib/errors';
import { queueBulkMail } from '../../lib/mail/outbox';
import { attendeeMessageEmail } from '../../lib/mail/templates';
import type { Viewer } from '../../plugins/access';
import { recordAdminAction } from '../audit';
import { eventOf, readAttendees } from './attendees';

type AttendeeMessageInput = z.output<typeof attendeeMessageCreateSchema>;

const toMessageView = (row: EventMessage) => ({
  id: row.id,
  subject: row.subject,
  body: row.body,
  filter: { status: row.filter_status, search: row.filter_search },
  recipient_count: row.recipient_count,
  sent_by: row.sent_by_username,
  created_at: row.created_at.toISOString(),
});

/**
 * POST /api/events/admin/{id}/messages: the admin's subject and text to every registrant the
 * filters select, one e-mail each through the outbox, paced (docs/decisions/048), with a row in
 * the event's message log and in the audit log, all in one transaction.
 *
 * The form's idempotency key makes a repeat harmless: the log row is inserted first, and a second
 * request with the same key finds it (or, arriving together on PostgreSQL, waits on the unique
 * index for the first to commit) and answers the first message without queueing anything.
 */
export async function messageAttendees(
  { db, publicUrl }: { db: Db; publicUrl: string },
  viewer: Viewer,
  eventId: string,
  input: AttendeeMessageInput,
): Promise<{ message: ReturnType<typeof toMessageView>; created: boolean }> {
  return db.transaction(async (tx) => {
    const event = await eventOf(tx, eventId);
    const [actor] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, viewer.userId));
    if (!actor) throw invalidToken();
    const recipients = await readAttendees(tx, eventId, input);
    const [logged] = await tx
      .insert(eventMessages)
      .values({
        event_id: eventId,
        subject: input.subject,
        body: input.body,
        filter_status: input.status ?? null,
        filter_search: input.search ?? null,
        recipient_count: recipients.length,
        sent_by: actor.id,
        sent_by_username: actor.username,
        idempotency_key: input.idempotency_key,
      })
      .onConflictDoNothing({ target: eventMessages.idempotency_key })
      .returning();
    if (!logged) {
      const [first] = await tx
        .select()
        .from(eventMessages)
        .where(eq(eventMessages.idempotency_key, input.idempotency_key));
      if (!first || first.event_id !== eventId) {
        throw new AppError(409, ATTENDEE_MESSAGES.keyReused, { code: 'idempotency_key_reused' });
      }
      return { message: toMessageView(first), created: false };
    }
    // Checked after the key: a repeat of a sent message answers that message even if the group
    // has emptied since.
    if (recipients.length === 0) {
      throw new AppError(409, ATTENDEE_MESSAGES.noRecipients, { code: 'no_recipients' });
    }
    const link = `${publicUrl}${sitePaths.eventDetail(event.id)}`;
    await queueBulkMail(
      tx,
      recipients.map((recipient) => ({
        to: recipient.email,
        writtenByStaff: true,
        ...attendeeMessageEmail({
          name: recipient.name,
          subject: input.subject,
          body: input.body,
          eventTitle: event.title,
          eventDate: formatDate(event.start_date),
          link,
        }),
      })),
    );
    await recordAdminAction(tx, viewer, {
      action: 'event_attendees_messaged',
      user: actor,
      changes: {
        event: { from: null, to: event.title },
        subject: { from: null, to: input.subject },
        recipients: { from: null, to: recipients.length },
      },
    });
    return { message: toMessageView(logged), created: true };
  });
}

/** GET /api/events/admin/{id}/messages: the event's message log, newest first. */
export async function listAttendeeMessages(db: Db, eventId: string, query: AttendeeMessageListQuery) {
  await eventOf(db, eventId);
  const where = eq(eventMessages.event_id, eventId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(eventMessages)
      .where(where)
      .orderBy(desc(eventMessages.created_at), desc(eventMessages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(eventMessages).where(where),
  ]);
  return {
    messages: rows.map(toMessageView),
    pagination: buildPagination(query.page, query.limit, counted?.total ?? 0),
  };
}
