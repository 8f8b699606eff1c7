import { randomUUID } from 'node:crypto';
import {
  CREATE_USER_MESSAGES,
  IMAGE_MESSAGES,
  REPRESENTATIVE_RULE_MESSAGES,
  representativeField,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, memberships, representatives, uploadedFiles, users } from '../../db/schema';
import { createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { storedPictureOf } from '../../test/stored-pictures';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  context = await buildTestApp();
  const admin = await createUser(context.db, { password: null, type: 'admin' });
  adminCookie = (await signIn(context, admin)).cookie;
  const member = await createUser(context.db, { password: null });
  memberCookie = (await signIn(context, member)).cookie;
});
afterAll(() => context.close());

type Upload = { field: string; bytes: Buffer; type?: string };

const NAME_KEYS = ['firstName', 'middleName', 'lastName', 'suffix', 'registeredName', 'tradeName'];

async function createUserRequest(
  fields: Record<string, string>,
  uploads: Upload[] = [],
  cookie = adminCookie,
) {
  const form = new FormData();
  // The name the type requires (decision 056), unless the test names the account itself.
  const named = NAME_KEYS.some((key) => key in fields);
  const names = named
    ? {}
    : fields.type === 'company'
      ? { registeredName: 'Visayas Minerals Corporation' }
      : { firstName: 'Jose', lastName: 'Mercado' };
  for (const [name, value] of Object.entries({ ...names, ...fields })) form.append(name, value);
  for (const upload of uploads) {
    form.append(
      upload.field,
      new Blob([new Uint8Array(upload.bytes)], { type: upload.type ?? 'image/png' }),
      'x.png',
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return context.app.inject({
    method: 'POST',
    url: '/api/users/admin/create-user',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string, cookie },
  });
}

const picture = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 90, b: 80 } } })
    .png()
    .toBuffer();

const unique = () => randomUUID().slice(0, 8);
const rep = (index: number, firstName: string, type: string) => ({
  [representativeField(index, 'firstName')]: firstName,
  [representativeField(index, 'lastName')]: 'Cruz',
  [representativeField(index, 'position')]: 'Geologist',
  [representativeField(index, 'type')]: type,
});

