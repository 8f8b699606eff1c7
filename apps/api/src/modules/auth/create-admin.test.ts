import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, mailOutbox, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { createUser } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { createAdmin } from './service';

let context: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  context = await buildTestApp({ PUBLIC_URL: 'https://portal.example' });
});
afterAll(() => context.close());

const login = (email: string, password: string) =>
  context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('create-admin (cli.ts)', () => {
  it('creates an active, confirmed admin with a one-time password', async () => {
    const result = await createAdmin(context, {
      email: 'chief@example.com',
      username: 'chief',
      invite: false,
    });
    expect(result.password).toMatch(/^[\w-]{16}$/);
    const [admin] = await context.db.select().from(users).where(eq(users.email, 'chief@example.com'));
    expect(admin).toMatchObject({ type: 'admin', status: 'active', isNew: false });
    expect(admin?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin?.passwordHash ?? '', result.password ?? '')).toBe(true);

    const response = await login('chief@example.com', result.password ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.profile.role).toBe('admin');
  });

  it('invites an admin, who sets a password through the reset page', async () => {
    const result = await createAdmin(context, {
      email: 'invited@example.com',
      username: 'invited',
      invite: true,
    });
    expect(result.password).toBeUndefined();
    expect(result.invitationLink).toMatch(/^https:\/\/portal\.example\/reset-password\?token=[\w-]{43}$/);
    const [mail] = await context.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'invited@example.com'));
    expect(mail?.text).toContain(result.invitationLink);
    const [token] = await context.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, result.user.id), eq(emailTokens.purpose, 'invitation')));
    const days = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // No password yet: no login.
    expect((await login('invited@example.com', 'Any-Password-1')).statusCode).toBe(401);
    const resetToken = new URL(result.invitationLink ?? '').searchParams.get('token');
    const reset = await context.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'Chosen-Password-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login('invited@example.com', 'Chosen-Password-1')).statusCode).toBe(200);
  });

  it('refuses an e-mail or username already in use', async () => {
    const existing = await createUser(context.db);
    await expect(
      createAdmin(context, { email: existing.email.toUpperCase(), username: 'fresh_name', invite: false }),
    ).rejects.toEqual(
      new AppError(409, 'An account with this email already exists', { code: 'email_taken' }),
    );
    await expect(
      createAdmin(context, { email: 'fresh@example.com', username: existing.username, invite: true }),
    ).rejects.toMatchObject({ error: 'This username is already taken' });
    expect(await context.db.select().from(users).where(eq(users.email, 'fresh@example.com'))).toEqual([]);
  });
});
