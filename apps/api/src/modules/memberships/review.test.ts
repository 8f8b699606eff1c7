import { randomUUID } from 'node:crypto';
import {
  ADMIN_USER_MESSAGES,
  APPLICATION_REVIEW_MESSAGES,
  type ApplicationDecisionInput,
  MAX_APPLICATIONS_PER_DECISION,
  type MembershipApplication,
} from '@portal/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  duesStatements,
  mailOutbox,
  memberships,
  representatives,
  users,
} from '../../db/schema';
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

const decide = (payload: ApplicationDecisionInput | object, cookie: string | undefined = adminCookie) =>
  context.app.inject({
    method: 'POST',
    url: '/api/memberships/decisions',
    headers: cookie ? { cookie } : {},
    payload,
  });
const application = (id: string, cookie: string | undefined = adminCookie) =>
  context.app.inject({
    method: 'GET',
    url: `/api/memberships/application/${id}`,
    headers: cookie ? { cookie } : {},
  });

async function applicant(category: 'Regular' | 'Individual' = 'Regular') {
  const user = await createUser(context.db, {
    password: null,
    email: `applicant-${randomUUID()}@example.com`,
    type: category === 'Individual' ? 'individual' : 'company',
  });
  const membership = await createMembership(context.db, user.id, {
    status: 'pending',
    category,
    startsAt: null,
    expiresAt: null,
  });
  return { user, membership };
}

const mailTo = (email: string) => context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const statementsOf = (membershipId: string) =>
  context.db.select().from(duesStatements).where(eq(duesStatements.membershipId, membershipId));
const statusesOf = async (ids: string[]) =>
  Object.fromEntries(
    (
      await context.db
        .select({ id: memberships.id, status: memberships.status })
        .from(memberships)
        .where(inArray(memberships.id, ids))
    ).map((row) => [row.id, row.status]),
  );

describe('access', () => {
  // '' is a guest: no cookie at all (undefined would take the admin's default).
  it('answers a guest 401 and a member 403 on both calls, before reading the body', async () => {
    const { membership } = await applicant();
    for (const [cookie, expected] of [
      ['', 401],
      [memberCookie, 403],
    ] as const) {
      expect((await decide({ ids: [membership.id], status: 'approved' }, cookie)).statusCode).toBe(expected);
      expect((await decide({}, cookie)).statusCode).toBe(expected);
      expect((await application(membership.id, cookie)).statusCode).toBe(expected);
    }
    expect((await statusesOf([membership.id]))[membership.id]).toBe('pending');
  });
});

