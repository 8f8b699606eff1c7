import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_DIRECTORY_VISIBILITY,
  displayName,
  erasedAccountNames,
  erasedEmail,
  formerMemberName,
  manilaDateString,
  PRIVACY_REQUEST_MESSAGES,
} from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  consentRecords,
  cpdExternalUnits,
  dataExports,
  directoryEntries,
  directoryMessages,
  duesPayments,
  duesReminders,
  duesStatements,
  eventRegistrations,
  mailOutbox,
  meetingRollCorrections,
  meetingRollEntries,
  passkeys,
  prcDetails,
  prcLicences,
  privacyRequests,
  representatives,
  sessions,
  userRoles,
  users,
  userTotp,
} from '../../db/schema';
import { createStorage } from '../../lib/storage';
import {
  createEvent,
  createMeetingWithRoll,
  createMembership,
  createUser,
  signIn,
  TEST_PASSWORD,
} from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let secretariatCookie: string;
let treasurerCookie: string;

beforeAll(async () => {
  context = await buildTestApp();
  const admin = await createUser(context.db, { roles: ['admin'] });
  adminCookie = (await signIn(context, admin)).cookie;
  const secretariat = await createUser(context.db, { roles: ['secretariat'] });
  secretariatCookie = (await signIn(context, secretariat)).cookie;
  const treasurer = await createUser(context.db, { roles: ['treasurer'] });
  treasurerCookie = (await signIn(context, treasurer)).cookie;
});
afterAll(() => context.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie: string | undefined, payload?: object) =>
  context.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), 'sec-fetch-site': 'same-origin' },
    payload,
  });

const mailsTo = (address: string) =>
  context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

