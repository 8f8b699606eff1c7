import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addToDate,
  DUES_MESSAGES,
  formatCentavos,
  MAX_DUES_CENTAVOS,
  manilaDateString,
  memberNewsCollection,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duesStatements, mailOutbox, memberships } from '../../db/schema';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';
import { issueDueStatements } from './statements';

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
const today = () => manilaDateString();

/** A member with a pending Regular application, approved by the admin: their first statement. */
async function approvedMember(category: 'Regular' | 'Individual' | 'Honorary' = 'Regular') {
  const user = await createUser(context.db, {
    password: null,
    type: category === 'Individual' ? 'individual' : 'company',
  });
  const membership = await createMembership(context.db, user.id, {
    status: 'pending',
    category,
    startsAt: null,
    expiresAt: null,
  });
  const approved = await call('PUT', `/api/memberships/update/${membership.id}`, adminCookie, {
    status: 'approved',
  });
  expect(approved.statusCode).toBe(200);
  const cookie = (await signIn(context, user)).cookie;
  const listed = await call('GET', '/api/dues/statements', cookie);
  return {
    user,
    membership,
    cookie,
    statement: listed.json().data.statements[0],
    approval: approved.json().data,
  };
}

const record = (statementId: string, body: object, cookie = adminCookie) =>
  call('POST', `/api/dues/statements/${statementId}/payments`, cookie, {
    method: 'Bank transfer',
    paid_on: today(),
    ...body,
  });

