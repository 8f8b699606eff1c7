import { existsSync } from 'node:fs';
import { MEMBER_PICTURE_MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { representatives, uploadedFiles, users } from '../../db/schema';
import { createDiskStorage } from '../../lib/storage';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { movePicturesToPrivateFiles } from './private-pictures';

// Decision 066: avatars, logos and representatives' photos are private files, served only by
// checked routes under /api/ to the account, its company and staff who read users.
let context: Awaited<ReturnType<typeof buildTestApp>>;
let storage: ReturnType<typeof createDiskStorage>;
const cookies: Record<'secretariat' | 'treasurer' | 'electionCommittee' | 'stranger', string> = {
  secretariat: '',
  treasurer: '',
  electionCommittee: '',
  stranger: '',
};

beforeAll(async () => {
  context = await buildTestApp();
  storage = createDiskStorage({ uploadsDir: context.config.uploadsDir });
  cookies.secretariat = (
    await signIn(context, await createUser(context.db, { roles: ['secretariat'] }))
  ).cookie;
  cookies.treasurer = (await signIn(context, await createUser(context.db, { roles: ['treasurer'] }))).cookie;
  cookies.electionCommittee = (
    await signIn(context, await createUser(context.db, { roles: ['election_committee'] }))
  ).cookie;
  cookies.stranger = (await signIn(context, await createUser(context.db, { type: 'individual' }))).cookie;
});
afterAll(() => context.close());

const png = (width: number, height = width) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

const get = (url: string, cookie?: string) =>
  context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function sendAvatar(cookie: string, username: string, bytes: Buffer) {
  const form = new FormData();
  form.append('username', username);
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return context.app.inject({
    method: 'PUT',
    url: '/api/users/update-profile',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string, cookie },
  });
}

const columnsOf = async (id: string) =>
  (await context.db.select().from(users).where(eq(users.id, id)))[0] as typeof users.$inferSelect;
const fileRow = async (publicPath: string) =>
  (await context.db.select().from(uploadedFiles).where(eq(uploadedFiles.publicPath, publicPath)))[0];
const nameOf = (reference: string) => reference.slice(reference.lastIndexOf('/') + 1);

describe("a member's avatar", () => {
  it('is stored as a private file with its sizes, and /uploads/ never serves it', async () => {
    const member = await createUser(context.db, { type: 'individual' });
    const { cookie } = await signIn(context, member);
    const response = await sendAvatar(cookie, member.username, await png(1000));
    expect(response.statusCode).toBe(200);
    const { avatarUrl } = response.json().data.profile;

    const stored = (await columnsOf(member.id)).avatarUrl as string;
    expect(stored).toMatch(/^private\/[0-9a-f-]{36}\.webp$/);
    expect(avatarUrl).toBe(`/api/users/${member.id}/avatar?v=${nameOf(stored).replace('.webp', '')}`);
    const row = await fileRow(stored);
    expect(row).toMatchObject({ ownerType: 'user', ownerId: member.id, storageKey: stored });
    expect(row?.variants.map((variant) => variant.name)).toEqual(['w400', 'w800']);
    for (const path of [stored, ...(row?.variants ?? []).map((variant) => variant.publicPath)]) {
      expect(path.startsWith('private/')).toBe(true);
      expect(existsSync(storage.resolve(path))).toBe(true);
      // Neither the name under /uploads/ nor the private folder's address answers it.
      expect((await get(`/uploads/${nameOf(path)}`, cookie)).statusCode).toBe(404);
      expect((await get(`/uploads/${path}`, cookie)).statusCode).toBe(404);
    }
    // The session's profile gives the same address.
    expect((await get('/api/users/', cookie)).json().data.avatarUrl).toBe(avatarUrl);
  });

  it('answers the account and staff who read users, private and never cached; anyone else 404', async () => {
    const member = await createUser(context.db, { type: 'individual' });
    const { cookie } = await signIn(context, member);
    const { avatarUrl } = (await sendAvatar(cookie, member.username, await png(1000))).json().data.profile;
    const { cookie: adminCookie } = await signIn(context, await createUser(context.db, { type: 'admin' }));

    for (const viewer of [cookie, adminCookie, cookies.secretariat, cookies.treasurer]) {
      const answer = await get(avatarUrl, viewer);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/webp');
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(answer.rawPayload).metadata()).width).toBe(1000);
    }
    for (const viewer of [cookies.stranger, cookies.electionCommittee]) {
      const answer = await get(avatarUrl, viewer);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error).toBe(MEMBER_PICTURE_MESSAGES.notFound);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    // A guest is asked to sign in, whatever the id (nothing told about the picture either).
    expect((await get(avatarUrl)).statusCode).toBe(401);
    // The same answer for an account with no picture as for one the viewer may not see.
    const bare = await createUser(context.db, { type: 'individual' });
    expect((await get(`/api/users/${bare.id}/avatar`, adminCookie)).statusCode).toBe(404);
    expect((await get(`/api/users/${bare.id}/avatar`, cookies.stranger)).json()).toEqual(
      (await get(avatarUrl, cookies.stranger)).json(),
    );
  });

  it('answers a stored size by width, and refuses a width that is not one', async () => {
    const member = await createUser(context.db, { type: 'individual' });
    const { cookie } = await signIn(context, member);
    await sendAvatar(cookie, member.username, await png(1000));
    const base = `/api/users/${member.id}/avatar`;
    expect((await sharp((await get(`${base}?width=400`, cookie)).rawPayload).metadata()).width).toBe(400);
    expect((await sharp((await get(`${base}?width=800`, cookie)).rawPayload).metadata()).width).toBe(800);
    const refused = await get(`${base}?width=123`, cookie);
    expect(refused.statusCode).toBe(400);
    // A picture smaller than a size has that size only: the largest is answered.
    const small = await createUser(context.db, { type: 'individual' });
    const smallCookie = (await signIn(context, small)).cookie;
    await sendAvatar(smallCookie, small.username, await png(120));
    const answer = await get(`/api/users/${small.id}/avatar?width=800`, smallCookie);
    expect(answer.statusCode).toBe(200);
    expect((await sharp(answer.rawPayload).metadata()).width).toBe(120);
  });
});

