import { randomUUID } from 'node:crypto';
import {
  ATTENDEE_MESSAGE_LIMITS,
  ATTENDEE_MESSAGES,
  EVENT_MESSAGES,
  MEETING_FEE_TIERS,
} from '@portal/shared';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  eventMessages,
  eventRegistrations,
  mailOutbox,
  representatives,
} from '../../db/schema';
import { createEvent, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { saveTiers } from './prices';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let adminId: string;
let memberCookie: string;
let eventId: string;
/** The event's registrants, by what the tests call them. */
const people: Record<string, { id: string; email: string; username: string }> = {};

const base = (id = eventId) => `/api/events/admin/${id}`;

async function register(name: string, status: 'pending' | 'approved' | 'rejected', fields = {}) {
  const user = await createUser(context.db, fields);
  people[name] = user;
  await context.db.insert(eventRegistrations).values({ event_id: eventId, user_id: user.id, status });
  return user;
}

/** `null`: a guest, with no cookie. */
const get = (url: string, cookie: string | null = adminCookie) =>
  context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (payload: Record<string, unknown>, cookie: string | null = adminCookie, id = eventId) =>
  context.app.inject({
    method: 'POST',
    url: `${base(id)}/messages`,
    payload,
    headers: cookie ? { cookie } : {},
  });
const message = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Venue change',
  body: 'The meeting moves to Hall B.\n\nSee you there.',
  idempotency_key: randomUUID(),
  ...overrides,
});

beforeAll(async () => {
  context = await buildTestApp();
  const admin = await createUser(context.db, {
    type: 'admin',
    username: `admin_${randomUUID().slice(0, 6)}`,
  });
  adminId = admin.id;
  adminCookie = (await signIn(context, admin)).cookie;
  memberCookie = (await signIn(context, await createUser(context.db))).cookie;
  eventId = (
    await createEvent(context.db, { title: 'Mindanao Exploration Forum: Año 2030', start_date: '2030-01-15' })
  ).id;
  // Registered in this order, a second apart, so the list's default order is known.
  const company = await register('company', 'approved', {
    type: 'company',
    username: `cordillera_${randomUUID().slice(0, 6)}`,
    registeredName: 'Cordillera Copper Exploration',
  });
  await context.db.insert(representatives).values([
    { userId: company.id, firstName: 'Ramon', lastName: 'Dizon', type: 'voting' },
    { userId: company.id, firstName: 'Liza', lastName: 'Ocampo', type: 'non-voting' },
  ]);
  // Named by their names (decision 056), never their usernames.
  await register('pending', 'pending', {
    username: `pending_${randomUUID().slice(0, 6)}`,
    firstName: 'Pedro',
    lastName: 'Pending',
  });
  await register('rejected', 'rejected', {
    username: `rejected_${randomUUID().slice(0, 6)}`,
    firstName: 'Rita',
    lastName: 'Rejected',
  });
  await register('formula', 'approved', {
    username: `formula_${randomUUID().slice(0, 6)}`,
    firstName: `=HYPERLINK("http://evil.example")`,
    lastName: null,
  });
  const order = ['company', 'pending', 'rejected', 'formula'];
  for (const [index, name] of order.entries()) {
    await context.db
      .update(eventRegistrations)
      .set({ created_at: new Date(Date.UTC(2029, 11, 1, 1, index)) })
      .where(eq(eventRegistrations.user_id, people[name]?.id ?? ''));
  }
  // Someone else's registration for another event never shows.
  const other = await createEvent(context.db);
  await context.db
    .insert(eventRegistrations)
    .values({ event_id: other.id, user_id: (await createUser(context.db)).id, status: 'approved' });
});
afterAll(() => context.close());

