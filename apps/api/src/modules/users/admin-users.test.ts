import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ADMIN_USER_MESSAGES,
  type AdminUser,
  adminUserListQuerySchema,
  representativeField,
} from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  emailTokens,
  eventRegistrations,
  memberships,
  newsArticles,
  newsLikes,
  refreshTokens,
  representatives,
  sessions,
  uploadedFiles,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createImageUploads } from '../../lib/images';
import { createDiskStorage } from '../../lib/storage';
import { createEvent, createMembership, createNewsArticle, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';
import { deleteUser, toggleUserStatus, updateUser } from './admin-changes';
import { listUsers } from './admin-list';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;
let memberCookie: string;

const newUser = (overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(context.db, { password: null, ...overrides });

beforeAll(async () => {
  context = await buildTestApp();
  admin = await newUser({ type: 'admin' });
  adminCookie = (await signIn(context, admin)).cookie;
  const member = await newUser();
  memberCookie = (await signIn(context, member)).cookie;
});
afterAll(() => context.close());

const request = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  context.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
const getAll = (query: string, cookie = adminCookie) => request('GET', `/api/users/get-all${query}`, cookie);
const update = (id: string, payload: object, cookie = adminCookie) =>
  request('PUT', `/api/users/admin/update-profile/${id}`, cookie, payload);
const toggle = (id: string, cookie = adminCookie) =>
  request('GET', `/api/users/admin/toggle-status/${id}`, cookie);
const remove = (id: string, cookie = adminCookie) =>
  request('DELETE', `/api/users/admin/delete-user/${id}`, cookie);

const listed = (response: { json(): unknown }) =>
  (response.json() as { data: { users: AdminUser[]; total: number; totalPages: number } }).data;

describe('access', () => {
  const someId = randomUUID();
  const routes = [
    () => getAll('', ''),
    () => update(someId, { phone: '1' }, ''),
    () => toggle(someId, ''),
    () => remove(someId, ''),
  ];
  it('answers a guest 401 and a member 403 on every admin users route', async () => {
    for (const call of routes) expect((await call()).statusCode).toBe(401);
    expect((await getAll('', memberCookie)).statusCode).toBe(403);
    expect((await update(someId, { phone: '1' }, memberCookie)).statusCode).toBe(403);
    expect((await toggle(someId, memberCookie)).statusCode).toBe(403);
    expect((await remove(someId, memberCookie)).statusCode).toBe(403);
  });

  it('answers 404 for an id that does not exist and 400 for a malformed one', async () => {
    for (const call of [update(someId, { phone: '1' }), toggle(someId), remove(someId)]) {
      const response = await call;
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(ADMIN_USER_MESSAGES.userNotFound);
    }
    for (const call of [update('nope', { phone: '1' }), toggle('nope'), remove('nope')]) {
      const response = await call;
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Invalid id');
    }
  });
});

describe('GET /api/users/get-all', () => {
  const tag = randomUUID().slice(0, 6);
  let applicant: AdminUser['id'];
  let company: AdminUser['id'];

  beforeAll(async () => {
    const a = await newUser({ username: `zeta_${tag}`, email: `zeta-${tag}@mines.example`, type: 'company' });
    const b = await newUser({
      username: `alpha_${tag}`,
      email: `alpha-${tag}@example.com`,
      status: 'inactive',
    });
    const c = await newUser({ username: `mid_${tag}`, email: `mid-${tag}@example.com`, status: 'pending' });
    company = a.id;
    applicant = c.id;
    // c: an older approved membership, then a pending application (the newest counts).
    await createMembership(context.db, c.id, { createdAt: new Date(Date.now() - 60_000) });
    await createMembership(context.db, c.id, {
      status: 'pending',
      category: 'Regular',
      startsAt: null,
      expiresAt: null,
    });
    // a: a pending application superseded by an approved one.
    await createMembership(context.db, a.id, { status: 'pending', createdAt: new Date(Date.now() - 60_000) });
    await createMembership(context.db, a.id, { category: 'Regular' });
    void b;
  });

  it('answers users, total and totalPages, newest first, 10 a page by default', async () => {
    for (let index = 0; index < 9; index += 1) await newUser();
    const response = await getAll('');
    expect(response.statusCode).toBe(200);
    const page = listed(response);
    expect(page.users).toHaveLength(10);
    expect(page.total).toBeGreaterThan(10);
    expect(page.totalPages).toBe(Math.ceil(page.total / 10));
    const times = page.users.map((user) => Date.parse(user.created_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(page.users[0]).not.toHaveProperty('passwordHash');
  });

  it('searches username and e-mail, case-insensitively, with LIKE characters taken literally', async () => {
    const byName = listed(await getAll(`?search=ZETA_${tag}`));
    expect(byName.users.map((user) => user.id)).toEqual([company]);
    const byEmail = listed(await getAll(`?search=${encodeURIComponent(`@mines.example`)}`));
    expect(byEmail.users.map((user) => user.id)).toContain(company);
    expect(listed(await getAll(`?search=${encodeURIComponent(`%_${tag}`)}`)).total).toBe(0);
    expect(listed(await getAll(`?search=${tag}`)).total).toBe(3);
  });

  it('filters by type, status and the newest membership, with the newest membership on each row', async () => {
    const companies = listed(await getAll(`?search=${tag}&type=company`));
    expect(companies.users.map((user) => user.username)).toEqual([`zeta_${tag}`]);
    expect(companies.users[0]?.membership).toMatchObject({
      status: 'approved',
      standing: 'active',
      category: 'Regular',
    });
    expect(listed(await getAll(`?search=${tag}&status=inactive`)).users.map((u) => u.username)).toEqual([
      `alpha_${tag}`,
    ]);
    const pending = listed(await getAll(`?search=${tag}&membership=pending`));
    expect(pending.users.map((user) => user.id)).toEqual([applicant]);
    expect(pending.users[0]?.membership?.standing).toBe('pending');
    expect(
      listed(await getAll(`?search=${tag}&membership=active&category=Regular`)).users.map((u) => u.id),
    ).toEqual([company]);
    // "All" of a filter select arrives empty.
    expect(listed(await getAll(`?search=${tag}&type=&status=all`)).total).toBe(3);
  });

  it('answers a page far past the end with no users and the real totals, as every list does', async () => {
    const page = listed(await getAll(`?search=${tag}&page=100000`));
    expect(page).toMatchObject({ users: [], total: 3, totalPages: 1, page: 100000, hasNext: false });
  });

  it('finds one account exactly by id (the dashboard links to a person this way)', async () => {
    // A search for the e-mail would also find every address containing it.
    const exact = listed(await getAll(`?id=${applicant}`));
    expect(exact.users.map((user) => user.id)).toEqual([applicant]);
    expect(exact.total).toBe(1);
    expect(listed(await getAll(`?id=${applicant}&membership=active`)).total).toBe(0);
    expect(listed(await getAll(`?id=${randomUUID()}`)).total).toBe(0);
    // "All" arrives blank: no filter.
    expect(listed(await getAll(`?search=${tag}&id=`)).total).toBe(3);
  });

  it('names each account by its name, "Name not given" (never the username) while it has none, and finds it by that name', async () => {
    const named = await newUser({ registeredName: 'Zamboanga Nickel Corporation', type: 'company' });
    const blank = await newUser({ firstName: '  ', lastName: null, registeredName: 'Not a person name' });
    const [namedRow] = listed(await getAll(`?id=${named.id}`)).users;
    const [blankRow] = listed(await getAll(`?id=${blank.id}`)).users;
    expect(namedRow).toMatchObject({
      display_name: 'Zamboanga Nickel Corporation',
      username: named.username,
    });
    expect(blankRow).toMatchObject({ display_name: 'Name not given', username: blank.username });
    const person = await newUser({ firstName: 'Teodora', middleName: 'Alonso', lastName: 'Realonda' });
    expect(
      listed(await getAll(`?search=${encodeURIComponent('alonso realonda')}`)).users.map((user) => user.id),
    ).toEqual([person.id]);
    // The search finds an account by its name too, as it is now.
    const byName = listed(await getAll(`?search=${encodeURIComponent('zamboanga nickel')}`));
    expect(byName.users.map((user) => user.id)).toContain(named.id);
    await context.db
      .update(users)
      .set({ registeredName: 'Sulu Cobalt Ventures' })
      .where(eq(users.id, named.id));
    expect(
      listed(await getAll(`?search=${encodeURIComponent('SULU COBALT')}`)).users.map((user) => user.id),
    ).toEqual([named.id]);
    await context.db
      .update(users)
      .set({ registeredName: 'Zamboanga Nickel Corporation' })
      .where(eq(users.id, named.id));
    // Still on the trigram index the search column had (the migration that widened it drops it).
    const indexes = await context.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'users_search_text_trgm_idx'`,
    );
    expect(JSON.stringify(indexes)).toContain('gin_trgm_ops');
    // The edit dialog's answer names it the same way.
    const edited = await update(named.id, { phone: '+63 62 991 0000' });
    expect(edited.json().data.display_name).toBe('Zamboanga Nickel Corporation');
  });

  it('filters the accounts that have given no name, which leave the list once the secretariat fills it in', async () => {
    const mark = randomUUID().slice(0, 6);
    const nameless = await newUser({ username: `nameless_${mark}`, firstName: null, lastName: null });
    const company = await newUser({ username: `blankco_${mark}`, type: 'company', registeredName: ' ' });
    await newUser({ username: `named_${mark}`, firstName: 'Gregoria', lastName: 'de Jesus' });
    const missing = async () =>
      listed(await getAll(`?name=missing&search=${mark}`))
        .users.map((user) => user.id)
        .sort();
    expect(await missing()).toEqual([nameless.id, company.id].sort());
    expect((await update(nameless.id, { firstName: 'Melchora', lastName: 'Aquino' })).statusCode).toBe(200);
    expect(await missing()).toEqual([company.id]);
    expect(listed(await getAll(`?name=&search=${mark}`)).users).toHaveLength(3);
  });

  it('sorts by username, type or status in either order', async () => {
    const ascending = listed(await getAll(`?search=${tag}&sortBy=username&sortOrder=asc`));
    expect(ascending.users.map((user) => user.username)).toEqual([
      `alpha_${tag}`,
      `mid_${tag}`,
      `zeta_${tag}`,
    ]);
    const byStatus = listed(await getAll(`?search=${tag}&sortBy=status&sortOrder=desc`));
    expect(byStatus.users.map((user) => user.status)).toEqual(['pending', 'inactive', 'active']);
    const byType = listed(await getAll(`?search=${tag}&sortBy=type&sortOrder=asc`));
    expect(byType.users[0]?.type).toBe('company');
  });

  it('breaks ties by creation time in the sort’s own direction (one index reads either)', async () => {
    const twins = randomUUID().slice(0, 6);
    const older = await newUser({ username: `older_${twins}`, createdAt: new Date(Date.now() - 120_000) });
    const newer = await newUser({ username: `newer_${twins}`, createdAt: new Date(Date.now() - 60_000) });
    const ids = async (order: string) =>
      listed(await getAll(`?search=${twins}&sortBy=type&sortOrder=${order}`)).users.map((user) => user.id);
    expect(await ids('asc')).toEqual([older.id, newer.id]);
    expect(await ids('desc')).toEqual([newer.id, older.id]);
  });

  it('answers each question afresh: every change shows at once, however it was made', async () => {
    const word = `fresh${randomUUID().slice(0, 6)}`;
    const ask = async () => listed(await getAll(`?search=${word}&sortBy=username&sortOrder=asc`));
    const names = async () => (await ask()).users.map((user) => user.username);
    const first = await newUser({ username: `${word}_a` });
    expect(await names()).toEqual([`${word}_a`]);
    // Written straight to the table, past every service.
    const second = await newUser({ username: `${word}_b` });
    expect(await names()).toEqual([`${word}_a`, `${word}_b`]);
    // An admin's change through the API.
    expect((await update(second.id, { username: `${word}_c` })).statusCode).toBe(200);
    expect(await names()).toEqual([`${word}_a`, `${word}_c`]);
    // A write to memberships only.
    await createMembership(context.db, first.id, { status: 'pending', startsAt: null, expiresAt: null });
    expect((await ask()).users[0]?.membership?.status).toBe('pending');
    expect((await remove(second.id)).statusCode).toBe(200);
    expect(await ask()).toMatchObject({ total: 1, users: [{ username: `${word}_a` }] });
  });

  it('counts an approval that ran out as expired, with no write to anything', async () => {
    const user = await newUser();
    await createMembership(context.db, user.id, { expiresAt: new Date(Date.now() + 60_000) });
    const active = adminUserListQuerySchema.parse({ id: user.id, membership: 'active' });
    const expired = adminUserListQuerySchema.parse({ id: user.id, membership: 'expired' });
    expect((await listUsers(context.db, active)).total).toBe(1);
    expect((await listUsers(context.db, expired)).total).toBe(0);
    // Two minutes on, the approval has expired.
    const later = new Date(Date.now() + 120_000);
    expect((await listUsers(context.db, active, later)).total).toBe(0);
    expect((await listUsers(context.db, expired, later)).users).toMatchObject([
      { id: user.id, membership: { standing: 'expired' } },
    ]);
  });

  it('refuses parameters out of range with 400 and the field message', async () => {
    const cases: [string, string, string][] = [
      ['?sortBy=password_hash', 'sortBy', 'Sort by must be one of created_at, username, type, status'],
      ['?sortOrder=sideways', 'sortOrder', 'Sort order must be asc or desc'],
      ['?page=0', 'page', 'Page must be at least 1'],
      ['?page=abc', 'page', 'Page must be a whole number'],
      ['?limit=0x10', 'limit', 'Limit must be a whole number'],
      ['?limit=101', 'limit', 'Limit must be at most 100'],
      ['?type=superuser', 'type', 'Type must be one of user, individual, company, admin'],
      ['?status=deleted', 'status', 'Status must be one of pending, active, inactive'],
      [
        '?membership=suspended',
        'membership',
        'Membership must be one of pending, awaiting_payment, active, overdue, lapsed, expired, rejected',
      ],
      ['?limit=0', 'limit', 'Limit must be at least 1'],
      ['?limit=-5', 'limit', 'Limit must be at least 1'],
      ['?limit=1000000', 'limit', 'Limit must be at most 100'],
      [`?search=${'x'.repeat(10_000)}`, 'search', 'Search must be at most 200 characters'],
      ['?id=not-a-uuid', 'id', 'Invalid id'],
      ['?name=present', 'name', 'Name must be one of missing'],
    ];
    for (const [query, field, message] of cases) {
      const response = await getAll(query);
      expect(response.statusCode, query.slice(0, 30)).toBe(400);
      expect(response.json()).toMatchObject({ field, error: message });
    }
  });
});

describe('PUT /api/users/admin/update-profile/{id}', () => {
  it('changes username, phone, type and status and answers the user', async () => {
    const user = await newUser({ type: 'user', status: 'pending', emailConfirmedAt: null });
    const username = `renamed_${randomUUID().slice(0, 6)}`;
    const response = await update(user.id, {
      username,
      email: user.email.toUpperCase(),
      phone: '+63 2 8888 1234',
      type: 'company',
      status: 'active',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      username,
      phone: '+63 2 8888 1234',
      type: 'company',
      status: 'active',
    });
    // Enabling a pending account confirms it.
    expect(response.json().data.email_confirmation).not.toBeNull();
  });

  it('keeps the e-mail read-only, refuses a taken username and bad values', async () => {
    const user = await newUser();
    const other = await newUser();
    const email = await update(user.id, { email: 'someone.else@example.com' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ field: 'email', error: ADMIN_USER_MESSAGES.emailReadOnly });
    const taken = await update(user.id, { username: other.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'username', error: 'This username is already taken' });
    const type = await update(user.id, { type: 'root' });
    expect(type.statusCode).toBe(400);
    expect(type.json().field).toBe('type');
    const blank = await update(user.id, { username: ' ' });
    expect(blank.json()).toMatchObject({ field: 'username', error: 'Username is required' });
  });

  it('refuses to let an admin demote or disable themself', async () => {
    for (const change of [{ type: 'company' }, { status: 'inactive' }]) {
      const response = await update(admin.id, change);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(ADMIN_USER_MESSAGES.notYourself);
    }
    expect((await update(admin.id, { phone: '123' })).statusCode).toBe(200);
  });

  it('ends the sessions of a user it disables: their next request is refused', async () => {
    const user = await newUser();
    const { cookie } = await signIn(context, user);
    expect((await getAll('', cookie)).statusCode).toBe(403);
    expect((await update(user.id, { status: 'inactive' })).statusCode).toBe(200);
    const next = await getAll('', cookie);
    expect(next.statusCode).toBe(401);
    expect(next.json().error).toBe('Invalid or expired token');
  });
});

describe('GET /api/users/admin/toggle-status/{id}', () => {
  it('disables an active user (ending their sessions) and enables them again', async () => {
    const user = await newUser();
    const { cookie } = await signIn(context, user);
    const disabled = await toggle(user.id);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data.status).toBe('inactive');
    expect((await getAll('', cookie)).statusCode).toBe(401);
    const enabled = await toggle(user.id);
    expect(enabled.json().data.status).toBe('active');
    // The ended session stays ended: they sign in again.
    expect((await getAll('', cookie)).statusCode).toBe(401);
  });

  it('gives back what disabling took: a never-confirmed account is pending and unconfirmed again', async () => {
    const unconfirmed = await newUser({ status: 'pending', emailConfirmedAt: null });
    expect((await toggle(unconfirmed.id)).json().data.status).toBe('inactive');
    const enabled = await toggle(unconfirmed.id);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data.status).toBe('pending');
    const [row] = await context.db
      .select({ status: users.status, emailConfirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.id, unconfirmed.id));
    expect(row).toEqual({ status: 'pending', emailConfirmedAt: null });
  });

  it('is refused when a browser sends it for another site', async () => {
    const user = await newUser();
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/users/admin/toggle-status/${user.id}`,
      headers: { cookie: adminCookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    const [row] = await context.db.select({ status: users.status }).from(users).where(eq(users.id, user.id));
    expect(row?.status).toBe('active');
  });

  it('refuses to disable yourself, and the last active admin', async () => {
    const self = await toggle(admin.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe(ADMIN_USER_MESSAGES.notYourself);
  });
});

describe('the last active admin', () => {
  // Through a request the acting admin is an active admin too, so the target is never the last
  // one; the rule matters when the actor's own account was disabled while their request was under
  // way. The service is called as that actor, so the refusal is certain on both databases.
  it('is not disabled, demoted or deleted: 409 with the shared message, nothing changed', async () => {
    const separate = await buildTestApp();
    try {
      const last = await createUser(separate.db, { password: null, type: 'admin' });
      const disabledActor = await createUser(separate.db, {
        password: null,
        type: 'admin',
        status: 'inactive',
      });
      const viewer = { userId: disabledActor.id, roles: ['admin'] as const };
      const images = createImageUploads({
        storage: createDiskStorage({ uploadsDir: separate.config.uploadsDir }),
        log: separate.app.log,
      });
      // One after the other: started together, a refusal could settle before it is awaited.
      const attempts = [
        () => toggleUserStatus(separate.db, viewer, last.id),
        () => updateUser(separate.db, viewer, last.id, { type: 'company' }),
        () => updateUser(separate.db, viewer, last.id, { status: 'inactive' }),
        () => deleteUser({ db: separate.db, images }, viewer, last.id),
      ];
      for (const attempt of attempts) {
        const refusal = await attempt().then(
          () => null,
          (error: unknown) => error,
        );
        expect(refusal).toBeInstanceOf(AppError);
        expect(refusal).toMatchObject({
          statusCode: 409,
          error: ADMIN_USER_MESSAGES.lastAdmin,
          options: { code: 'last_admin' },
        });
      }
      const [kept] = await separate.db.select().from(users).where(eq(users.id, last.id));
      expect(kept).toMatchObject({ type: 'admin', status: 'active' });
      expect(await separate.db.select().from(adminAuditLog)).toEqual([]);
    } finally {
      await separate.close();
    }
  });

  // Through one request the rule cannot be reached (the admin acting is another active admin);
  // it holds when two admins disable each other at once. Also run on PostgreSQL.
  it('stays when two admins disable each other at once: one succeeds, the other is refused', async () => {
    const separate = await buildTestApp();
    try {
      const first = await createUser(separate.db, { password: null, type: 'admin' });
      const second = await createUser(separate.db, { password: null, type: 'admin' });
      const [firstCookie, secondCookie] = await Promise.all([
        signIn(separate, first).then((session) => session.cookie),
        signIn(separate, second).then((session) => session.cookie),
      ]);
      const disable = (id: string, cookie: string) =>
        separate.app.inject({
          method: 'GET',
          url: `/api/users/admin/toggle-status/${id}`,
          headers: { cookie },
        });
      const answers = await Promise.all([disable(second.id, firstCookie), disable(first.id, secondCookie)]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The loser is refused as the last admin, or (when it arrives after) as a disabled account.
      expect([401, 409]).toContain(statuses[1]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      if (refused) expect(refused.json().error).toBe(ADMIN_USER_MESSAGES.lastAdmin);
      const active = await separate.db.select({ id: users.id }).from(users).where(eq(users.status, 'active'));
      expect(active).toHaveLength(1);
    } finally {
      await separate.close();
    }
  });
});

describe('DELETE /api/users/admin/delete-user/{id}', () => {
  it('removes what is only theirs and keeps what others need (decision 020)', async () => {
    const user = await newUser({ type: 'company', avatarUrl: null, logoUrl: '/uploads/logo-x.webp' });
    const [rep] = await context.db
      .insert(representatives)
      .values({ userId: user.id, firstName: 'Ana', lastName: 'Cruz', type: 'voting' })
      .returning();
    await context.db.insert(uploadedFiles).values({
      storageKey: `logo-${user.id}.webp`,
      publicPath: '/uploads/logo-x.webp',
      contentType: 'image/webp',
      byteSize: 1,
    });
    await createMembership(context.db, user.id);
    await context.db.insert(emailTokens).values({
      userId: user.id,
      purpose: 'reset_password',
      tokenHash: `hash-${user.id}`,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const article = await createNewsArticle(context.db, {
      created_by: user.id,
      author: 'Ana Cruz',
      likes: 2,
    });
    await context.db
      .insert(newsLikes)
      .values({ article_id: article.id, liker_key: `user:${user.id}`, user_id: user.id });
    const event = await createEvent(context.db);
    await context.db
      .insert(eventRegistrations)
      .values({ event_id: event.id, user_id: user.id, status: 'pending' });

    const response = await remove(user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: user.id } });

    const db = context.db;
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await db.select().from(memberships).where(eq(memberships.userId, user.id))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(representatives)
        .where(eq(representatives.id, rep?.id ?? '')),
    ).toHaveLength(0);
    expect(await db.select().from(emailTokens).where(eq(emailTokens.userId, user.id))).toHaveLength(0);
    expect(
      await db.select().from(eventRegistrations).where(eq(eventRegistrations.user_id, user.id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(uploadedFiles).where(eq(uploadedFiles.publicPath, '/uploads/logo-x.webp')),
    ).toHaveLength(0);
    const [kept] = await db.select().from(newsArticles).where(eq(newsArticles.id, article.id));
    expect(kept).toMatchObject({ author: 'Ana Cruz', created_by: null, likes: 1 });
    expect((await remove(user.id)).statusCode).toBe(404);
  });

  it('ends their sessions, takes back their likes and removes their pictures from the disk', async () => {
    const picture = await sharp({
      create: { width: 200, height: 200, channels: 3, background: { r: 30, g: 90, b: 60 } },
    })
      .png()
      .toBuffer();
    const tag = randomUUID().slice(0, 6);
    const form = await multipartBody(
      {
        type: 'company',
        registeredName: 'Leaving Mining Corporation',
        username: `leaving_${tag}`,
        email: `leaving-${tag}@example.com`,
        membershipData: JSON.stringify({ category: 'Regular' }),
        [representativeField(0, 'firstName')]: 'Ana',
        [representativeField(0, 'lastName')]: 'Cruz',
      },
      [
        { field: 'logo', bytes: picture, type: 'image/png' },
        { field: representativeField(0, 'avatar'), bytes: picture, type: 'image/png' },
      ],
    );
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/users/admin/create-user',
      payload: form.payload,
      headers: { ...form.headers, cookie: adminCookie },
    });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().data.user.id;
    const [rep] = await context.db.select().from(representatives).where(eq(representatives.userId, id));
    const files = await context.db
      .select()
      .from(uploadedFiles)
      .where(sql`${uploadedFiles.ownerId} in (${id}, ${rep?.id})`);
    const onDisk = files.flatMap((file) => [
      file.storageKey,
      ...file.variants.map((variant) => variant.storageKey),
    ]);
    expect(files).toHaveLength(2);
    const diskPath = (key: string) => join(context.config.uploadsDir, key);
    for (const key of onDisk) await expect(access(diskPath(key))).resolves.toBeUndefined();

    const { cookie } = await signIn(context, { id, type: 'company' });
    const article = await createNewsArticle(context.db);
    const like = await context.app.inject({
      method: 'POST',
      url: `/api/news/like/${article.id}`,
      headers: { cookie },
      payload: { action: 'like' },
    });
    expect(like.statusCode).toBe(200);
    expect(await context.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1);
    expect(await context.db.select().from(newsLikes).where(eq(newsLikes.user_id, id))).toHaveLength(1);

    expect((await remove(id)).statusCode).toBe(200);

    expect(await context.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(
      await context.db.$count(
        refreshTokens,
        sql`${refreshTokens.sessionId} not in (select id from sessions)`,
      ),
    ).toBe(0);
    expect(await context.db.select().from(newsLikes).where(eq(newsLikes.user_id, id))).toEqual([]);
    const [unliked] = await context.db.select().from(newsArticles).where(eq(newsArticles.id, article.id));
    expect(unliked?.likes).toBe(0);
    for (const key of onDisk) await expect(access(diskPath(key))).rejects.toMatchObject({ code: 'ENOENT' });
    // The ended session is refused at once.
    const next = await getAll('', cookie);
    expect(next.statusCode).toBe(401);
  });

  it('refuses to delete your own account', async () => {
    const response = await remove(admin.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(ADMIN_USER_MESSAGES.notYourself);
  });
});

describe('GET /api/users/admin/export-csv', () => {
  const exportCsv = (query: string, cookie = adminCookie) =>
    request('GET', `/api/users/admin/export-csv${query}`, cookie);

  it('is for admins only and validates its filters', async () => {
    expect((await exportCsv('', '')).statusCode).toBe(401);
    expect((await exportCsv('', memberCookie)).statusCode).toBe(403);
    expect((await exportCsv('?status=deleted')).statusCode).toBe(400);
  });

  it('streams the filtered list in batches, newest first, with the newest membership and safe cells', async () => {
    const tag = randomUUID().slice(0, 6);
    // More rows than one batch (1,000), straight into the table.
    await context.db.execute(sql`insert into users (username, email, type, status, is_new, created_at)
      select 'bulk_' || ${tag} || '_' || i, 'bulk-' || ${tag} || '-' || i || '@example.com', 'individual', 'active',
        false, now() - make_interval(secs => i)
      from generate_series(1, 2100) as i`);
    const member = await newUser({
      username: `csv_${tag}`,
      email: `csv-${tag}@example.com`,
      address: '=HYPERLINK("http://evil.example"), "Unit 5"',
      phone: '+63 917 555 0101',
    });
    await createMembership(context.db, member.id, { category: 'Regular' });

    const bulk = await exportCsv(`?search=bulk_${tag}`);
    expect(bulk.statusCode).toBe(200);
    expect(bulk.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(bulk.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = bulk.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFusername,display_name,email,type,status,phone,facsimile,address,tin,billing_email,membership_category,membership_status,membership_starts_at,membership_expires_at,created_at',
    );
    expect(lines).toHaveLength(2101);
    expect(lines[1]?.startsWith(`bulk_${tag}_1,`)).toBe(true);
    expect(lines[2100]?.startsWith(`bulk_${tag}_2100,`)).toBe(true);
    expect(new Set(lines).size).toBe(2101);

    const one = (await exportCsv(`?search=csv_${tag}&membership=active`)).body.trimEnd().split('\r\n');
    expect(one).toHaveLength(2);
    expect(one[1]).toContain(`"'=HYPERLINK(""http://evil.example""), ""Unit 5"""`);
    expect(one[1]).toContain(',Regular,active,');
    // A phone number is exported as written, not as "'+63 …".
    expect(one[1]).toContain(',active,+63 917 555 0101,,');
  });
});
