import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_MESSAGES, IMAGE_MESSAGES } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speakers, uploadedFiles } from '../../db/schema';
import { createEvent, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let memberCookie: string;

async function createSpeakerRequest(fields: Record<string, string>, image?: Buffer, cookie = adminCookie) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return context.app.inject({
    method: 'POST',
    url: '/api/speakers',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string, cookie },
  });
}

const setSpeakers = (body: unknown, cookie = adminCookie) =>
  context.app.inject({
    method: 'POST',
    url: '/api/speakers/event-speakers',
    payload: body as object,
    headers: { cookie },
  });
const speakerCount = async () =>
  (await context.db.select({ n: sql<number>`count(*)::int` }).from(speakers))[0]?.n;

beforeAll(async () => {
  context = await buildTestApp();
  adminCookie = (await signIn(context, await createUser(context.db, { type: 'admin' }))).cookie;
  memberCookie = (await signIn(context, await createUser(context.db))).cookie;
});
afterAll(() => context.close());

describe('speakers', () => {
  it('creates a speaker with a photo owned by it, and lists speakers by name', async () => {
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#557' } })
      .png()
      .toBuffer();
    const response = await createSpeakerRequest(
      { name: 'Dr. Maria Santos', title: 'Geologist', company: '' },
      photo,
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ name: 'Dr. Maria Santos', title: 'Geologist', company: null });
    expect(data.image_url).toMatch(/^\/uploads\//);
    expect(existsSync(join(context.config.dataDir, data.image_url))).toBe(true);
    const owned = await context.db
      .select()
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.ownerType, 'speaker'), eq(uploadedFiles.ownerId, data.id)));
    expect(owned).toHaveLength(1);
    await createSpeakerRequest({ name: 'Aaron Reyes' });
    const list = await context.app.inject({
      method: 'GET',
      url: '/api/speakers',
      headers: { cookie: adminCookie },
    });
    expect(list.json().data.map((speaker: { name: string }) => speaker.name)).toEqual([
      'Aaron Reyes',
      'Dr. Maria Santos',
    ]);
  });

  it('requires a name, an image file and an admin, writing nothing otherwise', async () => {
    const before = await speakerCount();
    const nameless = await createSpeakerRequest({ name: ' ', title: 'CEO' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ error: 'Name is required', field: 'name' });
    const notImage = await createSpeakerRequest({ name: 'Ana' }, Buffer.from('<svg onload=alert(1)>'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error).toBe(IMAGE_MESSAGES.wrongType);
    expect((await createSpeakerRequest({ name: 'Ana' }, undefined, memberCookie)).statusCode).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: '/api/speakers' })).statusCode).toBe(401);
    expect(await speakerCount()).toBe(before);
  });

  it('replaces an event’s speakers with the set sent, each with speaker_id and id', async () => {
    const event = await createEvent(context.db);
    const [a, b, c] = await context.db
      .insert(speakers)
      .values([{ name: 'Speaker A' }, { name: 'Speaker B' }, { name: 'Speaker C' }])
      .returning();
    const ids = [a, b, c].map((speaker) => speaker?.id as string);
    expect((await setSpeakers({ event_id: event.id, speaker_ids: [ids[1], ids[0]] })).statusCode).toBe(200);
    const replaced = await setSpeakers({ event_id: event.id, speaker_ids: [ids[2], ids[0]] });
    expect(replaced.json().data.map((speaker: { name: string }) => speaker.name)).toEqual([
      'Speaker C',
      'Speaker A',
    ]);
    const listed = await context.app.inject({
      method: 'GET',
      url: `/api/speakers/event-speakers/${event.id}`,
      headers: { cookie: adminCookie },
    });
    expect(listed.json().data[0]).toMatchObject({ id: ids[2], speaker_id: ids[2], name: 'Speaker C' });
    const detail = await context.app.inject({
      method: 'GET',
      url: `/api/events/retrieve-events/${event.id}`,
    });
    expect(detail.json().data.speakers).toHaveLength(2);
  });

  it('refuses unknown speaker ids and unknown events, keeping the previous set', async () => {
    const event = await createEvent(context.db);
    const [speaker] = await context.db.insert(speakers).values({ name: 'Kept' }).returning();
    await setSpeakers({ event_id: event.id, speaker_ids: [speaker?.id] });
    const unknown = await setSpeakers({
      event_id: event.id,
      speaker_ids: [speaker?.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: EVENT_MESSAGES.unknownSpeakers, field: 'speaker_ids' });
    const noEvent = await setSpeakers({ event_id: '00000000-0000-4000-8000-000000000000', speaker_ids: [] });
    expect(noEvent.statusCode).toBe(404);
    expect(noEvent.json().error).toBe('Event not found');
    const notUuid = await setSpeakers({ event_id: event.id, speaker_ids: ['x'] });
    expect(notUuid.statusCode).toBe(400);
    const listed = await context.app.inject({
      method: 'GET',
      url: `/api/speakers/event-speakers/${event.id}`,
      headers: { cookie: adminCookie },
    });
    expect(listed.json().data.map((row: { name: string }) => row.name)).toEqual(['Kept']);
    expect((await setSpeakers({ event_id: event.id, speaker_ids: [] }, memberCookie)).statusCode).toBe(403);
  });
});