describe("a company's logo and its representatives' photos", () => {
  it('serves the logo and the photos to the company and staff, 404 to another company', async () => {
    const company = await createUser(context.db, { type: 'company', registeredName: 'Bukidnon Ores Inc.' });
    await createMembership(context.db, company.id, { category: 'Regular', status: 'approved' });
    const { cookie } = await signIn(context, company);
    const other = await createUser(context.db, { type: 'company' });
    const otherCookie = (await signIn(context, other)).cookie;

    const form = new FormData();
    form.append('username', company.username);
    form.append('logo', new Blob([new Uint8Array(await png(300))], { type: 'image/png' }), 'logo.png');
    const request = new Request('http://localhost/', { method: 'PUT', body: form });
    const profile = await context.app.inject({
      method: 'PUT',
      url: '/api/users/update-profile',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') as string, cookie },
    });
    const { logoUrl } = profile.json().data.profile;
    expect(logoUrl).toMatch(new RegExp(`^/api/users/${company.id}/logo\\?v=`));
    expect((await columnsOf(company.id)).logoUrl).toMatch(/^private\//);

    const photo = `data:image/png;base64,${(await png(200)).toString('base64')}`;
    const saved = await context.app.inject({
      method: 'PUT',
      url: '/api/reps/update-reps',
      headers: { cookie },
      payload: {
        repsData: [
          { firstName: 'Liza', lastName: 'Dumalagan', type: 'voting', avatarUrl: photo, hasNewAvatar: true },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const [rep] = saved.json().data;
    expect(rep.avatarUrl).toMatch(new RegExp(`^/api/representatives/${rep.id}/photo\\?v=`));
    const [row] = await context.db.select().from(representatives).where(eq(representatives.id, rep.id));
    expect(row?.avatarUrl).toMatch(/^private\//);
    expect((await get(`/uploads/${nameOf(row?.avatarUrl as string)}`)).statusCode).toBe(404);

    for (const url of [logoUrl, rep.avatarUrl]) {
      for (const viewer of [cookie, cookies.secretariat]) {
        const answer = await get(url, viewer);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['cache-control']).toBe('private, no-store');
      }
      expect((await get(url, otherCookie)).statusCode).toBe(404);
      expect((await get(url, cookies.stranger)).statusCode).toBe(404);
    }
    // The profile lists the representatives with the same address.
    expect((await get('/api/users/', cookie)).json().companyReps[0].avatarUrl).toBe(rep.avatarUrl);
    // Saving the list back as the editor holds it (the address in avatarUrl) keeps the photo.
    const again = await context.app.inject({
      method: 'PUT',
      url: '/api/reps/update-reps',
      headers: { cookie },
      payload: { repsData: [{ ...rep, created_at: undefined }] },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data[0].avatarUrl).toBe(rep.avatarUrl);
  });
});

describe('the pictures stored as public uploads before', () => {
  it('become private files at start, their rows and columns updated; twice is a no-op', async () => {
    const member = await createUser(context.db, { type: 'individual' });
    const company = await createUser(context.db, { type: 'company' });
    const { cookie } = await signIn(context, member);
    // As the pipeline stored an avatar before decision 066: a public file, a public size, a row.
    const main = await storage.save(
      await sharp(await png(900))
        .webp()
        .toBuffer(),
      'webp',
    );
    const size = await storage.save(
      await sharp(await png(400))
        .webp()
        .toBuffer(),
      'webp',
    );
    await context.db.insert(uploadedFiles).values({
      ...main,
      contentType: 'image/webp',
      byteSize: 100,
      width: 900,
      height: 900,
      variants: [{ name: 'w400', ...size, width: 400, height: 400, byteSize: 50 }],
      ownerType: 'user',
      ownerId: member.id,
      position: 0,
    });
    await context.db.update(users).set({ avatarUrl: main.publicPath }).where(eq(users.id, member.id));
    // A representative's photo from the old seed: a public file and no row.
    const photo = await storage.save(
      await sharp(await png(200))
        .webp()
        .toBuffer(),
      'webp',
    );
    const [rep] = await context.db
      .insert(representatives)
      .values({ userId: company.id, firstName: 'Ana', lastName: 'Reyes', avatarUrl: photo.publicPath })
      .returning();
    expect((await get(main.publicPath)).statusCode).toBe(200);

    expect(await movePicturesToPrivateFiles(context.db, storage, context.app.log)).toBe(2);

    const avatar = `private/${main.storageKey}`;
    expect((await columnsOf(member.id)).avatarUrl).toBe(avatar);
    const row = await fileRow(avatar);
    expect(row).toMatchObject({ storageKey: avatar, ownerId: member.id });
    expect(row?.variants).toEqual([
      expect.objectContaining({ name: 'w400', storageKey: `private/${size.storageKey}` }),
    ]);
    const [movedRep] = await context.db
      .select()
      .from(representatives)
      .where(eq(representatives.id, rep?.id ?? ''));
    expect(movedRep?.avatarUrl).toBe(`private/${photo.storageKey}`);
    for (const path of [main.publicPath, size.publicPath, photo.publicPath]) {
      expect((await get(path)).statusCode).toBe(404);
      expect(existsSync(storage.resolve(path))).toBe(false);
      expect(existsSync(storage.resolve(`private/${nameOf(path)}`))).toBe(true);
    }
    const served = await get(`/api/users/${member.id}/avatar?width=400`, cookie);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(400);

    expect(await movePicturesToPrivateFiles(context.db, storage, context.app.log)).toBe(0);
    expect((await columnsOf(member.id)).avatarUrl).toBe(avatar);
  });

  it('finishes a move cut short after the copy (the public file already gone)', async () => {
    const member = await createUser(context.db, { type: 'individual' });
    const bytes = await sharp(await png(100))
      .webp()
      .toBuffer();
    const old = await storage.save(bytes, 'webp');
    await context.db.update(users).set({ avatarUrl: old.publicPath }).where(eq(users.id, member.id));
    // The copy was written and the public file removed, but the row still names the old path.
    await storage.savePrivate(bytes, 'webp', old.storageKey);
    await storage.remove(old.publicPath);

    expect(await movePicturesToPrivateFiles(context.db, storage, context.app.log)).toBe(1);
    expect((await columnsOf(member.id)).avatarUrl).toBe(`private/${old.storageKey}`);
  });
});

describe('erasure', () => {
  it("removes the account's private pictures and their sizes", async () => {
    const company = await createUser(context.db, { type: 'company', registeredName: 'Leyte Nickel Corp.' });
    await createMembership(context.db, company.id, { category: 'Regular', status: 'approved' });
    const { cookie } = await signIn(context, company);
    const form = new FormData();
    form.append('username', company.username);
    form.append('logo', new Blob([new Uint8Array(await png(1000))], { type: 'image/png' }), 'logo.png');
    const request = new Request('http://localhost/', { method: 'PUT', body: form });
    await context.app.inject({
      method: 'PUT',
      url: '/api/users/update-profile',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') as string, cookie },
    });
    const photo = `data:image/png;base64,${(await png(200)).toString('base64')}`;
    await context.app.inject({
      method: 'PUT',
      url: '/api/reps/update-reps',
      headers: { cookie },
      payload: {
        repsData: [
          { firstName: 'Rey', lastName: 'Tan', type: 'voting', avatarUrl: photo, hasNewAvatar: true },
        ],
      },
    });
    const logo = (await columnsOf(company.id)).logoUrl as string;
    const [rep] = await context.db
      .select()
      .from(representatives)
      .where(eq(representatives.userId, company.id));
    const files = [
      logo,
      ...((await fileRow(logo))?.variants ?? []).map((variant) => variant.publicPath),
      rep?.avatarUrl as string,
    ];
    expect(files).toHaveLength(4);
    for (const path of files) expect(existsSync(storage.resolve(path))).toBe(true);

    const created = await context.app.inject({
      method: 'POST',
      url: '/api/me/erasure-requests',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      payload: { reason: 'The company closed' },
    });
    expect(created.statusCode).toBe(201);
    const approved = await context.app.inject({
      method: 'POST',
      url: `/api/privacy/admin/requests/${created.json().data.id}/approve`,
      headers: { cookie: cookies.secretariat, 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    for (const path of files) expect(existsSync(storage.resolve(path))).toBe(false);
    expect(await fileRow(logo)).toBeUndefined();
    expect((await get(`/api/users/${company.id}/logo`, cookies.secretariat)).statusCode).toBe(404);
  });
});
