import { and, eq, inArray } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client';
import { eventRegistrations, type events } from '../../db/schema';
import { eventCancelledEmail, eventChangedEmail } from '../../lib/mail/templates';
import { mailMember, type RegistrationContext } from './registrations';

/**
 * The fields of an event a calendar entry holds for when and where: a change of any of them, or
 * the cancellation, is mailed to its registrants with the new file (docs/product-rules.md "What
 * other software reads"; decision 059 left it to the feed).
 */
const WHEN_AND_WHERE = [
  'start_date',
  'end_date',
  'start_time',
  'end_time',
  'location_name',
  'building_name',
  'floor',
  'room',
  'address',
  'city',
  'province',
  'country',
] as const;

type EventRow = Pick<typeof events.$inferSelect, (typeof WHEN_AND_WHERE)[number] | 'status' | 'id' | 'title'>;

/** Whom a change is mailed to: the registrants who hold or wait for a seat, not the refused. */
const HOLDING_A_SEAT = ['pending', 'approved'] as const;

/**
 * After an edit of a published event (inside its transaction, `after` the saved row): mails each
 * registrant holding a seat the updated calendar file when its time or place changed, or the
 * cancelling one when it was cancelled. Its SEQUENCE is the event's last change (calendar.ts), so
 * a calendar that imported the earlier file applies this one. A draft being published, or an edit
 * of anything else, mails nobody.
 */
export async function mailCalendarChange(
  tx: DbTransaction,
  context: RegistrationContext,
  before: EventRow,
  after: EventRow,
) {
  if (before.status !== 'published') return;
  const cancelled = after.status === 'cancelled';
  const moved =
    after.status === 'published' && WHEN_AND_WHERE.some((field) => before[field] !== after[field]);
  if (!cancelled && !moved) return;
  const registrants = await tx
    .select({ userId: eventRegistrations.user_id })
    .from(eventRegistrations)
    .where(
      and(eq(eventRegistrations.event_id, after.id), inArray(eventRegistrations.status, HOLDING_A_SEAT)),
    );
  for (const { userId } of registrants) {
    await mailMember(tx, context, userId, after, cancelled ? eventCancelledEmail : eventChangedEmail, {
      withCalendar: true,
    });
  }
}
