import { IMAGE_MESSAGES, PROFILE_MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, representatives, uploadedFiles, users } from '../../db/schema';
import { createMembership, createUser, signIn, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { storedPictureOf, storedUploads } from '../../test/stored-pictures';

let context: Awaited<ReturnType<typeof buildTestApp>>;

type Upload = { bytes: Buffer; field: 'avatar' | 'logo'; type?: string; filename?: string };

async function sendProfile(cookie: string, fields: Record<string, string>, uploads: Upload[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const upload of uploads) {
    form.append(
      upload.field,
      new Blob([new Uint8Array(upload.bytes)], { type: upload.type ?? 'image/png' }),
      upload.filename ?? 'picture.png',
    );
  }
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return context.app.inject({
    method: 'PUT',
    url: '/api/users/update-profile',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string, cookie },
  });
}

const getUserData = (cookie?: string) =>
  context.app.inject({ method: 'GET', url: '/api/users/', headers: cookie ? { cookie } : {} });
const json = (method: 'PUT' | 'POST', url: string, body: unknown, cookie?: string) =>
  context.app.inject({ method, url, payload: body as object, headers: cookie ? { cookie } : {} });

const png = (width = 300, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

async function storedFiles(): Promise<string[]> {
  return storedUploads(context.config.uploadsDir);
}
const userRow = async (id: string) =>
  (await context.db.select().from(users).where(eq(users.id, id)))[0] as typeof users.$inferSelect;

beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

describe('GET /api/users/', () => {
  it('answers a company its profile, representatives and memberships with standing and period', async () => {
    const company = await createUser(context.db, {
      type: 'company',
      about: 'Gold and copper exploration in Mindanao',
      phone: '+63 2 8123 4567',
      facsimile: '+63 2 8123 4568',
    });
    const year = 365 * 86_400_000;
    const active = await createMembership(context.db, company.id, {
      category: 'Regular',
      createdAt: new Date(Date.now() - 2000),
    });
    const expired = await createMembership(context.db, company.id, {
      category: 'Regular',
      startsAt: new Date(Date.now() - 2 * year),
      expiresAt: new Date(Date.now() - year),
      createdAt: new Date(Date.now() - 2 * year),
    });
    const rejected = await createMembership(context.db, company.id, {
      category: 'Associate',
      status: 'rejected',
      startsAt: null,
      expiresAt: null,
      createdAt: new Date(Date.now() - 3 * year),
    });
    const pending = await createMembership(context.db, company.id, {
      category: 'Regular',
      status: 'pending',
      startsAt: null,
      expiresAt: null,
    });
    await context.db.insert(representatives).values([
      {
        userId: company.id,
        firstName: 'Ana',
        lastName: 'Cruz',
        type: 'voting',
        position: 'CEO',
        createdAt: new Date(Date.now() - 1000),
      },
      {
        userId: company.id,
        firstName: 'Ben',
        lastName: 'Sy',
        type: null,
        createdAt: new Date(Date.now() + 1),
      },
    ]);
    const { cookie } = await signIn(context, company);

    const response = await getUserData(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['companyReps', 'data', 'membershipData']);
    expect(body.data).toMatchObject({
      id: company.id,
      username: company.username,
      type: 'company',
      about: 'Gold and copper exploration in Mindanao',
      facsimile: '+63 2 8123 4568',
    });
    expect(body.companyReps).toEqual([
      expect.objectContaining({ firstName: 'Ana', lastName: 'Cruz', type: 'voting', position: 'CEO' }),
      expect.objectContaining({ firstName: 'Ben', lastName: 'Sy', type: null, avatarUrl: null }),
    ]);
    const byId = Object.fromEntries(
      body.membershipData.map((membership: { id: string; standing: string }) => [membership.id, membership]),
    );
    expect(body.membershipData.map((membership: { id: string }) => membership.id)).toEqual([
      pending.id,
      active.id,
      expired.id,
      rejected.id,
    ]);
    expect(byId[pending.id]).toMatchObject({ standing: 'pending', startsAt: null, expiresAt: null });
    expect(byId[active.id]).toMatchObject({
      standing: 'active',
      status: 'approved',
      startsAt: active.startsAt?.toISOString(),
      expiresAt: active.expiresAt?.toISOString(),
    });
    expect(byId[expired.id].standing).toBe('expired');
    expect(byId[rejected.id].standing).toBe('rejected');
    // The profile itself, and the session's, carry the same standings (the dues contract).
    const standings = ['pending', 'active', 'expired', 'rejected'];
    expect(body.data.memberships.map((membership: { standing: string }) => membership.standing)).toEqual(
      standings,
    );
    const session = await context.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.statusCode).toBe(200);
    expect(
      session.json().data.profile.memberships.map((membership: { standing: string }) => membership.standing),
    ).toEqual(standings);
  });

  it('refuses a guest', async () => {
    expect((await getUserData()).statusCode).toBe(401);
  });
});