describe('GET /api/events/admin/{id}/attendees', () => {
  it('lists every registrant with name, company, e-mail, status and time, newest first', async () => {
    const response = await get(`${base()}/attendees`);
    expect(response.statusCode).toBe(200);
    const { attendees, pagination } = response.json().data;
    expect(pagination).toMatchObject({ page: 1, limit: 20, total: 4, totalPages: 1 });
    expect(attendees.map((row: { user_id: string }) => row.user_id)).toEqual(
      ['formula', 'rejected', 'pending', 'company'].map((name) => people[name]?.id),
    );
    expect(attendees[3]).toEqual({
      registration_id: expect.any(String),
      user_id: people.company?.id,
      name: 'Ramon Dizon',
      company: 'Cordillera Copper Exploration',
      email: people.company?.email,
      status: 'approved',
      registered_at: '2029-12-01T01:00:00.000Z',
      // An event without prices: no fee, no payment.
      tier_name: null,
      amount: null,
      payment: null,
      hold_expires_at: null,
      checked_in: 0,
    });
    expect(attendees[2]).toMatchObject({ name: 'Pedro Pending', company: null, status: 'pending' });
  });

  it('filters by status and by a name, company or e-mail, and sorts by name', async () => {
    const ids = async (query: string) =>
      (await get(`${base()}/attendees?${query}`))
        .json()
        .data.attendees.map((row: { user_id: string }) => row.user_id);
    expect(await ids('status=approved&sort_by=registered_at&sort_order=asc')).toEqual([
      people.company?.id,
      people.formula?.id,
    ]);
    expect(await ids('status=')).toHaveLength(4);
    expect(await ids('search=ramon')).toEqual([people.company?.id]);
    expect(await ids('search=CORDILLERA%20copper')).toEqual([people.company?.id]);
    expect(await ids(`search=${encodeURIComponent(people.rejected?.email ?? '')}`)).toEqual([
      people.rejected?.id,
    ]);
    // % and _ are text, not wildcards.
    expect(await ids('search=%25')).toEqual([]);
    const byName = await ids('sort_by=name&sort_order=asc');
    expect(byName).toHaveLength(4);
    expect(byName[0]).toBe(people.formula?.id); // '=' sorts before letters
    // Without regard to case: 'Pedro Pending', 'Ramon Dizon', 'Rita Rejected'.
    expect(byName.slice(1)).toEqual([people.pending?.id, people.company?.id, people.rejected?.id]);
  });

  it('pages', async () => {
    const page = (await get(`${base()}/attendees?limit=3&page=2`)).json().data;
    expect(page.attendees).toHaveLength(1);
    expect(page.pagination).toMatchObject({ page: 2, total: 4, totalPages: 2, hasPrev: true });
  });

  it('answers bad filters with 400 and the message, an unknown event with 404', async () => {
    const bad = await get(`${base()}/attendees?status=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(ATTENDEE_MESSAGES.statusInvalid);
    expect((await get(`${base()}/attendees?sort_by=email`)).statusCode).toBe(400);
    const missing = await get(`${base(randomUUID())}/attendees`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(EVENT_MESSAGES.notFound);
    expect((await get(`${base('not-an-id')}/attendees`)).statusCode).toBe(400);
  });

  it('refuses guests (401) and members (403)', async () => {
    expect((await get(`${base()}/attendees`, null)).statusCode).toBe(401);
    expect((await get(`${base()}/attendees`, memberCookie)).statusCode).toBe(403);
  });
});

describe('GET /api/events/admin/{id}/attendees.csv', () => {
  it('is a CSV file named after the event, with a header row and the filtered registrants', async () => {
    const response = await get(`${base()}/attendees.csv?sort_by=registered_at&sort_order=asc`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="attendees-mindanao-exploration-forum-ano-2030-2030-01-15.csv"',
    );
    const [header, ...rows] = parse(response.body, { bom: true }) as string[][];
    expect(header).toEqual([
      'name',
      'company',
      'email',
      'status',
      'registered_at',
      'tier',
      'amount',
      'payment',
      'checked_in',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual([
      'Ramon Dizon',
      'Cordillera Copper Exploration',
      people.company?.email,
      'approved',
      '2029-12-01 09:00',
      '',
      '',
      '',
      '',
    ]);
    const approved = parse((await get(`${base()}/attendees.csv?status=approved`)).body, {
      bom: true,
    }) as string[][];
    expect(approved).toHaveLength(3);
  });

  it('neutralises a name a spreadsheet would run as a formula', async () => {
    const response = await get(`${base()}/attendees.csv?search=hyperlink`);
    const [, row] = parse(response.body, { bom: true }) as string[][];
    expect(row?.[0]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(response.body).not.toMatch(/^=/m);
  });

  it('refuses guests (401) and members (403); 404 for an unknown event', async () => {
    expect((await get(`${base()}/attendees.csv`, null)).statusCode).toBe(401);
    expect((await get(`${base()}/attendees.csv`, memberCookie)).statusCode).toBe(403);
    expect((await get(`${base(randomUUID())}/attendees.csv`)).statusCode).toBe(404);
  });
});

describe('paid registrations in the attendee list and its export', () => {
  /** An event with the specification's tiers, and a guest-rate registration each for three people. */
  async function paidEvent() {
    const event = await createEvent(context.db, {
      status: 'published',
      is_registration_required: true,
      start_date: '2099-06-10',
      start_time: '09:00:00',
      max_attendees: 10,
    });
    await context.db.transaction((tx) => saveTiers(tx, event.id, MEETING_FEE_TIERS, { isNew: true }));
    const detail = (await get(`/api/events/retrieve-events/${event.id}`)).json().data;
    const guestTier = detail.price_tiers.find((tier: { audience: string }) => tier.audience === 'guest');
    const registrations: Record<string, string> = {};
    for (const name of ['awaiting', 'door', 'waived']) {
      const user = await createUser(context.db, { username: `${name}_${randomUUID().slice(0, 6)}` });
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/registration`,
        headers: { cookie: (await signIn(context, user)).cookie },
        payload: { tier_id: guestTier.id },
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      const [row] = await context.db
        .select({ id: eventRegistrations.id })
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.event_id, event.id), eq(eventRegistrations.user_id, user.id)));
      registrations[name] = row?.id ?? '';
    }
    const settle = (name: string, action: string) =>
      context.app.inject({
        method: 'POST',
        url: `/api/events/admin/registrations/${registrations[name]}/${action}`,
        headers: { cookie: adminCookie },
        payload: {},
      });
    expect((await settle('door', 'paid-at-door')).statusCode).toBe(200);
    expect((await settle('waived', 'waive')).statusCode).toBe(200);
    return { event, registrations };
  }

  it('shows each one’s tier, amount in centavos and payment, and the hold only while awaited', async () => {
    const { event, registrations } = await paidEvent();
    const response = await get(`${base(event.id)}/attendees`);
    expect(response.statusCode).toBe(200);
    const rows = response.json().data.attendees as { registration_id: string }[];
    const row = (name: string) => rows.find((entry) => entry.registration_id === registrations[name]);
    expect(row('awaiting')).toMatchObject({
      status: 'pending',
      tier_name: 'Guest / non-member',
      amount: 50_000,
      payment: 'awaiting',
      hold_expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(row('door')).toMatchObject({
      status: 'approved',
      amount: 50_000,
      payment: 'paid',
      hold_expires_at: null,
    });
    expect(row('waived')).toMatchObject({
      status: 'approved',
      amount: 50_000,
      payment: 'waived',
      hold_expires_at: null,
    });
  });

  it('exports the tier, the amount in pesos and the payment as the member reads it', async () => {
    const { event } = await paidEvent();
    const response = await get(`${base(event.id)}/attendees.csv?sort_by=registered_at&sort_order=asc`);
    const [, ...rows] = parse(response.body, { bom: true }) as string[][];
    expect(rows.map((row) => row.slice(5, 8))).toEqual([
      ['Guest / non-member', '500.00', 'Awaiting payment'],
      ['Guest / non-member', '500.00', 'Paid'],
      ['Guest / non-member', '500.00', 'Fee waived'],
    ]);
  });
});

