import { EVENT_PRICE_MESSAGES, MEETING_FEE_TIERS, manilaDateString } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  duesStatements,
  eventRegistrations,
  eventWaitlist,
  mailOutbox,
  memberships,
} from '../../db/schema';
import { createEvent, createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';
import { previewDailyDues } from '../dues';
import { hasStanding } from '../membership-standing';
import { runEventsJob } from './jobs';
import { releaseExpiredHolds } from './paid-registrations';
import { holdEndOf, saveTiers } from './prices';

// Price tiers and paid registrations (docs/product-rules.md "Event prices", decision 046).

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let png: Buffer;

beforeAll(async () => {
  context = await buildTestApp();
  const admin = await createUser(context.db, { password: null, type: 'admin' });
  adminCookie = (await signIn(context, admin)).cookie;
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
});
afterAll(() => context.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: string | undefined, payload?: object) =>
  context.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

/** A published event taking registrations here, with the specification's three tiers. */
async function tieredEvent(overrides: Parameters<typeof createEvent>[1] = {}) {
  const event = await createEvent(context.db, {
    status: 'published',
    is_registration_required: true,
    start_date: '2099-06-10',
    start_time: '09:00:00',
    max_attendees: 2,
    ...overrides,
  });
  await context.db.transaction((tx) => saveTiers(tx, event.id, MEETING_FEE_TIERS, { isNew: true }));
  const detail = (await call('GET', `/api/events/retrieve-events/${event.id}`, adminCookie)).json().data;
  const tierOf = (audience: string) =>
    detail.price_tiers.find((tier: { audience: string }) => tier.audience === audience).id as string;
  return { event, member: tierOf('member'), guest: tierOf('guest'), professional: tierOf('professional') };
}

async function person({ goodStanding = false } = {}) {
  const user = await createUser(context.db, { password: null, type: 'individual' });
  if (goodStanding) await createMembership(context.db, user.id);
  return { user, cookie: (await signIn(context, user)).cookie };
}

const register = (eventId: string, cookie: string | undefined, body: object) =>
  call('POST', `/api/events/${eventId}/registration`, cookie, body);
const statementsOf = (userId: string) =>
  context.db.select().from(duesStatements).where(eq(duesStatements.userId, userId));
const registrationOf = async (eventId: string, userId: string) =>
  (
    await context.db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.event_id, eventId), eq(eventRegistrations.user_id, userId)))
  )[0];
const holdsContext = () => ({ db: context.db, publicUrl: context.config.publicUrl, secrets: context.config });
const mailTo = (email: string) => context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

