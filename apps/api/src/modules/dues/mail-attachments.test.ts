import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addToDate, manilaDateString } from '@portal/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duesStatements, type MailAttachment, mailOutbox } from '../../db/schema';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { issueDueStatements, mailPendingStatements } from './statements';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;

beforeAll(async () => {
  context = await buildTestApp();
  const admin = await createUser(context.db, { password: null, type: 'admin' });
  adminCookie = (await signIn(context, admin)).cookie;
});
afterAll(() => context.close());

const COMPANY = 'Cordillera Copper Prospecting Corporation';
const BILLING = 'accounts@cordilleracopper.example';

/** The text pdftotext reads from an attachment, after checking that it is a PDF. */
function attachedPdfText(attachment: MailAttachment | undefined): string {
  expect(attachment).toMatchObject({ contentType: 'application/pdf', encoding: 'base64' });
  const bytes = Buffer.from(attachment?.content ?? '', 'base64');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const file = join(mkdtempSync(join(tmpdir(), 'mail-pdf-')), 'attached.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const mailsTo = (address: string) =>
  context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

/** A company with its own billing e-mail, approved: its first statement. */
async function approvedCompany() {
  const user = await createUser(context.db, {
    password: null,
    type: 'company',
    registeredName: COMPANY,
    billingEmail: BILLING,
  });
  const membership = await createMembership(context.db, user.id, {
    status: 'pending',
    category: 'Regular',
    startsAt: null,
    expiresAt: null,
  });
  const approved = await context.app.inject({
    method: 'PUT',
    url: `/api/memberships/update/${membership.id}`,
    headers: { cookie: adminCookie },
    payload: { status: 'approved' },
  });
  expect(approved.statusCode).toBe(200);
  const cookie = (await signIn(context, user)).cookie;
  const listed = await context.app.inject({
    method: 'GET',
    url: '/api/dues/statements',
    headers: { cookie },
  });
  return { user, membership, statement: listed.json().data.statements[0] };
}

describe('statements and receipts travel as PDFs', () => {
  it('attaches the first statement to the approval, for the member and the billing e-mail', async () => {
    const { user, statement } = await approvedCompany();
    for (const address of [user.email, BILLING]) {
      const [mail] = (await mailsTo(address)).filter((row) => row.text.includes(statement.number));
      expect(mail, address).toBeDefined();
      expect(mail?.attachments).toHaveLength(1);
      expect(mail?.attachments[0]?.filename).toBe(`${statement.number}.pdf`);
      expect(attachedPdfText(mail?.attachments[0])).toContain(statement.number);
      expect(mail?.text.startsWith(`Hello ${COMPANY},`), address).toBe(true);
    }
  });

  it('attaches the receipt to the payment e-mail, greeting the billing contact by the company name', async () => {
    const { user, statement } = await approvedCompany();
    const paid = await context.app.inject({
      method: 'POST',
      url: `/api/dues/statements/${statement.id}/payments`,
      headers: { cookie: adminCookie },
      payload: { method: 'Bank transfer', paid_on: manilaDateString(), amount: 1_500_000 },
    });
    expect(paid.statusCode).toBe(201);
    const receiptNumber: string = paid.json().data.payments[0].receiptNumber;
    for (const address of [user.email, BILLING]) {
      const [mail] = (await mailsTo(address)).filter((row) => row.subject.includes(receiptNumber));
      expect(mail, address).toBeDefined();
      expect(mail?.text).toContain('attached to this e-mail');
      expect(mail?.text).toContain('on your profile');
      expect(mail?.text.startsWith(`Hello ${COMPANY},`), address).toBe(true);
      expect(mail?.attachments[0]?.filename).toBe(`${receiptNumber}.pdf`);
      const text = attachedPdfText(mail?.attachments[0]);
      expect(text).toContain(receiptNumber);
      expect(text).toContain(statement.number);
    }
  });

  // The semester run issues thousands at once; their PDFs follow it (decision 077).
  it("mails the semester run's statements with their PDFs after the run, each once", async () => {
    const today = manilaDateString();
    const paidThrough = addToDate(today, { days: 20 });
    const expiresAt = new Date(Date.parse(`${addToDate(paidThrough, { days: 1 })}T00:00:00+08:00`));
    const count = 5;
    const ids: string[] = [];
    const billingOf = (index: number) => `billing-${index}@bulk-semester.example`;
    for (let index = 0; index < count; index++) {
      const user = await createUser(context.db, {
        password: null,
        type: 'company',
        registeredName: `Bulk Semester Mining ${index} Inc.`,
        billingEmail: billingOf(index),
      });
      const membership = await createMembership(context.db, user.id, {
        status: 'approved',
        category: 'Regular',
        startsAt: new Date(expiresAt.getTime() - 365 * 86_400_000),
        expiresAt,
      });
      ids.push(membership.id);
    }
    const run = await issueDueStatements(context, today);
    expect(run.issued).toBeGreaterThanOrEqual(count);
    const issued = await context.db
      .select()
      .from(duesStatements)
      .where(inArray(duesStatements.membershipId, ids));
    expect(issued.filter((statement) => statement.kind === 'semester')).toHaveLength(count);
    const semesterMails = async (index: number) =>
      (await mailsTo(billingOf(index))).filter((row) => row.subject.includes('statement of account'));
    // The run itself queues none: each statement waits, marked, for the statement-mail job.
    expect(await semesterMails(0)).toEqual([]);
    expect(issued.every((statement) => statement.mailPending)).toBe(true);

    // One of them is voided before its turn: it is never mailed.
    const voided = issued[0] as (typeof issued)[number];
    await context.db
      .update(duesStatements)
      .set({ status: 'void', voidReason: 'Billed by mistake', voidedAt: new Date() })
      .where(eq(duesStatements.id, voided.id));
    // Two passes at once, as two server processes would run them: each statement is taken once.
    const pending = await context.db
      .select({ id: duesStatements.id })
      .from(duesStatements)
      .where(eq(duesStatements.mailPending, true));
    const passes = await Promise.all([mailPendingStatements(context), mailPendingStatements(context)]);
    expect(passes[0] + passes[1]).toBe(pending.length - 1);
    expect(await mailPendingStatements(context)).toBe(0);

    for (let index = 0; index < count; index++) {
      const mails = await semesterMails(index);
      const statement = issued.find((row) => row.billedEmail === billingOf(index));
      if (statement?.id === voided.id) {
        expect(mails, billingOf(index)).toEqual([]);
        continue;
      }
      expect(mails, billingOf(index)).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.text.startsWith(`Hello Bulk Semester Mining ${index} Inc.,`)).toBe(true);
      expect(mail?.text).toContain('attached to this e-mail as a PDF');
      expect(mail?.attachments).toHaveLength(1);
      expect(attachedPdfText(mail?.attachments[0])).toContain(statement?.number as string);
    }
  });
});
