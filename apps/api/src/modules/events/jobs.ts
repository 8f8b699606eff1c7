import { formatDate, formatDateTime, SITE_TIME_ZONE } from '@portal/shared';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { eventRegistrations, events, eventWaitlist } from '../../db/schema';
import { eventReminderEmail } from '../../lib/mail/templates';
import { releaseExpiredHolds } from './paid-registrations';
import { lockEvent, mailMember, type RegistrationContext } from './registrations';
import { offerFreedSeats } from './waitlist';

/**
 * The events' work on a clock (docs/decisions/047): offers past their time passed on, then the
 * reminders before each event's start. Run every few minutes by every server process
 * (`jobs-plugin.ts`); each step claims its rows in the database, so any number of runs at
 * once, in one process or several, pass each offer on once and send each reminder once.
 */

/**
 * An event's start as an instant: its date and time are Manila wall-clock values, and an all-day
 * event (no start time) starts at 00:00 there.
 */
const startsAt = sql<Date>`((${events.start_date} + coalesce(${events.start_time}, time '00:00')) at time zone ${SITE_TIME_ZONE})`;

/**
 * Expires the offers whose time has passed at `now` and offers each freed seat to the next person
 * waiting. One transaction per event under its row lock: a second run at once waits for the lock
 * and then finds nothing left to expire. Returns how many offers expired and how many were made.
 */
export async function expireOffers(context: RegistrationContext, now: Date) {
  const due = await context.db
    .selectDistinct({ eventId: eventWaitlist.event_id })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.state, 'offered'), lte(eventWaitlist.offer_expires_at, now)));
  let expired = 0;
  let offered = 0;
  for (const { eventId } of due) {
    await context.db.transaction(async (tx) => {
      await lockEvent(tx, eventId, { allowDraft: true });
      const passed = await tx
        .update(eventWaitlist)
        .set({ state: 'expired', updated_at: now })
        .where(
          and(
            eq(eventWaitlist.event_id, eventId),
            eq(eventWaitlist.state, 'offered'),
            lte(eventWaitlist.offer_expires_at, now),
          ),
        )
        .returning({ id: eventWaitlist.id });
      if (passed.length === 0) return;
      expired += passed.length;
      offered += (await offerFreedSeats(tx, context, eventId, now)).length;
    });
  }
  return { expired, offered };
}

const startText = (start: Date, allDay: boolean, date: string) =>
  allDay ? formatDate(date) : formatDateTime(start);

/**
 * Queues the reminder of every pending or approved registration of a published event that starts
 * after `now` and within its `reminder_hours` of it, once: the registrations are claimed with
 * `FOR UPDATE SKIP LOCKED` and marked `reminded_at` in the transaction that queues their e-mails,
 * so a run at the same moment skips them, and a later one finds them reminded.
 */
export async function sendReminders(context: RegistrationContext, now: Date) {
  return context.db.transaction(async (tx) => {
    const due = tx
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.event_id))
      .where(
        and(
          isNull(eventRegistrations.reminded_at),
          inArray(eventRegistrations.status, ['pending', 'approved']),
          eq(events.status, 'published'),
          sql`${startsAt} > ${now}`,
          sql`${startsAt} - make_interval(hours => ${events.reminder_hours}) <= ${now}`,
        ),
      )
      .for('update', { of: eventRegistrations, skipLocked: true });
    const claimed = await tx
      .update(eventRegistrations)
      .set({ reminded_at: now })
      .where(and(inArray(eventRegistrations.id, due), isNull(eventRegistrations.reminded_at)))
      .returning({ userId: eventRegistrations.user_id, eventId: eventRegistrations.event_id });
    if (claimed.length === 0) return 0;
    const reminded = await tx
      .select({
        id: events.id,
        title: events.title,
        start_date: events.start_date,
        allDay: sql<boolean>`${events.start_time} is null`,
        startsAt: sql<string>`${startsAt}`,
      })
      .from(events)
      .where(
        inArray(
          events.id,
          claimed.map((row) => row.eventId),
        ),
      );
    for (const { userId, eventId } of claimed) {
      const event = reminded.find((row) => row.id === eventId);
      if (!event) continue;
      const starts = startText(new Date(event.startsAt), event.allDay, event.start_date);
      await mailMember(tx, context, userId, event, (mail) =>
        eventReminderEmail({ ...mail, startsAt: starts }),
      );
    }
    return claimed.length;
  });
}

export type EventsJobResult = {
  holdsReleased: number;
  offersExpired: number;
  offersMade: number;
  reminders: number;
};

/**
 * One pass of the events job as if the time were `now` (the scheduler; tests pass their own).
 * The order matters: seats freed by expiring offers are offered before reminders go out.
 */
export async function runEventsJob(context: RegistrationContext, now = new Date()): Promise<EventsJobResult> {
  // Unpaid seat holds first: the seats they free are offered to the waitlist in the same pass.
  const holds = await releaseExpiredHolds(context, now);
  const offers = await expireOffers(context, now);
  const reminders = await sendReminders(context, now);
  return {
    holdsReleased: holds.released,
    offersExpired: offers.expired,
    offersMade: offers.offered,
    reminders,
  };
}
