import {
  DIRECTORY_REPRESENTATIVE_MESSAGES,
  type DirectoryVisibility,
  MEMBER_PICTURE_MESSAGES,
} from '@portal/shared';
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryRepresentatives, mailOutbox } from '../../db/schema';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

// docs/decisions/072 "Added on 2026-12-08": the directory's own checked read of a company's logo,
// and representatives who appear only once each has agreed from the link mailed to them.
let context: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

const inject = (options: InjectOptions) => context.app.inject(options);
type Account = Awaited<ReturnType<typeof createUser>> & { cookie: string };

async function account(
  type: 'company' | 'individual',
  { standing = true, roles }: { standing?: boolean; roles?: 'secretariat'[] } = {},
): Promise<Account> {
  const user = await createUser(context.db, roles ? { roles } : { type });
  if (standing && !roles)
    await createMembership(context.db, user.id, { category: 'Regular', status: 'approved' });
  return { ...user, cookie: (await signIn(context, user)).cookie };
}

const get = (url: string, viewer?: Account) =>
  inject({ method: 'GET', url, headers: viewer ? { cookie: viewer.cookie } : {} });
const putListing = (owner: Account, visibility: Record<string, DirectoryVisibility>, listed = true) =>
  inject({
    method: 'PUT',
    url: '/api/me/directory',
    headers: { cookie: owner.cookie },
    payload: { listed, about: 'Copper in Caraga.', visibility },
  });

async function uploadLogo(company: Account) {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1e5aa0' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('username', company.username);
  form.append('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  const answer = await inject({
    method: 'PUT',
    url: '/api/users/update-profile',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string, cookie: company.cookie },
  });
  expect(answer.statusCode).toBe(200);
}

describe("a company's logo in the directory", () => {
  let viewers: Record<
    'guest' | 'inGoodStanding' | 'notInGoodStanding' | 'staff' | 'owner',
    Account | undefined
  >;
  beforeAll(async () => {
    viewers = {
      guest: undefined,
      inGoodStanding: await account('individual'),
      notInGoodStanding: await account('individual', { standing: false }),
      staff: await account('individual', { roles: ['secretariat'] }),
      owner: undefined,
    };
  });

  const seesAt: Record<DirectoryVisibility, (keyof typeof viewers)[]> = {
    public: ['guest', 'inGoodStanding', 'notInGoodStanding', 'staff', 'owner'],
    members: ['inGoodStanding', 'staff', 'owner'],
    // The owner sees every field of their own entry (visibleDirectoryFields).
    nobody: ['owner'],
  };

  for (const level of ['public', 'members', 'nobody'] as const) {
    it(`answers a ${level} logo to exactly whom it admits, and names it only to them`, async () => {
      const owner = await account('company');
      await uploadLogo(owner);
      expect((await putListing(owner, { logo: level, name: 'public' })).statusCode).toBe(200);
      const mine = (await get('/api/me/directory', owner)).json().data;
      expect(mine.logoUrl).toMatch(new RegExp(`^/api/users/${owner.id}/logo\\?v=`));
      for (const [who, viewer] of Object.entries({ ...viewers, owner })) {
        const shown = seesAt[level].includes(who as keyof typeof viewers);
        const entry = (await get(`/api/directory/${mine.id}`, viewer)).json().data;
        const listed = (await get(`/api/directory?search=${encodeURIComponent(mine.name)}`, viewer)).json()
          .data[0];
        if (!shown) {
          expect('logoUrl' in entry, who).toBe(false);
          expect('logoUrl' in listed, who).toBe(false);
        } else {
          expect(entry.logoUrl, who).toMatch(new RegExp(`^/api/directory/${mine.id}/logo\\?v=`));
          expect(listed.logoUrl, who).toBe(entry.logoUrl);
        }
        const logo = await get(`/api/directory/${mine.id}/logo?width=400`, viewer);
        expect(logo.statusCode, who).toBe(shown ? 200 : 404);
        if (shown) {
          expect(logo.headers['content-type']).toBe('image/webp');
          expect(logo.headers['cache-control'], who).toBe(
            who === 'guest' ? 'public, max-age=60' : 'private, no-store',
          );
        } else {
          expect(logo.json().error).toBe(MEMBER_PICTURE_MESSAGES.notFound);
          expect(logo.headers['cache-control']).toBe('private, no-store');
        }
      }
    });
  }

  it('is 404 once the consent is withdrawn, the entry hidden, or there is no logo', async () => {
    const owner = await account('company');
    await uploadLogo(owner);
    await putListing(owner, { logo: 'public' });
    const { id } = (await get('/api/me/directory', owner)).json().data;
    expect((await get(`/api/directory/${id}/logo`)).statusCode).toBe(200);

    const withdraw = await inject({
      method: 'PUT',
      url: '/api/me/consents/member_directory',
      headers: { cookie: owner.cookie },
      payload: { given: false },
    });
    expect(withdraw.statusCode).toBe(200);
    expect((await get(`/api/directory/${id}/logo`)).statusCode).toBe(404);
    expect((await get(`/api/directory/${id}/logo`, viewers.inGoodStanding)).statusCode).toBe(404);

    await putListing(owner, { logo: 'public' });
    expect((await get(`/api/directory/${id}/logo`)).statusCode).toBe(200);
    const hide = await inject({
      method: 'PUT',
      url: `/api/directory/admin/entries/${id}/moderation`,
      headers: { cookie: (viewers.staff as Account).cookie },
      payload: { hidden: true, reason: 'Logo under review' },
    });
    expect(hide.statusCode).toBe(200);
    expect((await get(`/api/directory/${id}/logo`)).statusCode).toBe(404);
    expect((await get(`/api/directory/${id}/logo`, viewers.staff)).statusCode).toBe(404);

    const plain = await account('company');
    await putListing(plain, { logo: 'public' });
    const plainId = (await get('/api/me/directory', plain)).json().data.id;
    expect((await get(`/api/directory/${plainId}`)).json().data.logoUrl).toBeNull();
    expect((await get(`/api/directory/${plainId}/logo`)).statusCode).toBe(404);
  });
});