describe('POST /api/events/admin/{id}/messages', () => {
  const outboxFor = (emails: string[], subject: string) =>
    context.db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.toAddress, emails), eq(mailOutbox.subject, subject)));

  it('queues one e-mail per selected registrant, paced, and logs and audits the message', async () => {
    const subject = `Approved only ${randomUUID().slice(0, 6)}`;
    const response = await send(message({ subject, status: 'approved' }));
    expect(response.statusCode).toBe(201);
    const sent = response.json().data;
    expect(sent).toMatchObject({
      subject,
      body: 'The meeting moves to Hall B.\n\nSee you there.',
      filter: { status: 'approved', search: null },
      recipient_count: 2,
    });
    const everyone = Object.values(people).map((person) => person.email);
    const mails = await outboxFor(everyone, subject);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(
      [people.company?.email, people.formula?.email].sort(),
    );
    const company = mails.find((mail) => mail.toAddress === people.company?.email);
    expect(company?.text).toContain('Hello Ramon Dizon,');
    expect(company?.text).toContain('The meeting moves to Hall B.\n\nSee you there.');
    expect(company?.html).toContain('white-space:pre-line;">The meeting moves to Hall B.');
    // A person wrote it: not marked as automatic mail (RFC 3834), so replies are welcome.
    expect(company?.headers).toEqual({});
    // The second leaves a second after the first (BULK_MAIL_PER_MINUTE).
    const [first, second] = mails.map((mail) => mail.nextAttemptAt.getTime()).sort();
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(900);

    const [logged] = await context.db.select().from(eventMessages).where(eq(eventMessages.id, sent.id));
    expect(logged).toMatchObject({ event_id: eventId, recipient_count: 2, sent_by: adminId });
    const audit = await context.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.actorId, adminId), eq(adminAuditLog.action, 'event_attendees_messaged')));
    expect(audit.at(-1)?.changes).toMatchObject({ subject: { to: subject }, recipients: { to: 2 } });

    const log = (await get(`${base()}/messages`)).json().data;
    expect(log.messages[0]).toMatchObject({
      id: sent.id,
      subject,
      sent_by: expect.stringMatching(/^admin_/),
    });
  });

  it('sends to everyone the list shows when no filter is given, and to a searched group', async () => {
    const all = await send(message({ subject: `All ${randomUUID().slice(0, 6)}` }));
    expect(all.json().data.recipient_count).toBe(4);
    const one = await send(message({ subject: `One ${randomUUID().slice(0, 6)}`, search: 'cordillera' }));
    expect(one.json().data).toMatchObject({ recipient_count: 1, filter: { search: 'cordillera' } });
  });

  it('sends once for one idempotency key, however often it arrives', async () => {
    const subject = `Twice ${randomUUID().slice(0, 6)}`;
    const payload = message({ subject });
    const [first, second] = await Promise.all([send(payload), send(payload)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().data.id).toBe(second.json().data.id);
    const third = await send(payload);
    expect(third.statusCode).toBe(200);
    expect(
      await outboxFor(
        Object.values(people).map((person) => person.email),
        subject,
      ),
    ).toHaveLength(4);
    expect(
      await context.db.select().from(eventMessages).where(eq(eventMessages.subject, subject)),
    ).toHaveLength(1);
    const elsewhere = await send(payload, adminCookie, (await createEvent(context.db)).id);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error).toBe(ATTENDEE_MESSAGES.keyReused);
  });

  it('answers bad input with 400 and the field’s message, sending nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ subject: '  ' }, 'subject', ATTENDEE_MESSAGES.subjectRequired],
      [
        { subject: 'x'.repeat(ATTENDEE_MESSAGE_LIMITS.subjectMax + 1) },
        'subject',
        ATTENDEE_MESSAGES.subjectTooLong,
      ],
      [{ body: '' }, 'body', ATTENDEE_MESSAGES.bodyRequired],
      [{ body: 'x'.repeat(ATTENDEE_MESSAGE_LIMITS.bodyMax + 1) }, 'body', ATTENDEE_MESSAGES.bodyTooLong],
      [{ status: 'maybe' }, 'status', ATTENDEE_MESSAGES.statusInvalid],
      [{ idempotency_key: 'twice' }, 'idempotency_key', ATTENDEE_MESSAGES.keyInvalid],
    ];
    for (const [change, field, text] of cases) {
      const response = await send(message(change));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error).toBe(text);
      expect(response.json().fields[field]).toBe(text);
    }
    const none = await send(message({ search: 'nobody-by-this-name' }));
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(ATTENDEE_MESSAGES.noRecipients);
    expect(
      await context.db
        .select()
        .from(eventMessages)
        .where(eq(eventMessages.filter_search, 'nobody-by-this-name')),
    ).toHaveLength(0);
    expect((await send(message(), adminCookie, randomUUID())).statusCode).toBe(404);
  });

  it('refuses guests (401) and members (403)', async () => {
    expect((await send(message(), null)).statusCode).toBe(401);
    expect((await send(message(), memberCookie)).statusCode).toBe(403);
    expect((await get(`${base()}/messages`, null)).statusCode).toBe(401);
    expect((await get(`${base()}/messages`, memberCookie)).statusCode).toBe(403);
  });
});
