import { STAFF_AREAS, STAFF_ROLE_MESSAGES, STAFF_ROLES, type StaffRole } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, userRoles, users } from '../../db/schema';
import { createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

// docs/product-rules.md "Staff roles", decision 060: on the embedded database by default, on the
// PostgreSQL server when TEST_DATABASE_URL is set (the race below proves itself there).
let context: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

const headers = (cookie: string) => ({ cookie, 'sec-fetch-site': 'same-origin' });
async function staffCookie(roles: readonly StaffRole[]) {
  const user = await createUser(context.db, { roles });
  return { user, cookie: (await signIn(context, user)).cookie };
}
const putRoles = (cookie: string, id: string, payload: unknown) =>
  context.app.inject({
    method: 'PUT',
    url: `/api/users/admin/${id}/roles`,
    headers: headers(cookie),
    payload: payload as Record<string, unknown>,
  });
const rolesOf = async (id: string) =>
  (await context.db.select().from(userRoles).where(eq(userRoles.userId, id))).map((row) => row.role).sort();

describe('PUT /api/users/admin/{id}/roles', () => {
  it('sets the roles, makes the account staff, and writes the audit log', async () => {
    const { cookie } = await staffCookie(['admin']);
    const member = await createUser(context.db, { type: 'individual' });
    const answer = await putRoles(cookie, member.id, { roles: ['treasurer', 'secretariat', 'treasurer'] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ id: member.id, roles: ['secretariat', 'treasurer'] });
    expect(await rolesOf(member.id)).toEqual(['secretariat', 'treasurer']);
    const [row] = await context.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.type).toBe('admin');
    const [logged] = await context.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.userId, member.id), eq(adminAuditLog.action, 'roles_changed')));
    expect(logged?.changes).toMatchObject({ roles: { from: '', to: 'secretariat, treasurer' } });

    // The session carries the roles beside the name.
    const session = await context.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: headers((await signIn(context, { ...member, type: 'admin' })).cookie),
    });
    expect(session.json().data.profile).toMatchObject({
      roles: ['secretariat', 'treasurer'],
      displayName: expect.any(String),
    });

    const none = await putRoles(cookie, member.id, { roles: [] });
    expect(none.json().data.roles).toEqual([]);
    const [after] = await context.db.select().from(users).where(eq(users.id, member.id));
    expect(after?.type).toBe('user');
  });

  it('refuses an unknown role or a missing list with the field', async () => {
    const { cookie } = await staffCookie(['admin']);
    const member = await createUser(context.db);
    const unknown = await putRoles(cookie, member.id, { roles: ['janitor'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: STAFF_ROLE_MESSAGES.unknownRole, field: 'roles.0' });
    const missing = await putRoles(cookie, member.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('roles');
    expect(await rolesOf(member.id)).toEqual([]);
  });

  it('is for admins only', async () => {
    const member = await createUser(context.db);
    for (const role of STAFF_ROLES.filter((role) => role !== 'admin')) {
      const { cookie } = await staffCookie([role]);
      expect((await putRoles(cookie, member.id, { roles: ['admin'] })).statusCode).toBe(403);
    }
    expect(await rolesOf(member.id)).toEqual([]);
  });

  it('keeps the last admin, and does not let an admin remove their own admin role', async () => {
    const { user, cookie } = await staffCookie(['admin']);
    const self = await putRoles(cookie, user.id, { roles: ['treasurer'] });
    expect(self.statusCode).toBe(403);
    expect(await rolesOf(user.id)).toEqual(['admin']);
  });

  it('leaves one admin when two admins remove each other at once', async () => {
    // Only these two hold the admin role among the active accounts that matter: disable the rest.
    await context.db.update(users).set({ status: 'inactive' }).where(eq(users.type, 'admin'));
    const first = await staffCookie(['admin']);
    const second = await staffCookie(['admin']);
    const answers = await Promise.all([
      putRoles(first.cookie, second.user.id, { roles: ['secretariat'] }),
      putRoles(second.cookie, first.user.id, { roles: ['secretariat'] }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // One wins; the other is refused as the last admin, or finds its own session no longer admin.
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const admins = await context.db.select().from(userRoles).where(eq(userRoles.role, 'admin'));
    const active = await context.db.select().from(users).where(eq(users.status, 'active'));
    const activeIds = new Set(active.map((row) => row.id));
    expect(admins.filter((row) => activeIds.has(row.userId))).toHaveLength(1);
  });
});

describe('what each role may call (the contract)', () => {
  it('lets a treasurer use the dues and refuses the rest', async () => {
    const { cookie } = await staffCookie(['treasurer']);
    const member = await createUser(context.db);
    const get = (url: string) => context.app.inject({ method: 'GET', url, headers: headers(cookie) });
    expect((await get('/api/dues/statements')).statusCode).toBe(200);
    expect((await get('/api/dues/settings')).statusCode).toBe(200);
    expect((await get('/api/users/get-all')).statusCode).toBe(200);
    const send = (method: 'DELETE' | 'POST' | 'PUT', url: string) =>
      context.app.inject({ method, url, headers: headers(cookie), payload: {} });
    expect((await send('DELETE', `/api/users/admin/delete-user/${member.id}`)).statusCode).toBe(403);
    expect((await putRoles(cookie, member.id, { roles: [] })).statusCode).toBe(403);
    expect((await send('POST', '/api/events/admin/create-event')).statusCode).toBe(403);
    expect((await send('POST', '/api/news/admin/create-news')).statusCode).toBe(403);
    expect(STAFF_AREAS.dues).toContain('treasurer');
  });

  it('refuses a secretariat the dues settings and payment writes, and staff changes', async () => {
    const { cookie } = await staffCookie(['secretariat']);
    const id = '00000000-0000-4000-8000-000000000000';
    const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) =>
      context.app.inject({
        method,
        url,
        headers: headers(cookie),
        payload: method === 'GET' ? undefined : {},
      });
    expect((await send('PUT', '/api/dues/settings')).statusCode).toBe(403);
    expect((await send('POST', `/api/dues/statements/${id}/payments`)).statusCode).toBe(403);
    expect((await send('POST', `/api/dues/payments/${id}/verify`)).statusCode).toBe(403);
    expect((await send('GET', '/api/users/get-all')).statusCode).toBe(200);
    const admin = await createUser(context.db, { roles: ['admin'] });
    const disable = await send('GET', `/api/users/admin/toggle-status/${admin.id}`);
    expect(disable.statusCode).toBe(403);
    expect(disable.json().error).toBe(STAFF_ROLE_MESSAGES.staffAccountsAdminOnly);
  });
});
