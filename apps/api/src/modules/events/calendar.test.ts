import { addToDate, EVENT_MESSAGES, manilaDateString } from '@portal/shared';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, mailOutbox } from '../../db/schema';
import type { MailAttachment } from '../../db/schema/mail';
import { createEvent, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;

beforeAll(async () => {
  context = await buildTestApp();
  adminCookie = (await signIn(context, await createUser(context.db, { type: 'admin' }))).cookie;
});
afterAll(() => context.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

/** The VEVENTs of a calendar file, read by a parser (ical.js), not by our own code. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}

/** A property of the calendar itself, or of one VEVENT, as the parser reads it. */
const calendarProperty = (text: string, name: string) =>
  new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue(name);
const eventProperty = (vevent: ICAL.Event | undefined, name: string) =>
  vevent?.component.getFirstPropertyValue(name);

const summaries = (text: string) => parseCalendar(text).map((vevent) => vevent.summary);

/** An instant as Manila's wall clock with its offset: `2099-06-10T09:30:00+08:00`. */
const inManila = (instant: Date) =>
  `${new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

describe('GET /events/{id}.ics', () => {
  it('answers one VEVENT with the title, Manila times, place and a stable UID', async () => {
    const event = await createEvent(context.db, {
      title: 'Annual Exploration Forum, Day 1',
      description: 'Talks on porphyry copper; field notes',
      start_date: '2099-06-10',
      start_time: '09:30',
      end_time: '17:00',
      location_name: 'Makati Shangri-La',
      room: 'Rizal Ballroom',
      city: 'Makati',
      country: 'Philippines',
      updated_at: new Date('2026-01-02T03:04:05Z'),
    });
    const response = await get(`/events/${event.id}.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="annual-exploration-forum-day-1.ics"',
    );
    const [vevent, ...others] = parseCalendar(response.body);
    expect(others).toHaveLength(0);
    expect(vevent?.summary).toBe('Annual Exploration Forum, Day 1');
    expect(inManila(vevent?.startDate.toJSDate() as Date)).toBe('2099-06-10T09:30:00+08:00');
    expect(inManila(vevent?.endDate.toJSDate() as Date)).toBe('2099-06-10T17:00:00+08:00');
    expect(vevent?.location).toBe('Makati Shangri-La, Rizal Ballroom, Makati, Philippines');
    // The event's id alone (RFC 7986): the entry is the same whatever PUBLIC_URL says.
    expect(vevent?.uid).toBe(event.id);
    // Its last change in seconds since 2020: every edit raises it (RFC 5546).
    expect(vevent?.sequence).toBe((Date.parse('2026-01-02T03:04:05Z') - Date.UTC(2020, 0, 1)) / 1000);
    expect(eventProperty(vevent, 'status')).toBe('CONFIRMED');
    // RFC 5545: every line ends with CRLF, the last one too.
    expect(response.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(response.body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(vevent?.description).toContain(`${context.config.publicUrl}/events/${event.id}`);
    expect(eventProperty(vevent, 'url')).toBe(`${context.config.publicUrl}/events/${event.id}`);
    expect(calendarProperty(response.body, 'prodid')).toBe('-//MEAP//Events//EN');
    // Stamped with the event's last change, not with the time of the request.
    expect((eventProperty(vevent, 'dtstamp') as ICAL.Time).toString()).toBe('2026-01-02T03:04:05Z');
    // The same event gives the same file: same UID, same bytes, so the ETag answers 304.
    const again = await get(`/events/${event.id}.ics`);
    expect(again.body).toBe(response.body);
    const etag = response.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get(`/events/${event.id}.ics`, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('is shared by caches for a minute, also for a signed-in reader', async () => {
    const event = await createEvent(context.db);
    for (const headers of [{}, { cookie: adminCookie }] as Record<string, string>[]) {
      const response = await get(`/events/${event.id}.ics`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    }
    // A lapsed session does not turn the download into a 401.
    const lapsed = await get(`/events/${event.id}.ics`, { cookie: 'access_token=expired; has_session=1' });
    expect(lapsed.statusCode).toBe(200);
  });

  it('gives an event without a time whole days, through its end date', async () => {
    const event = await createEvent(context.db, { start_date: '2099-08-01', end_date: '2099-08-03' });
    const [vevent] = parseCalendar((await get(`/events/${event.id}.ics`)).body);
    expect(vevent?.startDate.isDate).toBe(true);
    expect(vevent?.startDate.toString()).toBe('2099-08-01');
    expect(vevent?.endDate.toString()).toBe('2099-08-04');
  });

  it('gives an event without an end time an hour', async () => {
    const event = await createEvent(context.db, { start_date: '2099-08-05', start_time: '23:30' });
    const [vevent] = parseCalendar((await get(`/events/${event.id}.ics`)).body);
    expect(inManila(vevent?.startDate.toJSDate() as Date)).toBe('2099-08-05T23:30:00+08:00');
    expect(inManila(vevent?.endDate.toJSDate() as Date)).toBe('2099-08-06T00:30:00+08:00');
  });

  it('raises SEQUENCE when the event changes, and marks a cancelled event CANCELLED', async () => {
    const event = await createEvent(context.db, { start_date: '2099-06-10', start_time: '09:00' });
    const before = parseCalendar((await get(`/events/${event.id}.ics`)).body)[0];
    await context.db
      .update(events)
      .set({
        start_time: '10:00',
        status: 'cancelled',
        updated_at: new Date(event.updated_at.getTime() + 60_000),
      })
      .where(eq(events.id, event.id));
    const response = await get(`/events/${event.id}.ics`);
    expect(response.statusCode).toBe(200);
    const after = parseCalendar(response.body)[0];
    expect(after?.uid).toBe(before?.uid);
    expect(after?.sequence).toBe((before?.sequence ?? 0) + 60);
    expect(eventProperty(after, 'status')).toBe('CANCELLED');
  });

  it('answers 404 for a draft and an unknown event, 400 for a malformed id', async () => {
    const draft = await createEvent(context.db, { status: 'draft' });
    for (const id of [draft.id, '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f']) {
      // Not even for an admin: the file is the public page's.
      const response = await get(`/events/${id}.ics`, { cookie: adminCookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(EVENT_MESSAGES.notFound);
    }
    expect((await get('/events/not-an-id.ics')).statusCode).toBe(400);
  });
});

describe('GET /events.ics', () => {
  it('holds every published or cancelled event that has not ended, soonest first, and nothing else', async () => {
    const today = manilaDateString();
    const later = await createEvent(context.db, {
      title: 'Later',
      start_date: addToDate(today, { days: 30 }),
    });
    const sooner = await createEvent(context.db, {
      title: 'Sooner',
      start_date: addToDate(today, { days: 2 }),
    });
    const running = await createEvent(context.db, {
      title: 'Running',
      start_date: addToDate(today, { days: -1 }),
      end_date: addToDate(today, { days: 1 }),
    });
    const endsToday = await createEvent(context.db, { title: 'Today', start_date: today });
    const past = await createEvent(context.db, { start_date: addToDate(today, { days: -1 }) });
    const draft = await createEvent(context.db, {
      status: 'draft',
      start_date: addToDate(today, { days: 3 }),
    });
    const cancelled = await createEvent(context.db, {
      status: 'cancelled',
      start_date: addToDate(today, { days: 3 }),
    });

    const response = await get('/events.ics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(calendarProperty(response.body, 'x-wr-calname')).toBe(
      'Mineral Exploration Association of the Philippines events',
    );
    const uids = parseCalendar(response.body).map((vevent) => vevent.uid);
    const mine = [running, endsToday, sooner, cancelled, later].map((event) => event.id);
    expect(uids.filter((uid) => mine.includes(uid))).toEqual(mine);
    for (const hidden of [past, draft]) expect(uids).not.toContain(hidden.id);
    // A cancelled event stays, marked so, for calendars that hold it to strike it.
    const statusOf = (id: string) =>
      eventProperty(
        parseCalendar(response.body).find((vevent) => vevent.uid === id),
        'status',
      );
    expect(statusOf(cancelled.id)).toBe('CANCELLED');
    expect(statusOf(sooner.id)).toBe('CONFIRMED');
    const starts = parseCalendar(response.body).map((vevent) => vevent.startDate.toJSDate().getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});

describe('GET /events.ics, read again', () => {
  it('is the same file while its rows are, and follows every change of them', async () => {
    const today = manilaDateString();
    const kept = await createEvent(context.db, { title: 'Kept', start_date: addToDate(today, { days: 5 }) });
    const first = (await get('/events.ics')).body;
    expect((await get('/events.ics')).body).toBe(first);

    await context.db
      .update(events)
      .set({ title: 'Renamed', updated_at: new Date() })
      .where(eq(events.id, kept.id));
    const renamed = (await get('/events.ics')).body;
    expect(summaries(renamed)).toContain('Renamed');
    expect(summaries(renamed)).not.toContain('Kept');

    const added = await createEvent(context.db, {
      title: 'Added',
      start_date: addToDate(today, { days: 6 }),
    });
    expect(summaries((await get('/events.ics')).body)).toContain('Added');

    await context.db
      .update(events)
      .set({ status: 'draft', updated_at: new Date() })
      .where(eq(events.id, added.id));
    expect(summaries((await get('/events.ics')).body)).not.toContain('Added');

    await context.db.delete(events).where(eq(events.id, kept.id));
    expect(summaries((await get('/events.ics')).body)).not.toContain('Renamed');
  });
});

describe('registration e-mails', () => {
  const attachmentsTo = async (email: string) =>
    (await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).map(
      (row) => [row.subject, row.attachments] as [string, MailAttachment[]],
    );

  it('carry the event’s calendar file when received and approved, not when rejected', async () => {
    const event = await createEvent(context.db, {
      title: 'Mine Safety Seminar',
      start_date: '2099-09-09',
      start_time: '13:00',
      end_time: '15:30',
      location_name: 'Baguio Country Club',
      is_registration_required: true,
      max_attendees: 10,
    });
    const approved = await createUser(context.db);
    const rejected = await createUser(context.db);
    for (const member of [approved, rejected]) {
      const { cookie } = await signIn(context, member);
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/registration`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(201);
    }
    for (const [member, status] of [
      [approved, 'approved'],
      [rejected, 'rejected'],
    ] as const) {
      const response = await context.app.inject({
        method: 'PUT',
        url: '/api/events/admin/update-user-event',
        payload: { userId: member.id, eventId: event.id, status },
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode).toBe(200);
    }

    const received = `Registration received: ${event.title}`;
    const mailsOfApproved = await attachmentsTo(approved.email);
    // The approval carries the ticket too (docs/decisions/053), after the calendar file.
    expect(mailsOfApproved.map(([subject, files]) => [subject, files.length]).sort()).toEqual([
      [`Registration approved: ${event.title}`, 2],
      [received, 1],
    ]);
    for (const [, [file]] of mailsOfApproved) {
      expect(file).toMatchObject({
        filename: 'mine-safety-seminar.ics',
        contentType: 'text/calendar; charset=utf-8',
      });
      const [vevent] = parseCalendar(file?.content ?? '');
      expect(vevent?.summary).toBe('Mine Safety Seminar');
      expect(inManila(vevent?.startDate.toJSDate() as Date)).toBe('2099-09-09T13:00:00+08:00');
      expect(inManila(vevent?.endDate.toJSDate() as Date)).toBe('2099-09-09T15:30:00+08:00');
      expect(vevent?.location).toBe('Baguio Country Club');
    }
    const mailsOfRejected = await attachmentsTo(rejected.email);
    expect(mailsOfRejected.map(([subject, files]) => [subject, files.length]).sort()).toEqual([
      [`Registration not approved: ${event.title}`, 0],
      [received, 1],
    ]);
  });
});

describe('a moved or cancelled event', () => {
  const edit = async (id: string, fields: Record<string, string>) => {
    const { payload, headers } = await multipartBody(fields, []);
    const response = await context.app.inject({
      method: 'PUT',
      url: `/api/events/admin/edit-event/${id}`,
      payload,
      headers: { ...headers, cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
  };
  const calendarsTo = async (email: string) =>
    (await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)))
      .filter((row) => row.subject.startsWith('Event '))
      .map((row) => ({ subject: row.subject, vevents: parseCalendar(row.attachments[0]?.content ?? '') }));

  it('mails its registrants the updated file, then the cancelling one', async () => {
    const event = await createEvent(context.db, {
      title: 'Geothermal Workshop',
      start_date: '2099-10-01',
      start_time: '09:00',
      end_time: '12:00',
      is_registration_required: true,
      updated_at: new Date('2026-01-01T00:00:00Z'),
    });
    const registrant = await createUser(context.db);
    const { cookie } = await signIn(context, registrant);
    const registered = await context.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/registration`,
      headers: { cookie },
    });
    expect(registered.statusCode).toBe(201);

    // A new description alone is no change to a calendar entry: nobody is mailed.
    await edit(event.id, { description: 'Now with a field visit.' });
    expect(await calendarsTo(registrant.email)).toEqual([]);

    await edit(event.id, { start_time: '13:00', end_time: '16:00' });
    const [moved, ...others] = await calendarsTo(registrant.email);
    expect(others).toEqual([]);
    expect(moved?.subject).toBe('Event changed: Geothermal Workshop');
    const [updated] = moved?.vevents ?? [];
    expect(updated?.uid).toBe(event.id);
    expect(inManila(updated?.startDate.toJSDate() as Date)).toBe('2099-10-01T13:00:00+08:00');
    expect(eventProperty(updated, 'status')).toBe('CONFIRMED');
    const movedSequence = updated?.sequence ?? 0;
    expect(movedSequence).toBeGreaterThan((Date.parse('2026-01-01T00:00:00Z') - Date.UTC(2020, 0, 1)) / 1000);

    await edit(event.id, { status: 'cancelled' });
    const cancelled = (await calendarsTo(registrant.email)).find(
      (mail) => mail.subject === 'Event cancelled: Geothermal Workshop',
    );
    const [entry] = cancelled?.vevents ?? [];
    expect(entry?.uid).toBe(event.id);
    expect(eventProperty(entry, 'status')).toBe('CANCELLED');
    // The last change in seconds (decision 059): never below the one before.
    expect(entry?.sequence).toBeGreaterThanOrEqual(movedSequence);
  });
});
