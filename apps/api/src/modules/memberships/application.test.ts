import {
  ABOUT_MAX_CHARS,
  CURRENT_NOTICE_VERSION,
  IMAGE_MESSAGES,
  MEMBERSHIP_FORM_MESSAGES,
  REPRESENTATIVE_EDITOR_MESSAGES,
  SELECTABLE_MEMBERSHIP_CATEGORIES,
} from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, representatives, uploadedFiles, users } from '../../db/schema';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody, type Upload } from '../../test/multipart';
import { storedUploads } from '../../test/stored-pictures';

let context: Awaited<ReturnType<typeof buildTestApp>>;

/** This file's uploads: type: 'image/png', filename: 'picture.png' unless a test says otherwise. */
const formBody = (fields: Record<string, string>, uploads: Upload[] = []) =>
  multipartBody(
    fields,
    uploads.map((upload) => ({ type: 'image/png', filename: 'picture.png', ...upload })),
  );

async function submit(
  id: string,
  cookie: string | undefined,
  fields: Record<string, string>,
  uploads: Upload[] = [],
) {
  const { payload, headers } = await formBody(fields, uploads);
  return context.app.inject({
    method: 'PUT',
    url: `/api/users/filled-form/${id}`,
    payload,
    headers: cookie ? { ...headers, cookie } : headers,
  });
}

const picture = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 160, g: 90, b: 40 } } })
    .png()
    .toBuffer();

/** The fields of representative `index` as the form names them. */
function representativeFields(index: number, fields: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [`representatives[${index}][${name}]`, value]),
  );
}

const company = (category = 'Regular', count = 2) => ({
  username: 'ignored',
  email: 'ignored@example.com',
  type: 'company',
  registeredName: 'Mindanao Copper Exploration, Inc.',
  phone: '+63 2 8123 4567',
  facsimile: '+63 2 8123 4568',
  address: '12, Ayala Avenue, Makati City, 1226',
  about: 'Exploration for copper and gold in Mindanao.',
  membershipData: JSON.stringify({ category }),
  noticeVersion: CURRENT_NOTICE_VERSION,
  ...Object.assign(
    {},
    ...Array.from({ length: count }, (_, index) =>
      representativeFields(index, {
        firstName: `First${index}`,
        lastName: `Last${index}`,
        preferredName: index === 0 ? 'Nick' : '',
        position: 'Chief Geologist',
        email: index === 0 ? 'First0@Example.com' : '',
        type: index === 0 ? 'voting' : 'non-voting',
      }),
    ),
  ),
});

const individual = () => ({
  username: 'ignored',
  email: 'ignored@example.com',
  type: 'individual',
  firstName: 'Maria Clara',
  lastName: 'Santos',
  phone: '0917 123 4567',
  facsimile: '',
  address: 'Baguio City',
  about: 'Geologist.',
  membershipData: JSON.stringify({ category: 'Individual' }),
  noticeVersion: CURRENT_NOTICE_VERSION,
});

/** A new user as registration and confirmation leave them: type user, isNew, signed in. */
async function newApplicant() {
  const user = await createUser(context.db, { type: 'user', isNew: true });
  const { cookie } = await signIn(context, user);
  return { user, cookie };
}

async function storedFiles(): Promise<string[]> {
  return storedUploads(context.config.uploadsDir);
}

/** Everything the form writes for a user, and the files on disk, to show a refusal wrote nothing. */
async function snapshot(userId: string) {
  const [user] = await context.db.select().from(users).where(eq(users.id, userId));
  return {
    user,
    memberships: await context.db.select().from(memberships).where(eq(memberships.userId, userId)),
    representatives: await context.db
      .select()
      .from(representatives)
      .where(eq(representatives.userId, userId)),
    fileRows: (await context.db.select({ id: uploadedFiles.id }).from(uploadedFiles)).length,
    files: await storedFiles(),
  };
}

beforeAll(async () => {
  context = await buildTestApp();
});

afterAll(async () => {
  await context?.close();
});

