import {
  CHECK_IN_CLOCK_SKEW_MS,
  CHECK_IN_MESSAGES,
  type CheckInMark,
  type CheckInRequest,
  type CheckInSession,
  checkInDayOf,
  checkInSessionsOf,
  type DoorAttendee,
  EVENT_MESSAGES,
  eventDaysOf,
  type MyEvents,
  registrationPaymentState,
  STAFF_AREAS,
  ticketRefusal,
} from '@portal/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import {
  eventCheckIns,
  eventPriceTiers,
  eventRegistrations,
  eventStaff,
  events,
  representatives,
  users,
} from '../../db/schema';
import { displayNameSql } from '../../lib/display-name';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { readTicket, signTicket, ticketCheckOf, ticketPng } from '../../lib/tickets';
import { type Viewer, viewerHolds } from '../../plugins/access';
import { recordAdminAction } from '../audit';
import { attendeeCompany, attendeeName, newestFee, votingRepresentative } from './attendees';

/**
 * Tickets, check-in staff and check-in at the door (docs/product-rules.md "Check-in",
 * docs/decisions/053). The ticket key signs and reads tickets; staff of one event run that event's
 * check-in and nothing else.
 */

const refused = (message: string, code: string) => new AppError(409, message, { code });
const forbidden = () => new AppError(403, CHECK_IN_MESSAGES.notStaff, { code: 'forbidden' });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the viewer may run the event's check-in: an admin, or that event's staff. Anyone else
 * is refused before their request is read, so another event's staff learn nothing of this one.
 * A malformed id is left to the route's validation (400).
 */
export async function assertCheckInAccess(db: Db, viewer: Viewer, eventId: string) {
  if (viewerHolds(viewer, STAFF_AREAS.events) || !UUID.test(eventId)) return;
  const [staff] = await db
    .select({ user_id: eventStaff.user_id })
    .from(eventStaff)
    .where(and(eq(eventStaff.event_id, eventId), eq(eventStaff.user_id, viewer.userId)));
  if (!staff) throw forbidden();
}

/** The columns of a registration as the door sees it, with what its payment state is read from. */
const doorColumns = (db: Db | DbTransaction) => {
  const fee = newestFee(db);
  return db
    .select({
      registration_id: eventRegistrations.id,
      event_id: eventRegistrations.event_id,
      user_id: eventRegistrations.user_id,
      username: users.username,
      email: users.email,
      name: attendeeName,
      company: attendeeCompany,
      tier_name: eventPriceTiers.name,
      status: eventRegistrations.status,
      ticket_version: eventRegistrations.ticket_version,
      amount: sql<number | null>`coalesce(${fee.amount}, ${eventPriceTiers.amount_centavos})`,
      statement_status: fee.status,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.user_id))
    .leftJoin(representatives, votingRepresentative)
    .leftJoin(eventPriceTiers, eq(eventPriceTiers.id, eventRegistrations.price_tier_id))
    .leftJoin(fee, eq(fee.registration_id, eventRegistrations.id));
};
type DoorRow = Awaited<ReturnType<ReturnType<typeof doorColumns>['execute']>>[number];

const paymentOf = (row: Pick<DoorRow, 'status' | 'amount' | 'statement_status'>) =>
  row.amount === null
    ? null
    : registrationPaymentState({
        status: row.status,
        amount: row.amount,
        statement_status: row.statement_status,
      });

/** Whether a registration's ticket admits its holder now (approved; fee, if any, paid or waived). */
export async function admitsHolder(tx: Db | DbTransaction, registrationId: string) {
  const [row] = await doorColumns(tx).where(eq(eventRegistrations.id, registrationId));
  return row !== undefined && ticketRefusal({ status: row.status, payment: paymentOf(row) }) === null;
}

async function checkInsOf(db: Db | DbTransaction, registrationIds: string[]) {
  const marks = new Map<string, CheckInMark[]>();
  if (registrationIds.length === 0) return marks;
  const rows = await db
    .select({
      registration_id: eventCheckIns.registration_id,
      day: eventCheckIns.day,
      session: eventCheckIns.session,
      checked_in_at: eventCheckIns.checked_in_at,
    })
    .from(eventCheckIns)
    .where(inArray(eventCheckIns.registration_id, registrationIds))
    .orderBy(asc(eventCheckIns.day), asc(eventCheckIns.checked_in_at));
  for (const row of rows) {
    const list = marks.get(row.registration_id) ?? [];
    list.push({ day: row.day, session: row.session, checked_in_at: row.checked_in_at.toISOString() });
    marks.set(row.registration_id, list);
  }
  return marks;
}

