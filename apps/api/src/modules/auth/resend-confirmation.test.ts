import { RATE_LIMITED_MESSAGE } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { createUser } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { AUTH_MESSAGES } from './messages';

let context: Awaited<ReturnType<typeof buildTestApp>>;
const PUBLIC_URL = 'http://portal.test';
const RATE_LIMIT = 4;

beforeAll(async () => {
  context = await buildTestApp({ PUBLIC_URL, AUTH_RATE_LIMIT: String(RATE_LIMIT) });
});
afterAll(() => context.close());

const resend = (email: string, ip = '203.0.113.1') =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/resend-confirmation',
    payload: { email },
    remoteAddress: ip,
  });
const mailsTo = (email: string) =>
  context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const sent = { data: { message: AUTH_MESSAGES.confirmationResent } };

describe("POST /api/auth/resend-confirmation ('Email not Confirmed')", () => {
  it('answers every address alike and mails a working link only to an unconfirmed account', async () => {
    const pending = await createUser(context.db, { status: 'pending', emailConfirmedAt: null });
    const confirmed = await createUser(context.db);
    const unknownEmail = 'nobody-resend@example.com';
    const responses = [
      await resend(pending.email.toUpperCase(), '203.0.113.10'),
      await resend(confirmed.email, '203.0.113.11'),
      await resend(unknownEmail, '203.0.113.12'),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(sent);
    }

    await expect.poll(() => mailsTo(pending.email)).toHaveLength(1);
    expect(await mailsTo(confirmed.email)).toHaveLength(0);
    expect(await mailsTo(unknownEmail)).toHaveLength(0);

    const [mail] = await mailsTo(pending.email);
    const link = /https?:\/\/\S+confirm-email\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(link.startsWith(`${PUBLIC_URL}/confirm-email?token=`)).toBe(true);
    const confirm = await context.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: new URL(link).searchParams.get('token') },
    });
    expect(confirm.statusCode).toBe(200);
    const [user] = await context.db.select().from(users).where(eq(users.id, pending.id));
    expect(user?.status).toBe('active');
  });

  it('refuses a malformed address with its message', async () => {
    const response = await resend('not-an-email', '203.0.113.20');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'email', error: 'Please enter a valid email address' });
  });

  it('is rate-limited per client address and per e-mail', async () => {
    for (let attempt = 0; attempt < RATE_LIMIT; attempt++) {
      expect((await resend(`someone-${attempt}@example.com`, '203.0.113.30')).statusCode).toBe(200);
    }
    const refused = await resend('someone-else@example.com', '203.0.113.30');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(RATE_LIMITED_MESSAGE);

    // The same address from many clients is limited too.
    for (let attempt = 0; attempt < RATE_LIMIT; attempt++) {
      await resend('target@example.com', `198.51.100.${attempt + 1}`);
    }
    expect((await resend('target@example.com', '198.51.100.99')).statusCode).toBe(429);
  });
});
