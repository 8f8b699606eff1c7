import {
  addToDate,
  manilaDateString,
  memberNewsCollection,
  REMINDER_MESSAGES,
  startOfManilaDay,
} from '@portal/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duesReminders, duesStatements, mailOutbox } from '../../db/schema';
import type { MailTransport, OutgoingMail } from '../../lib/mail/transport';
import { startMailWorker } from '../../lib/mail/worker';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';
import { previewDailyDues, runDailyDues } from './daily';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;

beforeAll(async () => {
  context = await buildTestApp();
  const admin = await createUser(context.db, { password: null, type: 'admin' });
  adminCookie = (await signIn(context, admin)).cookie;
});
afterAll(() => context.close());

const today = () => manilaDateString();
const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  context.app.inject({ method, url, headers: { cookie }, payload });
const run = (date: string, dryRun = false) => runDailyDues(context, date, { dryRun });

/** A member paid through `paidThrough` (the membership ends at the start of the next day). */
async function memberPaidThrough(
  paidThrough: string,
  {
    type = 'individual',
    billingEmail = null,
  }: { type?: 'individual' | 'company'; billingEmail?: string | null } = {},
) {
  const user = await createUser(context.db, { password: null, type, billingEmail });
  const membership = await createMembership(context.db, user.id, {
    category: 'Individual',
    startsAt: startOfManilaDay(addToDate(paidThrough, { months: -12, days: 1 })),
    expiresAt: startOfManilaDay(addToDate(paidThrough, { days: 1 })),
  });
  return { user, membership, cookie: (await signIn(context, user)).cookie };
}

const remindersOf = (userId: string) =>
  context.db.select().from(duesReminders).where(eq(duesReminders.userId, userId));
const statementsOf = (membershipId: string) =>
  context.db.select().from(duesStatements).where(eq(duesStatements.membershipId, membershipId));
const standingOf = async (cookie: string) =>
  (await call('GET', '/api/users/', cookie)).json().membershipData[0].standing;

describe('a year of renewals on a fake clock', () => {
  it('issues the semester statement, reminds once at each step, lapses, and payment restores active', async () => {
    // Paid through 160 days ago: the whole cycle of the statement (issued 30 days before, the last
    // reminder 30 days after) lies in the past, so the standing read now is the one after it.
    const paidThrough = addToDate(today(), { days: -160 });
    const { user, membership, cookie } = await memberPaidThrough(paidThrough);
    const start = addToDate(paidThrough, { days: -45 });
    for (let day = start; day <= today(); day = addToDate(day, { days: 1 })) await run(day);

    const [statement] = (await statementsOf(membership.id)).filter((row) => row.kind === 'semester');
    expect(statement).toMatchObject({
      issuedOn: addToDate(paidThrough, { days: -30 }),
      dueOn: paidThrough,
      status: 'issued',
    });
    const reminders = await remindersOf(user.id);
    // The 30-days-before step falls on the day of issue, whose own e-mail says as much.
    expect(reminders.map((row) => row.offsetDays).sort((a, b) => a - b)).toEqual([-14, -7, 0, 7, 30]);
    expect(reminders.map((row) => row.runDate).sort()).toEqual(
      [-14, -7, 0, 7, 30].map((offset) => addToDate(paidThrough, { days: offset })),
    );
    const mail = await context.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          reminders.map((row) => row.mailId as string),
        ),
      );
    expect(mail).toHaveLength(5);
    expect(mail.every((row) => row.toAddress === user.email)).toBe(true);
    const overdue = mail.find((row) => row.subject.includes('overdue'));
    expect(overdue?.text).toContain(statement?.number);
    expect(overdue?.text).toContain('₱1,500.00');
    expect(overdue?.text).toContain('/profile#dues');

    // A clock jump back: every past day run again queues nothing new.
    for (let day = start; day <= today(); day = addToDate(day, { days: 1 })) {
      expect((await run(day)).queued).toEqual([]);
    }
    expect(await remindersOf(user.id)).toHaveLength(5);

    // Grace over: lapsed, members' area closed, voting suspended.
    expect(await standingOf(cookie)).toBe('lapsed');
    const file = await call('GET', `${memberNewsCollection.publicPath}/monthly-meeting-calendar.pdf`, cookie);
    expect(file.statusCode).toBe(403);
    const lapsedList = (await call('GET', '/api/users/get-all?membership=lapsed', adminCookie)).json();
    expect(JSON.stringify(lapsedList)).toContain(user.id);

    const paid = await call('POST', `/api/dues/statements/${statement?.id}/payments`, adminCookie, {
      method: 'Bank transfer',
      paid_on: today(),
      amount: statement?.amountCentavos,
    });
    expect(paid.statusCode).toBe(201);
    expect(await standingOf(cookie)).toBe('active');
    // Paid: the next run has nothing to remind of this statement.
    expect((await run(addToDate(paidThrough, { days: 30 }))).queued).toEqual([]);
  });

  it('is overdue within the grace (members area open) and lapsed after it', async () => {
    const { membership, cookie } = await memberPaidThrough(addToDate(today(), { days: 20 }));
    await run(today());
    const [statement] = await statementsOf(membership.id);
    expect(statement?.kind).toBe('semester');
    const setDue = (dueOn: string) =>
      context.db
        .update(duesStatements)
        .set({ dueOn })
        .where(eq(duesStatements.id, statement?.id as string));
    await setDue(addToDate(today(), { days: -30 }));
    expect(await standingOf(cookie)).toBe('overdue');
    const file = await call('GET', `${memberNewsCollection.publicPath}/monthly-meeting-calendar.pdf`, cookie);
    expect(file.statusCode).not.toBe(403);
    await setDue(addToDate(today(), { days: -31 }));
    expect(await standingOf(cookie)).toBe('lapsed');
    const summary = (await call('GET', '/api/dashboard/admin/summary', adminCookie)).json().data;
    expect(summary.memberships.byStatus.lapsed).toBeGreaterThanOrEqual(1);
  });
});