describe('price tiers', () => {
  it('a new event starts free: no tiers unless the admin sends them', async () => {
    const form = await multipartBody({
      title: 'Free forum',
      start_date: '2099-01-05',
      status: 'published',
      is_registration_required: 'true',
    });
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/events/admin/create-event',
      headers: { cookie: adminCookie, ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.price_tiers).toEqual([]);
    const member = await person();
    const registered = await register(created.json().data.id, member.cookie, {});
    expect(registered.statusCode, registered.body).toBe(201);
    expect(await statementsOf(member.user.id)).toEqual([]);
  });

  it('the specification’s tiers, sent as the preset, are saved; the page says which are open to the viewer', async () => {
    const form = await multipartBody({
      title: 'Monthly meeting',
      start_date: '2099-01-05',
      price_tiers: JSON.stringify(
        MEETING_FEE_TIERS.map((tier) => ({ ...tier, amount: (tier.amount / 100).toFixed(2) })),
      ),
    });
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/events/admin/create-event',
      headers: { cookie: adminCookie, ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data.hold_hours).toBe(72);
    expect(
      data.price_tiers.map((tier: { name: string; amount: number; audience: string }) => [
        tier.audience,
        tier.amount,
      ]),
    ).toEqual(MEETING_FEE_TIERS.map((tier) => [tier.audience, tier.amount]));

    const { event } = await tieredEvent();
    const outsider = await person();
    const seen = (await call('GET', `/api/events/retrieve-events/${event.id}`, outsider.cookie)).json().data;
    const byAudience = Object.fromEntries(
      seen.price_tiers.map((tier: { audience: string; open: boolean; closed_reason: string | null }) => [
        tier.audience,
        [tier.open, tier.closed_reason],
      ]),
    );
    expect(byAudience).toEqual({
      member: [false, EVENT_PRICE_MESSAGES.memberTierClosed],
      guest: [true, null],
      professional: [true, null],
    });
    const guestView = (await call('GET', `/api/events/retrieve-events/${event.id}`, undefined)).json().data;
    expect(guestView.price_tiers.every((tier: { open: boolean }) => !tier.open)).toBe(true);
  });

  it('lists give each event the lowest and highest of its tiers and its member and guest rates, for the card’s price', async () => {
    const title = `Tiered listing ${Date.now()}`;
    const { event } = await tieredEvent({ title, price: '500' });
    const free = await createEvent(context.db, { title: `${title} free`, status: 'published', price: '0' });
    const rangeOf = async (url: string, id: string) =>
      (await call('GET', url, adminCookie)).json().data.events.find((row: { id: string }) => row.id === id)
        ?.price_range;
    const search = `search=${encodeURIComponent(title)}`;
    expect(await rangeOf(`/api/events/retrieve-events?${search}`, event.id)).toEqual({
      lowest: 20_000,
      highest: 50_000,
      // What a member in good standing and a guest pay, for the card (decision 074).
      member: 20_000,
      guest: 50_000,
    });
    expect(await rangeOf(`/api/events/retrieve-events?${search}`, free.id)).toBeNull();
    expect(await rangeOf(`/api/events/admin/get-all?${search}`, event.id)).toEqual({
      lowest: 20_000,
      highest: 50_000,
      // What a member in good standing and a guest pay, for the card (decision 074).
      member: 20_000,
      guest: 50_000,
    });
  });

  it('the admin form edits tiers in pesos (kept in centavos) and refuses bad ones with the field message', async () => {
    const { event, guest } = await tieredEvent();
    const send = async (fields: Record<string, string>) => {
      const body = await multipartBody(fields);
      return context.app.inject({
        method: 'PUT',
        url: `/api/events/admin/edit-event/${event.id}`,
        headers: { cookie: adminCookie, ...body.headers },
        payload: body.payload,
      });
    };
    const saved = await send({
      price_tiers: JSON.stringify([
        { id: guest, name: 'Walk-in guest', audience: 'guest', amount: '650.50' },
        { name: 'Student', audience: 'guest', amount: '0' },
      ]),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved
        .json()
        .data.price_tiers.map((tier: { id: string; name: string; amount: number }) => [
          tier.name,
          tier.amount,
        ]),
    ).toEqual([
      ['Walk-in guest', 65_050],
      ['Student', 0],
    ]);
    expect(saved.json().data.price_tiers[0].id).toBe(guest);
    for (const [tiers, message] of [
      [[{ name: 'X', audience: 'guest', amount: '-1' }], EVENT_PRICE_MESSAGES.tierAmount],
      [[{ name: 'X', audience: 'guest', amount: '1.234' }], EVENT_PRICE_MESSAGES.tierAmount],
      [[{ name: 'X', audience: 'vip', amount: '1' }], EVENT_PRICE_MESSAGES.tierAudience],
      [[{ name: '', audience: 'guest', amount: '1' }], EVENT_PRICE_MESSAGES.tierNameRequired],
      ['{nope', EVENT_PRICE_MESSAGES.tiersInvalid],
    ] as const) {
      const refused = await send({ price_tiers: typeof tiers === 'string' ? tiers : JSON.stringify(tiers) });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toBe(message);
    }
  });
});

describe('who may choose which tier', () => {
  it('refuses the member tier without good standing (403), no tier (400), a bad or expired PRC licence (400)', async () => {
    const { event, member, professional } = await tieredEvent();
    const outsider = await person();
    const refusedMember = await register(event.id, outsider.cookie, { tier_id: member });
    expect(refusedMember.statusCode).toBe(403);
    expect(refusedMember.json().error).toBe(EVENT_PRICE_MESSAGES.memberTierClosed);
    const noTier = await register(event.id, outsider.cookie, {});
    expect(noTier.statusCode).toBe(400);
    expect(noTier.json().error).toBe(EVENT_PRICE_MESSAGES.tierRequired);
    for (const [body, message] of [
      [{}, EVENT_PRICE_MESSAGES.prcNumberRequired],
      [{ prc_number: '12345' }, EVENT_PRICE_MESSAGES.prcNumberFormat],
      [{ prc_number: '1234567' }, EVENT_PRICE_MESSAGES.prcExpiryRequired],
      [{ prc_number: '1234567', prc_expires_on: '2099-06-09' }, EVENT_PRICE_MESSAGES.prcExpired],
    ] as const) {
      const refused = await register(event.id, outsider.cookie, { tier_id: professional, ...body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error).toBe(message);
    }
    // Nothing was registered or billed by the refusals.
    expect(await registrationOf(event.id, outsider.user.id)).toBeUndefined();
    expect(await statementsOf(outsider.user.id)).toEqual([]);
    const accepted = await register(event.id, outsider.cookie, {
      tier_id: professional,
      prc_number: '1234567',
      prc_expires_on: '2099-06-10',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await registrationOf(event.id, outsider.user.id)).toMatchObject({
      prc_number: '1234567',
      prc_expires_on: '2099-06-10',
    });
    const again = await register(event.id, outsider.cookie, {
      tier_id: professional,
      prc_number: '1234567',
      prc_expires_on: '2099-06-10',
    });
    expect(again.statusCode).toBe(409);
    // The licence is private: another member's view of the event does not carry it.
    const other = await person();
    const seen = (await call('GET', `/api/events/retrieve-events/${event.id}`, other.cookie)).body;
    expect(seen).not.toContain('1234567');
    // Staff see the registrants as a list: the number masked there (decision 066).
    const listed = (await call('GET', `/api/events/retrieve-events/${event.id}`, adminCookie)).json().data;
    const row = listed.user_events.find((entry: { userId: string }) => entry.userId === outsider.user.id);
    expect(row.payment.prc_number).toBe('•••••67');
    expect(JSON.stringify(listed)).not.toContain('1234567');
  });

  it('refuses a client-sent amount (the server charges the tier’s)', async () => {
    const { event, guest } = await tieredEvent();
    const someone = await person();
    const response = await register(event.id, someone.cookie, { tier_id: guest, amount: 1 });
    expect(response.statusCode).toBe(400);
    expect(await statementsOf(someone.user.id)).toEqual([]);
  });
});

describe('paid registrations', () => {
  it('issues one statement for the tier’s amount, holds the seat, and paying by proof approves it', async () => {
    const { event, member } = await tieredEvent();
    const maria = await person({ goodStanding: true });
    const [before] = await context.db.select().from(memberships).where(eq(memberships.userId, maria.user.id));
    const now = new Date();
    const response = await register(event.id, maria.cookie, { tier_id: member });
    expect(response.statusCode, response.body).toBe(201);
    const { registration } = response.json().data;
    expect(registration).toMatchObject({
      status: 'pending',
      amount: 20_000,
      balance: 20_000,
      statement_status: 'issued',
    });
    const holdEnd = new Date(registration.hold_expires_at).getTime();
    expect(Math.abs(holdEnd - (now.getTime() + 72 * 3_600_000))).toBeLessThan(60_000);
    const statements = await statementsOf(maria.user.id);
    expect(statements).toHaveLength(1);
    const [statement] = statements;
    expect(statement).toMatchObject({
      kind: 'event_fee',
      amountCentavos: 20_000,
      category: null,
      months: null,
      membershipId: null,
      dueOn: manilaDateString(new Date(holdEnd)),
    });
    expect(statement?.number).toMatch(/^SOA-\d{4}-\d{6}$/);
    // Its e-mail says what it covers and what paying it does, not dues and standing.
    const issued = (await mailTo(maria.user.email)).find((mail) =>
      mail.subject.includes(statement?.number ?? '-'),
    );
    expect(issued?.text).toContain(`(${event.title} (June 10, 2099), Member)`);
    expect(issued?.text).toContain('your registration is approved once the statement is paid');
    expect(issued?.text).not.toContain('membership');
    // The member sees it among their statements and sends proof; the admin verifies it.
    const listed = (await call('GET', '/api/dues/statements', maria.cookie)).json().data.statements;
    expect(listed[0]).toMatchObject({
      id: statement?.id,
      kind: 'event_fee',
      description: expect.stringContaining(event.title),
    });
    const body = await multipartBody(
      { method: 'GCash', reference: 'GC-1', paid_on: manilaDateString(), amount: '20000' },
      [{ field: 'file', bytes: png, type: 'image/png', filename: 'proof.png' }],
    );
    const proof = await context.app.inject({
      method: 'POST',
      url: `/api/dues/statements/${statement?.id}/proof`,
      headers: { cookie: maria.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(proof.statusCode, proof.body).toBe(201);
    expect((await registrationOf(event.id, maria.user.id))?.status).toBe('pending');
    const payment = proof.json().data.payments[0];
    const verified = await call('POST', `/api/dues/payments/${payment.id}/verify`, adminCookie, {});
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await registrationOf(event.id, maria.user.id)).toMatchObject({
      status: 'approved',
      hold_expires_at: null,
    });
    expect((await mailTo(maria.user.email)).map((mail) => mail.subject)).toContain(
      `Registration approved: ${event.title}`,
    );
    // An event fee never changes the membership: the same paid-through date and standing.
    const [after] = await context.db.select().from(memberships).where(eq(memberships.userId, maria.user.id));
    expect(after?.expiresAt).toEqual(before?.expiresAt);
    expect(after?.memberNumber).toEqual(before?.memberNumber);
    const page = (await call('GET', `/api/events/retrieve-events/${event.id}`, maria.cookie)).json().data;
    expect(page.my_registration_detail).toMatchObject({
      status: 'approved',
      balance: 0,
      statement_status: 'paid',
    });
  });

  it('an unpaid statement does not make a member overdue, nor does it get dues reminders', async () => {
    const { event, member } = await tieredEvent();
    const maria = await person({ goodStanding: true });
    await register(event.id, maria.cookie, { tier_id: member });
    // Past its due date, with no hold release run, the member is still in good standing.
    const [statement] = await statementsOf(maria.user.id);
    await context.db
      .update(duesStatements)
      .set({ dueOn: '2000-01-01' })
      .where(eq(duesStatements.id, statement?.id ?? ''));
    const [membership] = await context.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.userId, maria.user.id), hasStanding(memberships, 'active', new Date())));
    expect(membership).toBeDefined();
    // A week past the due date is a reminder step; the event fee is not among the messages.
    const preview = await previewDailyDues(context.db, '2000-01-08');
    expect(preview.messages.map((message) => message.statementId)).not.toContain(statement?.id);
  });

  it('a free tier keeps today’s flow: pending, no statement, no hold', async () => {
    const { event } = await tieredEvent();
    await context.db.transaction((tx) =>
      saveTiers(tx, event.id, [{ name: 'Student', audience: 'guest', amount: 0 }], { isNew: false }),
    );
    const detail = (await call('GET', `/api/events/retrieve-events/${event.id}`, adminCookie)).json().data;
    const someone = await person();
    const response = await register(event.id, someone.cookie, { tier_id: detail.price_tiers[0].id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.registration).toMatchObject({
      status: 'pending',
      amount: 0,
      hold_expires_at: null,
    });
    expect(await statementsOf(someone.user.id)).toEqual([]);
  });
});

describe('releaseExpiredHolds', () => {
  it('releases unpaid holds past expiry: registration expired, statement voided, seat freed, e-mail sent', async () => {
    const { event, guest } = await tieredEvent({ max_attendees: 1 });
    const late = await person();
    expect((await register(event.id, late.cookie, { tier_id: guest })).statusCode).toBe(201);
    const waiting = await person();
    expect((await register(event.id, waiting.cookie, { tier_id: guest })).json().error).toBe(
      'This event is full',
    );
    const holdEnd = (await registrationOf(event.id, late.user.id))?.hold_expires_at as Date;

    // Not yet: a minute before the end nothing happens.
    const early = await releaseExpiredHolds(holdsContext(), new Date(holdEnd.getTime() - 60_000));
    expect(early.events.find((freed) => freed.eventId === event.id)).toBeUndefined();
    const released = await releaseExpiredHolds(holdsContext(), new Date(holdEnd.getTime() + 1));
    expect(released.events).toContainEqual({ eventId: event.id, released: 1 });
    expect((await registrationOf(event.id, late.user.id))?.status).toBe('expired');
    const [statement] = await statementsOf(late.user.id);
    expect(statement).toMatchObject({ status: 'void', voidReason: EVENT_PRICE_MESSAGES.holdReleasedReason });
    expect((await mailTo(late.user.email)).map((mail) => mail.subject)).toContain(
      `Seat released: ${event.title}`,
    );
    // The seat is free again; running it twice releases nothing more.
    expect((await register(event.id, waiting.cookie, { tier_id: guest })).statusCode).toBe(201);
    const again = await releaseExpiredHolds(holdsContext(), new Date(holdEnd.getTime() + 1));
    expect(again.events.find((freed) => freed.eventId === event.id)).toBeUndefined();
    // Paying the voided statement is refused.
    const paid = await call('POST', `/api/dues/statements/${statement?.id}/payments`, adminCookie, {
      method: 'Cash',
      amount: 50_000,
      paid_on: manilaDateString(),
    });
    expect(paid.statusCode).toBe(409);
  });

  it('the events job releases a hold and offers its seat to the waitlist, which others cannot take', async () => {
    const { event, guest } = await tieredEvent({ max_attendees: 1 });
    const holder = await person();
    expect((await register(event.id, holder.cookie, { tier_id: guest })).statusCode).toBe(201);
    const next = await person();
    expect((await call('POST', `/api/events/${event.id}/waitlist`, next.cookie)).statusCode).toBe(201);
    const holdEnd = (await registrationOf(event.id, holder.user.id))?.hold_expires_at as Date;

    // Other tests' holds have ended too: the job releases theirs as well, so only ours is checked.
    await runEventsJob(holdsContext(), new Date(holdEnd.getTime() + 1));
    expect((await registrationOf(event.id, holder.user.id))?.status).toBe('expired');
    const [entry] = await context.db
      .select({ state: eventWaitlist.state })
      .from(eventWaitlist)
      .where(and(eq(eventWaitlist.event_id, event.id), eq(eventWaitlist.user_id, next.user.id)));
    expect(entry?.state).toBe('offered');
    expect((await mailTo(next.user.email)).map((mail) => mail.subject)).toContain(
      `A seat is available: ${event.title}`,
    );
    // The freed seat is the offered person's: a newcomer is told the event is full.
    const newcomer = await person();
    expect((await register(event.id, newcomer.cookie, { tier_id: guest })).json().error).toBe(
      'This event is full',
    );
    expect((await register(event.id, next.cookie, { tier_id: guest })).statusCode).toBe(201);
  });

  it('a released member may register again (a new statement); withdrawing voids the unpaid one', async () => {
    const { event, guest } = await tieredEvent({ max_attendees: 5 });
    const someone = await person();
    await register(event.id, someone.cookie, { tier_id: guest });
    const holdEnd = (await registrationOf(event.id, someone.user.id))?.hold_expires_at as Date;
    await releaseExpiredHolds(holdsContext(), new Date(holdEnd.getTime() + 1));
    const again = await register(event.id, someone.cookie, { tier_id: guest });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.registration).toMatchObject({ status: 'pending', statement_status: 'issued' });
    const withdrawn = await call('DELETE', `/api/events/${event.id}/registration`, someone.cookie);
    expect(withdrawn.statusCode).toBe(200);
    const statements = await statementsOf(someone.user.id);
    expect(statements.map((statement) => [statement.status, statement.voidReason]).sort()).toEqual([
      ['void', EVENT_PRICE_MESSAGES.withdrawnReason],
      ['void', EVENT_PRICE_MESSAGES.holdReleasedReason],
    ]);
  });

  it('a hold never ends sooner than hold_hours after registering; on the event’s day there is none', () => {
    const event = { start_date: '2099-06-10', hold_hours: 72 };
    const eve = new Date('2099-06-09T23:00:00+08:00');
    expect(holdEndOf(event, eve)).toEqual(new Date('2099-06-12T23:00:00+08:00'));
    // From 00:00 of the event's day in Manila (and after it started): paid at the door.
    expect(holdEndOf(event, new Date('2099-06-10T00:00:00+08:00'))).toBeNull();
    expect(holdEndOf(event, new Date('2099-06-10T09:30:00+08:00'))).toBeNull();
    expect(holdEndOf(event, new Date('2099-06-09T15:59:59Z'))).toEqual(new Date('2099-06-12T15:59:59Z'));
  });

  it('registering after the event started on its day holds no seat until a past time: pay at the door', async () => {
    const { event, guest } = await tieredEvent({ start_date: manilaDateString(), start_time: '00:00:00' });
    const someone = await person();
    const response = await register(event.id, someone.cookie, { tier_id: guest });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.registration).toMatchObject({
      status: 'pending',
      hold_expires_at: null,
      statement_status: 'issued',
      balance: 50_000,
    });
    const [statement] = await statementsOf(someone.user.id);
    expect(statement?.dueOn).toBe(manilaDateString());
    // Nothing to release: the job leaves it for the door.
    const released = await releaseExpiredHolds(holdsContext(), new Date(Date.now() + 30 * 86_400_000));
    expect(released.events.find((freed) => freed.eventId === event.id)).toBeUndefined();
    expect((await registrationOf(event.id, someone.user.id))?.status).toBe('pending');
  });
});

describe('one ticket rule: approved and settled, whichever comes last (decision 074)', () => {
  const approve = (eventId: string, userId: string) =>
    call('PUT', '/api/events/admin/update-user-event', adminCookie, { status: 'approved', userId, eventId });
  const payInFull = async (userId: string) => {
    const [statement] = await statementsOf(userId);
    const paid = await call('POST', `/api/dues/statements/${statement?.id}/payments`, adminCookie, {
      method: 'Cash',
      amount: statement?.amountCentavos,
      paid_on: manilaDateString(),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return statement;
  };
  const ticketsIn = (mails: Awaited<ReturnType<typeof mailTo>>) =>
    mails.filter((mail) => mail.attachments.some((file) => file.contentType === 'image/png'));

  it('approved before payment: the approval says what is due, and the payment sends the ticket', async () => {
    const { event, guest } = await tieredEvent({ max_attendees: 5 });
    const someone = await person();
    expect((await register(event.id, someone.cookie, { tier_id: guest })).statusCode).toBe(201);
    expect((await approve(event.id, someone.user.id)).statusCode).toBe(200);
    const [statement] = await statementsOf(someone.user.id);
    const approval = (await mailTo(someone.user.email)).find((mail) =>
      mail.subject.startsWith('Registration approved'),
    );
    expect(approval?.text).toContain(`Your fee of ₱500.00 (statement ${statement?.number}) is still due`);
    expect(approval?.text).not.toContain('Your ticket is attached');
    expect(ticketsIn(await mailTo(someone.user.email))).toEqual([]);

    await payInFull(someone.user.id);
    const tickets = ticketsIn(await mailTo(someone.user.email));
    expect(tickets.map((mail) => mail.subject)).toEqual([`Your ticket: ${event.title}`]);
    expect(tickets[0]?.text).toContain('Your ticket is attached');
    const png = await call(
      'GET',
      `/api/events/registrations/${(await registrationOf(event.id, someone.user.id))?.id}/ticket.png`,
      someone.cookie,
    );
    expect(png.statusCode).toBe(200);
  });

  it('paid before approval: the payment approves it and its one e-mail carries the ticket', async () => {
    const { event, guest } = await tieredEvent({ max_attendees: 5 });
    const someone = await person();
    expect((await register(event.id, someone.cookie, { tier_id: guest })).statusCode).toBe(201);
    await payInFull(someone.user.id);
    expect((await registrationOf(event.id, someone.user.id))?.status).toBe('approved');
    const tickets = ticketsIn(await mailTo(someone.user.email));
    expect(tickets.map((mail) => mail.subject)).toEqual([`Registration approved: ${event.title}`]);
    // Already decided: approving again is refused and sends nothing more.
    expect((await approve(event.id, someone.user.id)).statusCode).toBe(409);
    expect(ticketsIn(await mailTo(someone.user.email))).toHaveLength(1);
  });
});

describe('admin: waive or paid at the door', () => {
  async function pendingPaid() {
    const { event, guest } = await tieredEvent({ max_attendees: 10 });
    const someone = await person();
    await register(event.id, someone.cookie, { tier_id: guest });
    const registration = (await registrationOf(event.id, someone.user.id)) as { id: string };
    return { event, someone, registration };
  }

  it('answers a guest 401 and a member 403', async () => {
    const { registration, someone } = await pendingPaid();
    for (const action of ['waive', 'paid-at-door']) {
      const url = `/api/events/admin/registrations/${registration.id}/${action}`;
      expect((await call('POST', url, undefined, {})).statusCode).toBe(401);
      expect((await call('POST', url, someone.cookie, {})).statusCode).toBe(403);
    }
  });

  it('waives the fee: statement voided “waived”, registration approved, audit-logged', async () => {
    const { event, someone, registration } = await pendingPaid();
    const response = await call(
      'POST',
      `/api/events/admin/registrations/${registration.id}/waive`,
      adminCookie,
      {},
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'approved', statement_status: 'void', balance: 0 });
    const [statement] = await statementsOf(someone.user.id);
    expect(statement).toMatchObject({ status: 'void', voidReason: 'waived' });
    const audit = await context.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.userId, someone.user.id));
    expect(audit.map((row) => row.action)).toContain('dues_statement_voided');
    expect((await mailTo(someone.user.email)).map((mail) => mail.subject)).toContain(
      `Registration approved: ${event.title}`,
    );
    const twice = await call(
      'POST',
      `/api/events/admin/registrations/${registration.id}/waive`,
      adminCookie,
      {},
    );
    expect(twice.statusCode).toBe(409);
  });

  it('records a cash payment at the door through the dues, which approves the registration', async () => {
    const { someone, registration } = await pendingPaid();
    const response = await call(
      'POST',
      `/api/events/admin/registrations/${registration.id}/paid-at-door`,
      adminCookie,
      {},
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'approved', statement_status: 'paid', balance: 0 });
    const listed = (await call('GET', `/api/dues/statements?userId=${someone.user.id}`, adminCookie)).json()
      .data.statements;
    expect(listed[0].payments[0]).toMatchObject({ method: 'Cash', status: 'recorded', amount: 50_000 });
    expect(listed[0].payments[0].receiptNumber).toMatch(/^AR-/);
    const audit = await context.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.userId, someone.user.id));
    expect(audit.map((row) => row.action)).toContain('dues_payment_recorded');
  });
});
