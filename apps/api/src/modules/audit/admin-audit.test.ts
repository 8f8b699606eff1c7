import { randomUUID } from 'node:crypto';
import { ADMIN_USER_MESSAGES, type AdminAuditEntry, representativeField } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, users } from '../../db/schema';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';

// The audit log of admin actions (decision 024): one row per change, in the change's
// own transaction, read back through GET /api/users/admin/audit/{userId}.

let context: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;
let memberCookie: string;

const newUser = (overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(context.db, { password: null, ...overrides });

beforeAll(async () => {
  context = await buildTestApp();
  admin = await newUser({ type: 'admin', username: `secretariat_${randomUUID().slice(0, 6)}` });
  adminCookie = (await signIn(context, admin)).cookie;
  memberCookie = (await signIn(context, await newUser())).cookie;
});
afterAll(() => context.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = adminCookie) =>
  context.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
const history = async (userId: string, query = '') => {
  const response = await call('GET', `/api/users/admin/audit/${userId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { entries: AdminAuditEntry[]; total: number; totalPages: number };
};
const rowsOf = (userId: string) =>
  context.db.select().from(adminAuditLog).where(eq(adminAuditLog.userId, userId));

/**
 * Makes the database refuse one statement with an error raised by a trigger, so that a change
 * fails after its audit row was written: the test then sees whether that row went with it.
 */
async function failingTrigger(table: string, when: string, name: string) {
  await context.db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`),
  );
  await context.db.execute(
    sql.raw(`create trigger ${name} ${when} on ${table} for each row execute function ${name}()`),
  );
  return async () => {
    await context.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await context.db.execute(sql.raw(`drop function ${name}()`));
  };
}

