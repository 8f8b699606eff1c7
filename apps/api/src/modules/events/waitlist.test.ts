import { EVENT_FIELD_MESSAGES, EVENT_MESSAGES, manilaDateString, SITE_TIME_ZONE } from '@portal/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, eventRegistrations, eventWaitlist, mailOutbox } from '../../db/schema';
import { createEvent, createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';
import { runEventsJob } from './jobs';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;

const HOUR = 3_600_000;
const open = { is_registration_required: true } as const;
const jobContext = () => ({ db: context.db, publicUrl: context.config.publicUrl, secrets: context.config });

const send = (method: 'POST' | 'DELETE', url: string, cookie?: string) =>
  context.app.inject({ method, url, headers: cookie ? { cookie } : {} });
const register = (eventId: string, cookie: string) =>
  send('POST', `/api/events/${eventId}/registration`, cookie);
const withdraw = (eventId: string, cookie: string) =>
  send('DELETE', `/api/events/${eventId}/registration`, cookie);
const join = (eventId: string, cookie?: string) => send('POST', `/api/events/${eventId}/waitlist`, cookie);
const leave = (eventId: string, cookie: string) => send('DELETE', `/api/events/${eventId}/waitlist`, cookie);
const detail = async (eventId: string, cookie: string) =>
  (
    await context.app.inject({
      method: 'GET',
      url: `/api/events/retrieve-events/${eventId}`,
      headers: { cookie },
    })
  ).json().data;

type Member = Awaited<ReturnType<typeof newMember>>;
async function newMember({ goodStanding = false } = {}) {
  const user = await createUser(context.db);
  if (goodStanding) await createMembership(context.db, user.id);
  return { user, cookie: (await signIn(context, user)).cookie };
}
const members = (count: number) => Promise.all(Array.from({ length: count }, () => newMember()));

const subjectsTo = async (email: string) =>
  (await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).map(
    (mail) => mail.subject,
  );
const stateOf = async (eventId: string, userId: string) =>
  (
    await context.db
      .select({ state: eventWaitlist.state })
      .from(eventWaitlist)
      .where(and(eq(eventWaitlist.event_id, eventId), eq(eventWaitlist.user_id, userId)))
  )[0]?.state;

/** A full event of `seats` seats, each held by a member who registered; its holders are returned. */
async function fullEvent(seats: number, fields: Parameters<typeof createEvent>[1] = {}) {
  const event = await createEvent(context.db, { ...open, max_attendees: seats, ...fields });
  const holders = await members(seats);
  for (const holder of holders) {
    const r = await register(event.id, holder.cookie);
    expect(r.statusCode, r.body).toBe(201);
  }
  return { event, holders };
}

/** Pending plus approved registrations and offers: the seats an event holds. */
async function seatsHeldOf(eventId: string) {
  const [registered] = await context.db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.event_id, eventId),
        inArray(eventRegistrations.status, ['pending', 'approved']),
      ),
    );
  const [offers] = await context.db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.event_id, eventId), eq(eventWaitlist.state, 'offered')));
  return { registered: registered?.n ?? 0, offers: offers?.n ?? 0 };
}

beforeAll(async () => {
  context = await buildTestApp();
  adminCookie = (await signIn(context, await createUser(context.db, { type: 'admin' }))).cookie;
});
afterAll(() => context.close());