describe('GET /api/memberships/application/{id}', () => {
  it('shows the application with contact, address, about, picture and representatives', async () => {
    const { user, membership } = await applicant();
    await context.db
      .update(users)
      .set({
        phone: '+63 2 8123 4567',
        address: '12, Ayala Avenue, Makati, 1226',
        about: 'Gold and copper exploration in Mindanao.',
        registeredName: 'Mindanao Copper Exploration, Inc.',
        logoUrl: 'private/logo.webp',
      })
      .where(eq(users.id, user.id));
    await context.db.insert(representatives).values([
      { userId: user.id, firstName: 'Ana', lastName: 'Cruz', position: 'President', type: 'voting' },
      { userId: user.id, firstName: 'Ben', lastName: 'Reyes', position: 'Geologist', type: 'non-voting' },
    ]);
    const response = await application(membership.id);
    expect(response.statusCode).toBe(200);
    const data: MembershipApplication = response.json().data;
    expect(data.membership).toMatchObject({ id: membership.id, category: 'Regular', standing: 'pending' });
    expect(data.applicant).toMatchObject({
      id: user.id,
      email: user.email,
      phone: '+63 2 8123 4567',
      address: '12, Ayala Avenue, Makati, 1226',
      about: 'Gold and copper exploration in Mindanao.',
      registeredName: 'Mindanao Copper Exploration, Inc.',
      logoUrl: `/api/users/${user.id}/logo?v=logo`,
      type: 'company',
    });
    expect(data.representatives.map((rep) => [rep.firstName, rep.position, rep.type])).toEqual([
      ['Ana', 'President', 'voting'],
      ['Ben', 'Geologist', 'non-voting'],
    ]);
  });

  it('answers 404 for an unknown membership and 400 for a malformed id', async () => {
    const unknown = await application(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(ADMIN_USER_MESSAGES.membershipNotFound);
    expect((await application('nope')).statusCode).toBe(400);
  });
});

describe('POST /api/memberships/decisions: validation', () => {
  const id = randomUUID();
  it.each([
    [{ status: 'approved' }, 'ids', APPLICATION_REVIEW_MESSAGES.idsRequired],
    [{ ids: [], status: 'approved' }, 'ids', APPLICATION_REVIEW_MESSAGES.idsRequired],
    [{ ids: ['x'], status: 'approved' }, 'ids.0', 'Invalid id'],
    [{ ids: [id, id], status: 'approved' }, 'ids', APPLICATION_REVIEW_MESSAGES.repeatedId],
    [{ ids: [id], status: 'pending' }, 'status', APPLICATION_REVIEW_MESSAGES.decisionInvalid],
    [{ ids: [id], status: 'rejected' }, 'reason', APPLICATION_REVIEW_MESSAGES.reasonRequired],
    [{ ids: [id], status: 'rejected', reason: '   ' }, 'reason', APPLICATION_REVIEW_MESSAGES.reasonRequired],
    [
      { ids: [id], status: 'rejected', reason: 'x'.repeat(501) },
      'reason',
      'Reason must be at most 500 characters',
    ],
    [{ ids: [id], status: 'approved', notify: false }, undefined, undefined],
  ])('refuses %j with 400 on its field', async (payload, field, message) => {
    const response = await decide(payload);
    expect(response.statusCode).toBe(400);
    if (field) expect(response.json()).toMatchObject({ field, error: message });
  });

  it(`refuses more than ${MAX_APPLICATIONS_PER_DECISION} ids, deciding none of them`, async () => {
    const { membership } = await applicant();
    const ids = [membership.id, ...Array.from({ length: MAX_APPLICATIONS_PER_DECISION }, () => randomUUID())];
    const response = await decide({ ids, status: 'approved' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'ids', error: APPLICATION_REVIEW_MESSAGES.tooMany });
    expect((await statusesOf([membership.id]))[membership.id]).toBe('pending');
    expect(await statementsOf(membership.id)).toHaveLength(0);
  });
});

describe('POST /api/memberships/decisions', () => {
  it('approves pending ones, and says which were already decided or not found', async () => {
    const first = await applicant();
    const second = await applicant('Individual');
    const rejected = await applicant();
    await context.db
      .update(memberships)
      .set({ status: 'rejected' })
      .where(eq(memberships.id, rejected.membership.id));
    const missing = randomUUID();
    const ids = [first.membership.id, missing, rejected.membership.id, second.membership.id];
    const response = await decide({ ids, status: 'approved' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.results).toEqual([
      { id: first.membership.id, outcome: 'approved' },
      { id: missing, outcome: 'not_found' },
      { id: rejected.membership.id, outcome: 'already_decided' },
      { id: second.membership.id, outcome: 'approved' },
    ]);
    expect(await statusesOf(ids)).toEqual({
      [first.membership.id]: 'approved',
      [second.membership.id]: 'approved',
      [rejected.membership.id]: 'rejected',
    });
    // What the one approval does: a statement of 12 months of the category's fee and its e-mail.
    const [regular] = await statementsOf(first.membership.id);
    expect(regular?.amountCentavos).toBe(1_500_000);
    const [individual] = await statementsOf(second.membership.id);
    expect(individual?.amountCentavos).toBe(300_000);
    expect(await statementsOf(rejected.membership.id)).toHaveLength(0);
    for (const { user } of [first, second]) {
      const mail = await mailTo(user.email);
      expect(mail.map((message) => message.subject)).toEqual(['Your MEAP membership is approved']);
    }
    expect(await mailTo(rejected.user.email)).toHaveLength(0);
  });

  it('approving twice bills once and e-mails once', async () => {
    const { user, membership } = await applicant();
    const first = await decide({ ids: [membership.id], status: 'approved' });
    const second = await decide({ ids: [membership.id], status: 'approved' });
    expect(first.json().data.results).toEqual([{ id: membership.id, outcome: 'approved' }]);
    expect(second.json().data.results).toEqual([{ id: membership.id, outcome: 'already_decided' }]);
    expect(await statementsOf(membership.id)).toHaveLength(1);
    expect(await mailTo(user.email)).toHaveLength(1);
    // Nor does a rejection undo an approval made meanwhile.
    const late = await decide({ ids: [membership.id], status: 'rejected', reason: 'Too late' });
    expect(late.json().data.results).toEqual([{ id: membership.id, outcome: 'already_decided' }]);
    expect((await statusesOf([membership.id]))[membership.id]).toBe('approved');
  });

  it('gives one statement when two administrators approve the same list at once (also on PostgreSQL)', async () => {
    const applicants = await Promise.all([applicant(), applicant(), applicant()]);
    const ids = applicants.map(({ membership }) => membership.id);
    const answers = await Promise.all([
      decide({ ids, status: 'approved' }),
      decide({ ids: [...ids].reverse(), status: 'approved' }),
    ]);
    const outcomes = answers.flatMap((answer) => answer.json().data.results);
    expect(outcomes.filter((result) => result.outcome === 'approved')).toHaveLength(3);
    expect(outcomes.filter((result) => result.outcome === 'already_decided')).toHaveLength(3);
    for (const { user, membership } of applicants) {
      expect(await statementsOf(membership.id)).toHaveLength(1);
      expect(await mailTo(user.email)).toHaveLength(1);
    }
  });

  it('rejects with the reason: e-mailed to each applicant and kept in the audit log', async () => {
    const first = await applicant();
    const second = await applicant('Individual');
    const reason = 'The SEC registration <attached> has expired; please send a current one.';
    const response = await decide({
      ids: [first.membership.id, second.membership.id],
      status: 'rejected',
      reason: `  ${reason}\n`,
    });
    expect(response.json().data.results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'rejected',
      'rejected',
    ]);
    for (const { user, membership } of [first, second]) {
      const [mail] = await mailTo(user.email);
      expect(mail?.subject).toBe('Your MEAP membership application');
      expect(mail?.text).toContain(
        `The secretariat could not approve your ${membership.category} membership application at this time. The reason given: ${reason}`,
      );
      expect(mail?.html).toContain('The SEC registration &lt;attached&gt; has expired');
      expect(mail?.html).not.toContain('<attached>');
      const audited = await context.db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.membershipId, membership.id));
      expect(audited.map((entry) => entry.changes)).toEqual([
        { status: { from: 'pending', to: 'rejected' }, reason: { from: null, to: reason } },
      ]);
    }
    expect(await statementsOf(first.membership.id)).toHaveLength(0);
  });
});