describe('recipients and stops', () => {
  it('writes to a company and its billing e-mail; a paused member gets nothing; a void statement stops', async () => {
    const paidThrough = addToDate(today(), { days: 30 });
    const company = await memberPaidThrough(paidThrough, {
      type: 'company',
      billingEmail: 'accounts@example.com',
    });
    const paused = await memberPaidThrough(paidThrough);
    const voided = await memberPaidThrough(paidThrough);
    await run(today());
    await context.db.insert((await import('../../db/schema')).duesReminderPauses).values({
      userId: paused.user.id,
      reason: 'Paying by instalments agreed with the treasurer',
    });
    const [toVoid] = await statementsOf(voided.membership.id);
    await context.db
      .update(duesStatements)
      .set({ status: 'void', voidReason: 'test' })
      .where(eq(duesStatements.id, toVoid?.id as string));

    const day = addToDate(paidThrough, { days: -14 });
    const preview = await previewDailyDues(context.db, day);
    const result = await run(day);
    expect(result.queued).toEqual(preview.messages);
    const mine = result.queued.filter((message) =>
      [company.user.id, paused.user.id, voided.user.id].includes(message.userId as string),
    );
    expect(mine.map((message) => [message.email, message.role]).sort()).toEqual(
      [
        [company.user.email, 'member'],
        ['accounts@example.com', 'billing'],
      ].sort(),
    );
    expect(preview.paused).toBeGreaterThanOrEqual(1);
  });

  it("writes to a company's voting representative's e-mail once, set through the editor", async () => {
    const paidThrough = addToDate(today(), { days: 30 });
    const company = await memberPaidThrough(paidThrough, {
      type: 'company',
      billingEmail: 'billing@bukidnon.example',
    });
    const saved = await call('PUT', '/api/reps/update-reps', company.cookie, {
      repsData: [
        { firstName: 'Ana', lastName: 'Cruz', type: 'voting', email: ' Ana.Cruz@Bukidnon.example ' },
        // The billing address again: one message to it, as the billing e-mail.
        { firstName: 'Ben', lastName: 'Reyes', type: 'non-voting', email: 'billing@bukidnon.example' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.map((rep: { email: string }) => rep.email)).toEqual([
      'ana.cruz@bukidnon.example',
      'billing@bukidnon.example',
    ]);
    await run(today());
    const day = addToDate(paidThrough, { days: -14 });
    const result = await run(day);
    const mine = result.queued.filter((message) => message.userId === company.user.id);
    expect(mine.map((message) => [message.email, message.role]).sort()).toEqual(
      [
        [company.user.email, 'member'],
        ['billing@bukidnon.example', 'billing'],
        ['ana.cruz@bukidnon.example', 'representative'],
      ].sort(),
    );

    // The voting representative's address, when it is the billing one too, is written to once.
    await call('PUT', '/api/reps/update-reps', company.cookie, {
      repsData: [{ firstName: 'Ana', lastName: 'Cruz', type: 'voting', email: 'billing@bukidnon.example' }],
    });
    const later = await run(addToDate(paidThrough, { days: -7 }));
    expect(
      later.queued.filter((message) => message.userId === company.user.id).map((message) => message.role),
    ).toEqual(['member', 'billing']);

    const refused = await call('PUT', '/api/reps/update-reps', company.cookie, {
      repsData: [{ firstName: 'Ana', lastName: 'Cruz', type: 'voting', email: 'not an address' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'Please enter a valid email address',
      field: 'repsData.0.email',
    });
  });

  it('a member paying between the preview and the run gets no reminder', async () => {
    const paidThrough = addToDate(today(), { days: 30 });
    const { user, membership } = await memberPaidThrough(paidThrough);
    await run(today());
    const day = addToDate(paidThrough, { days: -7 });
    const preview = await previewDailyDues(context.db, day);
    expect(preview.messages.some((message) => message.userId === user.id)).toBe(true);
    const [statement] = await statementsOf(membership.id);
    const paid = await call('POST', `/api/dues/statements/${statement?.id}/payments`, adminCookie, {
      method: 'GCash',
      paid_on: today(),
      amount: statement?.amountCentavos,
    });
    expect(paid.statusCode).toBe(201);
    const result = await run(day);
    expect(result.queued.some((message) => message.userId === user.id)).toBe(false);
    expect(await remindersOf(user.id)).toEqual([]);
  });

  it('a dry run writes nothing; two runs at once queue each message once', async () => {
    const paidThrough = addToDate(today(), { days: 45 });
    const { user, membership } = await memberPaidThrough(paidThrough);
    const issueDay = addToDate(paidThrough, { days: -30 });
    const dry = await run(issueDay, true);
    expect(dry.issued).toBeGreaterThanOrEqual(1);
    expect(await statementsOf(membership.id)).toEqual([]);
    await run(issueDay);
    const day = addToDate(paidThrough, { days: -14 });
    const outboxBefore = (await context.db.select().from(mailOutbox)).length;
    const dryReminders = await run(day, true);
    expect(dryReminders.queued.some((message) => message.userId === user.id)).toBe(true);
    expect(await remindersOf(user.id)).toEqual([]);
    expect((await context.db.select().from(mailOutbox)).length).toBe(outboxBefore);

    const [first, second] = await Promise.all([run(day), run(day)]);
    const forUser = [...(first?.queued ?? []), ...(second?.queued ?? [])].filter(
      (message) => message.userId === user.id,
    );
    expect(forUser).toHaveLength(1);
    expect(await remindersOf(user.id)).toHaveLength(1);
  });
});

describe('SMTP down during the run', () => {
  it('the reminders stay queued and are sent once when the server is back', async () => {
    const paidThrough = addToDate(today(), { days: 60 });
    const { user } = await memberPaidThrough(paidThrough);
    await run(addToDate(paidThrough, { days: -30 }));
    const delivered: OutgoingMail[] = [];
    const transport: MailTransport & { down: boolean } = {
      describe: 'flaky',
      down: true,
      async send(message) {
        if (transport.down) throw Object.assign(new Error('connection refused'), { code: 'ECONNECTION' });
        delivered.push(message);
      },
    };
    const worker = startMailWorker({
      db: context.db,
      transport,
      from: 'test@example.org',
      logger: { info() {}, warn() {}, error() {} },
    });
    try {
      await run(addToDate(paidThrough, { days: -14 }));
      await worker.drain();
      const [logged] = await remindersOf(user.id);
      const [queued] = await context.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, logged?.mailId as string));
      expect(queued?.status).toBe('queued');
      const log = (await call('GET', `/api/dues/reminders?userId=${user.id}`, adminCookie)).json().data;
      expect(log.deliveries[0].state).toBe('queued');

      transport.down = false;
      await context.db.update(mailOutbox).set({ nextAttemptAt: new Date() });
      await worker.drain();
      await worker.drain();
      const reminders = delivered.filter(
        (message) => message.to === user.email && message.subject.startsWith('Reminder:'),
      );
      expect(reminders).toHaveLength(1);
      const after = (await call('GET', `/api/dues/reminders?userId=${user.id}`, adminCookie)).json().data;
      expect(after.deliveries[0].state).toBe('sent');
    } finally {
      await worker.stop();
    }
  });
});

describe('the reminder settings', () => {
  const put = async (fields: Record<string, string>) => {
    const form = await multipartBody({
      regularFee: '15000',
      associateFee: '8000',
      individualFee: '3000',
      paymentInstructions: 'BDO 0012-3456-7890',
      associationName: 'Mineral Exploration Association of the Philippines',
      associationAddress: 'Pasig City',
      associationTin: '000-123-456-000',
      ...fields,
    });
    return context.app.inject({
      method: 'PUT',
      url: '/api/dues/settings',
      headers: { cookie: adminCookie, ...form.headers },
      payload: form.payload,
    });
  };

  it('refuses repeated, out-of-range or non-whole days and a bad grace; saves good ones sorted', async () => {
    expect((await put({ reminderOffsets: '-30, -30' })).json()).toMatchObject({
      error: REMINDER_MESSAGES.offsetsDuplicate,
      field: 'reminderOffsets',
    });
    expect((await put({ reminderOffsets: '-30, 7, 200' })).json().error).toBe(
      REMINDER_MESSAGES.offsetsInvalid,
    );
    expect((await put({ reminderOffsets: '-7.5' })).json().error).toBe(REMINDER_MESSAGES.offsetsInvalid);
    expect((await put({ graceDays: '-1' })).json().error).toBe(REMINDER_MESSAGES.graceInvalid);
    const saved = await put({ reminderOffsets: '3, -7, 0', graceDays: '10' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ reminderOffsets: [-7, 0, 3], graceDays: 10 });
    // Absent fields keep what is saved (an older form that does not send them).
    expect((await put({})).json().data).toMatchObject({ reminderOffsets: [-7, 0, 3], graceDays: 10 });
    await put({ reminderOffsets: '-30, -14, -7, 0, 7, 30', graceDays: '30' });
  });
});