describe('joining and leaving the waitlist', () => {
  it('answers each person their position, shows it on the event, and moves it up when one leaves', async () => {
    const { event } = await fullEvent(1);
    const [first, second] = (await members(2)) as [Member, Member];
    const joined = await join(event.id, first.cookie);
    expect(joined.statusCode).toBe(201);
    expect(joined.json().data).toEqual({ state: 'waiting', position: 1, offer_expires_at: null });
    expect((await join(event.id, second.cookie)).json().data.position).toBe(2);
    expect(await detail(event.id, second.cookie)).toMatchObject({
      seats_taken: 1,
      waitlist_count: 2,
      my_waitlist: { state: 'waiting', position: 2 },
    });
    const left = await leave(event.id, first.cookie);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ data: null });
    expect((await detail(event.id, second.cookie)).my_waitlist).toMatchObject({ position: 1 });
    const again = await leave(event.id, first.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(EVENT_MESSAGES.waitlistNotFound);
    // Joining again after leaving is at the back.
    expect((await join(event.id, first.cookie)).json().data.position).toBe(2);
  });

  it('refuses guests, drafts, events with seats, registrants, those already waiting, cancelled and past events', async () => {
    const { event, holders } = await fullEvent(1);
    const member = await newMember();
    expect((await join(event.id)).statusCode).toBe(401);
    const refusals: [string, string | undefined, number, string][] = [
      [event.id, holders[0]?.cookie, 409, EVENT_MESSAGES.alreadyRegistered],
      [
        (await createEvent(context.db, { ...open, max_attendees: 5 })).id,
        member.cookie,
        409,
        EVENT_MESSAGES.waitlistNotFull,
      ],
      [(await createEvent(context.db, open)).id, member.cookie, 409, EVENT_MESSAGES.waitlistNotFull],
      [
        (await createEvent(context.db, { ...open, status: 'draft' })).id,
        member.cookie,
        404,
        EVENT_MESSAGES.notFound,
      ],
    ];
    const cancelled = await fullEvent(1);
    await context.db.execute(sql`update events set status = 'cancelled' where id = ${cancelled.event.id}`);
    refusals.push([cancelled.event.id, member.cookie, 409, EVENT_MESSAGES.cancelled]);
    const past = await createEvent(context.db, { ...open, max_attendees: 1, start_date: '2020-01-01' });
    refusals.push([past.id, member.cookie, 409, EVENT_MESSAGES.past]);
    const external = await createEvent(context.db, {
      ...open,
      registration_url: 'https://tickets.example.org',
    });
    refusals.push([external.id, member.cookie, 409, EVENT_MESSAGES.notOpen]);
    for (const [eventId, cookie, status, message] of refusals) {
      const response = await join(eventId, cookie);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().error).toBe(message);
    }
    expect((await join(event.id, member.cookie)).statusCode).toBe(201);
    const twice = await join(event.id, member.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      error: EVENT_MESSAGES.waitlistAlreadyWaiting,
      code: 'already_waiting',
    });
    // Offered a seat, the person holds one: joining again is refused too.
    await withdraw(event.id, holders[0]?.cookie ?? '');
    const offered = await join(event.id, member.cookie);
    expect(offered.statusCode).toBe(409);
    expect(offered.json().error).toBe(EVENT_MESSAGES.waitlistOfferHeld);
  });

  it('puts members in good standing first, then everyone by the time they joined', async () => {
    const { event } = await fullEvent(1);
    const early = await newMember();
    const later = await newMember();
    const member = await newMember({ goodStanding: true });
    await join(event.id, early.cookie);
    await join(event.id, later.cookie);
    const response = await join(event.id, member.cookie);
    expect(response.json().data.position).toBe(1);
    expect((await detail(event.id, early.cookie)).my_waitlist.position).toBe(2);
    expect((await detail(event.id, later.cookie)).my_waitlist.position).toBe(3);
  });
});

