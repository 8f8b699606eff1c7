import { CARD_MESSAGES, CARD_TOKEN_MAX_LENGTH, manilaDateString } from '@portal/shared';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, memberships, representatives } from '../../db/schema';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { verifyCard } from './service';

const PUBLIC_URL = 'https://portal.example.org';
const RATE_LIMIT = 40;
let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;

beforeAll(async () => {
  context = await buildTestApp({ PUBLIC_URL, VERIFY_RATE_LIMIT: String(RATE_LIMIT) });
  const admin = await createUser(context.db, { password: null, type: 'admin' });
  adminCookie = (await signIn(context, admin)).cookie;
});
afterAll(() => context.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let address = 0;
/** Each call from its own client address, but for the rate limit's test. */
const call = (method: Method, url: string, cookie?: string, payload?: object, remoteAddress?: string) =>
  context.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    payload,
    remoteAddress: remoteAddress ?? `10.0.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`,
  });

/** A company approved by the admin, with its first statement (unpaid). */
async function approvedCompany() {
  const user = await createUser(context.db, {
    password: null,
    type: 'company',
    registeredName: 'Benguet Gold Exploration Inc.',
  });
  await context.db.insert(representatives).values([
    { userId: user.id, firstName: 'Ana', lastName: 'Reyes', type: 'non-voting' },
    { userId: user.id, firstName: 'Jose', lastName: 'Cruz', type: 'voting' },
  ]);
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
  const cookie = (await signIn(context, user)).cookie;
  const statement = (await call('GET', '/api/dues/statements', cookie)).json().data.statements[0];
  return { user, membership, cookie, statement };
}

const pay = (statement: { id: string }, amount: number) =>
  call('POST', `/api/dues/statements/${statement.id}/payments`, adminCookie, {
    method: 'Bank transfer',
    paid_on: manilaDateString(),
    amount,
  });

/** A company in good standing: approved and its first statement paid in full. */
async function paidCompany() {
  const company = await approvedCompany();
  expect((await pay(company.statement, company.statement.amount)).statusCode).toBe(201);
  return company;
}

const numberOf = async (membershipId: string) =>
  (await context.db.select().from(memberships).where(eq(memberships.id, membershipId)))[0]?.memberNumber;

const tokenOf = (verifyUrl: string) => decodeURIComponent(verifyUrl.slice(`${PUBLIC_URL}/verify/`.length));