describe('PUT /api/users/filled-form/:id', () => {
  it('makes a company with its representatives, logo and one pending membership, and clears isNew', async () => {
    const { user, cookie } = await newApplicant();
    const response = await submit(user.id, cookie, company('Regular', 2), [
      { field: 'logo', bytes: await picture() },
      { field: 'representatives[1][avatar]', bytes: await picture(300, 300) },
    ]);
    expect(response.statusCode).toBe(200);
    const { profile } = response.json().data;
    expect(profile).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      type: 'company',
      role: 'member',
      status: 'active',
      isNew: false,
      phone: '+63 2 8123 4567',
      facsimile: '+63 2 8123 4568',
      address: '12, Ayala Avenue, Makati City, 1226',
      about: 'Exploration for copper and gold in Mindanao.',
      avatarUrl: null,
      memberships: [{ category: 'Regular', status: 'pending', startsAt: null, expiresAt: null }],
    });
    // A private file behind its checked route (decision 066), for the account's own session.
    expect(profile.logoUrl).toMatch(new RegExp(`^/api/users/${user.id}/logo\\?v=`));
    const logo = await context.app.inject({ method: 'GET', url: profile.logoUrl, headers: { cookie } });
    expect(logo.statusCode).toBe(200);

    const saved = await snapshot(user.id);
    expect(
      saved.representatives.map((rep) => [rep.firstName, rep.preferredName, rep.email, rep.type]),
    ).toEqual(
      expect.arrayContaining([
        ['First0', 'Nick', 'first0@example.com', 'voting'],
        ['First1', null, null, 'non-voting'],
      ]),
    );
    const withPhoto = saved.representatives.find((rep) => rep.firstName === 'First1');
    expect(withPhoto?.avatarUrl).toMatch(/^private\/.+\.webp$/);
    expect(saved.representatives.find((rep) => rep.firstName === 'First0')?.avatarUrl).toBeNull();
    // Username and e-mail are read-only on the form.
    expect(saved.user).toMatchObject({ username: user.username, email: user.email });
  });

  it("keeps a company's billing details, an individual's full name and TIN, and names each by them", async () => {
    const { user, cookie } = await newApplicant();
    const billing = {
      registeredName: 'Mindanao Copper Resources, Inc.',
      tin: '123-456-789-000',
      billingAddress: 'Accounts Payable, 12 Ayala Avenue, Makati City',
      billingEmail: 'ap@mindanaocopper.example',
    };
    const companyAnswer = await submit(user.id, cookie, { ...company('Regular', 1), ...billing });
    expect(companyAnswer.json().data.profile).toMatchObject(billing);
    expect(companyAnswer.json().data.profile.displayName).toBe('Mindanao Copper Resources, Inc.');
    const person = await newApplicant();
    // An individual goes by their full name, First Middle Last Suffix (decision 056).
    const personAnswer = await submit(person.user.id, person.cookie, {
      ...individual(),
      ...billing,
      middleName: 'Reyes',
      suffix: 'Jr.',
    });
    expect(personAnswer.json().data.profile).toMatchObject({
      tin: '123-456-789-000',
      firstName: 'Maria Clara',
      middleName: 'Reyes',
      lastName: 'Santos',
      suffix: 'Jr.',
      registeredName: null,
      displayName: 'Maria Clara Reyes Santos Jr.',
      billingAddress: null,
      billingEmail: null,
    });
    const refused = await submit(person.user.id, person.cookie, { ...individual(), tin: 'not a tin' });
    expect(refused.json()).toMatchObject({ field: 'tin', error: 'TIN must be written like 123-456-789-000' });
  });

  it.each([
    ['an individual without a first name', { firstName: '' }, 'firstName', 'First name is required'],
    ['a last name of only spaces', { lastName: '   ' }, 'lastName', 'Last name is required'],
    [
      'a first name too long',
      { firstName: 'a'.repeat(101) },
      'firstName',
      'First name must be at most 100 characters',
    ],
    ['a control character', { lastName: 'San\u0000tos' }, 'lastName', undefined],
  ])('refuses %s with the field and its message, writing nothing', async (_label, fields, field, message) => {
    const { user, cookie } = await newApplicant();
    const response = await submit(user.id, cookie, { ...individual(), ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    if (message) expect(response.json().error).toBe(message);
    const [row] = await context.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isNew: true, firstName: 'Test' });
  });

  it('refuses a company without its registered name', async () => {
    const { user, cookie } = await newApplicant();
    const { registeredName: _omitted, ...body } = company('Regular', 1);
    const response = await submit(user.id, cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'registeredName',
      error: 'Registered company name is required',
    });
  });

  it('makes an individual with a profile photo', async () => {
    const { user, cookie } = await newApplicant();
    const response = await submit(user.id, cookie, individual(), [
      { field: 'avatar', bytes: await picture(), type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    const { profile } = response.json().data;
    expect(profile).toMatchObject({
      type: 'individual',
      isNew: false,
      facsimile: null,
      logoUrl: null,
      memberships: [{ category: 'Individual', status: 'pending' }],
    });
    expect(profile.avatarUrl).toMatch(new RegExp(`^/api/users/${user.id}/avatar\\?v=`));
    expect((await snapshot(user.id)).representatives).toEqual([]);
  });

  it('updates the pending membership when sent again, replacing the representatives and the logo', async () => {
    const { user, cookie } = await newApplicant();
    const first = await submit(user.id, cookie, company('Regular', 3), [
      { field: 'logo', bytes: await picture() },
      { field: 'representatives[2][avatar]', bytes: await picture(200, 200) },
    ]);
    expect(first.statusCode).toBe(200);
    const before = await snapshot(user.id);
    const oldFiles = before.files.filter(
      (name) =>
        before.user?.logoUrl?.endsWith(name) ||
        before.representatives.some((rep) => rep.avatarUrl?.endsWith(name)),
    );
    expect(oldFiles).toHaveLength(2);

    const second = await submit(user.id, cookie, company('Associate', 1), [
      { field: 'logo', bytes: await picture(500, 500) },
    ]);
    expect(second.statusCode).toBe(200);
    const after = await snapshot(user.id);
    expect(after.memberships).toHaveLength(1);
    expect(after.memberships[0]).toMatchObject({ id: before.memberships[0]?.id, category: 'Associate' });
    expect(after.representatives.map((rep) => rep.firstName)).toEqual(['First0']);
    expect(after.user?.logoUrl).not.toBe(before.user?.logoUrl);
    // The replaced logo and the removed representative's photo are gone from disk.
    for (const name of oldFiles) expect(after.files).not.toContain(name);
  });

  it('keeps the picture when sent again without one', async () => {
    const { user, cookie } = await newApplicant();
    const first = await submit(user.id, cookie, individual(), [{ field: 'avatar', bytes: await picture() }]);
    const again = await submit(user.id, cookie, { ...individual(), about: 'Changed.' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.profile).toMatchObject({
      about: 'Changed.',
      avatarUrl: first.json().data.profile.avatarUrl,
    });
  });

  it('renews from the current data: representatives sent with their ids keep their photos', async () => {
    const { user, cookie } = await newApplicant();
    const first = await submit(user.id, cookie, company('Regular', 3), [
      { field: 'logo', bytes: await picture() },
      { field: 'representatives[0][avatar]', bytes: await picture(300, 300) },
      { field: 'representatives[1][avatar]', bytes: await picture(200, 200) },
      { field: 'representatives[2][avatar]', bytes: await picture(250, 250) },
    ]);
    expect(first.statusCode).toBe(200);
    // Approved a year and more ago, so now expired: /membership offers 'Renew your membership'.
    await context.db
      .update(memberships)
      .set({
        status: 'approved',
        startsAt: new Date('2024-01-01T00:00:00Z'),
        expiresAt: new Date('2025-01-01T00:00:00Z'),
      })
      .where(eq(memberships.userId, user.id));
    const before = await snapshot(user.id);
    const byName = (name: string) => before.representatives.find((rep) => rep.firstName === name);
    const [kept, renamed, dropped] = ['First0', 'First1', 'First2'].map((name) => byName(name));
    expect(kept?.avatarUrl && renamed?.avatarUrl && dropped?.avatarUrl).toBeTruthy();

    // The form as it was started from the company's data: First0 unchanged, First1 renamed, First2
    // left out, a new one added; no files but a new photo for First1.
    const renewal = await submit(
      user.id,
      cookie,
      {
        ...company('Regular', 3),
        'representatives[0][id]': kept?.id as string,
        'representatives[1][id]': renamed?.id as string,
        'representatives[1][lastName]': 'Renamed',
        'representatives[2][id]': '',
        'representatives[2][firstName]': 'Added',
      },
      [{ field: 'representatives[1][avatar]', bytes: await picture(120, 120) }],
    );
    expect(renewal.statusCode).toBe(200);
    const after = await snapshot(user.id);
    expect(after.user).toMatchObject({
      phone: before.user?.phone,
      facsimile: before.user?.facsimile,
      address: before.user?.address,
      about: before.user?.about,
      logoUrl: before.user?.logoUrl,
    });
    const afterById = new Map(after.representatives.map((rep) => [rep.id, rep]));
    expect(afterById.get(kept?.id as string)).toEqual({ ...kept, updatedAt: expect.any(Date) });
    expect(afterById.get(renamed?.id as string)).toMatchObject({ lastName: 'Renamed' });
    expect(afterById.get(renamed?.id as string)?.avatarUrl).not.toBe(renamed?.avatarUrl);
    expect(afterById.has(dropped?.id as string)).toBe(false);
    expect(after.representatives.find((rep) => rep.firstName === 'Added')?.avatarUrl).toBeNull();
    const fileName = (reference: string | null | undefined) => reference as string;
    // The unchanged representative's photo and the logo stay; the replaced and dropped ones go.
    expect(after.files).toContain(fileName(kept?.avatarUrl));
    expect(after.files).toContain(fileName(before.user?.logoUrl));
    expect(after.files).not.toContain(fileName(renamed?.avatarUrl));
    expect(after.files).not.toContain(fileName(dropped?.avatarUrl));
    // A new pending membership beside the expired one.
    expect(after.memberships.map((row) => row.status).sort()).toEqual(['approved', 'pending']);
  });

  it('makes a new pending membership for a member whose last one was approved', async () => {
    const { user, cookie } = await newApplicant();
    await createMembership(context.db, user.id, { category: 'Individual' });
    const response = await submit(user.id, cookie, individual());
    expect(response.statusCode).toBe(200);
    const rows = (await snapshot(user.id)).memberships.map((row) => row.status).sort();
    expect(rows).toEqual(['approved', 'pending']);
  });

  it('makes one pending membership when the form is sent twice at once', async () => {
    const { user, cookie } = await newApplicant();
    // Bodies built first, so the requests reach the server together.
    const bodies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        formBody(index % 2 === 0 ? company('Regular', 2) : company('Associate', 1)),
      ),
    );
    const responses = await Promise.all(
      bodies.map(({ payload, headers }) =>
        context.app.inject({
          method: 'PUT',
          url: `/api/users/filled-form/${user.id}`,
          payload,
          headers: { ...headers, cookie },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const saved = await snapshot(user.id);
    expect(saved.memberships.filter((row) => row.status === 'pending')).toHaveLength(1);
    // One submission's list, not a mix of several.
    expect([1, 2]).toContain(saved.representatives.length);
    expect(saved.representatives.filter((rep) => rep.type === 'voting')).toHaveLength(1);
  });

  it('refuses a guest', async () => {
    const { user } = await newApplicant();
    const response = await submit(user.id, undefined, individual());
    expect(response.statusCode).toBe(401);
  });

  it("refuses someone else's id with 403 and writes nothing", async () => {
    const { user: other } = await newApplicant();
    const { cookie } = await newApplicant();
    const before = await snapshot(other.id);
    const response = await submit(other.id, cookie, individual());
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(MEMBERSHIP_FORM_MESSAGES.notYourAccount);
    expect(await snapshot(other.id)).toEqual(before);
  });

  it("refuses membershipData naming someone else's account", async () => {
    const { user: other } = await newApplicant();
    const { user, cookie } = await newApplicant();
    const before = await snapshot(user.id);
    const response = await submit(user.id, cookie, {
      ...individual(),
      membershipData: JSON.stringify({ category: 'Individual', userId: other.id }),
    });
    expect(response.statusCode).toBe(403);
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('refuses an administrator, who would otherwise lose the admin type', async () => {
    const admin = await createUser(context.db, { type: 'admin' });
    const { cookie } = await signIn(context, admin);
    const response = await submit(admin.id, cookie, individual());
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(MEMBERSHIP_FORM_MESSAGES.adminCannotApply);
    expect((await snapshot(admin.id)).user?.type).toBe('admin');
  });

  describe('bad input: 4xx with the field and its message, nothing written', () => {
    let applicant: Awaited<ReturnType<typeof newApplicant>>;

    beforeAll(async () => {
      applicant = await newApplicant();
    });

    async function expectRefused(
      fields: Record<string, string>,
      expected: { status?: number; field?: string; error: string },
      uploads: Upload[] = [],
    ) {
      const before = await snapshot(applicant.user.id);
      const response = await submit(applicant.user.id, applicant.cookie, fields, uploads);
      expect(response.statusCode).toBe(expected.status ?? 400);
      const body = response.json();
      expect(body.error).toBe(expected.error);
      expect(body.field).toBe(expected.field);
      expect(await snapshot(applicant.user.id)).toEqual(before);
      return response;
    }

    it('type=admin', async () => {
      await expectRefused(
        { ...individual(), type: 'admin' },
        { field: 'type', error: MEMBERSHIP_FORM_MESSAGES.typeInvalid },
      );
    });

    it('a status in the body', async () => {
      await expectRefused(
        { ...individual(), status: 'active' },
        { field: 'status', error: MEMBERSHIP_FORM_MESSAGES.statusNotAllowed },
      );
    });

    it('any other field the form does not have', async () => {
      await expectRefused(
        { ...individual(), isNew: 'false' },
        { field: 'body', error: 'Unknown field: isNew' },
      );
    });

    it('5 representatives for Regular, 3 for Associate, 0 for a company of either category', async () => {
      await expectRefused(company('Regular', 5), {
        field: 'representatives',
        error: 'Regular members may have up to 4 representatives',
      });
      await expectRefused(company('Associate', 3), {
        field: 'representatives',
        error: 'Associate members may have up to 2 representatives',
      });
      for (const category of SELECTABLE_MEMBERSHIP_CATEGORIES.filter((name) => name !== 'Individual')) {
        await expectRefused(company(category, 0), {
          field: 'representatives',
          error: 'At least one representative is required',
        });
      }
    });

    it('two voting representatives', async () => {
      await expectRefused(
        { ...company('Regular', 2), 'representatives[1][type]': 'voting' },
        { field: 'representatives', error: 'Only one voting representative is allowed' },
      );
    });

    it('no voting representative, with one or more rows', async () => {
      for (const count of [1, 3]) {
        await expectRefused(
          { ...company('Regular', count), 'representatives[0][type]': 'non-voting' },
          { field: 'representatives', error: 'Choose one voting representative' },
        );
      }
    });

    it('a representative without a first name', async () => {
      const response = await expectRefused(
        {
          ...company('Regular', 2),
          'representatives[1][firstName]': ' ',
          'representatives[1][lastName]': '',
        },
        { field: 'representatives.1.firstName', error: 'First name is required' },
      );
      expect(response.json().fields).toMatchObject({ 'representatives.1.lastName': 'Last name is required' });
    });

    it('a category that does not go with the type', async () => {
      await expectRefused(
        { ...individual(), membershipData: JSON.stringify({ category: 'Regular' }) },
        { field: 'membershipData.category', error: MEMBERSHIP_FORM_MESSAGES.individualCategory },
      );
      await expectRefused(
        { ...company(), membershipData: JSON.stringify({ category: 'Individual' }) },
        { field: 'membershipData.category', error: MEMBERSHIP_FORM_MESSAGES.companyCategory },
      );
      await expectRefused(
        { ...company(), membershipData: JSON.stringify({ category: 'Honorary' }) },
        { field: 'membershipData.category', error: MEMBERSHIP_FORM_MESSAGES.categoryRequired },
      );
    });

    it('representatives for an individual', async () => {
      await expectRefused(
        { ...individual(), ...representativeFields(0, { firstName: 'A', lastName: 'B' }) },
        { field: 'representatives', error: MEMBERSHIP_FORM_MESSAGES.individualRepresentatives },
      );
    });

    it('a membershipData that does not parse', async () => {
      await expectRefused(
        { ...individual(), membershipData: '{"category": "Individual"' },
        { field: 'membershipData', error: MEMBERSHIP_FORM_MESSAGES.membershipDataInvalid },
      );
    });

    it("1 MB of text in About, with the field's own message", async () => {
      await expectRefused(
        { ...individual(), about: 'a'.repeat(1_048_576) },
        { field: 'about', error: `About must be at most ${ABOUT_MAX_CHARS} characters` },
      );
      await expectRefused(
        { ...individual(), about: 'a'.repeat(ABOUT_MAX_CHARS + 1) },
        { field: 'about', error: `About must be at most ${ABOUT_MAX_CHARS} characters` },
      );
    });

    it('a 6 MB photo, on its field, with the exact message', async () => {
      await expectRefused(
        company('Regular', 2),
        // Named as the schema names fields, so the form shows it on the representative's photo.
        { status: 413, field: 'representatives.1.avatar', error: IMAGE_MESSAGES.tooLarge },
        [
          { field: 'logo', bytes: await picture() },
          { field: 'representatives[1][avatar]', bytes: Buffer.alloc(6 * 1024 * 1024, 1) },
        ],
      );
    });

    it('an SVG, and a text file named like a picture', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      await expectRefused(individual(), { field: 'avatar', error: IMAGE_MESSAGES.wrongType }, [
        { field: 'avatar', bytes: svg, type: 'image/svg+xml', filename: 'me.svg' },
      ]);
      await expectRefused(
        company('Regular', 2),
        { field: 'representatives.1.avatar', error: IMAGE_MESSAGES.wrongType },
        [
          { field: 'logo', bytes: await picture() },
          {
            field: 'representatives[1][avatar]',
            bytes: Buffer.from('data:text/plain;base64,aGVsbG8='),
            type: 'image/jpeg',
          },
        ],
      );
    });

    it('a logo from an individual, and a photo for a representative not on the form', async () => {
      await expectRefused(individual(), { field: 'logo', error: MEMBERSHIP_FORM_MESSAGES.logoForCompanies }, [
        { field: 'logo', bytes: await picture() },
      ]);
      await expectRefused(
        company('Regular', 1),
        {
          field: 'representatives.2.avatar',
          error: MEMBERSHIP_FORM_MESSAGES.representativeAvatarWithoutRepresentative,
        },
        [{ field: 'representatives[2][avatar]', bytes: await picture() }],
      );
    });

    it('a representative of another company, and one listed twice', async () => {
      const other = await newApplicant();
      const otherForm = await submit(other.user.id, other.cookie, company('Regular', 1));
      expect(otherForm.statusCode).toBe(200);
      const [otherRep] = (await snapshot(other.user.id)).representatives;
      await expectRefused(
        { ...company('Regular', 1), 'representatives[0][id]': otherRep?.id as string },
        { field: 'representatives.0.id', error: REPRESENTATIVE_EDITOR_MESSAGES.unknownRepresentative },
      );
      expect((await snapshot(other.user.id)).representatives).toEqual([otherRep]);

      const own = await newApplicant();
      expect((await submit(own.user.id, own.cookie, company('Regular', 1))).statusCode).toBe(200);
      const [ownRep] = (await snapshot(own.user.id)).representatives;
      const before = await snapshot(own.user.id);
      const twice = await submit(own.user.id, own.cookie, {
        ...company('Regular', 2),
        'representatives[0][id]': ownRep?.id as string,
        'representatives[1][id]': ownRep?.id as string,
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({
        field: 'representatives.1.id',
        error: REPRESENTATIVE_EDITOR_MESSAGES.repeatedRepresentative,
      });
      expect(await snapshot(own.user.id)).toEqual(before);
    });

    it('a malformed representative field name', async () => {
      await expectRefused(
        { ...company('Regular', 1), 'representatives[__proto__][firstName]': 'x' },
        { error: 'The form data could not be read' },
      );
    });
  });

  it('leaves nothing half-written and no file when the database fails inside the transaction', async () => {
    const { user, cookie } = await newApplicant();
    await context.db.execute(sql`
      create function refuse_representative_insert() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await context.db.execute(sql`
      create trigger refuse_representative_insert before insert on representatives
      for each row when (new.first_name = 'Refused') execute function refuse_representative_insert()`);
    try {
      const before = await snapshot(user.id);
      const response = await submit(
        user.id,
        cookie,
        { ...company('Regular', 2), 'representatives[1][firstName]': 'Refused' },
        [
          { field: 'logo', bytes: await picture() },
          { field: 'representatives[0][avatar]', bytes: await picture(200, 200) },
        ],
      );
      expect(response.statusCode).toBe(500);
      expect(await snapshot(user.id)).toEqual(before);
    } finally {
      await context.db.execute(sql`drop trigger refuse_representative_insert on representatives`);
      await context.db.execute(sql`drop function refuse_representative_insert()`);
    }
  });
});