describe('offers of freed seats', () => {
  it('offers a withdrawn seat to the next person by e-mail, holds it against others, and lets them take it', async () => {
    const { event, holders } = await fullEvent(1, { offer_hours: 12 });
    const [next, after, stranger] = (await members(3)) as [Member, Member, Member];
    await join(event.id, next.cookie);
    await join(event.id, after.cookie);
    const before = Date.now();
    const withdrawn = await withdraw(event.id, holders[0]?.cookie ?? '');
    expect(withdrawn.json().data).toEqual({ status: null, seats_taken: 1 });
    expect(await subjectsTo(next.user.email)).toEqual([`A seat is available: ${event.title}`]);
    expect(await subjectsTo(after.user.email)).toEqual([]);
    const offer = (await detail(event.id, next.cookie)).my_waitlist;
    expect(offer).toMatchObject({ state: 'offered', position: null });
    const expiry = Date.parse(offer.offer_expires_at);
    expect(expiry).toBeGreaterThanOrEqual(before + 12 * HOUR - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 12 * HOUR);
    // The held seat is not for others.
    const refused = await register(event.id, stranger.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(EVENT_MESSAGES.full);
    expect((await register(event.id, after.cookie)).json().error).toBe(EVENT_MESSAGES.full);
    const taken = await register(event.id, next.cookie);
    expect(taken.statusCode).toBe(201);
    expect(taken.json().data).toMatchObject({ status: 'pending', seats_taken: 1 });
    expect(await stateOf(event.id, next.user.id)).toBe('accepted');
    expect(await detail(event.id, after.cookie)).toMatchObject({
      seats_taken: 1,
      my_waitlist: { state: 'waiting', position: 1 },
    });
  });

  it('offers the seat an admin rejection frees', async () => {
    const { event, holders } = await fullEvent(1);
    const next = await newMember();
    await join(event.id, next.cookie);
    const decided = await context.app.inject({
      method: 'PUT',
      url: '/api/events/admin/update-user-event',
      payload: { status: 'rejected', userId: holders[0]?.user.id, eventId: event.id },
      headers: { cookie: adminCookie },
    });
    expect(decided.statusCode).toBe(200);
    expect(await stateOf(event.id, next.user.id)).toBe('offered');
    expect(await subjectsTo(next.user.email)).toEqual([`A seat is available: ${event.title}`]);
  });

  it('offers the seats a raised capacity adds, in order, and no more', async () => {
    const { event } = await fullEvent(1);
    const waiting = await members(3);
    for (const member of waiting) await join(event.id, member.cookie);
    const { payload, headers } = await multipartBody({ max_attendees: '3' }, []);
    const edited = await context.app.inject({
      method: 'PUT',
      url: `/api/events/admin/edit-event/${event.id}`,
      payload,
      headers: { ...headers, cookie: adminCookie },
    });
    expect(edited.statusCode).toBe(200);
    const states = await Promise.all(waiting.map(({ user }) => stateOf(event.id, user.id)));
    expect(states).toEqual(['offered', 'offered', 'waiting']);
    expect(await seatsHeldOf(event.id)).toEqual({ registered: 1, offers: 2 });
    expect((await detail(event.id, waiting[2]?.cookie ?? '')).my_waitlist.position).toBe(1);
  });

  it('refuses an offer taken after it expired (409) and passes the seat to the next person', async () => {
    const { event, holders } = await fullEvent(1);
    const [late, next] = (await members(2)) as [Member, Member];
    await join(event.id, late.cookie);
    await join(event.id, next.cookie);
    await withdraw(event.id, holders[0]?.cookie ?? '');
    await context.db
      .update(eventWaitlist)
      .set({ offer_expires_at: new Date(Date.now() - 1000) })
      .where(and(eq(eventWaitlist.event_id, event.id), eq(eventWaitlist.user_id, late.user.id)));
    const refused = await register(event.id, late.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: EVENT_MESSAGES.offerExpired, code: 'offer_expired' });
    expect(await stateOf(event.id, late.user.id)).toBe('expired');
    expect(await stateOf(event.id, next.user.id)).toBe('offered');
    expect((await register(event.id, next.cookie)).statusCode).toBe(201);
  });

  it('lets the events job expire offers at a given time and pass them on, once', async () => {
    const { event, holders } = await fullEvent(2, { offer_hours: 48 });
    const waiting = await members(3);
    for (const member of waiting) await join(event.id, member.cookie);
    await withdraw(event.id, holders[0]?.cookie ?? '');
    const now = Date.now();
    const states = () => Promise.all(waiting.map(({ user }) => stateOf(event.id, user.id)));
    // Other tests of this file leave offers of their own: only this event's are looked at.
    await runEventsJob(jobContext(), new Date(now + 47 * HOUR));
    expect(await states()).toEqual(['offered', 'waiting', 'waiting']);
    await runEventsJob(jobContext(), new Date(now + 49 * HOUR));
    expect(await states()).toEqual(['expired', 'offered', 'waiting']);
    await runEventsJob(jobContext(), new Date(now + 49 * HOUR));
    expect(await states()).toEqual(['expired', 'offered', 'waiting']);
    expect(await subjectsTo(waiting[1]?.user.email ?? '')).toEqual([`A seat is available: ${event.title}`]);
    // The one who lost the seat may join again, at the back.
    expect((await join(event.id, waiting[0]?.cookie)).json().data.position).toBe(2);
  });

  it('seats a burst up to the capacity and queues the rest on the waitlist, each at a place of their own', async () => {
    const event = await createEvent(context.db, { ...open, max_attendees: 5 });
    const crowd = await members(30);
    const answers = await Promise.all(
      crowd.map(async (member) => {
        const registered = await register(event.id, member.cookie);
        if (registered.json().code !== 'event_full') return { registered: registered.statusCode };
        const joined = await join(event.id, member.cookie);
        return {
          registered: registered.statusCode,
          joined: joined.statusCode,
          place: joined.json().data?.position,
        };
      }),
    );
    expect(answers.filter((answer) => answer.registered === 201)).toHaveLength(5);
    const waiting = answers.filter((answer) => answer.joined === 201);
    expect(waiting).toHaveLength(25);
    expect(waiting.map((answer) => answer.place).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, index) => index + 1),
    );
    expect(await seatsHeldOf(event.id)).toEqual({ registered: 5, offers: 0 });
  });

  it('never holds more seats than the capacity when many register while offers expire', async () => {
    const { event, holders } = await fullEvent(5);
    const waiting = await members(10);
    for (const member of waiting) await join(event.id, member.cookie);
    for (const holder of holders) await withdraw(event.id, holder.cookie);
    expect(await seatsHeldOf(event.id)).toEqual({ registered: 0, offers: 5 });
    const offered = waiting.slice(0, 5);
    const crowd = await members(20);
    // A minute on: the five offers have expired, the new ones (48 hours) will not have.
    const later = new Date(Date.now() + 60_000);
    // Two job runs, the offered people taking their seats (now expired) and a crowd, all at once.
    await context.db
      .update(eventWaitlist)
      .set({ offer_expires_at: new Date(Date.now() - 1000) })
      .where(and(eq(eventWaitlist.event_id, event.id), eq(eventWaitlist.state, 'offered')));
    const results = await Promise.all([
      runEventsJob(jobContext(), later),
      runEventsJob(jobContext(), later),
      ...offered.map((member) => register(event.id, member.cookie)),
      ...crowd.map((member) => register(event.id, member.cookie)),
    ]);
    const responses = results.slice(2) as Awaited<ReturnType<typeof register>>[];
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(0);
    expect(responses.filter((response) => response.statusCode >= 500)).toHaveLength(0);
    const held = await seatsHeldOf(event.id);
    expect(held.registered + held.offers).toBe(5);
    // Each of the five freed seats was offered once more, to the next five, each by one e-mail.
    const states = await Promise.all(waiting.map(({ user }) => stateOf(event.id, user.id)));
    expect(states).toEqual([...Array(5).fill('expired'), ...Array(5).fill('offered')]);
    for (const member of waiting.slice(5)) {
      expect(await subjectsTo(member.user.email)).toEqual([`A seat is available: ${event.title}`]);
    }
  });
});

