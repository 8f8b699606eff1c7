import { EVENT_MESSAGES, formatDateTime, type MyWaitlist, manilaDateString } from '@portal/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { eventRegistrations, eventWaitlist, memberships } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { waitlistOfferEmail } from '../../lib/mail/templates';
import { qualifiedColumn } from '../../lib/sql';
import { goodStanding } from '../membership-standing';
import {
  lockEvent,
  mailMember,
  type RegistrationContext,
  refused,
  registrationRefusal,
} from './registrations';
import { registrationCounts } from './service';

/**
 * The waitlist of a full event (docs/product-rules.md "Waitlist", docs/decisions/047): people wait
 * in order (members in good standing first, then by the time they joined); a freed seat is offered
 * to the next one by e-mail and held for them for the event's `offer_hours`. Every change runs
 * under the event's row lock (decision 021), so the seats held (pending and approved registrations
 * plus open offers) never pass the capacity and each freed seat is offered once.
 */

/** Whether the waiting person holds a membership in good standing at `now` (the queue's first key). */
export const inGoodStanding = (now: Date) => sql<boolean>`exists (select 1 from ${memberships}
  where ${qualifiedColumn(memberships.userId)} = ${qualifiedColumn(eventWaitlist.user_id)}
  and ${goodStanding(
    {
      id: qualifiedColumn(memberships.id),
      status: qualifiedColumn(memberships.status),
      expiresAt: qualifiedColumn(memberships.expiresAt),
    },
    now,
  )})`;

/** The people waiting for a seat at an event, in the order seats are offered to them. */
function waitingInOrder(db: Db | DbTransaction, eventId: string, now: Date) {
  return db
    .select({ id: eventWaitlist.id, user_id: eventWaitlist.user_id })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.event_id, eventId), eq(eventWaitlist.state, 'waiting')))
    .orderBy(desc(inGoodStanding(now)), asc(eventWaitlist.joined_at), asc(eventWaitlist.id));
}

/**
 * Offers `entryIds` (people waiting) a seat each now, held for the event's `offer_hours`, with the
 * offer's e-mail, in the caller's transaction under the event's row lock. Returns the users offered.
 */
export async function makeOffers(
  tx: DbTransaction,
  context: RegistrationContext,
  event: { id: string; title: string; start_date: string; offer_hours: number },
  entryIds: string[],
  now: Date,
) {
  if (entryIds.length === 0) return [];
  const expires = new Date(now.getTime() + event.offer_hours * 3_600_000);
  const offered = await tx
    .update(eventWaitlist)
    .set({ state: 'offered', offered_at: now, offer_expires_at: expires, updated_at: now })
    .where(and(inArray(eventWaitlist.id, entryIds), eq(eventWaitlist.state, 'waiting')))
    .returning({ user_id: eventWaitlist.user_id });
  for (const { user_id } of offered) {
    await mailMember(tx, context, user_id, event, (mail) =>
      waitlistOfferEmail({ ...mail, offerExpires: formatDateTime(expires) }),
    );
  }
  return offered.map((entry) => entry.user_id);
}

/** How many people wait for a seat at an event, and how many hold an offer of one: one statement. */
export async function waitlistCounts(db: Db | DbTransaction, eventId: string) {
  const rows = await db
    .select({ state: eventWaitlist.state, count: sql<number>`count(*)::int` })
    .from(eventWaitlist)
    .where(eq(eventWaitlist.event_id, eventId))
    .groupBy(eventWaitlist.state);
  const of = (state: string) => rows.find((row) => row.state === state)?.count ?? 0;
  return { waiting: of('waiting'), offered: of('offered') };
}

type RegistrationCounts = Awaited<ReturnType<typeof registrationCounts>>;
type WaitlistCounts = Awaited<ReturnType<typeof waitlistCounts>>;

/**
 * The seats an event holds: pending and approved registrations, and the open offers. An offer
 * past its expiry still holds its seat until the events job (or the person's late attempt to
 * register) passes it on, so that a freed seat goes to the waitlist, not to whoever asks first.
 */
export const heldSeats = (registrations: RegistrationCounts, waitlist: WaitlistCounts) =>
  registrations.pending + registrations.approved + waitlist.offered;

/** The seats an event holds (`heldSeats`), read in the caller's transaction. */
export async function seatsHeld(db: Db | DbTransaction, eventId: string) {
  // In turn: `db` may be the caller's transaction, one connection that runs one statement at a time.
  const registrations = await registrationCounts(db, eventId);
  const waitlist = await waitlistCounts(db, eventId);
  return heldSeats(registrations, waitlist);
}

/**
 * Offers the event's free seats to the next people waiting, each by e-mail, until the seats held
 * reach the capacity. The caller holds the event's row lock (`lockEvent`) in `tx`: withdraw,
 * an admin's rejection, a raised capacity, an expired offer or a released hold call it after
 * freeing the seat. A cancelled or started event offers nothing. Returns the users offered a seat.
 */