describe('PUT /api/users/update-profile', () => {
  it('changes the own username, contact details and avatar, and replaces the old picture', async () => {
    const member = await createUser(context.db, { type: 'individual' });
    const { cookie } = await signIn(context, member);
    const first = await sendProfile(
      cookie,
      { username: 'new_name_1', phone: '0917 000 0000', address: '1 Rizal St, Makati', about: '' },
      [{ field: 'avatar', bytes: await png() }],
    );
    expect(first.statusCode).toBe(200);
    const { profile } = first.json().data;
    expect(profile).toMatchObject({
      username: 'new_name_1',
      phone: '0917 000 0000',
      address: '1 Rizal St, Makati',
      about: null,
    });
    // A private file behind its checked route (decision 066).
    expect(profile.avatarUrl).toMatch(new RegExp(`^/api/users/${member.id}/avatar\\?v=`));
    const filesAfterFirst = await storedFiles();
    expect(filesAfterFirst).toContain(storedPictureOf(profile.avatarUrl));

    const second = await sendProfile(cookie, { username: 'new_name_1' }, [
      { field: 'avatar', bytes: await png(200, 200) },
    ]);
    expect(second.statusCode).toBe(200);
    const replaced = second.json().data.profile.avatarUrl;
    expect(replaced).not.toBe(profile.avatarUrl);
    const files = await storedFiles();
    expect(files).toContain(storedPictureOf(replaced));
    expect(files).not.toContain(storedPictureOf(profile.avatarUrl));
    // The phone not sent is kept.
    expect(second.json().data.profile.phone).toBe('0917 000 0000');
    const rows = await context.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, member.id));
    expect(rows.map((row) => [row.ownerType, row.publicPath])).toEqual([['user', storedPictureOf(replaced)]]);
  });

  it("keeps a company's billing details, and refuses a TIN or billing e-mail that is not one", async () => {
    const company = await createUser(context.db, { type: 'company' });
    const { cookie } = await signIn(context, company);
    const billing = {
      registeredName: 'Northern Gold Exploration Corporation',
      tin: '123-456-789-00000',
      billingAddress: '12F Ayala Tower, Makati City',
      billingEmail: 'Accounts@NorthernGold.example',
    };
    const saved = await sendProfile(cookie, { username: company.username, ...billing });
    expect(saved.json().data.profile).toMatchObject({
      ...billing,
      billingEmail: 'accounts@northerngold.example',
    });
    const badTin = await sendProfile(cookie, { username: company.username, tin: '12-34' });
    expect(badTin.json()).toMatchObject({ field: 'tin', error: 'TIN must be written like 123-456-789-000' });
    const badEmail = await sendProfile(cookie, { username: company.username, billingEmail: 'accounts@' });
    expect(badEmail.json()).toMatchObject({
      field: 'billingEmail',
      error: 'Please enter a valid billing email address',
    });
    const cleared = await sendProfile(cookie, { username: company.username, tin: '', billingEmail: '' });
    expect(cleared.json().data.profile).toMatchObject({ tin: null, billingEmail: null });
  });

  it("stores a company's picture as its logo", async () => {
    const company = await createUser(context.db, { type: 'company' });
    const { cookie } = await signIn(context, company);
    const response = await sendProfile(cookie, { username: company.username, type: 'company' }, [
      { field: 'logo', bytes: await png() },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.profile.logoUrl).toMatch(new RegExp(`^/api/users/${company.id}/logo\\?v=`));
    expect(response.json().data.profile.avatarUrl).toBeNull();
  });

  describe('bad input: 4xx with the field and its message, nothing written', () => {
    let member: Awaited<ReturnType<typeof createUser>>;
    let cookie: string;
    beforeAll(async () => {
      member = await createUser(context.db, { type: 'individual', phone: '111' });
      cookie = (await signIn(context, member)).cookie;
    });

    const expectUnchanged = async () => {
      const row = await userRow(member.id);
      expect(row).toMatchObject({
        username: member.username,
        type: 'individual',
        status: 'active',
        phone: '111',
        avatarUrl: null,
      });
    };

    it.each([
      ['type=admin', { type: 'admin' }, 'type', PROFILE_MESSAGES.typeChange],
      ['another type', { type: 'company' }, 'type', PROFILE_MESSAGES.typeChange],
      ['status in the body', { status: 'active' }, 'status', PROFILE_MESSAGES.statusChange],
    ])('%s', async (_name, extra, field, message) => {
      const files = await storedFiles();
      const response = await sendProfile(cookie, { username: 'sneaky_name', phone: '222', ...extra }, [
        { field: 'avatar', bytes: await png() },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: message, field });
      await expectUnchanged();
      expect(await storedFiles()).toEqual(files);
    });

    it("another user's id is no field of this form", async () => {
      const other = await createUser(context.db);
      const response = await sendProfile(cookie, { username: 'taken_over', id: other.id, userId: other.id });
      expect(response.statusCode).toBe(400);
      expect((await userRow(other.id)).username).toBe(other.username);
      await expectUnchanged();
    });

    it('a missing username', async () => {
      const response = await sendProfile(cookie, { username: ' ', phone: '222' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'Username is required', field: 'username' });
      await expectUnchanged();
    });

    it("someone else's username", async () => {
      const other = await createUser(context.db);
      const response = await sendProfile(cookie, { username: other.username.toUpperCase(), phone: '222' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'This username is already taken', field: 'username' });
      await expectUnchanged();
    });

    it('1 MB of text in About', async () => {
      const response = await sendProfile(cookie, { username: member.username, about: 'x'.repeat(1_000_000) });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('about');
      await expectUnchanged();
    });

    it('a 6 MB picture', async () => {
      const files = await storedFiles();
      const response = await sendProfile(cookie, { username: member.username, phone: '222' }, [
        { field: 'avatar', bytes: Buffer.alloc(6 * 1024 * 1024, 1) },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toBe(IMAGE_MESSAGES.tooLarge);
      await expectUnchanged();
      expect(await storedFiles()).toEqual(files);
    });

    it('an SVG named .png', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
      const response = await sendProfile(cookie, { username: member.username, phone: '222' }, [
        { field: 'avatar', bytes: svg },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(IMAGE_MESSAGES.wrongType);
      await expectUnchanged();
    });

    it('a guest', async () => {
      expect((await sendProfile('', { username: 'guest_name' })).statusCode).toBe(401);
    });
  });
});

describe('PUT /api/users/change-password', () => {
  it('needs the current password, then signs out every other session and keeps this one', async () => {
    const member = await createUser(context.db);
    const here = await signIn(context, member);
    const elsewhere = await signIn(context, member);

    const wrong = await json(
      'PUT',
      '/api/users/change-password',
      { currentPassword: 'not-it', newPassword: 'Another-Pass-7' },
      here.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: PROFILE_MESSAGES.wrongPassword, field: 'currentPassword' });

    const weak = await json(
      'PUT',
      '/api/users/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'weak' },
      here.cookie,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      error: 'Password strength must be at least Good',
      field: 'newPassword',
    });

    const changed = await json(
      'PUT',
      '/api/users/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Another-Pass-7' },
      here.cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.message).toBe(PROFILE_MESSAGES.passwordChanged);
    const fresh = changed.cookies.find((cookie) => cookie.name === 'access_token')?.value;
    expect(fresh).toBeTruthy();
    expect((await getUserData(`access_token=${fresh}`)).statusCode).toBe(200);
    expect((await getUserData(elsewhere.cookie)).statusCode).toBe(401);

    const login = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: 'Another-Pass-7' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('e-mail change', () => {
  const mailsTo = (email: string) =>
    context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const tokenIn = (text: string) => /[?&]token=([\w-]+)/.exec(text)?.[1] as string;

  it('mails a link to the new address and changes the address only when it is opened', async () => {
    const member = await createUser(context.db);
    const { cookie } = await signIn(context, member);
    const newEmail = `moved-${member.id.slice(0, 8)}@example.com`;
    const response = await json(
      'POST',
      '/api/users/change-email',
      { email: newEmail.toUpperCase(), currentPassword: TEST_PASSWORD },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toBe(PROFILE_MESSAGES.emailChangeSent(newEmail));
    expect((await userRow(member.id)).email).toBe(member.email);
    const [mail] = await mailsTo(newEmail);
    expect(mail?.subject).toMatch(/Confirm your new .+ e-mail address/);
    // Both mails greet the person by name, not by username.
    expect(mail?.text.startsWith(`Hello Test ${member.lastName},`)).toBe(true);
    const token = tokenIn(mail?.text ?? '');

    // The link opens the confirmation page; opening it (a mail scanner does) changes nothing.
    expect(mail?.text).toContain(`${context.config.publicUrl}/confirm-email-change?token=`);
    const opened = await context.app.inject({
      method: 'GET',
      url: `/api/users/confirm-email-change?token=${token}`,
    });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(
      `${context.config.publicUrl}/confirm-email-change?token=${encodeURIComponent(token)}`,
    );
    expect((await userRow(member.id)).email).toBe(member.email);

    // The page's button sends the token: the address changes, once.
    const confirmed = await json('POST', '/api/users/confirm-email-change', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({ message: PROFILE_MESSAGES.emailChanged, email: newEmail });
    expect((await userRow(member.id)).email).toBe(newEmail);
    const [notice] = await mailsTo(member.email);
    expect(notice?.text.startsWith(`Hello Test ${member.lastName},`)).toBe(true);

    const again = await json('POST', '/api/users/confirm-email-change', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: PROFILE_MESSAGES.emailChangeLinkInvalid,
      code: 'invalid_link',
    });
    const missing = await json('POST', '/api/users/confirm-email-change', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('token');
  });

  it('refuses a wrong password, a taken address and the same address', async () => {
    const member = await createUser(context.db);
    const other = await createUser(context.db);
    const { cookie } = await signIn(context, member);
    const send = (body: object) => json('POST', '/api/users/change-email', body, cookie);

    const wrong = await send({ email: 'free@example.com', currentPassword: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('currentPassword');
    const taken = await send({ email: other.email, currentPassword: TEST_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      field: 'email',
      error: 'An account with this email already exists',
    });
    const same = await send({ email: member.email, currentPassword: TEST_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe(PROFILE_MESSAGES.emailUnchanged);
    const invalid = await send({ email: 'not-an-address', currentPassword: TEST_PASSWORD });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().field).toBe('email');
    expect(await mailsTo('free@example.com')).toEqual([]);
  });

  it('does not move to an address someone took after the link was sent', async () => {
    const member = await createUser(context.db);
    const { cookie } = await signIn(context, member);
    const wanted = `wanted-${member.id.slice(0, 8)}@example.com`;
    await json('POST', '/api/users/change-email', { email: wanted, currentPassword: TEST_PASSWORD }, cookie);
    const [mail] = await mailsTo(wanted);
    await createUser(context.db, { email: wanted });
    const confirmed = await json('POST', '/api/users/confirm-email-change', {
      token: tokenIn(mail?.text ?? ''),
    });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().error).toBe(PROFILE_MESSAGES.emailChangeLinkInvalid);
    expect((await userRow(member.id)).email).toBe(member.email);
  });
});