function toDoorAttendee(key: string, row: DoorRow, marks: CheckInMark[]): DoorAttendee {
  const payment = paymentOf(row);
  const admits = ticketRefusal({ status: row.status, payment }) === null;
  return {
    registration_id: row.registration_id,
    name: row.name,
    company: row.company,
    tier_name: row.tier_name,
    status: row.status,
    payment,
    ticket_check: admits ? ticketCheckOf(signTicket(key, row.registration_id, row.ticket_version)) : null,
    check_ins: marks,
  };
}

/** The event as check-in reads it; 404 for an unknown id. */
async function doorEvent(db: Db | DbTransaction, eventId: string) {
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      status: events.status,
      start_date: events.start_date,
      end_date: events.end_date,
      start_time: events.start_time,
      end_time: events.end_time,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  return event;
}

/**
 * GET /api/events/{id}/check-in-list: every registration of the event, for the check-in page to
 * keep and answer from while offline. A ticket's check is the SHA-256 of the current ticket:
 * enough to recognise it, useless for making one.
 */
export async function checkInList(db: Db, key: string, eventId: string, now = new Date()) {
  const event = await doorEvent(db, eventId);
  const rows = await doorColumns(db)
    .where(eq(eventRegistrations.event_id, eventId))
    .orderBy(sql`lower(${attendeeName})`, asc(eventRegistrations.id));
  const marks = await checkInsOf(
    db,
    rows.map((row) => row.registration_id),
  );
  return {
    event: {
      id: event.id,
      title: event.title,
      start_date: event.start_date,
      end_date: event.end_date,
      start_time: event.start_time,
      end_time: event.end_time,
      days: eventDaysOf(event),
      sessions: checkInSessionsOf(event),
    },
    attendees: rows.map((row) => toDoorAttendee(key, row, marks.get(row.registration_id) ?? [])),
    generated_at: now.toISOString(),
  };
}

/** The registration a check-in names: by its ticket (signature and version checked) or its id. */
async function registrationOf(tx: DbTransaction, key: string, eventId: string, request: CheckInRequest) {
  if (request.registrationId) {
    const [row] = await doorColumns(tx).where(eq(eventRegistrations.id, request.registrationId));
    if (!row || row.event_id !== eventId) throw notFound(EVENT_MESSAGES.registrationNotFound);
    return row;
  }
  const ticket = readTicket(key, request.token ?? '');
  if (!ticket) throw badRequest(CHECK_IN_MESSAGES.ticketInvalid, 'ticket_invalid');
  const [row] = await doorColumns(tx).where(eq(eventRegistrations.id, ticket.registrationId));
  // Signed by us, but its registration is gone: withdrawn (or its event deleted).
  if (!row) throw refused(CHECK_IN_MESSAGES.registrationWithdrawn, 'registration_withdrawn');
  if (row.event_id !== eventId) throw refused(CHECK_IN_MESSAGES.ticketOtherEvent, 'ticket_other_event');
  if (ticket.version !== row.ticket_version) {
    throw refused(CHECK_IN_MESSAGES.ticketReplaced, 'ticket_replaced');
  }
  return row;
}

/**
 * POST /api/events/{id}/check-ins: one person checked into one session of the event's day. The
 * day is the Manila day of the scan (a phone that was offline sends when it scanned: not in the
 * future, within the event's days). The unique key of the table makes the same check-in from two
 * phones one row; the earlier scan is kept, whichever arrives first, with whoever made it.
 * `created` is false when the person was already checked in (the route's 200).
 */