describe('representatives appear only if each agrees', () => {
  type Rep = {
    id: string;
    firstName: string;
    lastName: string;
    email: string | null;
    position?: string | null;
  };
  let company: Account;
  let entryId: string;
  let reps: Rep[];

  const saveReps = async (list: object[]) => {
    const saved = await inject({
      method: 'PUT',
      url: '/api/reps/update-reps',
      headers: { cookie: company.cookie },
      payload: { repsData: list },
    });
    expect(saved.statusCode).toBe(200);
    return saved.json().data as Rep[];
  };
  const choose = (repId: string, listed: boolean, who = company) =>
    inject({
      method: 'PUT',
      url: `/api/me/directory/representatives/${repId}`,
      headers: { cookie: who.cookie },
      payload: { listed },
    });
  const post = (action: 'agree' | 'withdraw', token: unknown) =>
    inject({ method: 'POST', url: `/api/directory/representatives/${action}`, payload: { token } });
  /** The token of the newest mail to `to` linking `path`. */
  const mailedToken = async (to: string, path: string) => {
    const [mail] = await context.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, to))
      .orderBy(desc(mailOutbox.createdAt));
    const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail?.text ?? '');
    expect(match, mail?.text).not.toBeNull();
    return decodeURIComponent((match as RegExpExecArray)[1] as string);
  };
  const shownIn = async (viewer?: Account) =>
    ((await get(`/api/directory/${entryId}`, viewer)).json().data.representatives ?? null) as
      | { name: string; position: string | null }[]
      | null;

  beforeAll(async () => {
    company = await account('company');
    await putListing(company, { representatives: 'public' });
    entryId = (await get('/api/me/directory', company)).json().data.id;
    reps = await saveReps([
      {
        firstName: 'Liza',
        lastName: 'Dumalagan',
        position: 'Chief Geologist',
        email: 'liza@example.ph',
        type: 'voting',
      },
      { firstName: 'Ramon', lastName: 'Cruz', position: 'Exploration Manager', type: 'non-voting' },
    ]);
  });

  it('asks by mail, shows no one until they agree, then shows them; the link is used once', async () => {
    const [liza, ramon] = reps as [Rep, Rep];
    expect((await get('/api/me/directory', company)).json().data.representatives).toMatchObject([
      { id: liza.id, name: 'Liza Dumalagan', status: 'not_asked', email: 'liza@example.ph' },
      { id: ramon.id, name: 'Ramon Cruz', status: 'not_asked', email: null },
    ]);
    const noAddress = await choose(ramon.id, true);
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json()).toMatchObject({
      error: DIRECTORY_REPRESENTATIVE_MESSAGES.noEmail,
      field: 'email',
    });

    const asked = await choose(liza.id, true);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      data: { status: 'asked' },
      message: DIRECTORY_REPRESENTATIVE_MESSAGES.asked('Liza Dumalagan'),
    });
    expect(await shownIn()).toEqual([]);
    const token = await mailedToken('liza@example.ph', '/directory-agreement');

    const agreed = await post('agree', token);
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json().message).toMatch(/^Thank you\. Your name and position now appear/);
    expect(await shownIn()).toEqual([{ id: liza.id, name: 'Liza Dumalagan', position: 'Chief Geologist' }]);
    const [row] = await context.db
      .select()
      .from(directoryRepresentatives)
      .where(eq(directoryRepresentatives.representativeId, liza.id));
    expect(row?.agreedAt).toBeInstanceOf(Date);
    expect(row?.agreeTokenHash).not.toBe(token);
    expect((await get('/api/me/directory', company)).json().data.representatives[0]).toMatchObject({
      status: 'agreed',
    });

    const reused = await post('agree', token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      error: DIRECTORY_REPRESENTATIVE_MESSAGES.invalidLink,
      code: 'invalid_link',
    });
    for (const forged of ['not-a-token', 'A'.repeat(43)]) {
      for (const action of ['agree', 'withdraw'] as const) {
        const answer = await post(action, forged);
        expect(answer.statusCode, `${action} ${forged}`).toBe(400);
        expect(answer.json().error).toBe(DIRECTORY_REPRESENTATIVE_MESSAGES.invalidLink);
      }
    }
    const missing = await post('agree', '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: DIRECTORY_REPRESENTATIVE_MESSAGES.missingToken,
      field: 'token',
    });
  });

  it('lets the representative withdraw from the confirming mail, at once and once', async () => {
    const liza = reps[0] as Rep;
    const token = await mailedToken('liza@example.ph', '/directory-withdrawal');
    const withdrawn = await post('withdraw', token);
    expect(withdrawn.statusCode).toBe(200);
    expect(await shownIn()).toEqual([]);
    expect((await post('withdraw', token)).statusCode).toBe(400);
    const [row] = await context.db
      .select()
      .from(directoryRepresentatives)
      .where(eq(directoryRepresentatives.representativeId, liza.id));
    expect(row).toMatchObject({ endedBy: 'representative' });
  });

  it('lets the company take them off, and a new address or deletion ends the agreement', async () => {
    const liza = reps[0] as Rep;
    const agreeAgain = async () => {
      expect((await choose(liza.id, true)).statusCode).toBe(200);
      expect(
        (await post('agree', await mailedToken('liza@example.ph', '/directory-agreement'))).statusCode,
      ).toBe(200);
      expect(await shownIn()).toHaveLength(1);
    };
    await agreeAgain();
    const off = await choose(liza.id, false);
    expect(off.json()).toMatchObject({ data: { status: 'not_asked' } });
    expect(await shownIn()).toEqual([]);

    await agreeAgain();
    const current = (await get('/api/users/', company)).json().companyReps as Rep[];
    await saveReps(
      current.map((rep) => (rep.id === liza.id ? { ...rep, email: 'liza.new@example.ph' } : rep)),
    );
    expect(await shownIn()).toEqual([]);
    expect((await get('/api/me/directory', company)).json().data.representatives[0]).toMatchObject({
      status: 'not_asked',
      email: 'liza.new@example.ph',
    });
    // The link mailed to the old address no longer agrees for the new one.
    expect((await choose(liza.id, true)).statusCode).toBe(200);
    const newToken = await mailedToken('liza.new@example.ph', '/directory-agreement');
    expect((await post('agree', newToken)).statusCode).toBe(200);
    expect(await shownIn()).toHaveLength(1);

    const ramon = (await get('/api/users/', company))
      .json()
      .companyReps.find((rep: Rep) => rep.id !== liza.id);
    await saveReps([ramon]);
    expect(await shownIn()).toEqual([]);
    const rows = await context.db
      .select()
      .from(directoryRepresentatives)
      .where(eq(directoryRepresentatives.representativeId, liza.id));
    expect(rows).toEqual([]);
  });

  it('shows members-only representatives to members only, and refuses another company', async () => {
    const other = await account('company');
    await putListing(other, { representatives: 'members' });
    const otherId = (await get('/api/me/directory', other)).json().data.id;
    const otherReps = await inject({
      method: 'PUT',
      url: '/api/reps/update-reps',
      headers: { cookie: other.cookie },
      payload: {
        repsData: [{ firstName: 'Nora', lastName: 'Bautista', email: 'nora@example.ph', type: 'voting' }],
      },
    });
    const nora = otherReps.json().data[0] as Rep;
    expect((await choose(nora.id, true, company)).statusCode).toBe(404);
    expect((await choose(nora.id, true, other)).statusCode).toBe(200);
    expect(
      (await post('agree', await mailedToken('nora@example.ph', '/directory-agreement'))).statusCode,
    ).toBe(200);

    const guest = await get(`/api/directory/${otherId}`);
    expect(guest.json().data).not.toHaveProperty('representatives');
    expect(JSON.stringify(guest.json())).not.toContain('Bautista');
    const guestList = await get(`/api/directory?search=${encodeURIComponent(other.registeredName ?? '')}`);
    expect(JSON.stringify(guestList.json())).not.toContain('Bautista');
    const notInGoodStanding = await account('individual', { standing: false });
    expect((await get(`/api/directory/${otherId}`, notInGoodStanding)).json().data).not.toHaveProperty(
      'representatives',
    );
    const member = await account('individual');
    expect((await get(`/api/directory/${otherId}`, member)).json().data.representatives).toEqual([
      { id: nora.id, name: 'Nora Bautista', position: null },
    ]);
  });
});