async function sendProof(
  statementId: string,
  cookie: string,
  fields: Record<string, string>,
  file: Buffer | null = png,
) {
  const body = await multipartBody(
    { method: 'GCash', reference: 'GC-123', paid_on: today(), ...fields },
    file ? [{ field: 'file', bytes: file, type: 'image/png', filename: 'proof.png' }] : [],
  );
  return context.app.inject({
    method: 'POST',
    url: `/api/dues/statements/${statementId}/proof`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

const membershipOf = async (cookie: string) => (await call('GET', '/api/auth/session', cookie)).json();
const profileMemberships = async (cookie: string) =>
  (await call('GET', '/api/users/', cookie)).json().membershipData;

describe('approval bills a new member', () => {
  it('issues a numbered 12-month statement of the category fee, due in 30 days, and awaits payment', async () => {
    const { user, statement, approval } = await approvedMember('Regular');
    expect(statement).toMatchObject({
      kind: 'new_member',
      status: 'issued',
      category: 'Regular',
      months: 12,
      amount: 1_500_000,
      paid: 0,
      balance: 1_500_000,
      issuedOn: today(),
      dueOn: addToDate(today(), { days: 30 }),
      periodFrom: null,
      overdue: false,
    });
    expect(statement.number).toMatch(new RegExp(`^SOA-${today().slice(0, 4)}-\\d{6}$`));
    expect(approval).toMatchObject({ standing: 'awaiting_payment', paidThrough: null, expiresAt: null });
    const [mail] = await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mail?.text).toContain(statement.number);
    expect(mail?.text).toContain('₱15,000.00');
    expect(mail?.text).toContain('your 12 months start on the date of payment');
  });

  it('approving twice bills once; an Honorary member pays nothing and is active at once', async () => {
    const { membership, cookie } = await approvedMember('Individual');
    await call('PUT', `/api/memberships/update/${membership.id}`, adminCookie, { status: 'approved' });
    const listed = (await call('GET', '/api/dues/statements', cookie)).json().data;
    expect(listed.pagination.total).toBe(1);
    expect(listed.statements[0].amount).toBe(300_000);

    const honorary = await approvedMember('Honorary');
    expect(honorary.statement).toBeUndefined();
    expect(honorary.approval.standing).toBe('active');
  });
});

describe('billing details', () => {
  it('bills a company by its registered name, TIN and billing address, and mails its billing e-mail too', async () => {
    const user = await createUser(context.db, {
      password: null,
      type: 'company',
      registeredName: 'Northern Gold Exploration Corporation',
      tin: '123-456-789-000',
      billingAddress: '12F Ayala Tower, Makati City 1226',
      billingEmail: 'accounts@northerngold.example',
    });
    const membership = await createMembership(context.db, user.id, {
      status: 'pending',
      category: 'Regular',
      startsAt: null,
      expiresAt: null,
    });
    await call('PUT', `/api/memberships/update/${membership.id}`, adminCookie, { status: 'approved' });
    const cookie = (await signIn(context, user)).cookie;
    const [statement] = (await call('GET', '/api/dues/statements', cookie)).json().data.statements;
    expect(statement).toMatchObject({
      billedName: 'Northern Gold Exploration Corporation',
      billedEmail: 'accounts@northerngold.example',
    });
    const pdf = pdfText((await call('GET', `/api/dues/statements/${statement.id}/pdf`, cookie)).rawPayload);
    expect(pdf).toContain('123-456-789-000');
    expect(pdf).toContain('12F Ayala Tower, Makati City 1226');
    for (const address of [user.email, 'accounts@northerngold.example']) {
      const mails = await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
      expect(
        mails.some((mail) => mail.text.includes(statement.number)),
        address,
      ).toBe(true);
      // Greeted by the name billed, never the username.
      expect(mails.some((mail) => mail.text.startsWith('Hello Northern Gold Exploration Corporation,'))).toBe(
        true,
      );
    }
  });
});

describe('paying a statement', () => {
  it('records part then the rest; paid in full the 12 months run from the payment date', async () => {
    const { statement, cookie } = await approvedMember('Regular');
    const paidOn = addToDate(today(), { days: -2 });
    const part = await record(statement.id, { amount: 500_000, paid_on: paidOn, reference: 'DEP-1' });
    expect(part.statusCode).toBe(201);
    expect(part.json().data).toMatchObject({ status: 'partly_paid', paid: 500_000, balance: 1_000_000 });
    expect(part.json().data.payments[0].receiptNumber).toMatch(/^AR-\d{4}-\d{6}$/);
    expect((await profileMemberships(cookie))[0].standing).toBe('awaiting_payment');

    const rest = await record(statement.id, { amount: 1_000_000, paid_on: paidOn, method: 'Cheque' });
    expect(rest.json().data).toMatchObject({
      status: 'paid',
      balance: 0,
      periodFrom: paidOn,
      periodTo: addToDate(paidOn, { months: 12 }),
    });
    const [first, second] = rest.json().data.payments;
    expect(Number(second.receiptNumber.slice(-6))).toBe(Number(first.receiptNumber.slice(-6)) + 1);
    const [membership] = await profileMemberships(cookie);
    expect(membership).toMatchObject({ standing: 'active', paidThrough: addToDate(paidOn, { months: 12 }) });
    expect((await membershipOf(cookie)).data?.memberships?.[0]?.paidThrough ?? membership.paidThrough).toBe(
      addToDate(paidOn, { months: 12 }),
    );
  });

  it('refuses amounts that are not whole positive centavos, a future date, and more than the balance unless confirmed', async () => {
    const { statement } = await approvedMember('Individual');
    const cases: [object, string, string][] = [
      [{ amount: -100 }, 'amount', DUES_MESSAGES.amountPositive],
      [{ amount: 0 }, 'amount', DUES_MESSAGES.amountPositive],
      [{ amount: 100.5 }, 'amount', DUES_MESSAGES.amountWhole],
      [{ amount: '12abc' }, 'amount', DUES_MESSAGES.amountWhole],
      [{}, 'amount', DUES_MESSAGES.amountRequired],
      [{ amount: 100, paid_on: addToDate(today(), { days: 1 }) }, 'paid_on', DUES_MESSAGES.paidOnFuture],
      [{ amount: 100, paid_on: '2026-02-30' }, 'paid_on', DUES_MESSAGES.paidOnInvalid],
      [{ amount: 100, paid_on: '2026-13-01' }, 'paid_on', DUES_MESSAGES.paidOnInvalid],
      [{ amount: 100, method: 'Bitcoin' }, 'method', 'Payment method must be one of'],
      [{ amount: 300_001 }, 'amount', DUES_MESSAGES.overBalance(formatCentavos(300_000))],
    ];
    for (const [body, field, message] of cases) {
      const response = await record(statement.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field ?? Object.keys(response.json().fields ?? {})[0]).toBe(field);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    const listed = (await call('GET', `/api/dues/statements/${statement.id}`, adminCookie)).json().data;
    expect(listed.payments).toEqual([]);
    const over = await record(statement.id, { amount: 300_001, overpayment: true });
    expect(over.statusCode).toBe(201);
    expect(over.json().data).toMatchObject({ status: 'paid', paid: 300_001, balance: 0 });
    expect((await record(statement.id, { amount: 1 })).json().error).toBe(DUES_MESSAGES.statementPaid);
  });

  it('two admins paying the whole balance at once record one payment', async () => {
    const { statement } = await approvedMember('Individual');
    const answers = await Promise.all([
      record(statement.id, { amount: 300_000 }),
      record(statement.id, { amount: 300_000 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const view = (await call('GET', `/api/dues/statements/${statement.id}`, adminCookie)).json().data;
    expect(view.payments).toHaveLength(1);
  });
});

describe('proof of payment', () => {
  it('a member sends proof; the admin verifies it, the receipt is theirs to download and the members area opens', async () => {
    const { statement, cookie, user } = await approvedMember('Individual');
    const sent = await sendProof(statement.id, cookie, { amount: '300000' });
    expect(sent.statusCode).toBe(201);
    const [payment] = sent.json().data.payments;
    expect(payment).toMatchObject({ status: 'submitted', hasProof: true, receiptNumber: null });
    expect(sent.json().data.proofsToVerify).toBe(1);

    const waiting = (await call('GET', '/api/dues/statements?status=proof_to_verify', adminCookie)).json()
      .data;
    expect(waiting.statements.map((listed: { id: string }) => listed.id)).toContain(statement.id);
    const proof = await call('GET', `/api/dues/payments/${payment.id}/proof`, adminCookie);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(proof.headers['cache-control']).toBe('private, no-store');

    const verified = await call('POST', `/api/dues/payments/${payment.id}/verify`, adminCookie, {
      birInvoiceNumber: 'INV-0042',
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.status).toBe('paid');
    const receiptNumber = verified.json().data.payments[0].receiptNumber;
    const receipt = await call('GET', `/api/dues/payments/${payment.id}/receipt`, cookie);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain(receiptNumber);
    expect(text).toContain('INV-0042');
    expect(text).toContain('Not valid for claim of input tax');
    expect(text).toContain('₱3,000.00');
    const [mail] = (
      await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email))
    ).filter((message) => message.subject.includes(receiptNumber));
    expect(mail).toBeDefined();
    expect((await profileMemberships(cookie))[0].standing).toBe('active');
  });

  it('refuses proof that is not an image or PDF, missing, or more than the balance; a rejection is e-mailed', async () => {
    const { statement, cookie, user } = await approvedMember('Individual');
    const notImage = await sendProof(
      statement.id,
      cookie,
      { amount: '1000' },
      Buffer.from('just text, not a picture'),
    );
    expect(notImage.json()).toMatchObject({ field: 'file', error: DUES_MESSAGES.proofType });
    const missing = await sendProof(statement.id, cookie, { amount: '1000' }, null);
    expect(missing.json()).toMatchObject({ field: 'file', error: DUES_MESSAGES.proofRequired });
    const huge = await sendProof(statement.id, cookie, { amount: '1000' }, Buffer.alloc(5 * 1024 * 1024 + 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ field: 'file', error: DUES_MESSAGES.proofTooLarge });
    const over = await sendProof(statement.id, cookie, { amount: '300001' });
    expect(over.json()).toMatchObject({
      field: 'amount',
      error: DUES_MESSAGES.proofOverBalance('₱3,000.00'),
    });
    expect((await call('GET', `/api/dues/statements/${statement.id}`, cookie)).json().data.payments).toEqual(
      [],
    );

    const sent = await sendProof(statement.id, cookie, { amount: '1000' });
    const paymentId = sent.json().data.payments[0].id;
    expect(
      (await call('POST', `/api/dues/payments/${paymentId}/reject`, adminCookie, { reason: ' ' })).statusCode,
    ).toBe(400);
    const rejected = await call('POST', `/api/dues/payments/${paymentId}/reject`, adminCookie, {
      reason: 'The reference does not match our bank statement.',
    });
    expect(rejected.json().data.payments[0]).toMatchObject({ status: 'rejected', receiptNumber: null });
    const mails = await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails.some((mail) => mail.text.includes('The reference does not match our bank statement.'))).toBe(
      true,
    );
    const again = await call('POST', `/api/dues/payments/${paymentId}/verify`, adminCookie, {});
    expect(again.statusCode).toBe(409);
  });
});

describe('who may read and act', () => {
  it('answers a guest 401, another member 403 on a statement, its PDF and receipts, and a member 403 on admin calls', async () => {
    const owner = await approvedMember('Individual');
    const other = await approvedMember('Individual');
    const paid = await record(owner.statement.id, { amount: 300_000 });
    const paymentId = paid.json().data.payments[0].id;
    for (const url of [
      `/api/dues/statements/${owner.statement.id}`,
      `/api/dues/statements/${owner.statement.id}/pdf`,
      `/api/dues/payments/${paymentId}/receipt`,
    ]) {
      expect((await call('GET', url, undefined)).statusCode, url).toBe(401);
      expect((await call('GET', url, other.cookie)).statusCode, url).toBe(403);
      expect((await call('GET', url, owner.cookie)).statusCode, url).toBe(200);
    }
    expect((await call('GET', '/api/dues/statements', undefined)).statusCode).toBe(401);
    const own = (await call('GET', '/api/dues/statements', other.cookie)).json().data;
    expect(own.statements.map((statement: { id: string }) => statement.id)).toEqual([other.statement.id]);
    expect((await record(other.statement.id, { amount: 100 }, other.cookie)).statusCode).toBe(403);
    expect((await sendProof(owner.statement.id, other.cookie, { amount: '100' })).statusCode).toBe(403);
    expect(
      (await call('DELETE', `/api/dues/statements/${owner.statement.id}`, adminCookie)).statusCode,
    ).toBeGreaterThanOrEqual(404);
  });

  it('answers the checkout 409 when no payment provider is configured', async () => {
    const { statement, cookie } = await approvedMember('Individual');
    const answer = await call('POST', `/api/dues/statements/${statement.id}/checkout`, cookie);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toBe(DUES_MESSAGES.noProvider);
  });
});

describe('a statement prepared by hand', () => {
  it('is a draft the member does not see, unnumbered and unpayable, until it is issued', async () => {
    const { user, cookie, statement: first } = await approvedMember('Individual');
    await record(first.id, { amount: 300_000 });
    const drafted = await call('POST', '/api/dues/statements', adminCookie, { userId: user.id, months: 6 });
    expect(drafted.statusCode).toBe(201);
    const draft = drafted.json().data;
    expect(draft).toMatchObject({ status: 'draft', number: null, amount: 150_000, months: 6 });
    const own = (await call('GET', '/api/dues/statements', cookie)).json().data.statements;
    expect(own.map((statement: { id: string }) => statement.id)).not.toContain(draft.id);
    expect((await call('GET', `/api/dues/statements/${draft.id}`, cookie)).statusCode).toBe(404);
    expect((await record(draft.id, { amount: 100 })).json().error).toBe(DUES_MESSAGES.statementDraft);
    const mailsBefore = await context.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, user.email));

    const [issued, again] = await Promise.all([
      call('POST', `/api/dues/statements/${draft.id}/issue`, adminCookie),
      call('POST', `/api/dues/statements/${draft.id}/issue`, adminCookie),
    ]);
    expect([issued.statusCode, again.statusCode].sort()).toEqual([200, 409]);
    const numbered = [issued, again].find((answer) => answer.statusCode === 200)?.json().data;
    expect(numbered).toMatchObject({
      status: 'issued',
      issuedOn: today(),
      dueOn: addToDate(today(), { days: 30 }),
    });
    expect(numbered.number).toMatch(/^SOA-\d{4}-\d{6}$/);
    const mailsAfter = await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mailsAfter.length).toBe(mailsBefore.length + 1);
    expect((await call('GET', `/api/dues/statements/${draft.id}`, cookie)).statusCode).toBe(200);
  });

  it('a draft no longer needed is voided, keeping no number', async () => {
    const { user } = await approvedMember('Individual');
    const draft = (
      await call('POST', '/api/dues/statements', adminCookie, { userId: user.id, months: 12 })
    ).json().data;
    const voided = await call('POST', `/api/dues/statements/${draft.id}/void`, adminCookie, {
      reason: 'Not needed',
    });
    expect(voided.json().data).toMatchObject({ status: 'void', number: null });
    expect((await call('POST', `/api/dues/statements/${draft.id}/issue`, adminCookie)).statusCode).toBe(409);
  });
});

describe('voiding', () => {
  it('needs a reason, keeps the statement, and refuses payments on it and a void of a paid one', async () => {
    const { statement, cookie } = await approvedMember('Individual');
    expect(
      (await call('POST', `/api/dues/statements/${statement.id}/void`, adminCookie, { reason: '' })).json(),
    ).toMatchObject({
      field: 'reason',
      error: DUES_MESSAGES.reasonRequired,
    });
    const voided = await call('POST', `/api/dues/statements/${statement.id}/void`, adminCookie, {
      reason: 'Wrong category',
    });
    expect(voided.json().data).toMatchObject({ status: 'void', voidReason: 'Wrong category', balance: 0 });
    expect((await record(statement.id, { amount: 100 })).json().error).toBe(DUES_MESSAGES.statementVoid);
    const pdf = await call('GET', `/api/dues/statements/${statement.id}/pdf`, cookie);
    expect(pdfText(pdf.rawPayload)).toContain('VOID');

    const paid = await approvedMember('Individual');
    await record(paid.statement.id, { amount: 1000 });
    const refused = await call('POST', `/api/dues/statements/${paid.statement.id}/void`, adminCookie, {
      reason: 'x',
    });
    expect(refused.json().error).toBe(DUES_MESSAGES.hasPayments);
  });
});

describe('semesters and standing', () => {
  /** A Regular member paid through `paidThrough`. */
  async function paidMember(paidThrough: string) {
    const { membership, cookie, statement } = await approvedMember('Regular');
    await record(statement.id, { amount: 1_500_000 });
    await context.db
      .update(memberships)
      .set({ expiresAt: new Date(Date.parse(`${addToDate(paidThrough, { days: 1 })}T00:00:00+08:00`)) })
      .where(eq(memberships.id, membership.id));
    return { membership, cookie };
  }

  it('issues a semester statement 30 days before the paid-through date, once, even when run twice at once', async () => {
    const paidThrough = addToDate(today(), { days: 20 });
    const { membership, cookie } = await paidMember(paidThrough);
    const notYet = await paidMember(addToDate(today(), { days: 45 }));
    const runs = await Promise.all([issueDueStatements(context), issueDueStatements(context)]);
    expect(runs.every((run) => run.date === today())).toBe(true);
    const semesters = await context.db
      .select()
      .from(duesStatements)
      .where(eq(duesStatements.membershipId, membership.id));
    const semester = semesters.filter((statement) => statement.kind === 'semester');
    expect(semester).toHaveLength(1);
    expect(semester[0]).toMatchObject({
      amountCentavos: 750_000,
      months: 6,
      periodFrom: addToDate(paidThrough, { days: 1 }),
      periodTo: addToDate(paidThrough, { months: 6 }),
      dueOn: addToDate(today(), { days: 30 }),
    });
    const none = await context.db
      .select()
      .from(duesStatements)
      .where(eq(duesStatements.membershipId, notYet.membership.id));
    expect(none.filter((statement) => statement.kind === 'semester')).toHaveLength(0);
    expect((await profileMemberships(cookie))[0].standing).toBe('active');

    const paid = await record(semester[0]?.id as string, { amount: 750_000 });
    expect(paid.json().data.status).toBe('paid');
    expect((await profileMemberships(cookie))[0].paidThrough).toBe(addToDate(paidThrough, { months: 6 }));
  });

  it('issues them from the Dues page as a job the page follows: 202 as it starts, then what it did', async () => {
    const { membership } = await paidMember(addToDate(today(), { days: 10 }));
    const started = await call('POST', '/api/dues/statements/issue-due', adminCookie);
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toMatchObject({ outcome: 'running', trigger: 'admin' });
    const runUrl = `/api/dues/statements/issue-due/${started.json().data.id}`;
    await expect
      .poll(async () => (await call('GET', runUrl, adminCookie)).json().data.outcome, { timeout: 20_000 })
      .toBe('succeeded');
    const run = (await call('GET', runUrl, adminCookie)).json().data;
    expect(run.summary).toMatchObject({ date: today() });
    expect(run.summary.issued).toBeGreaterThanOrEqual(1);
    const issued = await context.db
      .select()
      .from(duesStatements)
      .where(eq(duesStatements.membershipId, membership.id));
    expect(issued.filter((statement) => statement.kind === 'semester')).toHaveLength(1);

    expect((await call('GET', '/api/dues/statements/issue-due/nope', adminCookie)).json()).toMatchObject({
      field: 'runId',
    });
    const unknown = await call(
      'GET',
      '/api/dues/statements/issue-due/00000000-0000-4000-8000-000000000000',
      adminCookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(DUES_MESSAGES.statementsRunNotFound);
  });

  it('is overdue once a statement passes its due date, and the members area closes', async () => {
    const { statement, cookie } = await approvedMember('Individual');
    await context.db
      .update(duesStatements)
      .set({ dueOn: addToDate(today(), { days: -1 }) })
      .where(eq(duesStatements.id, statement.id));
    expect((await profileMemberships(cookie))[0].standing).toBe('overdue');
    const overdue = (await call('GET', '/api/dues/statements?status=overdue', adminCookie)).json().data;
    expect(overdue.statements.find((listed: { id: string }) => listed.id === statement.id)?.overdue).toBe(
      true,
    );
    const pdf = pdfText((await call('GET', `/api/dues/statements/${statement.id}/pdf`, cookie)).rawPayload);
    expect(pdf).toContain('Overdue');
    const summary = (await call('GET', '/api/dues/summary', adminCookie)).json().data;
    expect(summary.overdueCount).toBeGreaterThanOrEqual(1);
    expect(summary.overdue).toBeGreaterThanOrEqual(300_000);
    const file = await call('GET', `${memberNewsCollection.publicPath}/monthly-meeting-calendar.pdf`, cookie);
    expect(file.statusCode).toBe(403);
  });
});

describe("the secretariat's figures", () => {
  it('add up exactly, past what a 32-bit integer holds', async () => {
    const summary = async () => {
      const answer = await call('GET', '/api/dues/summary', adminCookie);
      expect(answer.statusCode).toBe(200);
      return answer.json().data;
    };
    const before = await summary();
    const members = await Promise.all([1, 2, 3].map(() => approvedMember('Individual')));
    for (const { statement } of members) {
      await context.db
        .update(duesStatements)
        .set({ amountCentavos: MAX_DUES_CENTAVOS })
        .where(eq(duesStatements.id, statement.id));
    }
    expect((await record(members[0]?.statement.id, { amount: 250_050 })).statusCode).toBe(201);
    const after = await summary();
    expect(after.outstanding - before.outstanding).toBe(3 * MAX_DUES_CENTAVOS - 250_050);
    expect(after.collectedThisMonth - before.collectedThisMonth).toBe(250_050);
    expect(after.collectedThisYear - before.collectedThisYear).toBe(250_050);
    expect(after.overdue).toBe(before.overdue);
  });
});

describe('the export for the bookkeeper', () => {
  it('writes the filtered statements with their amounts in pesos, receipts and status', async () => {
    const { statement, user } = await approvedMember('Individual');
    await record(statement.id, { amount: 100_050, birInvoiceNumber: 'INV-9' });
    const csv = await call('GET', `/api/dues/export-csv?userId=${user.id}`, adminCookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The byte order mark Excel needs, and CRLF line ends (lib/csv.ts).
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const [header, line, extra] = csv.body.slice(1).trimEnd().split('\r\n');
    expect(header).toBe(
      'number,issued_on,due_on,billed_to,email,category,period_from,period_to,amount,paid,balance,status,receipts,void_reason',
    );
    expect(extra).toBeUndefined();
    expect(line).toContain(`${statement.number},`);
    expect(line).toContain(',3000.00,1000.50,1999.50,Partly paid,');
    expect(line).toMatch(/AR-\d{4}-\d{6} 1000.50 Bank transfer \d{4}-\d{2}-\d{2} BIR INV-9/);
    const member = await call('GET', '/api/dues/export-csv', (await signIn(context, user)).cookie);
    expect(member.statusCode).toBe(403);
  });
});

describe('settings', () => {
  it('new fees apply to the next statement; a fee that is not an amount is refused', async () => {
    const body = (fees: Record<string, string>) =>
      multipartBody({
        regularFee: '16,000',
        associateFee: '8000',
        individualFee: '3500.50',
        paymentInstructions: 'BDO 0012-3456-7890\nGCash 0917 000 0000',
        associationName: 'Mineral Exploration Association of the Philippines',
        associationAddress: 'Pasig City',
        associationTin: '000-123-456-000',
        ...fees,
      });
    const put = async (fees: Record<string, string>) => {
      const form = await body(fees);
      return context.app.inject({
        method: 'PUT',
        url: '/api/dues/settings',
        headers: { cookie: adminCookie, ...form.headers },
        payload: form.payload,
      });
    };
    expect((await put({ regularFee: 'a lot' })).json()).toMatchObject({ error: DUES_MESSAGES.feeInvalid });
    const saved = await put({});
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.fees).toEqual({
      Regular: 1_600_000,
      Associate: 800_000,
      Individual: 350_050,
      Honorary: 0,
    });
    const { statement } = await approvedMember('Individual');
    expect(statement.amount).toBe(350_050);
    const pdf = pdfText(
      (await call('GET', `/api/dues/statements/${statement.id}/pdf`, adminCookie)).rawPayload,
    );
    expect(pdf).toContain('000-123-456-000');
    expect(pdf).toContain('BDO 0012-3456-7890');
    expect(pdf).toContain('₱3,500.50');
  });
});

function pdfText(bytes: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'dues-pdf-'));
  const file = join(folder, 'document.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
