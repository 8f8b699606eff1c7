import { existsSync } from 'node:fs';
import {
  IMAGE_MESSAGES,
  MEETING_MESSAGES,
  MEMBER_PICTURE_MESSAGES,
  manilaDateString,
  NOMINATION_PHOTO_FIELD,
} from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingNominations, meetings, representatives, uploadedFiles, users } from '../../db/schema';
import { createDiskStorage } from '../../lib/storage';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';

// A candidate's photo (docs/decisions/071 "a candidate's photo"): sent by the nominator or the
// nominee until voting opens, a private file read by those who may see the candidates.
let context: Awaited<ReturnType<typeof buildTestApp>>;
let storage: ReturnType<typeof createDiskStorage>;
const DAY = 86_400_000;
type Person = { id: string; username: string; cookie: string };

const png = (width: number, colour = { r: 30, g: 90, b: 160 }) =>
  sharp({ create: { width, height: width, channels: 3, background: colour } })
    .png()
    .toBuffer();

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string | null,
  payload?: object,
) =>
  context.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function sendPhoto(nominationId: string, cookie: string | null, bytes: Buffer, type = 'image/png') {
  const body = await multipartBody({}, [{ field: NOMINATION_PHOTO_FIELD, bytes, type, filename: 'me.png' }]);
  return context.app.inject({
    method: 'PUT',
    url: `/api/nominations/${nominationId}/photo`,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

async function person(kind: 'individual' | 'company' = 'individual'): Promise<Person> {
  const user = await createUser(context.db, { type: kind, password: null });
  await createMembership(context.db, user.id, { category: kind === 'company' ? 'Regular' : 'Individual' });
  return { id: user.id, username: user.username, cookie: (await signIn(context, user)).cookie };
}

let secretariat: Person;
let nominator: Person;
let nominee: Person;
let company: Person;
let bystander: Person;
/** A voter with no picture at all. */
let plain: Person;
let meetingId: string;

const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

beforeAll(async () => {
  context = await buildTestApp();
  storage = createDiskStorage({ uploadsDir: context.config.uploadsDir });
  const staffUser = await createUser(context.db, { roles: ['secretariat'], password: null });
  secretariat = {
    id: staffUser.id,
    username: staffUser.username,
    cookie: (await signIn(context, staffUser)).cookie,
  };
  nominator = await person();
  nominee = await person();
  company = await person('company');
  await context.db
    .insert(representatives)
    .values({ userId: company.id, firstName: 'Ramon', lastName: 'Bautista', type: 'voting' });
  bystander = await person();
  plain = await person();
  const created = await call('POST', '/api/meetings', secretariat.cookie, {
    kind: 'annual',
    title: 'Annual meeting with photos',
    startsAt: iso(30 * DAY),
    venue: 'Makati Shangri-La',
    onlineLink: null,
    agenda: '1. Election of trustees',
    procedure: 'Vote online on the portal before or during the meeting.',
    recordDate: manilaDateString(new Date(Date.now() - DAY)),
    nominationsOpenAt: iso(-DAY),
    nominationsCloseAt: iso(10 * DAY),
    proxyDeadline: iso(10 * DAY),
    correctionsCloseAt: iso(10 * DAY),
    votingOpensAt: iso(20 * DAY),
    votingClosesAt: iso(31 * DAY),
    challengeEndsAt: iso(40 * DAY),
  });
  expect(created.statusCode, created.body).toBe(201);
  meetingId = created.json().data.id;
  expect((await call('POST', `/api/meetings/${meetingId}/roll/freeze`, secretariat.cookie)).statusCode).toBe(
    200,
  );
});
afterAll(async () => context?.close());

const entryOf = async (who: Person) =>
  (await call('GET', `/api/meetings/${meetingId}`, who.cookie)).json().data.me.entry.id as string;

async function nominate(by: Person, whom: Person) {
  const response = await call('POST', `/api/meetings/${meetingId}/nominations`, by.cookie, {
    nomineeId: await entryOf(whom),
    statement: 'Twenty years in exploration.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
const nominationIn = async (who: Person, id: string) =>
  (await call('GET', `/api/meetings/${meetingId}`, who.cookie))
    .json()
    .data.nominations.find((nomination: { id: string }) => nomination.id === id);

describe("a candidate's photo", () => {
  let nominationId: string;

  it('is sent by the nominator with the nomination, stored private, and read by a member', async () => {
    nominationId = await nominate(nominator, nominee);
    const sent = await sendPhoto(nominationId, nominator.cookie, await png(900));
    expect(sent.statusCode, sent.body).toBe(200);
    const { photoUrl } = sent.json().data;
    const [row] = await context.db
      .select()
      .from(meetingNominations)
      .where(eq(meetingNominations.id, nominationId));
    const stored = row?.photoUrl as string;
    expect(stored).toMatch(/^private\/[0-9a-f-]{36}\.webp$/);
    expect(photoUrl).toBe(
      `/api/nominations/${nominationId}/photo?v=${stored.slice('private/'.length, -'.webp'.length)}`,
    );
    const [file] = await context.db.select().from(uploadedFiles).where(eq(uploadedFiles.publicPath, stored));
    expect(file).toMatchObject({ ownerType: 'nomination', ownerId: nominationId });
    expect(existsSync(storage.resolve(stored))).toBe(true);
    // /uploads/ never serves it.
    expect((await call('GET', `/uploads/${stored.slice('private/'.length)}`, null)).statusCode).toBe(404);

    // Any member who may read the meeting sees it, as the meeting and the ballot show it.
    expect((await nominationIn(bystander, nominationId)).photoUrl).toBe(photoUrl);
    const read = await call('GET', photoUrl, bystander.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/webp');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(read.rawPayload).metadata()).width).toBe(900);
    const small = await call('GET', `${photoUrl}&width=400`, bystander.cookie);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(400);
  });

  it('is refused to a guest', async () => {
    const read = await call('GET', `/api/nominations/${nominationId}/photo`, null);
    expect(read.statusCode).toBe(401);
    expect((await sendPhoto(nominationId, null, await png(200))).statusCode).toBe(401);
  });

  it('is replaced by the nominee, and no one else may change it', async () => {
    const before = (await nominationIn(nominee, nominationId)).photoUrl as string;
    const [old] = await context.db
      .select({ stored: meetingNominations.photoUrl })
      .from(meetingNominations)
      .where(eq(meetingNominations.id, nominationId));
    const replaced = await sendPhoto(nominationId, nominee.cookie, await png(300, { r: 200, g: 40, b: 40 }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.photoUrl).not.toBe(before);
    // The old file goes once the new one is recorded.
    expect(existsSync(storage.resolve(old?.stored as string))).toBe(false);

    const stranger = await sendPhoto(nominationId, bystander.cookie, await png(200));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error).toBe(MEETING_MESSAGES.onlyNominatorOrNomineePhoto);
    const removed = await call('DELETE', `/api/nominations/${nominationId}/photo`, bystander.cookie);
    expect(removed.statusCode).toBe(403);
  });

  it('refuses a file that is not an image with the field’s 400, and one over 5 MB', async () => {
    const wrong = await sendPhoto(
      nominationId,
      nominator.cookie,
      Buffer.from('not a picture at all'),
      'image/png',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: IMAGE_MESSAGES.wrongType,
      field: NOMINATION_PHOTO_FIELD,
    });
    const large = await sendPhoto(nominationId, nominator.cookie, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ error: IMAGE_MESSAGES.tooLarge, field: NOMINATION_PHOTO_FIELD });
    const empty = await context.app.inject({
      method: 'PUT',
      url: `/api/nominations/${nominationId}/photo`,
      ...(await multipartBody({})),
      headers: { ...(await multipartBody({})).headers, cookie: nominator.cookie },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('defaults to the nominee’s own picture once they accept, else none', async () => {
    // An individual member with an avatar, nominated by another: nothing until accepted.
    const avatar = await multipartBody({ username: bystander.username }, [
      { field: 'avatar', bytes: await png(500), type: 'image/png' },
    ]);
    const profile = await context.app.inject({
      method: 'PUT',
      url: '/api/users/update-profile',
      payload: avatar.payload,
      headers: { ...avatar.headers, cookie: bystander.cookie },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const id = await nominate(nominator, bystander);
    expect((await nominationIn(nominee, id)).photoUrl).toBeNull();
    expect((await call('GET', `/api/nominations/${id}/photo`, nominee.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/nominations/${id}/accept`, bystander.cookie)).statusCode).toBe(200);
    const photoUrl = (await nominationIn(nominee, id)).photoUrl as string;
    expect(photoUrl).toMatch(new RegExp(`^/api/nominations/${id}/photo\\?v=`));
    const read = await call('GET', photoUrl, nominee.cookie);
    expect(read.statusCode).toBe(200);
    expect((await sharp(read.rawPayload).metadata()).width).toBe(500);

    // A company's candidate: its voting representative's photo; the avatar route stays closed.
    const [user] = await context.db.select().from(users).where(eq(users.id, bystander.id));
    expect((await call('GET', `/api/users/${user?.id}/avatar`, nominee.cookie)).statusCode).toBe(404);
    const { reference } = await storage.savePrivate(await png(120), 'webp');
    await context.db
      .update(representatives)
      .set({ avatarUrl: reference })
      .where(and(eq(representatives.userId, company.id), eq(representatives.type, 'voting')));
    const companyNomination = await nominate(company, company);
    const companyPhoto = (await nominationIn(nominee, companyNomination)).photoUrl as string;
    expect(companyPhoto).toContain(`/api/nominations/${companyNomination}/photo?v=`);
    expect((await call('GET', companyPhoto, nominee.cookie)).statusCode).toBe(200);

    // Without any picture: none, and the route answers as for an unknown id.
    const bare = await nominate(plain, plain);
    expect((await nominationIn(nominator, bare)).photoUrl).toBeNull();
    const missing = await call('GET', `/api/nominations/${bare}/photo`, nominator.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(MEMBER_PICTURE_MESSAGES.notFound);
  });

  it('is locked once voting opens, like the rest of the ballot', async () => {
    await context.db
      .update(meetings)
      .set({ votingOpensAt: new Date(Date.now() - 60_000), votingClosesAt: new Date(Date.now() + DAY) })
      .where(eq(meetings.id, meetingId));
    const late = await sendPhoto(nominationId, nominee.cookie, await png(200));
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(MEETING_MESSAGES.locked);
    const removed = await call('DELETE', `/api/nominations/${nominationId}/photo`, nominator.cookie);
    expect(removed.statusCode).toBe(409);
    // Still shown to the voters.
    expect((await call('GET', `/api/nominations/${nominationId}/photo`, bystander.cookie)).statusCode).toBe(
      200,
    );
  });
});
