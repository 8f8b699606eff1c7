import { randomUUID } from 'node:crypto';
import { CHECK_IN_MESSAGES, EVENT_MESSAGES, manilaDateString } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  duesStatements,
  eventCheckIns,
  eventPriceTiers,
  eventRegistrations,
  mailOutbox,
} from '../../db/schema';
import { readTicket, signTicket, ticketCheckOf, ticketKeyOf } from '../../lib/tickets';
import { createEvent, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

// Tickets, check-in staff and check-in at the door (docs/product-rules.md "Check-in", decision 053).

let context: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;
let key: string;

beforeAll(async () => {
  context = await buildTestApp();
  admin = await createUser(context.db, { password: null, type: 'admin' });
  adminCookie = (await signIn(context, admin)).cookie;
  key = ticketKeyOf(context.config);
});
afterAll(() => context.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: string | undefined, payload?: object) =>
  context.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

const today = () => manilaDateString();

/** A whole-day event running today (Manila), taking registrations here. */
const eventToday = (overrides: Parameters<typeof createEvent>[1] = {}) =>
  createEvent(context.db, {
    status: 'published',
    is_registration_required: true,
    start_date: today(),
    start_time: '08:00:00',
    end_time: '17:00:00',
    ...overrides,
  });

async function person(type: 'individual' | 'admin' = 'individual') {
  const user = await createUser(context.db, { password: null, type });
  return { user, cookie: (await signIn(context, user)).cookie };
}

async function registration(
  eventId: string,
  status: 'pending' | 'approved' | 'rejected' | 'expired' = 'approved',
) {
  const { user, cookie } = await person();
  const [row] = await context.db
    .insert(eventRegistrations)
    .values({ event_id: eventId, user_id: user.id, status })
    .returning();
  if (!row) throw new Error('registration not created');
  return { user, cookie, registration: row, token: signTicket(key, row.id, row.ticket_version) };
}

async function staffOf(eventId: string) {
  const staff = await person();
  const added = await call('POST', `/api/events/admin/${eventId}/staff`, adminCookie, {
    userId: staff.user.id,
  });
  expect(added.statusCode, added.body).toBe(201);
  return staff;
}

const checkIn = (eventId: string, cookie: string | undefined, body: object) =>
  call('POST', `/api/events/${eventId}/check-ins`, cookie, body);

const rowsOf = (registrationId: string) =>
  context.db.select().from(eventCheckIns).where(eq(eventCheckIns.registration_id, registrationId));

describe('tickets', () => {
  it('signs the registration and version; a changed character, another key or version does not read', () => {
    const id = randomUUID();
    const token = signTicket(key, id, 3);
    expect(token).toMatch(new RegExp(`^${id}\\.3\\.[A-Za-z0-9_-]{43}$`));
    expect(readTicket(key, token)).toEqual({ registrationId: id, version: 3 });
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(readTicket(key, `${token.slice(0, -2)}${last}${token.at(-1)}`)).toBeNull();
    expect(readTicket(key, token.replace('.3.', '.4.'))).toBeNull();
    expect(
      readTicket(
        ticketKeyOf({ ...context.config, auth: { ...context.config.auth, jwtSecret: 'x'.repeat(40) } }),
        token,
      ),
    ).toBeNull();
    expect(readTicket(key, 'not a ticket')).toBeNull();
  });

  it('the owner and admins get the QR code, which decodes to the ticket; others 403, a guest 401', async () => {
    const event = await eventToday();
    const { cookie, registration: row, token } = await registration(event.id);
    const png = await call('GET', `/api/events/registrations/${row.id}/ticket.png`, cookie);
    expect(png.statusCode, png.body).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('private, no-store');
    const { data, info } = await sharp(png.rawPayload)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(token);
    expect(
      (await call('GET', `/api/events/registrations/${row.id}/ticket.png`, adminCookie)).statusCode,
    ).toBe(200);
    const other = await person();
    const refused = await call('GET', `/api/events/registrations/${row.id}/ticket.png`, other.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', `/api/events/registrations/${row.id}/ticket.png`, undefined)).statusCode).toBe(
      401,
    );
    expect(
      (await call('GET', `/api/events/registrations/${randomUUID()}/ticket.png`, cookie)).statusCode,
    ).toBe(404);
  });

  it('a pending registration has no ticket yet', async () => {
    const event = await eventToday();
    const { cookie, registration: row } = await registration(event.id, 'pending');
    const response = await call('GET', `/api/events/registrations/${row.id}/ticket.png`, cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(CHECK_IN_MESSAGES.noTicket);
  });

  it('"My events" lists the registration with its ticket; a new ticket stops the old one', async () => {
    const event = await eventToday({ title: 'Field geology day' });
    const { cookie, registration: row, token } = await registration(event.id);
    const mine = (await call('GET', '/api/events/my-registrations', cookie)).json().data;
    expect(mine.registrations).toHaveLength(1);
    expect(mine.registrations[0]).toMatchObject({
      registration_id: row.id,
      event: { id: event.id, title: 'Field geology day', certification_provided: false },
      status: 'approved',
      payment: null,
      has_ticket: true,
      ticket_version: 1,
      check_ins: [],
    });
    const other = await person();
    expect((await call('POST', `/api/events/registrations/${row.id}/ticket`, other.cookie)).statusCode).toBe(
      403,
    );
    const renewed = await call('POST', `/api/events/registrations/${row.id}/ticket`, cookie);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data.ticket_version).toBe(2);
    const staff = await staffOf(event.id);
    const old = await checkIn(event.id, staff.cookie, { token, session: 'morning' });
    expect(old.statusCode).toBe(409);
    expect(old.json().error).toBe(CHECK_IN_MESSAGES.ticketReplaced);
    const fresh = await checkIn(event.id, staff.cookie, {
      token: signTicket(key, row.id, 2),
      session: 'morning',
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
  });

  it('the approval e-mail carries the ticket as a PNG', async () => {
    const event = await eventToday();
    const { user, registration: row } = await registration(event.id, 'pending');
    const approved = await call('PUT', '/api/events/admin/update-user-event', adminCookie, {
      status: 'approved',
      userId: user.id,
      eventId: event.id,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [mail] = await context.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email)));
    expect(mail?.text).toContain('Your ticket is attached');
    const ticket = mail?.attachments.find((file) => file.contentType === 'image/png');
    expect(ticket?.encoding).toBe('base64');
    const { data, info } = await sharp(Buffer.from(ticket?.content ?? '', 'base64'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(signTicket(key, row.id, 1));
  });
  it('a waived fee’s approval e-mail carries the ticket too', async () => {
    const event = await eventToday();
    const [tier] = await context.db
      .insert(eventPriceTiers)
      .values({ event_id: event.id, name: 'Guest', amount_centavos: 50_000, audience: 'guest', position: 0 })
      .returning();
    const held = await registration(event.id, 'pending');
    await context.db
      .update(eventRegistrations)
      .set({ price_tier_id: tier?.id, hold_expires_at: new Date(Date.now() + 86_400_000) })
      .where(eq(eventRegistrations.id, held.registration.id));
    await context.db.insert(duesStatements).values({
      number: `SOA-TEST-${randomUUID()}`,
      kind: 'event_fee',
      userId: held.user.id,
      eventRegistrationId: held.registration.id,
      description: 'Field day, Guest',
      amountCentavos: 50_000,
      issuedOn: today(),
      dueOn: today(),
      billedName: 'Member',
      billedEmail: held.user.email,
    });
    const waived = await call(
      'POST',
      `/api/events/admin/registrations/${held.registration.id}/waive`,
      adminCookie,
      {},
    );
    expect(waived.statusCode, waived.body).toBe(200);
    const mails = await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, held.user.email));
    const approval = mails.find((mail) => mail.subject.startsWith('Registration approved'));
    expect(approval?.attachments.map((file) => file.contentType)).toContain('image/png');
    const png = (
      await call('GET', `/api/events/registrations/${held.registration.id}/ticket.png`, held.cookie)
    ).statusCode;
    expect(png).toBe(200);
  });
});

describe('check-in staff', () => {
  it('admins add and remove staff (audit-logged); members may not; a duplicate is 409', async () => {
    const event = await eventToday();
    const staff = await person();
    const member = await person();
    expect(
      (await call('POST', `/api/events/admin/${event.id}/staff`, member.cookie, { userId: staff.user.id }))
        .statusCode,
    ).toBe(403);
    const added = await call('POST', `/api/events/admin/${event.id}/staff`, adminCookie, {
      userId: staff.user.id,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toEqual([
      expect.objectContaining({ user_id: staff.user.id, email: staff.user.email }),
    ]);
    const again = await call('POST', `/api/events/admin/${event.id}/staff`, adminCookie, {
      userId: staff.user.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(CHECK_IN_MESSAGES.staffAlready);
    const unknown = await call('POST', `/api/events/admin/${event.id}/staff`, adminCookie, {
      userId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    const mine = (await call('GET', '/api/events/my-registrations', staff.cookie)).json().data;
    expect(mine.staff_events).toEqual([{ id: event.id, title: event.title, start_date: event.start_date }]);
    const removed = await call('DELETE', `/api/events/admin/${event.id}/staff/${staff.user.id}`, adminCookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual([]);
    expect(
      (await call('DELETE', `/api/events/admin/${event.id}/staff/${staff.user.id}`, adminCookie)).statusCode,
    ).toBe(404);
    const audit = await context.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.userId, staff.user.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['event_staff_added', 'event_staff_removed']);
  });

  it('staff open only their event’s check-in: another event’s staff and members get 403, a guest 401', async () => {
    const event = await eventToday();
    const other = await eventToday();
    const staff = await staffOf(event.id);
    const otherStaff = await staffOf(other.id);
    const { token } = await registration(event.id);
    expect((await call('GET', `/api/events/${event.id}/check-in-list`, staff.cookie)).statusCode).toBe(200);
    for (const cookie of [otherStaff.cookie, (await person()).cookie]) {
      const list = await call('GET', `/api/events/${event.id}/check-in-list`, cookie);
      expect(list.statusCode).toBe(403);
      expect(list.json().error).toBe(CHECK_IN_MESSAGES.notStaff);
      // Refused before the body is read: even a malformed one is 403.
      expect((await checkIn(event.id, cookie, { token, session: 'morning' })).statusCode).toBe(403);
      expect((await checkIn(event.id, cookie, { session: 'noon' })).statusCode).toBe(403);
    }
    expect((await checkIn(event.id, undefined, { token, session: 'morning' })).statusCode).toBe(401);
    // Staff are not admins: the admin pages stay closed.
    expect((await call('GET', `/api/events/admin/${event.id}/attendees`, staff.cookie)).statusCode).toBe(403);
  });
});

describe('POST /api/events/{id}/check-ins', () => {
  it('checks a ticket in (201), again is 200 with the first scan kept; the list and attendees show it', async () => {
    const event = await eventToday();
    const staff = await staffOf(event.id);
    const { registration: row, token, user } = await registration(event.id);
    const first = await checkIn(event.id, staff.cookie, { token, session: 'morning' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ day: today(), session: 'morning', already_checked_in: false });
    const second = await checkIn(event.id, adminCookie, { registrationId: row.id, session: 'morning' });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.already_checked_in).toBe(true);
    expect(second.json().data.checked_in_at).toBe(first.json().data.checked_in_at);
    const rows = await rowsOf(row.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.checked_in_by).toBe(staff.user.id);
    // The afternoon is a session of its own.
    expect((await checkIn(event.id, staff.cookie, { token, session: 'afternoon' })).statusCode).toBe(201);

    const list = (await call('GET', `/api/events/${event.id}/check-in-list`, staff.cookie)).json().data;
    expect(list.event.sessions).toEqual(['morning', 'afternoon']);
    expect(list.event.days).toEqual([today()]);
    const entry = list.attendees.find(
      (attendee: { registration_id: string }) => attendee.registration_id === row.id,
    );
    expect(entry.ticket_check).toBe(ticketCheckOf(token));
    expect(entry.check_ins.map((mark: { session: string }) => mark.session)).toEqual([
      'morning',
      'afternoon',
    ]);

    const attendees = (
      await call('GET', `/api/events/admin/${event.id}/attendees?checked_in=yes`, adminCookie)
    ).json().data.attendees;
    expect(attendees).toEqual([expect.objectContaining({ registration_id: row.id, checked_in: 2 })]);
    const csv = await call('GET', `/api/events/admin/${event.id}/attendees.csv`, adminCookie);
    expect(csv.body.split('\n')[0]).toContain(',checked_in');
    expect(csv.body).toContain(`${today()} morning, ${today()} afternoon`);
    const audit = await context.db.select().from(adminAuditLog).where(eq(adminAuditLog.userId, user.id));
    expect(audit.map((entry) => entry.action)).toEqual(['event_checked_in', 'event_checked_in']);
  });

  it('two check-ins at once for the same ticket make one row', async () => {
    const event = await eventToday();
    const staff = await staffOf(event.id);
    const { registration: row, token } = await registration(event.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        checkIn(event.id, index % 2 ? staff.cookie : adminCookie, { token, session: 'morning' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(await rowsOf(row.id)).toHaveLength(1);
  });

  it('a queued offline scan keeps its time; the earlier of two phones’ scans is kept; bounds hold', async () => {
    const event = await eventToday({ start_time: '13:30:00', end_time: '15:00:00' });
    const staff = await staffOf(event.id);
    const { registration: row, token } = await registration(event.id);
    const now = Date.now();
    // Earlier today in Manila, or now when the day has just begun.
    const dayStart = Date.parse(`${today()}T00:00:00+08:00`);
    const earlier = new Date(Math.max(dayStart + 1_000, now - 60 * 60_000));
    const later = new Date(Math.max(dayStart + 2_000, now - 5 * 60_000));
    const phoneB = await checkIn(event.id, staff.cookie, {
      token,
      session: 'day',
      scanned_at: later.toISOString(),
    });
    expect(phoneB.statusCode, phoneB.body).toBe(201);
    const phoneA = await checkIn(event.id, adminCookie, {
      token,
      session: 'day',
      scanned_at: earlier.toISOString(),
    });
    expect(phoneA.statusCode).toBe(200);
    expect(phoneA.json().data.checked_in_at).toBe(earlier.toISOString());
    const [kept] = await rowsOf(row.id);
    expect(kept?.checked_in_at.toISOString()).toBe(earlier.toISOString());
    expect(kept?.checked_in_by).toBe(admin.id);

    const future = await checkIn(event.id, staff.cookie, {
      token,
      session: 'day',
      scanned_at: new Date(now + 10 * 60_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(CHECK_IN_MESSAGES.scanInFuture);
    const yesterday = await checkIn(event.id, staff.cookie, {
      token,
      session: 'day',
      scanned_at: new Date(dayStart - 60_000).toISOString(),
    });
    expect(yesterday.statusCode).toBe(409);
    expect(yesterday.json().error).toBe(CHECK_IN_MESSAGES.outsideEventDays);
    const malformed = await checkIn(event.id, staff.cookie, {
      token,
      session: 'day',
      scanned_at: 'yesterday',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(CHECK_IN_MESSAGES.scanTimeInvalid);
    // A short event has one session a day.
    const morning = await checkIn(event.id, staff.cookie, { token, session: 'morning' });
    expect(morning.statusCode).toBe(400);
    expect(morning.json().error).toBe('Session must be day for this event');
  });

  it('a multi-day event checks in per Manila day; outside its days is refused', async () => {
    const future = await eventToday({ start_date: '2099-01-01', end_date: '2099-01-03' });
    const staff = await staffOf(future.id);
    const { token } = await registration(future.id);
    const list = (await call('GET', `/api/events/${future.id}/check-in-list`, staff.cookie)).json().data;
    expect(list.event.days).toEqual(['2099-01-01', '2099-01-02', '2099-01-03']);
    const early = await checkIn(future.id, staff.cookie, { token, session: 'morning' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(CHECK_IN_MESSAGES.outsideEventDays);
  });

  it('refuses forged, altered, foreign, withdrawn, rejected, expired and unpaid tickets with a clear message', async () => {
    const event = await eventToday();
    const other = await eventToday();
    const staff = await staffOf(event.id);
    const expectRefusal = async (body: object, status: number, message: string) => {
      const response = await checkIn(event.id, staff.cookie, { session: 'morning', ...body });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error).toBe(message);
    };
    const { token } = await registration(event.id);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    await expectRefusal({ token: altered }, 400, CHECK_IN_MESSAGES.ticketInvalid);
    await expectRefusal(
      { token: signTicket('not-our-key', randomUUID(), 1) },
      400,
      CHECK_IN_MESSAGES.ticketInvalid,
    );
    await expectRefusal({ token: 'hello' }, 400, CHECK_IN_MESSAGES.ticketInvalid);
    await expectRefusal({ token: 'x'.repeat(500) }, 400, CHECK_IN_MESSAGES.ticketInvalid);
    await expectRefusal({}, 400, CHECK_IN_MESSAGES.ticketOrRegistration);
    await expectRefusal({ token, registrationId: randomUUID() }, 400, CHECK_IN_MESSAGES.ticketOrRegistration);
    const noSession = await checkIn(event.id, staff.cookie, { token });
    expect(noSession.statusCode).toBe(400);
    expect(noSession.json().error).toBe('Session is required');

    const foreign = await registration(other.id);
    await expectRefusal({ token: foreign.token }, 409, CHECK_IN_MESSAGES.ticketOtherEvent);
    await expectRefusal(
      { registrationId: foreign.registration.id },
      404,
      EVENT_MESSAGES.registrationNotFound,
    );

    const withdrawn = await registration(event.id);
    await context.db.delete(eventRegistrations).where(eq(eventRegistrations.id, withdrawn.registration.id));
    await expectRefusal({ token: withdrawn.token }, 409, CHECK_IN_MESSAGES.registrationWithdrawn);

    await expectRefusal(
      { token: (await registration(event.id, 'rejected')).token },
      409,
      CHECK_IN_MESSAGES.registrationRejected,
    );
    await expectRefusal(
      { token: (await registration(event.id, 'expired')).token },
      409,
      CHECK_IN_MESSAGES.registrationExpired,
    );
    await expectRefusal(
      { token: (await registration(event.id, 'pending')).token },
      409,
      CHECK_IN_MESSAGES.registrationPending,
    );

    // Approved by an admin, but its fee is still unpaid.
    const [tier] = await context.db
      .insert(eventPriceTiers)
      .values({ event_id: event.id, name: 'Guest', amount_centavos: 50_000, audience: 'guest', position: 0 })
      .returning();
    const unpaid = await registration(event.id);
    await context.db
      .update(eventRegistrations)
      .set({ price_tier_id: tier?.id })
      .where(eq(eventRegistrations.id, unpaid.registration.id));
    await context.db.insert(duesStatements).values({
      number: `SOA-TEST-${randomUUID()}`,
      kind: 'event_fee',
      userId: unpaid.user.id,
      eventRegistrationId: unpaid.registration.id,
      description: 'Field day, Guest',
      amountCentavos: 50_000,
      issuedOn: today(),
      dueOn: today(),
      billedName: 'Member',
      billedEmail: unpaid.user.email,
    });
    await expectRefusal({ token: unpaid.token }, 409, CHECK_IN_MESSAGES.paymentAwaited);

    const cancelled = await eventToday({ status: 'cancelled' });
    const cancelledTicket = await registration(cancelled.id);
    const response = await checkIn(cancelled.id, adminCookie, {
      token: cancelledTicket.token,
      session: 'morning',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(EVENT_MESSAGES.cancelled);
    expect((await checkIn(randomUUID(), adminCookie, { token, session: 'morning' })).statusCode).toBe(404);
    expect((await checkIn('nope', adminCookie, { token, session: 'morning' })).statusCode).toBe(400);
  });
});