describe('GET /api/users/admin/audit/{userId}', () => {
  it('answers a guest 401, a member 403, a malformed id 400, an unknown one 404 and bad paging 400', async () => {
    const user = await newUser();
    expect((await call('GET', `/api/users/admin/audit/${user.id}`, undefined, '')).statusCode).toBe(401);
    expect((await call('GET', `/api/users/admin/audit/${user.id}`, undefined, memberCookie)).statusCode).toBe(
      403,
    );
    const malformed = await call('GET', '/api/users/admin/audit/nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Invalid id');
    const unknown = await call('GET', `/api/users/admin/audit/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(ADMIN_USER_MESSAGES.userNotFound);
    for (const [query, message] of [
      ['?limit=0', 'Limit must be at least 1'],
      ['?limit=101', 'Limit must be at most 100'],
      ['?page=0', 'Page must be at least 1'],
    ]) {
      const response = await call('GET', `/api/users/admin/audit/${user.id}${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
    // A user nobody has changed yet has an empty history.
    expect(await history(user.id)).toMatchObject({ entries: [], total: 0, totalPages: 1 });
  });

  it('pages the history newest first', async () => {
    const user = await newUser();
    for (const phone of ['1', '2', '3']) {
      expect((await call('PUT', `/api/users/admin/update-profile/${user.id}`, { phone })).statusCode).toBe(
        200,
      );
    }
    const first = await history(user.id, '?limit=2');
    expect(first.total).toBe(3);
    expect(first.totalPages).toBe(2);
    expect(first.entries.map((entry) => entry.changes.phone?.to)).toEqual(['3', '2']);
    const second = await history(user.id, '?limit=2&page=2');
    expect(second.entries.map((entry) => entry.changes.phone?.to)).toEqual(['1']);
  });
});

describe('what is recorded', () => {
  it('an edit: who, which user, each changed field from → to, and when', async () => {
    const user = await newUser({ phone: '+63 2 8000 0000', type: 'user' });
    const username = `renamed_${randomUUID().slice(0, 6)}`;
    const before = Date.now();
    const response = await call('PUT', `/api/users/admin/update-profile/${user.id}`, {
      username,
      email: user.email,
      phone: '+63 917 555 0101',
      type: 'company',
      status: 'active',
    });
    expect(response.statusCode).toBe(200);
    const [entry] = (await history(user.id)).entries;
    expect(entry).toMatchObject({
      action: 'user_updated',
      actor: { id: admin.id, username: admin.username, email: admin.email },
      user: { id: user.id, username: user.username, email: user.email },
      membershipId: null,
      // Status was already active: only what changed is recorded.
      changes: {
        username: { from: user.username, to: username },
        phone: { from: '+63 2 8000 0000', to: '+63 917 555 0101' },
        type: { from: 'user', to: 'company' },
      },
    });
    expect(Object.keys(entry?.changes ?? {}).sort()).toEqual(['phone', 'type', 'username']);
    expect(Date.parse(entry?.created_at ?? '')).toBeGreaterThanOrEqual(before - 1_000);

    // Saving the same values again changes nothing and records nothing.
    await call('PUT', `/api/users/admin/update-profile/${user.id}`, { username, phone: '+63 917 555 0101' });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('disabling and enabling', async () => {
    const user = await newUser();
    await call('GET', `/api/users/admin/toggle-status/${user.id}`);
    await call('GET', `/api/users/admin/toggle-status/${user.id}`);
    const { entries } = await history(user.id);
    expect(entries.map((entry) => [entry.action, entry.changes.status])).toEqual([
      ['user_enabled', { from: 'inactive', to: 'active' }],
      ['user_disabled', { from: 'active', to: 'inactive' }],
    ]);
  });

  it("a membership's status change (with its period: Honorary) and its deletion", async () => {
    const user = await newUser();
    const membership = await createMembership(context.db, user.id, {
      status: 'pending',
      category: 'Honorary',
      startsAt: null,
      expiresAt: null,
    });
    const approved = await call('PUT', `/api/memberships/update/${membership.id}`, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    // Approving what is approved changes nothing and records nothing.
    await call('PUT', `/api/memberships/update/${membership.id}`, { status: 'approved' });
    expect((await call('DELETE', `/api/memberships/delete/${membership.id}`)).statusCode).toBe(200);

    const { entries } = await history(user.id);
    expect(entries.map((entry) => entry.action)).toEqual(['membership_deleted', 'membership_updated']);
    const [deleted, updated] = entries;
    const { startsAt, expiresAt } = approved.json().data;
    expect(updated).toMatchObject({
      membershipId: membership.id,
      user: { id: user.id, username: user.username },
      changes: {
        status: { from: 'pending', to: 'approved' },
        startsAt: { from: null, to: startsAt },
        expiresAt: { from: null, to: expiresAt },
      },
    });
    expect(deleted).toMatchObject({
      membershipId: membership.id,
      changes: {
        category: { from: 'Honorary', to: null },
        status: { from: 'approved', to: null },
        startsAt: { from: startsAt, to: null },
      },
    });
  });

  it('creating a member, with the category and the representatives', async () => {
    const tag = randomUUID().slice(0, 6);
    const form = await multipartBody({
      type: 'company',
      registeredName: 'Created Mining Corporation',
      username: `created_${tag}`,
      email: `created-${tag}@example.com`,
      phone: '+63 2 8123 4567',
      membershipData: JSON.stringify({ category: 'Regular' }),
      [representativeField(0, 'firstName')]: 'Lorna',
      [representativeField(0, 'lastName')]: 'Dizon',
      [representativeField(1, 'firstName')]: 'Rico',
      [representativeField(1, 'lastName')]: 'Bautista',
    });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/users/admin/create-user',
      payload: form.payload,
      headers: { ...form.headers, cookie: adminCookie },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data.user;
    const { entries } = await history(created.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'user_created',
      actor: { id: admin.id },
      user: { id: created.id, username: `created_${tag}`, email: `created-${tag}@example.com` },
      changes: {
        username: { from: null, to: `created_${tag}` },
        type: { from: null, to: 'company' },
        phone: { from: null, to: '+63 2 8123 4567' },
        category: { from: null, to: 'Regular' },
        representatives: { from: null, to: 'Lorna Dizon (voting), Rico Bautista (non-voting)' },
      },
    });
  });

  it('the names the actor and the user went by then, "Name not given" for a blank one', async () => {
    const namedAdmin = await newUser({ type: 'admin', firstName: 'Ma. Teresa', lastName: 'Villanueva' });
    const namedCookie = (await signIn(context, namedAdmin)).cookie;
    const company = await newUser({ type: 'company', registeredName: 'Zamboanga Nickel Corporation' });
    const person = await newUser({ firstName: null, lastName: null });
    for (const user of [company, person]) {
      const response = await call(
        'PUT',
        `/api/users/admin/update-profile/${user.id}`,
        { phone: '0917 222 3333' },
        namedCookie,
      );
      expect(response.statusCode).toBe(200);
    }
    const [companyEntry] = (await history(company.id)).entries;
    expect(companyEntry).toMatchObject({
      actor: { username: namedAdmin.username, display_name: 'Ma. Teresa Villanueva' },
      user: { username: company.username, display_name: 'Zamboanga Nickel Corporation' },
    });
    const [personEntry] = (await history(person.id)).entries;
    expect(personEntry?.user.display_name).toBe('Name not given');
    // Renamed afterwards: the history keeps the name of that moment.
    await context.db.update(users).set({ registeredName: 'ZNC Holdings' }).where(eq(users.id, company.id));
    expect((await history(company.id)).entries[0]?.user.display_name).toBe('Zamboanga Nickel Corporation');
  });

  it('a deletion stays readable by the deleted id, with the earlier history and what the account was', async () => {
    const user = await newUser({ type: 'company', phone: '0917 000 0000' });
    await createMembership(context.db, user.id);
    await call('PUT', `/api/users/admin/update-profile/${user.id}`, { phone: '0917 111 1111' });
    expect((await call('DELETE', `/api/users/admin/delete-user/${user.id}`)).statusCode).toBe(200);

    const { entries } = await history(user.id);
    expect(entries.map((entry) => entry.action)).toEqual(['user_deleted', 'user_updated']);
    expect(entries[0]).toMatchObject({
      user: { id: user.id, username: user.username, email: user.email },
      changes: {
        username: { from: user.username, to: null },
        email: { from: user.email, to: null },
        type: { from: 'company', to: null },
        status: { from: 'active', to: null },
        phone: { from: '0917 111 1111', to: null },
        memberships: { from: 1, to: null },
      },
    });
  });

  it("keeps an actor's rows when the actor's account is deleted, naming them as they were", async () => {
    const other = await newUser({ type: 'admin' });
    const otherCookie = (await signIn(context, other)).cookie;
    const user = await newUser();
    await call('GET', `/api/users/admin/toggle-status/${user.id}`, undefined, otherCookie);
    expect((await call('DELETE', `/api/users/admin/delete-user/${other.id}`)).statusCode).toBe(200);
    const [entry] = (await history(user.id)).entries;
    expect(entry).toMatchObject({
      action: 'user_disabled',
      actor: { id: null, username: other.username, email: other.email },
    });
  });
});

describe('no row without the change', () => {
  it('when the change is refused: a taken username, the read-only e-mail, yourself, an unknown membership', async () => {
    const user = await newUser();
    const other = await newUser();
    const refused = [
      await call('PUT', `/api/users/admin/update-profile/${user.id}`, { username: other.username }),
      await call('PUT', `/api/users/admin/update-profile/${user.id}`, { email: 'else@example.com' }),
      await call('PUT', `/api/users/admin/update-profile/${user.id}`, { type: 'nobody' }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([409, 400, 400]);
    expect(await rowsOf(user.id)).toEqual([]);
    for (const response of [
      await call('GET', `/api/users/admin/toggle-status/${admin.id}`),
      await call('DELETE', `/api/users/admin/delete-user/${admin.id}`),
      await call('PUT', `/api/users/admin/update-profile/${admin.id}`, { type: 'company' }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect(await rowsOf(admin.id)).toEqual([]);
    expect(
      (await call('PUT', `/api/memberships/update/${randomUUID()}`, { status: 'approved' })).statusCode,
    ).toBe(404);
  });

  it('when the change is rolled back after its row was written: a deletion, an approval', async () => {
    const user = await newUser();
    const membership = await createMembership(context.db, user.id, {
      status: 'pending',
      startsAt: null,
      expiresAt: null,
    });

    // The user's row is deleted last in its transaction, after the audit row.
    const allowDeletes = await failingTrigger('users', 'before delete', 'test_refuse_user_delete');
    try {
      const deletion = await call('DELETE', `/api/users/admin/delete-user/${user.id}`);
      expect(deletion.statusCode).toBe(500);
    } finally {
      await allowDeletes();
    }
    expect(await context.db.select({ id: users.id }).from(users).where(eq(users.id, user.id))).toHaveLength(
      1,
    );

    // The approval e-mail is queued after the audit row.
    const allowMail = await failingTrigger('mail_outbox', 'before insert', 'test_refuse_mail');
    try {
      const approval = await call('PUT', `/api/memberships/update/${membership.id}`, { status: 'approved' });
      expect(approval.statusCode).toBe(500);
    } finally {
      await allowMail();
    }
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await history(user.id)).total).toBe(0);
  });
});