describe('POST /api/users/admin/create-user', () => {
  it('answers a guest 401 and a member 403', async () => {
    expect((await createUserRequest({ type: 'individual' }, [], '')).statusCode).toBe(401);
    expect((await createUserRequest({ type: 'individual' }, [], memberCookie)).statusCode).toBe(403);
  });

  it('creates a confirmed company with a logo, two representatives, a pending membership and an invitation', async () => {
    const tag = unique();
    const email = `company-${tag}@example.com`;
    const response = await createUserRequest(
      {
        type: 'company',
        username: `company_${tag}`,
        email,
        phone: '+63 2 8123 4567',
        facsimile: '+63 2 8123 4568',
        address: '12 Ayala Avenue, Makati, 1226',
        about: 'Exploration drilling.',
        membershipData: JSON.stringify({ category: 'Regular' }),
        ...rep(0, 'Ana', 'voting'),
        ...rep(1, 'Ben', 'non-voting'),
      },
      [
        { field: 'logo', bytes: await picture() },
        { field: representativeField(1, 'avatar'), bytes: await picture() },
      ],
    );
    expect(response.statusCode).toBe(201);
    const created = response.json().data.user;
    expect(created).toMatchObject({
      type: 'company',
      status: 'active',
      isNew: false,
      facsimile: '+63 2 8123 4568',
    });
    expect(created.email_confirmation).not.toBeNull();
    // A private file behind its checked route (decision 066).
    expect(created.logoUrl).toMatch(new RegExp(`^/api/users/${created.id}/logo\\?v=`));
    expect(created.membership).toMatchObject({ category: 'Regular', status: 'pending' });

    const [row] = await context.db.select().from(users).where(eq(users.id, created.id));
    expect(row?.passwordHash).toBeNull();
    const reps = await context.db
      .select()
      .from(representatives)
      .where(eq(representatives.userId, created.id));
    expect(reps.map((r) => [r.firstName, r.type, Boolean(r.avatarUrl)]).sort()).toEqual([
      ['Ana', 'voting', false],
      ['Ben', 'non-voting', true],
    ]);
    const files = await context.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.publicPath, storedPictureOf(created.logoUrl)));
    expect(files).toHaveLength(1);

    const [mail] = await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail?.subject).toContain('invited');
    const link = mail?.text.match(/http\S+\/reset-password\?token=\S+/)?.[0];
    expect(link).toBeDefined();

    // The link sets a password once; then the new member signs in.
    const token = new URL(link as string).searchParams.get('token') as string;
    const reset = (password: string) =>
      context.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
    expect((await reset('Fresh-Password-42')).statusCode).toBe(200);
    expect((await reset('Other-Password-42')).statusCode).toBe(400);
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Fresh-Password-42' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('makes the first representative voting and the others non-voting when no type is sent', async () => {
    const tag = unique();
    const untyped = (index: number, firstName: string) => ({
      [representativeField(index, 'firstName')]: firstName,
      [representativeField(index, 'lastName')]: 'Reyes',
    });
    const response = await createUserRequest({
      type: 'company',
      username: `untyped_${tag}`,
      email: `untyped-${tag}@example.com`,
      membershipData: JSON.stringify({ category: 'Regular' }),
      ...untyped(0, 'Ana'),
      ...untyped(1, 'Ben'),
      ...untyped(2, 'Cora'),
    });
    expect(response.statusCode).toBe(201);
    const reps = await context.db
      .select({ firstName: representatives.firstName, type: representatives.type })
      .from(representatives)
      .where(eq(representatives.userId, response.json().data.user.id));
    // docs/product-rules.md "Representatives": in admin create-user too, the first is voting.
    expect(reps.sort((a, b) => a.firstName.localeCompare(b.firstName))).toEqual([
      { firstName: 'Ana', type: 'voting' },
      { firstName: 'Ben', type: 'non-voting' },
      { firstName: 'Cora', type: 'non-voting' },
    ]);
  });

  it("keeps a company's billing details for its statements", async () => {
    const tag = unique();
    const response = await createUserRequest({
      type: 'company',
      username: `billed_${tag}`,
      email: `billed-${tag}@example.com`,
      membershipData: JSON.stringify({ category: 'Associate' }),
      registeredName: 'Visayas Minerals Corporation',
      tin: '987-654-321-000',
      billingAddress: 'Accounting, 5 Osmeña Boulevard, Cebu City',
      billingEmail: 'billing@visayasminerals.example',
      ...rep(0, 'Ana', 'voting'),
    });
    expect(response.statusCode).toBe(201);
    const [saved] = await context.db.select().from(users).where(eq(users.id, response.json().data.user.id));
    expect(saved).toMatchObject({
      registeredName: 'Visayas Minerals Corporation',
      tin: '987-654-321-000',
      billingAddress: 'Accounting, 5 Osmeña Boulevard, Cebu City',
      billingEmail: 'billing@visayasminerals.example',
    });
  });

  it("keeps an individual's full name, the name the account goes by", async () => {
    const tag = unique();
    const response = await createUserRequest({
      type: 'individual',
      username: `named_${tag}`,
      email: `named-${tag}@example.com`,
      firstName: 'Jose',
      middleName: 'Protasio Rizal',
      lastName: 'Mercado',
      suffix: 'III',
      // A company's name sent for a person is not kept (decision 056).
      registeredName: 'Not A Company',
    });
    expect(response.statusCode).toBe(201);
    const [saved] = await context.db.select().from(users).where(eq(users.id, response.json().data.user.id));
    expect(saved).toMatchObject({
      firstName: 'Jose',
      lastName: 'Mercado',
      suffix: 'III',
      registeredName: null,
    });
    expect(response.json().data.user.display_name).toBe('Jose Protasio Rizal Mercado III');
  });

  it('refuses a missing or blank name with its field, and creates nothing', async () => {
    const before = await context.db.$count(users);
    const tag = unique();
    for (const [fields, field, message] of [
      [{ type: 'individual', firstName: 'Jose' }, 'lastName', 'Last name is required'],
      [{ type: 'individual', firstName: '  ', lastName: 'Cruz' }, 'firstName', 'First name is required'],
      [{ type: 'company', tradeName: 'Visayas' }, 'registeredName', 'Registered company name is required'],
    ] as const) {
      const response = await createUserRequest({
        ...fields,
        username: `nameless_${tag}`,
        email: `nameless-${tag}@example.com`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field, error: message });
    }
    expect(await context.db.$count(users)).toBe(before);
  });

  it('makes an individual an Individual member without representatives, whatever else is sent', async () => {
    const tag = unique();
    const response = await createUserRequest(
      {
        type: 'individual',
        username: `person_${tag}`,
        email: `person-${tag}@example.com`,
        membershipData: JSON.stringify({ category: 'Regular' }),
        ...rep(0, 'Ana', 'voting'),
      },
      [{ field: 'avatar', bytes: await picture() }],
    );
    expect(response.statusCode).toBe(201);
    const created = response.json().data.user;
    expect(created.avatarUrl).toMatch(new RegExp(`^/api/users/${created.id}/avatar\\?v=`));
    expect(created.membership.category).toBe('Individual');
    expect(
      await context.db.select().from(representatives).where(eq(representatives.userId, created.id)),
    ).toEqual([]);
  });

  it('refuses a missing type, username or e-mail with the field and creates nothing', async () => {
    const before = await context.db.$count(users);
    for (const [fields, field] of [
      [{ username: 'nobody_x', email: 'nobody@example.com' }, 'type'],
      [{ type: 'individual', email: 'nobody@example.com' }, 'username'],
      [{ type: 'individual', username: 'nobody_x' }, 'email'],
    ] as const) {
      const response = await createUserRequest(fields as Record<string, string>);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe(field);
    }
    expect(await context.db.$count(users)).toBe(before);
  });

  it('holds the representative rules: at least one, up to 2 for an Associate, one voting, names required', async () => {
    const base = () => {
      const tag = unique();
      return { type: 'company', username: `co_${tag}`, email: `co-${tag}@example.com` };
    };
    const associate = { membershipData: JSON.stringify({ category: 'Associate' }) };
    const cases: [Record<string, string>, string, string][] = [
      [{ ...base(), ...associate }, 'representatives', REPRESENTATIVE_RULE_MESSAGES.atLeastOne],
      [
        {
          ...base(),
          ...associate,
          ...rep(0, 'A', 'voting'),
          ...rep(1, 'B', 'non-voting'),
          ...rep(2, 'C', 'non-voting'),
        },
        'representatives',
        'Associate members may have up to 2 representatives',
      ],
      [
        { ...base(), ...associate, ...rep(0, 'A', 'voting'), ...rep(1, 'B', 'voting') },
        'representatives',
        REPRESENTATIVE_RULE_MESSAGES.oneVoting,
      ],
      [
        { ...base(), ...associate, ...rep(0, ' ', 'voting') },
        'representatives.0.firstName',
        'First name is required',
      ],
      [
        { ...base(), ...rep(0, 'A', 'voting') },
        'membershipData.category',
        CREATE_USER_MESSAGES.categoryForCompany,
      ],
    ];
    for (const [fields, field, message] of cases) {
      const response = await createUserRequest(fields);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ field, error: message });
    }
  });

  it('answers a taken e-mail or username with a clear 409 on the field, and leaves no file behind', async () => {
    const existing = await createUser(context.db, { password: null });
    const filesBefore = await context.db.$count(uploadedFiles);
    const membershipsBefore = await context.db.$count(memberships);
    const email = await createUserRequest(
      { type: 'individual', username: `fresh_${unique()}`, email: existing.email.toUpperCase() },
      [{ field: 'avatar', bytes: await picture() }],
    );
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({
      field: 'email',
      error: 'An account with this email already exists',
    });
    const username = await createUserRequest({
      type: 'individual',
      username: existing.username,
      email: `fresh-${unique()}@example.com`,
    });
    expect(username.statusCode).toBe(409);
    expect(username.json()).toMatchObject({ field: 'username', error: 'This username is already taken' });
    expect(await context.db.$count(uploadedFiles)).toBe(filesBefore);
    expect(await context.db.$count(memberships)).toBe(membershipsBefore);
  });

  it('refuses a file that is not an image', async () => {
    const tag = unique();
    const response = await createUserRequest(
      { type: 'individual', username: `p_${tag}`, email: `p-${tag}@example.com` },
      [{ field: 'avatar', bytes: Buffer.from('%PDF-1.4 not an image'), type: 'image/png' }],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(IMAGE_MESSAGES.wrongType);
    expect(
      await context.db
        .select()
        .from(users)
        .where(eq(users.username, `p_${tag}`)),
    ).toEqual([]);
  });
});