function pdfText(bytes: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'erasure-pdf-'));
  const file = join(folder, 'document.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A company member with a phone, address, TIN, a representative, PRC details and a paid receipt. */
async function memberWithHistory() {
  const user = await createUser(context.db, {
    type: 'company',
    registeredName: 'Sierra Madre Prospects Inc.',
    tradeName: 'SMP',
    phone: '+63 917 555 0101',
    facsimile: '+63 2 555 0102',
    address: '12 Katipunan Avenue, Quezon City',
    about: 'Gold and copper prospects in Aurora',
    tin: '987-654-321-000',
    billingAddress: '3/F Billing Tower, Makati',
    billingEmail: `billing-${Math.random().toString(36).slice(2, 8)}@example.com`,
    avatarUrl: null,
    totp: true,
  });
  await context.db.insert(representatives).values({
    userId: user.id,
    firstName: 'Rosario',
    lastName: 'Villanueva',
    email: `rosario-${user.id.slice(0, 8)}@example.com`,
    type: 'voting',
  });
  await context.db.insert(passkeys).values({
    userId: user.id,
    credentialId: `cred-${user.id}`,
    publicKey: 'pQECAyYgASFYIA',
    name: 'Laptop',
  });
  await context.db.insert(prcDetails).values({
    user_id: user.id,
    prc_name: 'ROSARIO VILLANUEVA',
    profession: 'Geologist',
    prc_number: '0012367',
  });
  const event = await createEvent(context.db, { is_registration_required: true, max_attendees: 10 });
  await context.db
    .insert(eventRegistrations)
    .values({ event_id: event.id, user_id: user.id, status: 'approved', prc_number: '0012367' });
  const membership = await createMembership(context.db, user.id, {
    status: 'pending',
    category: 'Regular',
    startsAt: null,
    expiresAt: null,
  });
  const approved = await call('PUT', `/api/memberships/update/${membership.id}`, adminCookie, {
    status: 'approved',
  });
  expect(approved.statusCode).toBe(200);
  const [statement] = await context.db
    .select()
    .from(duesStatements)
    .where(eq(duesStatements.userId, user.id));
  if (!statement) throw new Error('no statement');
  const paid = await call('POST', `/api/dues/statements/${statement.id}/payments`, adminCookie, {
    method: 'Bank transfer',
    paid_on: manilaDateString(),
    amount: statement.amountCentavos,
  });
  expect(paid.statusCode).toBe(201);
  const [payment] = await context.db
    .select()
    .from(duesPayments)
    .where(eq(duesPayments.statementId, statement.id));
  if (!payment?.receiptNumber) throw new Error('no receipt');
  const cookie = (await signIn(context, user)).cookie;
  return { user, statement, payment, cookie };
}

describe('asking for erasure', () => {
  it('records the request with a 30-day deadline and e-mails the member', async () => {
    const user = await createUser(context.db);
    const { cookie } = await signIn(context, user);
    const response = await call('POST', '/api/me/erasure-requests', cookie, {
      reason: '  I left the industry  ',
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ kind: 'erasure', status: 'open', details: 'I left the industry' });
    const requestedAt = new Date(data.requestedAt).getTime();
    const [row] = await context.db.select().from(privacyRequests).where(eq(privacyRequests.id, data.id));
    expect(row?.dueAt.getTime()).toBe(requestedAt + 30 * 24 * 60 * 60 * 1000);
    const [mail] = await mailsTo(user.email);
    expect(mail?.text).toContain('We have received your request "Delete my account"');
    expect(mail?.text).toContain('answer it by');

    const mine = await call('GET', '/api/me/privacy-requests', cookie);
    expect(mine.json().data).toHaveLength(1);
  });

  it('refuses a blank reason, a reason with control characters and one too long, with the field message', async () => {
    const user = await createUser(context.db);
    const { cookie } = await signIn(context, user);
    for (const reason of ['   ', undefined]) {
      const response = await call(
        'POST',
        '/api/me/erasure-requests',
        cookie,
        reason === undefined ? {} : { reason },
      );
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(PRIVACY_REQUEST_MESSAGES.reasonRequired);
    }
    const control = await call('POST', '/api/me/erasure-requests', cookie, { reason: 'bye\u0000now' });
    expect(control.statusCode).toBe(400);
    const long = await call('POST', '/api/me/erasure-requests', cookie, { reason: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('Reason must be at most 2000 characters');
    expect(
      await context.db.select().from(privacyRequests).where(eq(privacyRequests.userId, user.id)),
    ).toEqual([]);
  });

  it('two requests at once leave one; the other is told one is open (409)', async () => {
    const user = await createUser(context.db);
    const { cookie } = await signIn(context, user);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/me/erasure-requests', cookie, { reason: 'Please erase me' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().error).toBe(PRIVACY_REQUEST_MESSAGES.alreadyOpen);
    const rows = await context.db.select().from(privacyRequests).where(eq(privacyRequests.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a staff member and the last admin (409), whatever role they hold', async () => {
    for (const role of ['admin', 'secretariat', 'treasurer', 'election_committee'] as const) {
      const staff = await createUser(context.db, { roles: [role] });
      const { cookie } = await signIn(context, staff);
      const response = await call('POST', '/api/me/erasure-requests', cookie, { reason: 'Leaving' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(PRIVACY_REQUEST_MESSAGES.staffRefused);
    }
    const rows = await context.db.select().from(privacyRequests).where(eq(privacyRequests.kind, 'erasure'));
    const staffIds = (await context.db.select({ userId: userRoles.userId }).from(userRoles)).map(
      (row) => row.userId,
    );
    expect(rows.filter((row) => staffIds.includes(row.userId))).toEqual([]);
  });
});

describe('the admin list', () => {
  it('the secretariat and admins list requests with the name, deadline and overdue; a treasurer and a member may not', async () => {
    const user = await createUser(context.db, { firstName: 'Lorna', lastName: 'Bautista' });
    const { cookie } = await signIn(context, user);
    const created = (
      await call('POST', '/api/me/erasure-requests', cookie, { reason: 'No longer a member' })
    ).json().data;
    await context.db
      .update(privacyRequests)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(privacyRequests.id, created.id));

    for (const staffCookie of [secretariatCookie, adminCookie]) {
      const list = await call('GET', '/api/privacy/admin/requests?kind=erasure&limit=100', staffCookie);
      expect(list.statusCode).toBe(200);
      const row = list.json().data.find((item: { id: string }) => item.id === created.id);
      expect(row).toMatchObject({
        kind: 'erasure',
        status: 'open',
        overdue: true,
        user: { id: user.id, displayName: 'Lorna Bautista' },
      });
    }
    expect((await call('GET', '/api/privacy/admin/requests', treasurerCookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/privacy/admin/requests', cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/privacy/admin/requests', undefined)).statusCode).toBe(401);
    const badFilter = await call('GET', '/api/privacy/admin/requests?status=closed', secretariatCookie);
    expect(badFilter.statusCode).toBe(400);
    expect(JSON.stringify(badFilter.json())).toContain(PRIVACY_REQUEST_MESSAGES.statusFilterInvalid);
  });

  it('a member cannot approve or reject; a reject needs a reason (400) and e-mails it', async () => {
    const user = await createUser(context.db);
    const { cookie } = await signIn(context, user);
    const created = (await call('POST', '/api/me/erasure-requests', cookie, { reason: 'Test' })).json().data;
    expect(
      (await call('POST', `/api/privacy/admin/requests/${created.id}/approve`, cookie, {})).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/privacy/admin/requests/${created.id}/approve`, treasurerCookie, {}))
        .statusCode,
    ).toBe(403);
    const noReason = await call(
      'POST',
      `/api/privacy/admin/requests/${created.id}/reject`,
      secretariatCookie,
      {},
    );
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain(PRIVACY_REQUEST_MESSAGES.rejectReasonRequired);
    const rejected = await call(
      'POST',
      `/api/privacy/admin/requests/${created.id}/reject`,
      secretariatCookie,
      {
        reason: 'Your membership dues case is under review; write to us again after it closes.',
      },
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected' });
    const mails = await mailsTo(user.email);
    expect(mails.some((mail) => mail.text.includes('under review'))).toBe(true);
    const again = await call('POST', `/api/privacy/admin/requests/${created.id}/reject`, secretariatCookie, {
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    // Answered, a new request may be made.
    expect((await call('POST', '/api/me/erasure-requests', cookie, { reason: 'Again' })).statusCode).toBe(
      201,
    );
  });

  it('an unknown request is 404, a bad id 400', async () => {
    const unknown = await call(
      'POST',
      '/api/privacy/admin/requests/00000000-0000-4000-8000-000000000000/reject',
      secretariatCookie,
      { reason: 'x' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(
      (await call('POST', '/api/privacy/admin/requests/nope/reject', secretariatCookie, { reason: 'x' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('approving an erasure', () => {
  it('asks the approver to confirm it is them (step-up) when the last check is old', async () => {
    const user = await createUser(context.db);
    const created = (
      await call('POST', '/api/me/erasure-requests', (await signIn(context, user)).cookie, { reason: 'Bye' })
    ).json().data;
    const secretariat = await createUser(context.db, { roles: ['secretariat'] });
    const stale = await signIn(context, secretariat, { secondFactorAt: new Date(Date.now() - 60 * 60_000) });
    const response = await call(
      'POST',
      `/api/privacy/admin/requests/${created.id}/approve`,
      stale.cookie,
      {},
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('second_factor_stale');
    const [row] = await context.db.select().from(privacyRequests).where(eq(privacyRequests.id, created.id));
    expect(row?.status).toBe('open');
  });

  it('erases every personal column, keeps the receipt with its number and the placeholder, and leaves no e-mail in the audit log', async () => {
    const { user, statement, payment, cookie } = await memberWithHistory();
    // A directory listing with a message sent, a place on a meeting's roll and a correction asked.
    const [listing] = await context.db
      .insert(directoryEntries)
      .values({
        userId: user.id,
        kind: 'company',
        about: 'Gold in Aurora',
        visibility: { ...DEFAULT_DIRECTORY_VISIBILITY },
      })
      .returning();
    const elsewhere = await createUser(context.db, { type: 'company' });
    const [otherListing] = await context.db
      .insert(directoryEntries)
      .values({ userId: elsewhere.id, kind: 'company', visibility: { ...DEFAULT_DIRECTORY_VISIBILITY } })
      .returning();
    await context.db
      .insert(directoryMessages)
      .values({ entryId: otherListing?.id as string, senderId: user.id, body: 'Call me on 0917 555 0101' });
    const { meeting } = await createMeetingWithRoll(context.db, [
      { id: user.id, name: 'Sierra Madre Prospects Inc.' },
    ]);
    await context.db
      .insert(meetingRollCorrections)
      .values({ meetingId: meeting.id, userId: user.id, details: 'Our category is Regular' });
    // An audit row with the e-mail inside its changes, as an e-mail change records it.
    await context.db.insert(adminAuditLog).values({
      actorId: null,
      actorUsername: 'someone',
      actorEmail: 'someone@example.com',
      userId: user.id,
      username: user.username,
      email: user.email,
      displayName: 'Sierra Madre Prospects Inc.',
      action: 'user_updated',
      changes: { email: { from: 'old@example.com', to: user.email } },
    });
    const correction = (
      await call('POST', '/api/me/correction-requests', cookie, {
        field: 'other',
        details: 'Old address on a receipt',
      })
    ).json().data;
    const created = (
      await call('POST', '/api/me/erasure-requests', cookie, { reason: 'Company dissolved' })
    ).json().data;
    const approved = await call(
      'POST',
      `/api/privacy/admin/requests/${created.id}/approve`,
      secretariatCookie,
      {},
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('approved');

    const [request] = await context.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.id, created.id));
    const number = request?.formerMemberNumber ?? '';
    expect(number).toMatch(new RegExp(`^${manilaDateString().slice(0, 4)}-\\d{4}$`));
    const placeholder = formerMemberName(number);

    const [erased] = await context.db.select().from(users).where(eq(users.id, user.id));
    expect(erased).toMatchObject({
      ...erasedAccountNames(number),
      username: `former-member-${number}`,
      email: `former-member-${number}@erased.invalid`,
      passwordHash: null,
      phone: null,
      facsimile: null,
      address: null,
      about: null,
      tin: null,
      billingAddress: null,
      billingEmail: null,
      avatarUrl: null,
      logoUrl: null,
      status: 'inactive',
    });
    expect(displayName(erased as NonNullable<typeof erased>)).toBe(placeholder);
    expect(await context.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await context.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    expect(await context.db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toEqual([]);
    expect(
      await context.db.select().from(representatives).where(eq(representatives.userId, user.id)),
    ).toEqual([]);
    expect(await context.db.select().from(prcDetails).where(eq(prcDetails.user_id, user.id))).toEqual([]);
    const [registration] = await context.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.user_id, user.id));
    expect(registration).toMatchObject({ prc_number: null, prc_expires_on: null, status: 'approved' });
    // The open correction is closed with the erasure.
    const [closed] = await context.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.id, correction.id));
    expect(closed).toMatchObject({ status: 'rejected', answer: PRIVACY_REQUEST_MESSAGES.closedByErasure });
    // Consents stay as proof.
    expect(
      (await context.db.select().from(consentRecords).where(eq(consentRecords.userId, user.id))).length,
    ).toBeGreaterThan(0);

    // The statement and the receipt stay, with their numbers and the placeholder.
    // The listing and the message sent are gone; the roll keeps its entry, under the placeholder.
    expect(
      await context.db
        .select()
        .from(directoryEntries)
        .where(eq(directoryEntries.id, listing?.id as string)),
    ).toEqual([]);
    expect(
      await context.db.select().from(directoryMessages).where(eq(directoryMessages.senderId, user.id)),
    ).toEqual([]);
    const [rollEntry] = await context.db
      .select()
      .from(meetingRollEntries)
      .where(eq(meetingRollEntries.meetingId, meeting.id));
    expect(rollEntry?.voterName).toMatch(/^Former member \d{4}-\d{4}$/);
    expect(rollEntry?.memberName).toBe(rollEntry?.voterName);
    expect(
      await context.db
        .select()
        .from(meetingRollCorrections)
        .where(eq(meetingRollCorrections.userId, user.id)),
    ).toEqual([]);
    const [kept] = await context.db.select().from(duesStatements).where(eq(duesStatements.id, statement.id));
    expect(kept).toMatchObject({
      number: statement.number,
      billedName: placeholder,
      billedEmail: `former-member-${number}@erased.invalid`,
      billedAddress: null,
      billedTin: null,
    });
    const [keptPayment] = await context.db.select().from(duesPayments).where(eq(duesPayments.id, payment.id));
    expect(keptPayment?.receiptNumber).toBe(payment.receiptNumber);
    const receipt = await call('GET', `/api/dues/payments/${payment.id}/receipt`, adminCookie);
    expect(receipt.statusCode).toBe(200);
    const receiptText = pdfText(receipt.rawPayload);
    expect(receiptText).toContain(payment.receiptNumber);
    expect(receiptText).toContain(placeholder);
    expect(receiptText).not.toContain('Sierra Madre');

    // Nowhere in the audit log: the whole table read as text.
    const [audit] = await context.db
      .select({ text: sql<string>`coalesce(string_agg(admin_audit_log::text, ' '), '')` })
      .from(adminAuditLog);
    const auditText = audit?.text ?? '';
    for (const trace of [
      user.email,
      user.billingEmail ?? '',
      user.username,
      'Sierra Madre',
      '987-654-321-000',
    ])
      expect(auditText).not.toContain(trace);
    expect(auditText).toContain('account_erased');

    // The answer went to the address it had, listing what is kept and why; nothing else remains there.
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('has been erased');
    expect(mails[0]?.text).toContain('Statements of account: kept 10 years as the BIR requires');
    expect(mails[0]?.text).toContain('Payments and official receipts');
    expect(mails[0]?.text).toContain(placeholder);

    // No sign-in: the old e-mail answers as any wrong credentials do (login is by e-mail).
    const unknown = await call('POST', '/api/auth/login', undefined, {
      email: 'nobody-at-all@example.com',
      password: TEST_PASSWORD,
    });
    for (const email of [user.email]) {
      const login = await call('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
      expect(login.statusCode).toBe(401);
      expect(login.json()).toEqual(unknown.json());
    }
    // The old session no longer works.
    expect((await call('GET', '/api/me/consents', cookie)).statusCode).toBe(401);
  });

  it('erases a member with an unpaid statement: the statement stays, billed to the placeholder', async () => {
    const user = await createUser(context.db, { type: 'individual', firstName: 'Dante', lastName: 'Ocampo' });
    const membership = await createMembership(context.db, user.id, {
      status: 'pending',
      category: 'Individual',
      startsAt: null,
      expiresAt: null,
    });
    await call('PUT', `/api/memberships/update/${membership.id}`, adminCookie, { status: 'approved' });
    const [issued] = await context.db.select().from(duesStatements).where(eq(duesStatements.userId, user.id));
    // A reminder went to the member and one to the billing address on the same day: the two
    // stay two (they are unique by statement, day and address).
    await context.db.insert(duesReminders).values(
      (['member', 'billing'] as const).map((role) => ({
        statementId: issued?.id as string,
        userId: user.id,
        offsetDays: 0,
        role,
        email: `${role}-${user.id}@example.com`,
        runDate: manilaDateString(),
      })),
    );
    const { cookie } = await signIn(context, user);
    const created = (await call('POST', '/api/me/erasure-requests', cookie, { reason: 'Retiring' })).json()
      .data;
    expect(
      (await call('POST', `/api/privacy/admin/requests/${created.id}/approve`, adminCookie, {})).statusCode,
    ).toBe(200);
    const [statement] = await context.db
      .select()
      .from(duesStatements)
      .where(eq(duesStatements.userId, user.id));
    expect(statement?.status).toBe('issued');
    expect(statement?.billedName).toMatch(/^Former member \d{4}-\d{4}$/);
    const number = statement?.billedName.replace('Former member ', '') as string;
    const reminders = await context.db
      .select({ email: duesReminders.email })
      .from(duesReminders)
      .where(eq(duesReminders.statementId, statement?.id as string));
    expect(reminders.map((row) => row.email).sort()).toEqual([
      erasedEmail(number, 'billing'),
      erasedEmail(number, 'member'),
    ]);
  });

  it('deletes the CPD transcript rows and the external certificate file', async () => {
    const user = await createUser(context.db, { type: 'individual', firstName: 'Rosa', lastName: 'Manalo' });
    const { cookie } = await signIn(context, user);
    const storage = createStorage(context.config.storage);
    const file = await storage.savePrivate(Buffer.from('%PDF-1.4 external'), 'pdf');
    await context.db.insert(prcLicences).values({
      user_id: user.id,
      profession: 'geologist',
      licence_number: '0099887',
      registration_date: '2021-01-10',
      expiry_date: '2027-01-10',
    });
    await context.db.insert(cpdExternalUnits).values({
      user_id: user.id,
      profession: 'geologist',
      provider: 'GSP',
      programme: 'Field mapping',
      accreditation_number: 'GEO-1',
      completed_on: '2026-03-01',
      units: '3',
      certificate_file: file.reference,
      certificate_type: 'application/pdf',
    });
    const created = (await call('POST', '/api/me/erasure-requests', cookie, { reason: 'Leaving' })).json()
      .data;
    expect(
      (await call('POST', `/api/privacy/admin/requests/${created.id}/approve`, adminCookie, {})).statusCode,
    ).toBe(200);
    expect(await context.db.select().from(prcLicences).where(eq(prcLicences.user_id, user.id))).toEqual([]);
    expect(
      await context.db.select().from(cpdExternalUnits).where(eq(cpdExternalUnits.user_id, user.id)),
    ).toEqual([]);
    expect(await storage.read(file.reference)).toBeNull();
    storage.close();
  });

  it('lapses a ready data export at once and drops one still waiting', async () => {
    const user = await createUser(context.db, {
      type: 'individual',
      firstName: 'Lorna',
      lastName: 'Bautista',
    });
    const { cookie } = await signIn(context, user);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    await context.db.insert(dataExports).values([
      {
        userId: user.id,
        status: 'ready',
        fileReference: 'private/none.zip',
        finishedAt: new Date(),
        expiresAt: inAWeek,
      },
      { userId: user.id, status: 'queued' },
    ]);
    const created = (await call('POST', '/api/me/erasure-requests', cookie, { reason: 'Leaving' })).json()
      .data;
    expect(
      (await call('POST', `/api/privacy/admin/requests/${created.id}/approve`, adminCookie, {})).statusCode,
    ).toBe(200);
    const rows = await context.db.select().from(dataExports).where(eq(dataExports.userId, user.id));
    expect(rows.map((row) => row.status)).toEqual(['ready']);
    expect(rows[0]?.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses to erase an account given a staff role after it asked; two approvals at once erase once', async () => {
    const user = await createUser(context.db);
    const { cookie } = await signIn(context, user);
    const created = (await call('POST', '/api/me/erasure-requests', cookie, { reason: 'Bye' })).json().data;
    await context.db.execute(sql`insert into user_roles (user_id, role) values (${user.id}, 'secretariat')`);
    const refused = await call('POST', `/api/privacy/admin/requests/${created.id}/approve`, adminCookie, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(PRIVACY_REQUEST_MESSAGES.staffRefusedForApproval);
    await context.db.execute(sql`delete from user_roles where user_id = ${user.id}`);

    const answers = await Promise.all(
      [adminCookie, secretariatCookie].map((staff) =>
        call('POST', `/api/privacy/admin/requests/${created.id}/approve`, staff, {}),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [row] = await context.db.select().from(privacyRequests).where(eq(privacyRequests.id, created.id));
    expect(row?.status).toBe('approved');
  });
});

describe('correction requests', () => {
  it('records one, the secretariat resolves it with an answer, and the member is told', async () => {
    const user = await createUser(context.db);
    const { cookie } = await signIn(context, user);
    const bad = await call('POST', '/api/me/correction-requests', cookie, {
      field: 'shoe_size',
      details: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(PRIVACY_REQUEST_MESSAGES.fieldInvalid);
    const created = await call('POST', '/api/me/correction-requests', cookie, {
      field: 'certificate',
      details: 'My certificate CPD-2026-00012 spells my name "Jon"; it is "Jonathan".',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const list = await call(
      'GET',
      '/api/privacy/admin/requests?kind=correction&limit=100',
      secretariatCookie,
    );
    expect(list.json().data.some((item: { id: string }) => item.id === id)).toBe(true);
    const resolved = await call('POST', `/api/privacy/admin/requests/${id}/approve`, secretariatCookie, {
      answer: 'We issued a corrected certificate.',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data).toMatchObject({
      status: 'resolved',
      answer: 'We issued a corrected certificate.',
    });
    const mails = await mailsTo(user.email);
    expect(mails.some((mail) => mail.text.includes('has been resolved'))).toBe(true);
    // A correction does not erase anything.
    const [still] = await context.db.select().from(users).where(eq(users.id, user.id));
    expect(still?.email).toBe(user.email);
  });
});