export async function checkIn(
  db: Db,
  key: string,
  viewer: Viewer,
  eventId: string,
  request: CheckInRequest,
  now = new Date(),
) {
  const scannedAt = request.scanned_at ? new Date(request.scanned_at) : now;
  if (scannedAt.getTime() > now.getTime() + CHECK_IN_CLOCK_SKEW_MS) {
    throw new AppError(400, CHECK_IN_MESSAGES.scanInFuture, { code: 'scan_in_future', field: 'scanned_at' });
  }
  const at = scannedAt > now ? now : scannedAt;
  return db.transaction(async (tx) => {
    const event = await doorEvent(tx, eventId);
    if (event.status === 'cancelled') throw refused(EVENT_MESSAGES.cancelled, 'event_cancelled');
    const sessions = checkInSessionsOf(event);
    if (!sessions.includes(request.session)) {
      throw new AppError(400, CHECK_IN_MESSAGES.sessionWrong(sessions), {
        code: 'session_wrong',
        field: 'session',
      });
    }
    const day = checkInDayOf(at);
    if (!eventDaysOf(event).includes(day))
      throw refused(CHECK_IN_MESSAGES.outsideEventDays, 'outside_event_days');
    const row = await registrationOf(tx, key, eventId, request);
    const refusal = ticketRefusal({ status: row.status, payment: paymentOf(row) });
    if (refusal) throw refused(refusal, 'not_admitted');

    const session: CheckInSession = request.session;
    const [mark] = await tx
      .insert(eventCheckIns)
      .values({
        registration_id: row.registration_id,
        day,
        session,
        checked_in_at: at,
        checked_in_by: viewer.userId,
      })
      .onConflictDoUpdate({
        target: [eventCheckIns.registration_id, eventCheckIns.day, eventCheckIns.session],
        set: {
          checked_in_at: sql`least(${eventCheckIns.checked_in_at}, excluded.checked_in_at)`,
          checked_in_by: sql`case when excluded.checked_in_at < ${eventCheckIns.checked_in_at} then excluded.checked_in_by else ${eventCheckIns.checked_in_by} end`,
        },
      })
      // xmax is 0 on a row this statement inserted, and the updating transaction's id otherwise.
      .returning({ checked_in_at: eventCheckIns.checked_in_at, created: sql<boolean>`(xmax = 0)` });
    if (!mark) throw new Error('The check-in was not saved');
    if (mark.created) {
      await recordAdminAction(tx, viewer, {
        action: 'event_checked_in',
        user: { id: row.user_id, username: row.username, email: row.email },
        changes: {
          event: { from: null, to: event.title },
          session: { from: null, to: `${day} ${session}` },
          scanned_at: { from: null, to: at.toISOString() },
        },
      });
    }
    const marks = await checkInsOf(tx, [row.registration_id]);
    return {
      created: mark.created,
      result: {
        attendee: toDoorAttendee(key, row, marks.get(row.registration_id) ?? []),
        day,
        session,
        checked_in_at: mark.checked_in_at.toISOString(),
        already_checked_in: !mark.created,
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Staff

const staffName = displayNameSql;

/** GET /api/events/admin/{id}/staff: the accounts that run the event's check-in. */
export async function listStaff(db: Db | DbTransaction, eventId: string) {
  await doorEvent(db, eventId);
  const rows = await db
    .select({
      user_id: eventStaff.user_id,
      name: staffName,
      email: users.email,
      added_at: eventStaff.created_at,
    })
    .from(eventStaff)
    .innerJoin(users, eq(users.id, eventStaff.user_id))
    .where(eq(eventStaff.event_id, eventId))
    .orderBy(asc(eventStaff.created_at));
  return rows.map((row) => ({ ...row, added_at: row.added_at.toISOString() }));
}

async function staffAccount(tx: DbTransaction, userId: string) {
  const [user] = await tx
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound(CHECK_IN_MESSAGES.staffNotFound);
  return user;
}

/** POST /api/events/admin/{id}/staff: any account may be made staff of one event (audit-logged). */
export async function addStaff(db: Db, viewer: Viewer, eventId: string, userId: string) {
  return db.transaction(async (tx) => {
    const event = await doorEvent(tx, eventId);
    const user = await staffAccount(tx, userId);
    const [added] = await tx
      .insert(eventStaff)
      .values({ event_id: eventId, user_id: userId, added_by: viewer.userId })
      .onConflictDoNothing()
      .returning({ user_id: eventStaff.user_id });
    if (!added) throw refused(CHECK_IN_MESSAGES.staffAlready, 'staff_already');
    await recordAdminAction(tx, viewer, {
      action: 'event_staff_added',
      user,
      changes: { check_in_staff: { from: null, to: event.title } },
    });
    return listStaff(tx, eventId);
  });
}

/** DELETE /api/events/admin/{id}/staff/{userId}: the account no longer runs the event's check-in. */
export async function removeStaff(db: Db, viewer: Viewer, eventId: string, userId: string) {
  return db.transaction(async (tx) => {
    const event = await doorEvent(tx, eventId);
    const user = await staffAccount(tx, userId);
    const [removed] = await tx
      .delete(eventStaff)
      .where(and(eq(eventStaff.event_id, eventId), eq(eventStaff.user_id, userId)))
      .returning({ user_id: eventStaff.user_id });
    if (!removed) throw notFound(CHECK_IN_MESSAGES.staffNotAssigned);
    await recordAdminAction(tx, viewer, {
      action: 'event_staff_removed',
      user,
      changes: { check_in_staff: { from: event.title, to: null } },
    });
    return listStaff(tx, eventId);
  });
}

// ---------------------------------------------------------------------------------------------
// The attendee's side: "My events" and the ticket

/** GET /api/events/my-registrations: the signed-in person's registrations and the events they staff. */
export async function myEvents(db: Db, userId: string): Promise<MyEvents> {
  const rows = await doorColumns(db)
    .innerJoin(events, eq(events.id, eventRegistrations.event_id))
    .where(eq(eventRegistrations.user_id, userId))
    .orderBy(sql`${events.start_date} desc`, asc(eventRegistrations.id));
  const eventRows = rows.length
    ? await db
        .select({
          id: events.id,
          title: events.title,
          start_date: events.start_date,
          end_date: events.end_date,
          start_time: events.start_time,
          location_name: events.location_name,
          status: events.status,
          certification_provided: events.certification_provided,
        })
        .from(events)
        .where(
          inArray(
            events.id,
            rows.map((row) => row.event_id),
          ),
        )
    : [];
  const eventById = new Map(eventRows.map((event) => [event.id, event]));
  const marks = await checkInsOf(
    db,
    rows.map((row) => row.registration_id),
  );
  const staffEvents = await db
    .select({ id: events.id, title: events.title, start_date: events.start_date })
    .from(eventStaff)
    .innerJoin(events, eq(events.id, eventStaff.event_id))
    .where(eq(eventStaff.user_id, userId))
    .orderBy(sql`${events.start_date} desc`);
  return {
    registrations: rows.flatMap((row) => {
      const event = eventById.get(row.event_id);
      if (!event) return [];
      const payment = paymentOf(row);
      return [
        {
          registration_id: row.registration_id,
          event,
          name: row.name,
          tier_name: row.tier_name,
          status: row.status,
          payment,
          has_ticket: ticketRefusal({ status: row.status, payment }) === null,
          ticket_version: row.ticket_version,
          check_ins: marks.get(row.registration_id) ?? [],
        },
      ];
    }),
    staff_events: staffEvents,
  };
}

/** The registration of a ticket request: its owner's, or any for an admin; others 403. */
async function ownedRegistration(db: Db | DbTransaction, viewer: Viewer, registrationId: string) {
  const [row] = await doorColumns(db).where(eq(eventRegistrations.id, registrationId));
  if (!row) throw notFound(EVENT_MESSAGES.registrationNotFound);
  if (row.user_id !== viewer.userId && !viewerHolds(viewer, STAFF_AREAS.events)) {
    throw new AppError(403, 'This ticket is not yours', { code: 'forbidden' });
  }
  return row;
}

/** GET /api/events/registrations/{id}/ticket.png: the QR code of a registration that admits its holder. */
export async function ticketImage(db: Db, key: string, viewer: Viewer, registrationId: string) {
  const row = await ownedRegistration(db, viewer, registrationId);
  if (ticketRefusal({ status: row.status, payment: paymentOf(row) }) !== null) {
    throw refused(CHECK_IN_MESSAGES.noTicket, 'no_ticket');
  }
  return ticketPng(signTicket(key, row.registration_id, row.ticket_version));
}

/**
 * POST /api/events/registrations/{id}/ticket: "Get a new ticket". The version goes up, so every
 * ticket made before (a forwarded e-mail, a screenshot) stops working; offline lists downloaded
 * before still hold the old check until they are refreshed, and the server refuses it.
 */
export async function renewTicket(db: Db, viewer: Viewer, registrationId: string) {
  const row = await ownedRegistration(db, viewer, registrationId);
  if (row.user_id !== viewer.userId)
    throw new AppError(403, 'This ticket is not yours', { code: 'forbidden' });
  if (ticketRefusal({ status: row.status, payment: paymentOf(row) }) !== null) {
    throw refused(CHECK_IN_MESSAGES.noTicket, 'no_ticket');
  }
  await db
    .update(eventRegistrations)
    .set({ ticket_version: sql`${eventRegistrations.ticket_version} + 1`, updated_at: sql`now()` })
    .where(eq(eventRegistrations.id, registrationId));
  const mine = await myEvents(db, viewer.userId);
  const renewed = mine.registrations.find((registration) => registration.registration_id === registrationId);
  if (!renewed) throw notFound(EVENT_MESSAGES.registrationNotFound);
  return renewed;
}
