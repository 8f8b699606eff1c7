import { manilaDateString } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardMembers, eventRegistrations } from '../../db/schema';
import { createEvent, createMembership, createNewsArticle, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let memberCookie: string;

const DAY_MS = 86_400_000;
const summary = (cookie?: string) =>
  context.app.inject({
    method: 'GET',
    url: '/api/dashboard/admin/summary',
    headers: cookie ? { cookie } : {},
  });

beforeAll(async () => {
  context = await buildTestApp();
  const { db } = context;
  const now = Date.now();

  const admin = await createUser(db, {
    type: 'admin',
    username: 'dash_admin',
    createdAt: new Date(now - 9 * DAY_MS),
  });
  adminCookie = (await signIn(context, admin)).cookie;

  // Members, each counted by their newest membership.
  const active = await createUser(db, { type: 'company', createdAt: new Date(now - 8 * DAY_MS) });
  await createMembership(db, active.id, { category: 'Regular' });
  memberCookie = (await signIn(context, active)).cookie;
  const renewed = await createUser(db, { type: 'individual', createdAt: new Date(now - 7 * DAY_MS) });
  await createMembership(db, renewed.id, {
    category: 'Individual',
    startsAt: new Date(now - 500 * DAY_MS),
    expiresAt: new Date(now - 135 * DAY_MS),
    createdAt: new Date(now - 500 * DAY_MS),
  });
  await createMembership(db, renewed.id, { category: 'Individual', createdAt: new Date(now - 10 * DAY_MS) });
  const expired = await createUser(db, { type: 'company', createdAt: new Date(now - 6 * DAY_MS) });
  await createMembership(db, expired.id, {
    category: 'Associate',
    startsAt: new Date(now - 400 * DAY_MS),
    expiresAt: new Date(now - 35 * DAY_MS),
  });
  const pending = await createUser(db, {
    type: 'individual',
    username: 'dash_pending',
    firstName: 'Dashiell',
    lastName: 'Pending-Cruz',
    createdAt: new Date(now - 5 * DAY_MS),
  });
  await createMembership(db, pending.id, {
    category: 'Individual',
    status: 'pending',
    startsAt: null,
    expiresAt: null,
  });
  const rejected = await createUser(db, {
    type: 'company',
    status: 'inactive',
    createdAt: new Date(now - 4 * DAY_MS),
  });
  await createMembership(db, rejected.id, {
    category: 'Associate',
    status: 'rejected',
    startsAt: null,
    expiresAt: null,
  });
  await createUser(db, {
    type: 'user',
    status: 'pending',
    isNew: true,
    username: 'dash_newest',
    firstName: null,
    lastName: null,
    createdAt: new Date(now - 3 * DAY_MS),
  });

  const today = manilaDateString();
  const upcoming = await createEvent(db, {
    title: 'Upcoming Forum',
    updated_at: new Date(now - 10 * DAY_MS),
    start_date: '2099-03-01',
  });
  await createEvent(db, {
    title: 'Past Forum',
    updated_at: new Date(now - 9 * DAY_MS),
    start_date: '2001-03-01',
  });
  await createEvent(db, { title: 'Today Forum', updated_at: new Date(now - 8 * DAY_MS), start_date: today });
  await createEvent(db, {
    title: 'Draft Forum',
    updated_at: new Date(now - 7 * DAY_MS),
    status: 'draft',
    start_date: '2099-04-01',
  });
  await createEvent(db, {
    title: 'Cancelled Forum',
    updated_at: new Date(now - 6 * DAY_MS),
    status: 'cancelled',
    start_date: '2099-05-01',
  });
  await db.insert(eventRegistrations).values([
    { event_id: upcoming.id, user_id: active.id, status: 'pending' },
    { event_id: upcoming.id, user_id: renewed.id, status: 'pending' },
    { event_id: upcoming.id, user_id: pending.id, status: 'approved' },
  ]);

  await createNewsArticle(db, {
    title: 'Published One',
    updated_at: new Date(now - 10 * DAY_MS),
    views: 10,
    likes: 2,
  });
  await createNewsArticle(db, {
    title: 'Published Two',
    updated_at: new Date(now - 9 * DAY_MS),
    views: 5,
    likes: 1,
  });
  await createNewsArticle(db, {
    title: 'Draft Piece',
    updated_at: new Date(now - 8 * DAY_MS),
    status: 'draft',
    views: 0,
  });
  await createNewsArticle(db, {
    title: 'Old Piece',
    updated_at: new Date(now - 7 * DAY_MS),
    status: 'archived',
    views: 7,
    likes: 4,
  });

  await db.insert(boardMembers).values([
    { name: 'A. President', title: 'CEO', position: 'President' },
    { name: 'B. Trustee', title: 'Geologist', position: 'Trustee' },
    { name: 'C. Former', title: 'Engineer', position: 'Trustee', is_active: false },
  ]);
});
afterAll(() => context.close());

describe('GET /api/dashboard/admin/summary', () => {
  it('refuses a guest (401) and a member (403)', async () => {
    expect((await summary()).statusCode).toBe(401);
    const forbidden = await summary(memberCookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: 'Admin access required' });
  });

  it('counts users by status and type', async () => {
    const { data } = (await summary(adminCookie)).json();
    expect(data.users).toEqual({
      total: 7,
      byStatus: { pending: 1, active: 5, inactive: 1 },
      byType: { user: 1, individual: 2, company: 3, admin: 1 },
    });
  });

  it('counts each member once, by their newest membership, and active members by category', async () => {
    const { data } = (await summary(adminCookie)).json();
    expect(data.memberships).toEqual({
      byStatus: {
        pending: 1,
        awaiting_payment: 0,
        active: 2,
        overdue: 0,
        lapsed: 0,
        expired: 1,
        rejected: 1,
      },
      activeByCategory: { Regular: 1, Associate: 0, Individual: 1, Honorary: 0 },
    });
  });

  it('counts events, upcoming published events and registrations awaiting approval', async () => {
    const { data } = (await summary(adminCookie)).json();
    expect(data.events).toEqual({
      byStatus: { draft: 1, published: 3, cancelled: 1 },
      upcoming: 2,
      pendingRegistrations: 2,
    });
  });

  it('counts news by status with the total views and likes, and the board by status', async () => {
    const { data } = (await summary(adminCookie)).json();
    expect(data.news).toEqual({
      byStatus: { draft: 1, published: 2, archived: 1 },
      totalViews: 22,
      totalLikes: 7,
    });
    expect(data.board).toEqual({ active: 2, inactive: 1 });
  });

  it('lists the most recent items, newest first, five at most', async () => {
    const { data } = (await summary(adminCookie)).json();
    expect(data.recent.users.map((user: { username: string }) => user.username)).toHaveLength(5);
    // Named by the name they go by: "Name not given" while they have given none, never the username.
    expect(data.recent.users[0]).toMatchObject({
      username: 'dash_newest',
      display_name: 'Name not given',
      type: 'user',
      status: 'pending',
    });
    expect(data.recent.pendingMemberships).toEqual([
      expect.objectContaining({
        username: 'dash_pending',
        display_name: 'Dashiell Pending-Cruz',
        category: 'Individual',
      }),
    ]);
    expect(data.recent.events).toHaveLength(5);
    expect(data.recent.events[0]).toMatchObject({ title: 'Cancelled Forum', status: 'cancelled' });
    expect(data.recent.news.map((article: { title: string }) => article.title)).toEqual([
      'Old Piece',
      'Draft Piece',
      'Published Two',
      'Published One',
    ]);
  });
});