export async function offerFreedSeats(
  tx: DbTransaction,
  context: RegistrationContext,
  eventId: string,
  now: Date,
): Promise<string[]> {
  const event = await lockEvent(tx, eventId, { allowDraft: true });
  if (event.status !== 'published' || event.start_date < manilaDateString(now)) return [];
  let free = Number.POSITIVE_INFINITY;
  if (event.max_attendees !== null) {
    free = event.max_attendees - (await seatsHeld(tx, eventId));
    if (free <= 0) return [];
  }
  const query = waitingInOrder(tx, eventId, now);
  const next = await (Number.isFinite(free) ? query.limit(free) : query);
  if (next.length === 0) return [];
  return makeOffers(
    tx,
    context,
    event,
    next.map((entry) => entry.id),
    now,
  );
}

/** The signed-in person's place on the waitlist, or null when they are not waiting or offered. */
export async function myWaitlistPlace(
  db: Db | DbTransaction,
  eventId: string,
  userId: string,
  now = new Date(),
): Promise<MyWaitlist | null> {
  const [entry] = await db
    .select({ state: eventWaitlist.state, offer_expires_at: eventWaitlist.offer_expires_at })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.event_id, eventId), eq(eventWaitlist.user_id, userId)));
  if (entry?.state === 'offered') {
    return {
      state: 'offered',
      position: null,
      offer_expires_at: entry.offer_expires_at?.toISOString() ?? null,
    };
  }
  if (entry?.state !== 'waiting') return null;
  const queue = await waitingInOrder(db, eventId, now);
  const position = queue.findIndex((waiting) => waiting.user_id === userId) + 1;
  return { state: 'waiting', position, offer_expires_at: null };
}

/**
 * POST /api/events/{id}/waitlist: joins a full event's waitlist at the back (again after leaving
 * or after an offer expired). Refused as registering would be for a cancelled, started or
 * externally registered event, and when the person is registered, already waiting or offered a
 * seat, or when the event still has seats.
 */
export async function joinWaitlist(context: RegistrationContext, eventId: string, userId: string) {
  await context.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const [registration] = await tx
      .select({ status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.event_id, eventId), eq(eventRegistrations.user_id, userId)));
    const [entry] = await tx
      .select({ state: eventWaitlist.state })
      .from(eventWaitlist)
      .where(and(eq(eventWaitlist.event_id, eventId), eq(eventWaitlist.user_id, userId)));
    const held = await seatsHeld(tx, eventId);
    const refusal = registrationRefusal(
      event,
      held,
      registration !== undefined && registration.status !== 'rejected',
    );
    if (refusal && refusal.options.code !== 'event_full') throw refusal;
    if (registration?.status === 'rejected')
      throw refused(EVENT_MESSAGES.waitlistRejected, 'registration_rejected');
    if (entry?.state === 'waiting') throw refused(EVENT_MESSAGES.waitlistAlreadyWaiting, 'already_waiting');
    if (entry?.state === 'offered') throw refused(EVENT_MESSAGES.waitlistOfferHeld, 'offer_held');
    if (!refusal) throw refused(EVENT_MESSAGES.waitlistNotFull, 'event_not_full');
    const now = new Date();
    // The database's clock in microseconds, read under the lock: each joiner is later than the
    // one before (two in the same millisecond of the process's clock would tie).
    const joined = {
      state: 'waiting' as const,
      joined_at: sql`clock_timestamp()`,
      offered_at: null,
      offer_expires_at: null,
    };
    await tx
      .insert(eventWaitlist)
      .values({ event_id: eventId, user_id: userId, ...joined })
      .onConflictDoUpdate({
        target: [eventWaitlist.event_id, eventWaitlist.user_id],
        set: { ...joined, updated_at: now },
      });
  });
  // Read after the commit: working out the queue's order is the costly part, and the event's
  // other registrations need not wait for it.
  const place = await myWaitlistPlace(context.db, eventId, userId);
  if (!place) throw notFound(EVENT_MESSAGES.waitlistNotFound);
  return place;
}

/** DELETE /api/events/{id}/waitlist: leaves it; a seat offered to the person passes to the next one. */
export async function leaveWaitlist(context: RegistrationContext, eventId: string, userId: string) {
  return context.db.transaction(async (tx) => {
    await lockEvent(tx, eventId, { allowDraft: true });
    const [left] = await tx
      .update(eventWaitlist)
      .set({ state: 'left', updated_at: new Date() })
      .where(
        and(
          eq(eventWaitlist.event_id, eventId),
          eq(eventWaitlist.user_id, userId),
          inArray(eventWaitlist.state, ['waiting', 'offered']),
        ),
      )
      .returning({ id: eventWaitlist.id });
    if (!left) throw notFound(EVENT_MESSAGES.waitlistNotFound);
    await offerFreedSeats(tx, context, eventId, new Date());
    return null;
  });
}