describe('member numbers', () => {
  it('are given at the first payment in full, in sequence for the year, and kept', async () => {
    const first = await approvedCompany();
    const half = Math.floor(first.statement.amount / 2);
    expect((await pay(first.statement, half)).statusCode).toBe(201);
    // A part payment does not number the member.
    expect(await numberOf(first.membership.id)).toBeNull();
    expect((await pay(first.statement, first.statement.amount - half)).statusCode).toBe(201);
    const firstNumber = await numberOf(first.membership.id);
    const year = manilaDateString().slice(0, 4);
    expect(firstNumber).toMatch(new RegExp(`^MEAP-${year}-\\d{4}$`));

    const second = await paidCompany();
    const secondNumber = await numberOf(second.membership.id);
    expect(Number(secondNumber?.slice(-4))).toBe(Number(firstNumber?.slice(-4)) + 1);

    // Shown to the member and to admins.
    const profile = (await call('GET', '/api/users', second.cookie)).json();
    expect(profile.membershipData[0].memberNumber).toBe(secondNumber);
    const admin = (await call('GET', `/api/memberships/${second.user.id}`, adminCookie)).json();
    expect(JSON.stringify(admin)).toContain(secondNumber);
  });

  it('are distinct and consecutive for payments recorded at the same moment', async () => {
    const members = await Promise.all([approvedCompany(), approvedCompany(), approvedCompany()]);
    const answers = await Promise.all(members.map(({ statement }) => pay(statement, statement.amount)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const sequences = (await Promise.all(members.map(({ membership }) => numberOf(membership.id))))
      .map((number) => Number(number?.slice(-4)))
      .sort((a, b) => a - b);
    expect(sequences[1]).toBe((sequences[0] ?? 0) + 1);
    expect(sequences[2]).toBe((sequences[0] ?? 0) + 2);
  });

  it('are given to a membership paid before numbers existed when its card is first read', async () => {
    const user = await createUser(context.db, { password: null });
    const membership = await createMembership(context.db, user.id);
    const { cookie } = await signIn(context, user);
    const [first, second] = await Promise.all([
      call('GET', '/api/members/card', cookie),
      call('GET', '/api/members/card', cookie),
    ]);
    expect(first.json().data.memberNumber).toMatch(/^MEAP-\d{4}-\d{4}$/);
    // Read twice at once: one number and one card.
    expect(second.json().data).toEqual(first.json().data);
    expect(await numberOf(membership.id)).toBe(first.json().data.memberNumber);
  });

  it('are never reused: a deleted membership takes its number with it', async () => {
    const gone = await paidCompany();
    const goneNumber = await numberOf(gone.membership.id);
    expect(
      (await call('DELETE', `/api/memberships/delete/${gone.membership.id}`, adminCookie)).statusCode,
    ).toBe(200);
    const next = await paidCompany();
    expect(Number((await numberOf(next.membership.id))?.slice(-4))).toBe(Number(goneNumber?.slice(-4)) + 1);
  });
});

describe('the card', () => {
  it('is refused, with the reason, to a member not in good standing', async () => {
    const unpaid = await approvedCompany();
    for (const url of ['/api/members/card', '/api/members/card.png', '/api/members/card.pdf']) {
      const response = await call('GET', url, unpaid.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(CARD_MESSAGES.notInGoodStanding);
    }
    expect((await call('POST', '/api/members/card', unpaid.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/members/card')).statusCode).toBe(401);
  });

  it('names the company, its representatives, category, number and paid-through date', async () => {
    const paid = await paidCompany();
    const response = await call('GET', '/api/members/card', paid.cookie);
    expect(response.statusCode).toBe(200);
    const card = response.json().data;
    const membership = (await call('GET', '/api/users', paid.cookie)).json().membershipData[0];
    expect(card).toMatchObject({
      name: 'Benguet Gold Exploration Inc.',
      representatives: ['Jose Cruz', 'Ana Reyes'],
      category: 'Regular',
      memberNumber: await numberOf(paid.membership.id),
      validThrough: membership.paidThrough,
    });
    expect(card.verifyUrl).toMatch(new RegExp(`^${PUBLIC_URL}/verify/[A-Za-z0-9_-]{43}$`));
    // The same card on every reading: a printed QR code keeps working.
    expect((await call('GET', '/api/members/card', paid.cookie)).json().data.verifyUrl).toBe(card.verifyUrl);
  });

  it('is a PNG whose QR code opens the verification page, and a PDF', async () => {
    const paid = await paidCompany();
    const card = (await call('GET', '/api/members/card', paid.cookie)).json().data;
    const png = await call('GET', '/api/members/card.png', paid.cookie);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('private, no-store');
    const { data, info } = await sharp(png.rawPayload)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1011, 638]);
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toBe(card.verifyUrl);

    const pdf = await call('GET', '/api/members/card.pdf', paid.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Wallet size: 85.6 × 54 mm in points.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 242\.6\d* 153\.0\d*\]/);
  });
});

describe('verification', () => {
  it('shows the live standing with the name, category and number only', async () => {
    const paid = await paidCompany();
    const card = (await call('GET', '/api/members/card', paid.cookie)).json().data;
    const token = tokenOf(card.verifyUrl);
    const answer = await call('GET', `/api/verify/${token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      standing: 'active',
      name: 'Benguet Gold Exploration Inc.',
      category: 'Regular',
      memberNumber: card.memberNumber,
      validThrough: card.validThrough,
    });
    expect(answer.body).not.toContain(paid.user.email);

    // A day after the paid-through date: lapsed; a statement past its due date: overdue.
    const [membership] = await context.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, paid.membership.id));
    const after = new Date((membership?.expiresAt?.getTime() ?? 0) + 86_400_000);
    expect((await verifyCard(context.db, token, after)).standing).toBe('lapsed');
  });

  it('says Not found for an unknown, altered, malformed or very long token', async () => {
    const paid = await paidCompany();
    const token = tokenOf((await call('GET', '/api/members/card', paid.cookie)).json().data.verifyUrl);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const guess of [altered, 'x', '%00', 'a'.repeat(CARD_TOKEN_MAX_LENGTH + 1)]) {
      expect(await verifyCard(context.db, guess)).toEqual({ standing: 'not_found' });
    }
    expect((await call('GET', `/api/verify/${altered}`)).json().data).toEqual({ standing: 'not_found' });
  });

  it('forgets the old token when the member makes a new card, and the card when an admin revokes it', async () => {
    const paid = await paidCompany();
    const old = (await call('GET', '/api/members/card', paid.cookie)).json().data;
    const renewed = await call('POST', '/api/members/card', paid.cookie);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data.verifyUrl).not.toBe(old.verifyUrl);
    expect((await verifyCard(context.db, tokenOf(old.verifyUrl))).standing).toBe('not_found');
    expect((await verifyCard(context.db, tokenOf(renewed.json().data.verifyUrl))).standing).toBe('active');

    const revoke = `/api/members/cards/${paid.membership.id}`;
    expect((await call('DELETE', revoke, paid.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', revoke, adminCookie)).statusCode).toBe(204);
    expect((await verifyCard(context.db, tokenOf(renewed.json().data.verifyUrl))).standing).toBe('not_found');
    expect((await call('DELETE', revoke, adminCookie)).statusCode).toBe(404);
    const audit = await context.db.select().from(adminAuditLog).where(eq(adminAuditLog.userId, paid.user.id));
    expect(audit.map((entry) => entry.action)).toContain('membership_card_revoked');
    const admin = (await call('GET', `/api/memberships/${paid.user.id}`, adminCookie)).json();
    expect(JSON.stringify(admin)).toContain('"hasCard":false');
  });

  it('is rate limited per client address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= RATE_LIMIT; index += 1) {
      statuses.push((await call('GET', '/api/verify/unknown', undefined, undefined, '192.0.2.7')).statusCode);
    }
    expect(statuses.slice(0, RATE_LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
