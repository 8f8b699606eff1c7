import { SESSION_ERRORS, UNDO_EMAIL_CHANGE_MESSAGES } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, mailOutbox, type User, users } from '../../db/schema';
import { hashOpaqueToken } from '../../lib/tokens';
import { createUser, signIn, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  context = await buildTestApp({ AUTH_RATE_LIMIT: '10000' });
});
afterAll(() => context.close());

const mailsTo = (email: string) =>
  context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const tokenIn = (text: string) => /[?&]token=([\w-]+)/.exec(text)?.[1] as string;
const emailOf = async (id: string) =>
  (await context.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;
const undo = (token: unknown) =>
  context.app.inject({ method: 'POST', url: '/api/users/undo-email-change', payload: { token } });

/** Changes the member's address to a new one through the two real steps; answers the undo token. */
async function changeEmail(member: User) {
  const { cookie } = await signIn(context, member);
  const newEmail = `moved-${member.id.slice(0, 8)}@example.com`;
  const requested = await context.app.inject({
    method: 'POST',
    url: '/api/users/change-email',
    headers: { cookie },
    payload: { email: newEmail, currentPassword: TEST_PASSWORD },
  });
  expect(requested.statusCode).toBe(200);
  const [confirmation] = await mailsTo(newEmail);
  const confirmed = await context.app.inject({
    method: 'POST',
    url: '/api/users/confirm-email-change',
    payload: { token: tokenIn(confirmation?.text ?? '') },
  });
  expect(confirmed.statusCode).toBe(200);
  const [notice] = await mailsTo(member.email);
  if (!notice) throw new Error('no notice to the old address');
  return { cookie, newEmail, notice, token: tokenIn(notice.text) };
}

describe('undoing an e-mail change (docs/product-rules.md "Accounts")', () => {
  it('tells the old address, with a link to a page; the undo restores it and ends every session', async () => {
    const member = await createUser(context.db);
    const { cookie, newEmail, notice, token } = await changeEmail(member);
    expect(await emailOf(member.id)).toBe(newEmail);
    expect(notice.subject).toMatch(/e-mail address was changed/);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain(`${context.config.publicUrl}/undo-email-change?token=`);
    // Only the hash is stored.
    const [row] = await context.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, member.id), eq(emailTokens.purpose, 'undo_email_change')));
    expect(row?.tokenHash).toBe(hashOpaqueToken(token));
    expect(row?.newEmail).toBe(member.email);

    // The change itself ends no session.
    const signedIn = await context.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(signedIn.statusCode).toBe(200);
    const undone = await undo(token);
    expect(undone.statusCode).toBe(200);
    const data = undone.json().data;
    expect(data.message).toBe(UNDO_EMAIL_CHANGE_MESSAGES.done(member.email));
    expect(data.email).toBe(member.email);
    expect(data.resetPasswordUrl).toMatch(new RegExp(`^${context.config.publicUrl}/reset-password\\?token=`));
    expect(await emailOf(member.id)).toBe(member.email);

    const next = await context.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(next.statusCode).toBe(401);
    expect(next.json()).toMatchObject({ error: SESSION_ERRORS.invalidToken });

    // The reset link works: the owner chooses a new password.
    const reset = await context.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenIn(data.resetPasswordUrl), password: 'A-new-and-long-passphrase-42' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('works once', async () => {
    const member = await createUser(context.db);
    const { token } = await changeEmail(member);
    expect((await undo(token)).statusCode).toBe(200);
    const again = await undo(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: UNDO_EMAIL_CHANGE_MESSAGES.linkInvalid });
  });

  it('refuses an expired link and leaves the new address', async () => {
    const member = await createUser(context.db);
    const { token, newEmail } = await changeEmail(member);
    await context.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailTokens.tokenHash, hashOpaqueToken(token)));
    const response = await undo(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: UNDO_EMAIL_CHANGE_MESSAGES.linkInvalid });
    expect(await emailOf(member.id)).toBe(newEmail);
  });

  it('refuses a wrong token, and a missing one with the field message', async () => {
    const wrong = await undo('not-a-real-token');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: UNDO_EMAIL_CHANGE_MESSAGES.linkInvalid });
    const missing = await undo('');
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('The link is incomplete');
  });

  it('keeps the link usable when the old address was taken meanwhile', async () => {
    const member = await createUser(context.db);
    const { token } = await changeEmail(member);
    await createUser(context.db, { email: member.email });
    const response = await undo(token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: UNDO_EMAIL_CHANGE_MESSAGES.addressTaken });
    const [row] = await context.db
      .select({ usedAt: emailTokens.usedAt })
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, hashOpaqueToken(token)));
    expect(row?.usedAt).toBeNull();
  });

  it('is no GET: opening the link with a scanner changes nothing', async () => {
    const member = await createUser(context.db);
    const { token, newEmail } = await changeEmail(member);
    await context.app.inject({ method: 'GET', url: `/api/users/undo-email-change?token=${token}` });
    expect(await emailOf(member.id)).toBe(newEmail);
  });
});