/** The Manila wall-clock date and time (HH:MM:SS) of an instant. */
const manilaClock = (instant: Date) => ({
  start_date: manilaDateString(instant),
  start_time: new Intl.DateTimeFormat('en-GB', {
    timeZone: SITE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(instant),
});

describe('reminders', () => {
  it('reminds pending and approved registrants reminder_hours before the start, once, also when two runs meet', async () => {
    const now = new Date();
    const soon = await createEvent(context.db, {
      ...open,
      ...manilaClock(new Date(now.getTime() + 20 * HOUR)),
    });
    const later = await createEvent(context.db, {
      ...open,
      reminder_hours: 24,
      ...manilaClock(new Date(now.getTime() + 30 * HOUR)),
    });
    const [approved, pending, rejected, other] = (await members(4)) as [Member, Member, Member, Member];
    for (const member of [approved, pending, rejected]) await register(soon.id, member.cookie);
    await register(later.id, other.cookie);
    for (const [member, status] of [
      [approved, 'approved'],
      [rejected, 'rejected'],
    ] as const) {
      await context.app.inject({
        method: 'PUT',
        url: '/api/events/admin/update-user-event',
        payload: { status, userId: member.user.id, eventId: soon.id },
        headers: { cookie: adminCookie },
      });
    }
    const runs = await Promise.all([runEventsJob(jobContext(), now), runEventsJob(jobContext(), now)]);
    expect(runs.reduce((sum, run) => sum + run.reminders, 0)).toBe(2);
    for (const member of [approved, pending]) {
      expect(
        (await subjectsTo(member.user.email)).filter((subject) => subject.startsWith('Reminder')),
      ).toEqual([`Reminder: ${soon.title}`]);
    }
    expect(await subjectsTo(rejected.user.email)).not.toContain(`Reminder: ${soon.title}`);
    expect(await subjectsTo(other.user.email)).not.toContain(`Reminder: ${later.title}`);
    expect((await runEventsJob(jobContext(), now)).reminders).toBe(0);
    // Six hours later the second event is within its day.
    expect((await runEventsJob(jobContext(), new Date(now.getTime() + 7 * HOUR))).reminders).toBe(1);
    expect(await subjectsTo(other.user.email)).toContain(`Reminder: ${later.title}`);
    // After the start, nothing more.
    expect((await runEventsJob(jobContext(), new Date(now.getTime() + 40 * HOUR))).reminders).toBe(0);
  });

  it('counts an all-day event from 00:00 in Manila', async () => {
    const tomorrow = manilaDateString(new Date(Date.now() + 24 * HOUR));
    const event = await createEvent(context.db, { ...open, start_date: tomorrow, reminder_hours: 1 });
    const member = await newMember();
    await register(event.id, member.cookie);
    const midnight = new Date(`${tomorrow}T00:00:00+08:00`);
    expect((await runEventsJob(jobContext(), new Date(midnight.getTime() - 61 * 60_000))).reminders).toBe(0);
    expect((await runEventsJob(jobContext(), new Date(midnight.getTime() - 59 * 60_000))).reminders).toBe(1);
  });
});

describe('the event form’s offer and reminder hours', () => {
  const create = async (fields: Record<string, string>) => {
    const { payload, headers } = await multipartBody(
      { title: 'Waitlist Forum', start_date: '2099-05-04', ...fields },
      [],
    );
    return context.app.inject({
      method: 'POST',
      url: '/api/events/admin/create-event',
      payload,
      headers: { ...headers, cookie: adminCookie },
    });
  };

  it('defaults to 48 and 24 hours, keeps the values set, and refuses bad ones with their messages', async () => {
    expect((await create({})).json().data).toMatchObject({ offer_hours: 48, reminder_hours: 24 });
    expect((await create({ offer_hours: '12', reminder_hours: '72' })).json().data).toMatchObject({
      offer_hours: 12,
      reminder_hours: 72,
    });
    const cases: [Record<string, string>, string][] = [
      [{ offer_hours: 'soon' }, EVENT_FIELD_MESSAGES.offerHoursNumber],
      [{ offer_hours: '0' }, EVENT_FIELD_MESSAGES.offerHoursMinimum],
      [{ offer_hours: '1.5' }, EVENT_FIELD_MESSAGES.offerHoursWhole],
      [{ reminder_hours: '2000' }, EVENT_FIELD_MESSAGES.reminderHoursMaximum],
    ];
    for (const [fields, message] of cases) {
      const response = await create(fields);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });
});

describe('the secretariat’s Waitlist tab (decision 074)', () => {
  const tab = (eventId: string, cookie = adminCookie) =>
    context.app.inject({ method: 'GET', url: `/api/events/admin/${eventId}/waitlist`, headers: { cookie } });
  const offerNow = (eventId: string, entryId: string, cookie = adminCookie) =>
    send('POST', `/api/events/admin/${eventId}/waitlist/${entryId}/offer`, cookie);
  const remove = (eventId: string, entryId: string, cookie = adminCookie) =>
    send('DELETE', `/api/events/admin/${eventId}/waitlist/${entryId}`, cookie);
  /** The audit log's rows about a person: what the secretariat did to them, and on which event. */
  const auditOf = async (userId: string) =>
    (
      await context.db
        .select({ action: adminAuditLog.action, changes: adminAuditLog.changes })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.userId, userId))
    ).map((row) => [row.action, row.changes]);

  it('lists the people waiting in order with their place and when they joined; members only see 403', async () => {
    const { event } = await fullEvent(1);
    const [first, second] = (await members(2)) as [Member, Member];
    const standing = await newMember({ goodStanding: true });
    for (const person of [first, second, standing])
      expect((await join(event.id, person.cookie)).statusCode).toBe(201);

    const answer = await tab(event.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = answer.json().data as {
      user_id: string;
      position: number;
      state: string;
      joined_at: string;
    }[];
    // Good standing first, then by the time they joined.
    expect(rows.map((row) => [row.user_id, row.position, row.state])).toEqual([
      [standing.user.id, 1, 'waiting'],
      [first.user.id, 2, 'waiting'],
      [second.user.id, 3, 'waiting'],
    ]);
    expect(Date.parse(rows[1]?.joined_at ?? '')).toBeLessThan(Date.parse(rows[2]?.joined_at ?? ''));
    expect((await tab(event.id, first.cookie)).statusCode).toBe(403);
    expect((await tab(crypto.randomUUID())).statusCode).toBe(404);
  });

  it('"offer now" offers a waiting person a seat out of order, raising a full event’s capacity by one', async () => {
    const { event } = await fullEvent(1);
    const [first, second] = (await members(2)) as [Member, Member];
    await join(event.id, first.cookie);
    await join(event.id, second.cookie);
    const entryOf = async (userId: string) =>
      ((await tab(event.id)).json().data as { id: string; user_id: string }[]).find(
        (row) => row.user_id === userId,
      )?.id as string;

    const offered = await offerNow(event.id, await entryOf(second.user.id));
    expect(offered.statusCode, offered.body).toBe(200);
    const [offer, waiting] = offered.json().data as {
      user_id: string;
      state: string;
      position: number | null;
      offered_at: string;
      offer_expires_at: string;
    }[];
    expect([offer?.user_id, offer?.state, offer?.position]).toEqual([second.user.id, 'offered', null]);
    expect(Date.parse(offer?.offer_expires_at ?? '') - Date.parse(offer?.offered_at ?? '')).toBe(48 * HOUR);
    expect([waiting?.user_id, waiting?.position]).toEqual([first.user.id, 1]);
    expect(await subjectsTo(second.user.email)).toContain(`A seat is available: ${event.title}`);
    const admin = await detail(event.id, adminCookie);
    expect(admin.max_attendees).toBe(2);
    expect(await seatsHeldOf(event.id)).toEqual({ registered: 1, offers: 1 });

    // Someone already offered a seat is not offered another.
    const again = await offerNow(event.id, await entryOf(second.user.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Only a person still waiting can be offered a seat');
    // Audited once, on the person offered the seat: the refused second offer wrote nothing.
    expect(await auditOf(second.user.id)).toEqual([
      ['event_waitlist_offered', { event: { from: null, to: event.title } }],
    ]);
    expect(await auditOf(first.user.id)).toEqual([]);
    // The offer is taken by registering, as any offer is.
    expect((await register(event.id, second.cookie)).statusCode).toBe(201);
    expect(await stateOf(event.id, second.user.id)).toBe('accepted');
  });

  it('removing a person offered a seat passes it to the next; a stranger’s entry or a cancelled event is refused', async () => {
    const { event, holders } = await fullEvent(1);
    const [first, second] = (await members(2)) as [Member, Member];
    await join(event.id, first.cookie);
    await join(event.id, second.cookie);
    expect((await withdraw(event.id, (holders[0] as Member).cookie)).statusCode).toBe(200);
    const [offered] = (await tab(event.id)).json().data as { id: string; user_id: string; state: string }[];
    expect([offered?.user_id, offered?.state]).toEqual([first.user.id, 'offered']);

    const removed = await remove(event.id, offered?.id as string);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      (removed.json().data as { user_id: string; state: string }[]).map((row) => [row.user_id, row.state]),
    ).toEqual([[second.user.id, 'offered']]);
    expect(await stateOf(event.id, first.user.id)).toBe('left');
    expect(await seatsHeldOf(event.id)).toEqual({ registered: 0, offers: 1 });

    expect(await auditOf(first.user.id)).toEqual([
      ['event_waitlist_removed', { event: { from: event.title, to: null } }],
    ]);

    const gone = await remove(event.id, offered?.id as string);
    expect(gone.statusCode).toBe(404);
    expect(await auditOf(first.user.id)).toHaveLength(1);
    expect(gone.json().error).toBe('This person is not on the waitlist');
    const other = await fullEvent(1);
    expect((await remove(other.event.id, offered?.id as string)).statusCode).toBe(404);
    expect(
      (await send('DELETE', `/api/events/admin/${event.id}/waitlist/not-a-uuid`, adminCookie)).statusCode,
    ).toBe(400);

    const third = await newMember();
    await join(other.event.id, third.cookie);
    const [entry] = (await tab(other.event.id)).json().data as { id: string }[];
    await context.db.execute(sql`update events set status = 'cancelled' where id = ${other.event.id}`);
    const cancelled = await offerNow(other.event.id, entry?.id as string);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error).toBe(EVENT_MESSAGES.cancelled);
  });
});
