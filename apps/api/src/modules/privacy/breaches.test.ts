import { BREACH_MESSAGES } from '@portal/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, mailOutbox } from '../../db/schema';
import { createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;
let secretariatCookie: string;
let treasurerCookie: string;
beforeAll(async () => {
  context = await buildTestApp();
  admin = await createUser(context.db, { type: 'admin', firstName: 'Ana', lastName: 'Reyes' });
  adminCookie = (await signIn(context, admin)).cookie;
  secretariatCookie = (await signIn(context, await createUser(context.db, { roles: ['secretariat'] })))
    .cookie;
  treasurerCookie = (await signIn(context, await createUser(context.db, { roles: ['treasurer'] }))).cookie;
});
afterAll(() => context?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  context.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const BASE = '/api/privacy/admin/breaches';
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const mailTo = (addresses: string[]) =>
  context.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));

describe('the breach register', () => {
  it('records a breach with its clock, e-mails exactly the affected members once, records the NPC notice, closes', async () => {
    const [first, second, bystander] = await Promise.all([
      createUser(context.db, { firstName: 'Maria', lastName: 'Santos' }),
      createUser(context.db, { firstName: 'Jose', lastName: 'Cruz' }),
      createUser(context.db),
    ]);
    const created = await call('POST', BASE, adminCookie, {
      what: 'A laptop with an export of the member list was stolen.',
      occurred_at: hoursAgo(30),
      discovered_at: hoursAgo(10),
      data_kinds: 'Members: names, e-mail addresses, phone numbers',
      people_count: 2,
      affected_emails: [first.email.toUpperCase(), second.email],
    });
    expect(created.statusCode).toBe(201);
    const breach = created.json().data;
    expect(breach).toMatchObject({
      people_count: 2,
      npc_notice: null,
      people_notices: [],
      closed_at: null,
      recorded_by: 'Ana Reyes',
    });
    expect(new Date(breach.notify_by).getTime() - new Date(breach.discovered_at).getTime()).toBe(
      72 * 3_600_000,
    );
    expect(breach.affected.map((person: { name: string }) => person.name).sort()).toEqual([
      'Jose Cruz',
      'Maria Santos',
    ]);
    expect(breach.prepared_notice.body).toContain('A laptop with an export of the member list was stolen.');

    // Pressed twice at once: each person is told once, and the second press is refused.
    const notice = { subject: 'About your data', body: 'We are sorry to tell you that…' };
    const sends = await Promise.all([
      call('POST', `${BASE}/${breach.id}/people-notice`, adminCookie, notice),
      call('POST', `${BASE}/${breach.id}/people-notice`, secretariatCookie, notice),
    ]);
    expect(sends.map((send) => send.statusCode).sort()).toEqual([200, 409]);
    const refused = sends.find((send) => send.statusCode === 409);
    expect(refused?.json().error).toBe(BREACH_MESSAGES.peopleAlready);
    const sent = sends.find((send) => send.statusCode === 200)?.json().data;
    expect(sent.queued).toBe(2);
    const rows = await mailTo([first.email, second.email, bystander.email]);
    expect(rows.map((row) => row.toAddress).sort()).toEqual([first.email, second.email].sort());
    expect(rows.every((row) => row.subject === 'About your data' && row.text.includes('We are sorry'))).toBe(
      true,
    );
    expect(rows.find((row) => row.toAddress === first.email)?.text).toContain('Hello Maria');
    expect(sent.breach.affected.every((person: { notified_at: string | null }) => person.notified_at)).toBe(
      true,
    );

    const npc = await call('POST', `${BASE}/${breach.id}/npc-notice`, adminCookie, {
      notified_at: hoursAgo(1),
      method: 'NPC breach notification management system',
      reference: 'NPC-BN-2026-0042',
    });
    expect(npc.statusCode).toBe(200);
    expect(npc.json().data.npc_notice).toMatchObject({
      reference: 'NPC-BN-2026-0042',
      recorded_by: 'Ana Reyes',
    });
    const again = await call('POST', `${BASE}/${breach.id}/npc-notice`, adminCookie, {
      notified_at: hoursAgo(1),
      method: 'E-mail',
    });
    expect(again.statusCode).toBe(409);

    const closed = await call('POST', `${BASE}/${breach.id}/close`, adminCookie, { summary: 'Contained.' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ closure_summary: 'Contained.' });
    expect(closed.json().data.closed_at).not.toBeNull();
    const afterClose = await call('PUT', `${BASE}/${breach.id}`, adminCookie, {
      what: 'x',
      discovered_at: hoursAgo(10),
      data_kinds: 'y',
    });
    expect(afterClose.statusCode).toBe(409);
    expect(afterClose.json().error).toBe(BREACH_MESSAGES.closedAlready);

    const list = await call('GET', BASE, secretariatCookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.breaches[0]).toMatchObject({ id: breach.id, affected_count: 2 });
    expect(list.json().data.breaches[0].npc_notified_at).not.toBeNull();

    // Every change is in the acting staff member's history.
    const audit = await context.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.userId, admin.id)));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'privacy_breach_recorded',
        'privacy_breach_npc_notified',
        'privacy_breach_closed',
      ]),
    );
  });

  it('adds people later: only those not yet told are e-mailed', async () => {
    const [first, later] = await Promise.all([createUser(context.db), createUser(context.db)]);
    const input = { what: 'Misaddressed e-mail', discovered_at: hoursAgo(1), data_kinds: 'Statements' };
    const breach = (
      await call('POST', BASE, adminCookie, { ...input, affected_emails: [first.email] })
    ).json().data;
    const notice = { subject: 'Misaddressed statement', body: 'Sorry.' };
    expect(
      (await call('POST', `${BASE}/${breach.id}/people-notice`, adminCookie, notice)).json().data.queued,
    ).toBe(1);
    // The first stays on the list though the new list leaves them out: they were told.
    const updated = await call('PUT', `${BASE}/${breach.id}`, adminCookie, {
      ...input,
      affected_emails: [later.email],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.affected).toHaveLength(2);
    expect(
      (await call('POST', `${BASE}/${breach.id}/people-notice`, adminCookie, notice)).json().data.queued,
    ).toBe(1);
    expect((await mailTo([first.email])).length).toBe(1);
    expect((await mailTo([later.email])).length).toBe(1);
  });

  it('answers a mistake with the field and its message', async () => {
    const missing = await call('POST', BASE, adminCookie, { what: '  ', data_kinds: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      what: BREACH_MESSAGES.whatRequired,
      discovered_at: BREACH_MESSAGES.discoveredRequired,
    });
    const future = await call('POST', BASE, adminCookie, {
      what: 'x',
      data_kinds: 'y',
      discovered_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      field: 'discovered_at',
      error: BREACH_MESSAGES.discoveredInFuture,
    });
    const unknown = await call('POST', BASE, adminCookie, {
      what: 'x',
      data_kinds: 'y',
      discovered_at: hoursAgo(1),
      affected_emails: ['nobody-here@example.com'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      field: 'affected_emails',
      error: BREACH_MESSAGES.unknownEmail('nobody-here@example.com'),
    });
    const badDate = await call('POST', BASE, adminCookie, {
      what: 'x',
      data_kinds: 'y',
      discovered_at: 'yesterday',
    });
    expect(badDate.json().fields).toMatchObject({ discovered_at: BREACH_MESSAGES.dateInvalid });
    const nobody = (
      await call('POST', BASE, adminCookie, { what: 'x', data_kinds: 'y', discovered_at: hoursAgo(1) })
    ).json().data;
    const empty = await call('POST', `${BASE}/${nobody.id}/people-notice`, adminCookie, {
      subject: 's',
      body: 'b',
    });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error).toBe(BREACH_MESSAGES.peopleNone);
    expect((await call('GET', `${BASE}/${crypto.randomUUID()}`, adminCookie)).statusCode).toBe(404);
  });

  it('is closed to the treasurer', async () => {
    expect((await call('GET', BASE, treasurerCookie)).statusCode).toBe(403);
  });
});
