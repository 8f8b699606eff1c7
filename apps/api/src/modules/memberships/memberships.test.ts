import { randomUUID } from 'node:crypto';
import {
  ADMIN_USER_MESSAGES,
  type AdminMembership,
  addToDate,
  MEMBERSHIP_PERIOD_MONTHS,
  MEMBERSHIP_STANDINGS,
  manilaDateString,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, duesStatements, mailOutbox, memberships } from '../../db/schema';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  context = await buildTestApp();
  const admin = await createUser(context.db, { password: null, type: 'admin' });
  adminCookie = (await signIn(context, admin)).cookie;
  const member = await createUser(context.db, { password: null });
  memberCookie = (await signIn(context, member)).cookie;
});
afterAll(() => context.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string | undefined, payload?: object) =>
  context.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
const list = (userId: string, cookie: string | undefined = adminCookie) =>
  call('GET', `/api/memberships/${userId}`, cookie);
const setStatus = (id: string, status: string, cookie: string | undefined = adminCookie) =>
  call('PUT', `/api/memberships/update/${id}`, cookie, { status });
const remove = (id: string, cookie: string | undefined = adminCookie) =>
  call('DELETE', `/api/memberships/delete/${id}`, cookie);

async function applicant() {
  const user = await createUser(context.db, {
    password: null,
    email: `applicant-${randomUUID()}@example.com`,
  });
  const membership = await createMembership(context.db, user.id, {
    status: 'pending',
    category: 'Regular',
    startsAt: null,
    expiresAt: null,
  });
  return { user, membership };
}

const mailTo = (email: string) => context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const summary = async () =>
  (await call('GET', '/api/dashboard/admin/summary', adminCookie)).json().data.memberships.byStatus;

describe('access and ids', () => {
  it('answers a guest 401, a member 403, an unknown id 404 and a malformed id 400', async () => {
    const someId = randomUUID();
    for (const cookie of ['', memberCookie]) {
      const expected = cookie ? 403 : 401;
      expect((await list(someId, cookie)).statusCode).toBe(expected);
      expect((await setStatus(someId, 'approved', cookie)).statusCode).toBe(expected);
      expect((await remove(someId, cookie)).statusCode).toBe(expected);
    }
    expect((await list(someId)).json()).toMatchObject({ error: ADMIN_USER_MESSAGES.userNotFound });
    expect((await setStatus(someId, 'approved')).statusCode).toBe(404);
    expect((await setStatus(someId, 'approved')).json().error).toBe(ADMIN_USER_MESSAGES.membershipNotFound);
    expect((await remove(someId)).statusCode).toBe(404);
    for (const response of [await list('x'), await setStatus('x', 'approved'), await remove('x')]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Invalid id');
    }
  });

  it('refuses a status outside pending, approved and rejected', async () => {
    const { membership } = await applicant();
    for (const status of ['active', '', 'APPROVED']) {
      const response = await setStatus(membership.id, status);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'status',
        error: 'Status must be one of pending, approved, rejected',
      });
    }
  });
});

