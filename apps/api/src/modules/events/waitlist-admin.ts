import { type AdminWaitlistEntry, EVENT_MESSAGES, WAITLIST_ADMIN_MESSAGES } from '@portal/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { events, eventWaitlist, representatives, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Viewer } from '../../plugins/access';
import { recordAdminAction } from '../audit';
import { attendeeCompany, attendeeName, votingRepresentative } from './attendees';
import { lockEvent, type RegistrationContext, refused, registrationRefusal } from './registrations';
import { inGoodStanding, makeOffers, offerFreedSeats, seatsHeld } from './waitlist';

// The secretariat's Waitlist tab (docs/product-rules.md "Waitlist", docs/decisions/074)

/**
 * GET /api/events/admin/{id}/waitlist: the people holding an offer (soonest expiry first), then
 * those waiting in the order seats go to them, with their place, name, company and e-mail.
 */
export async function adminWaitlist(
  db: Db | DbTransaction,
  eventId: string,
  now = new Date(),
): Promise<AdminWaitlistEntry[]> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  const rows = await db
    .select({
      id: eventWaitlist.id,
      user_id: eventWaitlist.user_id,
      name: attendeeName,
      company: attendeeCompany,
      email: users.email,
      state: eventWaitlist.state,
      joined_at: eventWaitlist.joined_at,
      offered_at: eventWaitlist.offered_at,
      offer_expires_at: eventWaitlist.offer_expires_at,
    })
    .from(eventWaitlist)
    .innerJoin(users, eq(users.id, eventWaitlist.user_id))
    .leftJoin(representatives, votingRepresentative)
    .where(and(eq(eventWaitlist.event_id, eventId), inArray(eventWaitlist.state, ['waiting', 'offered'])))
    .orderBy(
      sql`${eventWaitlist.state} = 'offered' desc`,
      asc(eventWaitlist.offer_expires_at),
      desc(inGoodStanding(now)),
      asc(eventWaitlist.joined_at),
      asc(eventWaitlist.id),
    );
  let position = 0;
  return rows.map((row) => ({
    ...row,
    state: row.state as AdminWaitlistEntry['state'],
    position: row.state === 'waiting' ? ++position : null,
    joined_at: row.joined_at.toISOString(),
    offered_at: row.offered_at?.toISOString() ?? null,
    offer_expires_at: row.offer_expires_at?.toISOString() ?? null,
  }));
}

/**
 * A waitlist entry of the event that is still waiting or offered, read under the event's lock, with
 * the account it belongs to (the audit log names the person the secretariat acted on).
 */
async function openEntry(tx: DbTransaction, eventId: string, entryId: string) {
  const [entry] = await tx
    .select({
      id: eventWaitlist.id,
      state: eventWaitlist.state,
      user: { id: users.id, username: users.username, email: users.email },
    })
    .from(eventWaitlist)
    .innerJoin(users, eq(users.id, eventWaitlist.user_id))
    .where(and(eq(eventWaitlist.id, entryId), eq(eventWaitlist.event_id, eventId)));
  if (!entry || (entry.state !== 'waiting' && entry.state !== 'offered')) {
    throw notFound(WAITLIST_ADMIN_MESSAGES.entryNotFound);
  }
  return entry;
}

/**
 * POST /api/events/admin/{id}/waitlist/{entryId}/offer ("offer now"): the secretariat offers this
 * person a seat out of the queue's order. When every seat is held the capacity goes up by one for
 * it, so the seats held never pass the capacity (decision 074). Refused for a person no longer
 * waiting, and for an event that takes no registrations here, is cancelled or has started.
 * Audit-logged on the person offered the seat.
 */
export async function offerSeatNow(
  context: RegistrationContext,
  viewer: Viewer,
  eventId: string,
  entryId: string,
) {
  const now = new Date();
  await context.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId, { allowDraft: true });
    const entry = await openEntry(tx, eventId, entryId);
    if (entry.state !== 'waiting') throw refused(WAITLIST_ADMIN_MESSAGES.notWaiting, 'not_waiting');
    const refusal = registrationRefusal(event, 0, false);
    if (refusal) throw refusal;
    if (event.status !== 'published') throw notFound(EVENT_MESSAGES.notFound);
    if (event.max_attendees !== null) {
      const held = await seatsHeld(tx, eventId);
      if (held >= event.max_attendees) {
        await tx
          .update(events)
          .set({ max_attendees: held + 1, updated_at: now })
          .where(eq(events.id, eventId));
      }
    }
    await makeOffers(tx, context, event, [entry.id], now);
    await recordAdminAction(tx, viewer, {
      action: 'event_waitlist_offered',
      user: entry.user,
      changes: { event: { from: null, to: event.title } },
    });
  });
  return adminWaitlist(context.db, eventId, now);
}

/**
 * DELETE /api/events/admin/{id}/waitlist/{entryId}: takes the person off the waitlist (kept as
 * `left`); a seat offered to them passes to the next person in the same transaction. Audit-logged
 * on the person taken off.
 */
export async function removeFromWaitlist(
  context: RegistrationContext,
  viewer: Viewer,
  eventId: string,
  entryId: string,
) {
  const now = new Date();
  await context.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId, { allowDraft: true });
    const entry = await openEntry(tx, eventId, entryId);
    await tx
      .update(eventWaitlist)
      .set({ state: 'left', updated_at: now })
      .where(eq(eventWaitlist.id, entryId));
    await offerFreedSeats(tx, context, eventId, now);
    await recordAdminAction(tx, viewer, {
      action: 'event_waitlist_removed',
      user: entry.user,
      changes: { event: { from: event.title, to: null } },
    });
  });
  return adminWaitlist(context.db, eventId, now);
}
