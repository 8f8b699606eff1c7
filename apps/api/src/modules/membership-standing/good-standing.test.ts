import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  addToDate,
  CARD_MESSAGES,
  isGoodStanding,
  MEMBERS_AREA_MESSAGES,
  manilaDateString,
  memberNewsCollection,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duesStatements, memberships } from '../../db/schema';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { goodStanding, membershipsWithDues } from './standing';

/**
 * The one rule for good standing (docs/product-rules.md "Good standing", decision 057): the
 * shared `isGoodStanding` and its SQL twin `goodStanding` agree on every case, and every
 * members-only route asks it through the `members-area` route access.
 */
let context: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

const DAY_MS = 86_400_000;
const now = new Date();
const today = manilaDateString(now);
// Far past any grace the dues settings allow, so the case does not depend on the setting.
const LONG_AGO_DAYS = 200;

type Case = {
  name: string;
  good: boolean;
  membership: Parameters<typeof createMembership>[2];
  /** Days from today of an unpaid statement's due date (negative: past), if it owes one. */
  dueInDays?: number;
};

const cases: Case[] = [
  { name: 'paid through today', good: true, membership: { expiresAt: new Date(now.getTime() + DAY_MS) } },
  {
    name: 'overdue inside the grace',
    good: true,
    membership: { expiresAt: new Date(now.getTime() - 2 * DAY_MS) },
    dueInDays: -5,
  },
  {
    name: 'overdue past the grace',
    good: false,
    membership: { expiresAt: new Date(now.getTime() - 2 * DAY_MS) },
    dueInDays: -LONG_AGO_DAYS,
  },
  {
    name: 'lapsed (paid through a day gone, nothing owed)',
    good: false,
    membership: { expiresAt: new Date(now.getTime() - 2 * DAY_MS) },
  },
  {
    name: 'honorary',
    good: true,
    membership: { category: 'Honorary', expiresAt: new Date(now.getTime() + 300 * DAY_MS) },
  },
  {
    name: 'awaiting first payment',
    good: false,
    membership: { startsAt: null, expiresAt: null },
    dueInDays: 10,
  },
  {
    name: 'awaiting first payment, overdue inside the grace',
    good: false,
    membership: { startsAt: null, expiresAt: null },
    dueInDays: -5,
  },
  { name: 'pending', good: false, membership: { status: 'pending', startsAt: null, expiresAt: null } },
  { name: 'rejected', good: false, membership: { status: 'rejected', startsAt: null, expiresAt: null } },
];

async function member(fixture: Case) {
  const user = await createUser(context.db);
  const membership = await createMembership(context.db, user.id, fixture.membership);
  if (fixture.dueInDays !== undefined) {
    await context.db.insert(duesStatements).values({
      number: `SOA-TEST-${membership.id.slice(0, 8)}`,
      kind: 'semester',
      userId: user.id,
      membershipId: membership.id,
      description: 'Membership dues',
      amountCentavos: 100_000,
      issuedOn: addToDate(today, { days: Math.min(fixture.dueInDays, 0) - 30 }),
      dueOn: addToDate(today, { days: fixture.dueInDays }),
      billedName: 'Member',
      billedEmail: user.email,
    });
  }
  return { user, membership, cookie: (await signIn(context, user)).cookie };
}

const get = (url: string, cookie?: string) =>
  context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const memberNewsUrl = `${memberNewsCollection.publicPath}/${memberNewsCollection.documents[0]?.filename}`;

describe('isGoodStanding and its SQL twin', () => {
  it.each(cases)('agree on a membership $name', async (fixture) => {
    const { membership } = await member(fixture);
    const [row] = await membershipsWithDues(context.db).where(eq(memberships.id, membership.id));
    if (!row) throw new Error('membership not found');
    const shared = isGoodStanding(
      {
        status: row.status,
        expires_at: row.expiresAt,
        unpaid_due_on: row.unpaidDueOn,
        grace_ends_on: row.graceEndsOn,
      },
      now,
    );
    const [sqlAnswer] = await context.db
      .select({ good: goodStanding(memberships, now) })
      .from(memberships)
      .where(eq(memberships.id, membership.id));
    expect({ shared, sql: sqlAnswer?.good }).toEqual({ shared: fixture.good, sql: fixture.good });
  });
});

describe("the members' area: the card and the files answer alike", () => {
  it.each(cases)('a membership $name', async (fixture) => {
    const { cookie } = await member(fixture);
    const card = await get('/api/members/card', cookie);
    const file = await get(memberNewsUrl, cookie);
    const expected = fixture.good ? 200 : 403;
    expect({ card: card.statusCode, file: file.statusCode }).toEqual({ card: expected, file: expected });
    if (!fixture.good) {
      expect(card.json()).toEqual({ error: CARD_MESSAGES.notInGoodStanding, code: 'not_in_good_standing' });
      expect(file.json()).toEqual({
        error: MEMBERS_AREA_MESSAGES.documentRefused,
        code: 'not_in_good_standing',
      });
    }
  });

  it('asks a guest to sign in on both', async () => {
    for (const url of ['/api/members/card', memberNewsUrl]) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
    }
  });
});

describe('one access level for members-only routes', () => {
  it("declares `members-area` on the members' area files and the member's own card", () => {
    const declared = (method: string, url: string) =>
      context.app.routeTable.find((route) => route.method === method && route.url === url)?.config.access;
    for (const [method, url] of [
      ['GET', `${memberNewsCollection.publicPath}/:filename`],
      ['GET', '/api/members/card'],
      ['GET', '/api/members/card.png'],
      ['GET', '/api/members/card.pdf'],
      ['POST', '/api/members/card'],
    ] as const) {
      expect({ method, url, access: declared(method, url) }).toEqual({ method, url, access: 'members-area' });
    }
    // A route that says it refuses members not in good standing does so through the level.
    const sayGoodStanding = context.app.routeTable.filter((route) =>
      /unless in good standing/i.test(
        String((route.schema as { summary?: string } | undefined)?.summary ?? ''),
      ),
    );
    expect(sayGoodStanding.length).toBeGreaterThan(0);
    for (const route of sayGoodStanding) {
      expect({ route: `${route.method} ${route.url}`, access: route.config.access }).toEqual({
        route: `${route.method} ${route.url}`,
        access: 'members-area',
      });
    }
  });

  it('leaves no check of standing by hand in the API sources', () => {
    const root = join(__dirname, '..', '..');
    const files = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'))
      .map((file) => ({
        file: relative(root, join(root, file)),
        source: readFileSync(join(root, file), 'utf8'),
      }));
    const offences = files.flatMap(({ file, source }) => [
      // Good standing is `goodStanding`, never "the active standing" picked out by hand.
      ...(/hasStanding\([^)]*'active'/s.test(source) && file !== 'modules/membership-standing/standing.ts'
        ? [`${file}: hasStanding(…, 'active') instead of goodStanding`]
        : []),
      // A route file never asks the rule itself: its access level does.
      ...(/routes\.ts$/.test(file) && /userInGoodStanding|goodStanding\(|isGoodStanding/.test(source)
        ? [`${file}: checks good standing in a route instead of access 'members-area'`]
        : []),
      ...(/'(membership_required|not_in_good_standing)'/.test(source) &&
      !['plugins/access.ts', 'modules/member-cards/service.ts'].includes(file)
        ? [`${file}: refuses for standing outside the members-area access`]
        : []),
    ]);
    expect(offences).toEqual([]);
  });
});