describe('GET /api/memberships/{userId}', () => {
  it("lists the user's memberships newest first, with their standing", async () => {
    const user = await createUser(context.db, { password: null });
    await createMembership(context.db, user.id, {
      createdAt: new Date(Date.now() - 3 * 86_400_000),
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    await createMembership(context.db, user.id, { status: 'pending', startsAt: null, expiresAt: null });
    const response = await list(user.id);
    expect(response.statusCode).toBe(200);
    const rows: AdminMembership[] = response.json().data.memberships;
    expect(rows.map((row) => row.standing)).toEqual(['pending', 'expired']);
  });
});

describe('PUT /api/memberships/update/{id}', () => {
  it('approving bills the member, who awaits payment; the e-mail says what to pay; the dashboard follows', async () => {
    const { user, membership } = await applicant();
    const before = await summary();
    const response = await setStatus(membership.id, 'approved');
    expect(response.statusCode).toBe(200);
    const approved: AdminMembership = response.json().data;
    expect(approved).toMatchObject({
      status: 'approved',
      standing: 'awaiting_payment',
      startsAt: null,
      expiresAt: null,
      paidThrough: null,
    });

    const mail = await mailTo(user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain('membership is approved');
    expect(mail[0]?.text).toContain('Your Regular membership has been approved');
    expect(mail[0]?.text).toContain('₱15,000.00');
    expect(mail[0]?.text).toContain('/profile#dues');

    const after = await summary();
    expect(after.awaiting_payment).toBe(before.awaiting_payment + 1);
    expect(after.pending).toBe(before.pending - 1);
  });

  it('approving an Honorary membership starts a 12-month period from now, with nothing to pay', async () => {
    const { membership } = await applicant();
    await context.db
      .update(memberships)
      .set({ category: 'Honorary' })
      .where(eq(memberships.id, membership.id));
    const approved: AdminMembership = (await setStatus(membership.id, 'approved')).json().data;
    expect(approved).toMatchObject({ status: 'approved', standing: 'active' });
    const startsAt = new Date(approved.startsAt as string);
    expect(Math.abs(startsAt.getTime() - Date.now())).toBeLessThan(60_000);
    const expected = new Date(startsAt);
    expected.setUTCMonth(expected.getUTCMonth() + MEMBERSHIP_PERIOD_MONTHS);
    expect(new Date(approved.expiresAt as string).toISOString()).toBe(expected.toISOString());
  });

  it('rejecting e-mails the member and ends a period; back to pending sends nothing', async () => {
    const { user, membership } = await applicant();
    await setStatus(membership.id, 'approved');
    const rejected = await setStatus(membership.id, 'rejected');
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      standing: 'rejected',
      startsAt: null,
      expiresAt: null,
    });
    const pending = await setStatus(membership.id, 'pending');
    expect(pending.json().data).toMatchObject({ status: 'pending', startsAt: null });
    const subjects = (await mailTo(user.email)).map((mail) => mail.subject).sort();
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toContain('membership application');
    expect(subjects[1]).toContain('membership is approved');
  });

  it('setting the status it already has changes nothing and sends nothing', async () => {
    const { user, membership } = await applicant();
    const first = (await setStatus(membership.id, 'approved')).json().data;
    const second = (await setStatus(membership.id, 'approved')).json().data;
    expect(second.startsAt).toBe(first.startsAt);
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it('gives one statement and one e-mail when several admins approve at once (also on PostgreSQL)', async () => {
    const { user, membership } = await applicant();
    const answers = await Promise.all(Array.from({ length: 5 }, () => setStatus(membership.id, 'approved')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const statements = await context.db
      .select()
      .from(duesStatements)
      .where(eq(duesStatements.membershipId, membership.id));
    expect(statements).toHaveLength(1);
    expect(await mailTo(user.email)).toHaveLength(1);
    // One change, one line in the audit log (decision 024).
    const audited = await context.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.membershipId, membership.id));
    expect(audited.map((entry) => entry.changes.status)).toEqual([{ from: 'pending', to: 'approved' }]);
  });
});

describe('DELETE /api/memberships/delete/{id}', () => {
  it('deletes the membership', async () => {
    const { user, membership } = await applicant();
    const response = await remove(membership.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: membership.id } });
    expect((await list(user.id)).json().data.memberships).toEqual([]);
    expect((await remove(membership.id)).statusCode).toBe(404);
  });
});

describe("the admin list's membership filters follow every change", () => {
  const standingOf = async (userId: string) => {
    for (const standing of MEMBERSHIP_STANDINGS) {
      const response = await call(
        'GET',
        `/api/users/get-all?id=${userId}&membership=${standing}`,
        adminCookie,
      );
      if (response.json().data.total === 1) return standing;
    }
    return 'none';
  };

  it('reads the newest membership after an approval, a renewal, a rejection and deletions', async () => {
    const { user, membership } = await applicant();
    expect(await standingOf(user.id)).toBe('pending');
    await setStatus(membership.id, 'approved');
    expect(await standingOf(user.id)).toBe('awaiting_payment');
    await context.db
      .update(duesStatements)
      .set({ dueOn: addToDate(manilaDateString(), { days: -1 }) })
      .where(eq(duesStatements.membershipId, membership.id));
    expect(await standingOf(user.id)).toBe('overdue');
    // Past the grace of the dues settings (30 days): lapsed.
    await context.db
      .update(duesStatements)
      .set({ dueOn: '2020-01-01' })
      .where(eq(duesStatements.membershipId, membership.id));
    expect(await standingOf(user.id)).toBe('lapsed');
    await context.db
      .update(duesStatements)
      .set({ status: 'paid' })
      .where(eq(duesStatements.membershipId, membership.id));
    await context.db
      .update(memberships)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(memberships.id, membership.id));
    expect(await standingOf(user.id)).toBe('active');
    const regular = await call('GET', `/api/users/get-all?id=${user.id}&category=Regular`, adminCookie);
    expect(regular.json().data.total).toBe(1);
    // A newer application (a renewal) is the one that counts, and its refusal too.
    const renewal = await createMembership(context.db, user.id, {
      status: 'pending',
      category: 'Associate',
      startsAt: null,
      expiresAt: null,
      createdAt: new Date(Date.now() + 60_000),
    });
    expect(await standingOf(user.id)).toBe('pending');
    await setStatus(renewal.id, 'rejected');
    expect(await standingOf(user.id)).toBe('rejected');
    // Deleting the newest falls back to the one before; deleting that leaves none.
    await remove(renewal.id);
    expect(await standingOf(user.id)).toBe('active');
    await context.db
      .update(memberships)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(memberships.id, membership.id));
    expect(await standingOf(user.id)).toBe('expired');
    await remove(membership.id);
    expect(await standingOf(user.id)).toBe('none');
  });
});
