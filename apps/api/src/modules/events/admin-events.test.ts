import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { EVENT_FIELD_MESSAGES, EVENT_MESSAGES, IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventRegistrations,
  eventSpeakers,
  events,
  mailOutbox,
  speakers,
  uploadedFiles,
} from '../../db/schema';
import { createEvent, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { type Upload as FilePart, multipartBody } from '../../test/multipart';
import { XSS_PAYLOADS } from '../../test/xss-payloads';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let memberCookie: string;

const CREATE = '/api/events/admin/create-event';
const EDIT = '/api/events/admin/edit-event';
const DELETE = '/api/events/admin/delete-event';
const ALL = '/api/events/admin/get-all';
const DETAIL = '/api/events/retrieve-events';

type Upload = Omit<FilePart, 'field'> & { field?: string };

/** This file's uploads: field: 'banner_image', filename: 'banner.jpg' unless a test says otherwise. */
const formBody = (fields: Record<string, string>, uploads: Upload[] = []) =>
  multipartBody(
    fields,
    uploads.map((upload) => ({ field: 'banner_image', filename: 'banner.jpg', ...upload })),
  );

async function sendForm(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  uploads: Upload[] = [],
  cookie = adminCookie,
) {
  const { payload, headers } = await formBody(fields, uploads);
  return context.app.inject({ method, url, payload, headers: { ...headers, cookie } });
}

const jpeg = () =>
  sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 30, g: 110, b: 95 } } })
    .jpeg()
    .toBuffer();

const required = { title: 'Mindanao Exploration Forum', start_date: '2099-05-04' };
const eventCount = async () =>
  (await context.db.select({ n: sql<number>`count(*)::int` }).from(events))[0]?.n;
const uploadsDir = () => join(context.config.dataDir, 'uploads');
/** Every file under the uploads folder, so a test can show that a refusal left none behind. */
const uploadedFileNames = async () =>
  (await readdir(uploadsDir(), { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

/**
 * A real photograph-sized image of more than 6 MB: random noise, which PNG cannot compress, so
 * the file is as large as its pixels (not a small picture padded with zeros).
 */
const sixMegabyteImage = async () => {
  const width = 1600;
  const height = 1400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.floor(Math.random() * 256);
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeGreaterThan(Math.max(6 * 1024 * 1024, IMAGE_MAX_BYTES));
  return png;
};

/** The §5 rules and the bad input, each with the field it names and its message. */
const BAD_FIELDS: [Record<string, string>, string, string][] = [
  [{ title: '  ' }, 'title', EVENT_FIELD_MESSAGES.titleRequired],
  [{ start_date: '' }, 'start_date', EVENT_FIELD_MESSAGES.startDateRequired],
  [{ start_date: '2099-02-30' }, 'start_date', EVENT_FIELD_MESSAGES.startDateInvalid],
  [{ event_type: 'Party' }, 'event_type', EVENT_FIELD_MESSAGES.eventTypeInvalid],
  [{ status: 'archived' }, 'status', EVENT_FIELD_MESSAGES.statusInvalid],
  [{ max_attendees: 'many' }, 'max_attendees', EVENT_FIELD_MESSAGES.maxAttendeesNumber],
  [{ max_attendees: '-5' }, 'max_attendees', EVENT_FIELD_MESSAGES.maxAttendeesMinimum],
  [{ max_attendees: '2.5' }, 'max_attendees', EVENT_FIELD_MESSAGES.maxAttendeesWhole],
  [{ price: 'free' }, 'price', EVENT_FIELD_MESSAGES.priceNumber],
  [{ price: '-1' }, 'price', EVENT_FIELD_MESSAGES.priceMinimum],
  [{ price: '10.005' }, 'price', EVENT_FIELD_MESSAGES.priceDecimals],
  [{ registration_url: 'not a url' }, 'registration_url', EVENT_FIELD_MESSAGES.registrationUrlInvalid],
  [{ website_url: 'javascript:alert(1)' }, 'website_url', EVENT_FIELD_MESSAGES.websiteUrlInvalid],
  [{ website_url: '/relative/path' }, 'website_url', EVENT_FIELD_MESSAGES.websiteUrlInvalid],
  [{ end_date: '2099-05-01' }, 'end_date', EVENT_FIELD_MESSAGES.endBeforeStart],
  [{ start_time: '25:00' }, 'start_time', EVENT_FIELD_MESSAGES.startTimeInvalid],
];

beforeAll(async () => {
  context = await buildTestApp();
  const admin = await createUser(context.db, { type: 'admin' });
  const member = await createUser(context.db);
  adminCookie = (await signIn(context, admin)).cookie;
  memberCookie = (await signIn(context, member)).cookie;
});
afterAll(() => context.close());

describe('POST /api/events/admin/create-event', () => {
  it('creates a draft Conference by default with every field of the form and a banner', async () => {
    const response = await sendForm(
      'POST',
      CREATE,
      {
        ...required,
        end_date: '2099-05-06',
        start_time: '08:30',
        end_time: '17:00',
        description: 'Three days on Mindanao geology.',
        content: '<h2>Programme</h2><p>Talks <strong>and</strong> field trips.</p>',
        location_name: 'SMX Davao',
        building_name: 'Lanang Premier',
        floor: '2F',
        room: 'Hall A',
        address: 'J.P. Laurel Ave',
        city: 'Davao City',
        province: 'Davao del Sur',
        country: 'Philippines',
        organizer_name: 'MEAP Secretariat',
        organizer_contact: 'events@example.org',
        website_url: 'https://example.org/forum',
        is_registration_required: 'true',
        max_attendees: '150',
        price: '4500',
        safety_focus: 'Slope stability',
        certification_provided: 'true',
      },
      [{ bytes: await jpeg() }],
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      title: 'Mindanao Exploration Forum',
      status: 'draft',
      event_type: 'Conference',
      start_time: '08:30',
      max_attendees: 150,
      max_participants: 150,
      price: 4500,
      certification_provided: true,
      is_registration_required: true,
      speakers: [],
      user_events: [],
      pending_count: 0,
      seats_taken: 0,
    });
    expect(data.banner_image_url).toMatch(/^\/uploads\/.+\.webp$/);
    expect(existsSync(join(uploadsDir(), data.banner_image_url.replace('/uploads/', '')))).toBe(true);
    const [owned] = await context.db
      .select()
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.ownerType, 'event'), eq(uploadedFiles.ownerId, data.id)));
    expect(owned?.publicPath).toBe(data.banner_image_url);
  });

  it.each(BAD_FIELDS)(
    'refuses %o with 400 and the field message, writing nothing',
    async (bad, field, message) => {
      const before = await eventCount();
      const response = await sendForm('POST', CREATE, { ...required, ...bad });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: message, field, code: 'validation_error' });
      expect(await eventCount()).toBe(before);
    },
  );

  it('refuses a banner that is not an image, or a real 6 MB image, leaving no row and no file', async () => {
    const before = await eventCount();
    const filesBefore = await uploadedFileNames();
    const text = await sendForm('POST', CREATE, required, [
      { bytes: Buffer.from('just text, named like a picture'), filename: 'banner.jpg' },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe(IMAGE_MESSAGES.wrongType);
    const large = await sendForm('POST', CREATE, required, [
      { bytes: await sixMegabyteImage(), filename: 'banner.png' },
    ]);
    expect(large.statusCode).toBe(413);
    expect(large.json().error).toBe(IMAGE_MESSAGES.tooLarge);
    expect(await eventCount()).toBe(before);
    expect(await uploadedFileNames()).toEqual(filesBefore);
  });

  it('refuses guests (401) and members (403)', async () => {
    const guest = await context.app.inject({ method: 'POST', url: CREATE, payload: required });
    expect(guest.statusCode).toBe(401);
    expect((await sendForm('POST', CREATE, required, [], memberCookie)).statusCode).toBe(403);
  });
});

describe('content safety', () => {
  it(`stores no script, handler or javascript: URL from ${XSS_PAYLOADS.length} payloads, on create and edit`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const unsafe = (html: string | null) =>
      html !== null && (/<script/i.test(html) || /\son\w+\s*=/i.test(html) || /javascript:/i.test(html));
    const created = await sendForm('POST', CREATE, { ...required, content: XSS_PAYLOADS.join('\n') });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    for (const payload of XSS_PAYLOADS) {
      const edited = await sendForm('PUT', `${EDIT}/${id}`, { content: `<p>Intro</p>${payload}` });
      expect(edited.statusCode).toBe(200);
      const [row] = await context.db
        .select({ content: events.content })
        .from(events)
        .where(eq(events.id, id));
      expect(unsafe(row?.content ?? null), payload).toBe(false);
    }
    const [row] = await context.db.select({ content: events.content }).from(events).where(eq(events.id, id));
    expect(row?.content).toContain('<p>Intro</p>');
  });
});

describe('PUT /api/events/admin/edit-event/{id}', () => {
  it('changes the fields sent, replaces the banner and removes the old files', async () => {
    const created = (await sendForm('POST', CREATE, required, [{ bytes: await jpeg() }])).json().data;
    const oldFile = join(uploadsDir(), created.banner_image_url.replace('/uploads/', ''));
    const response = await sendForm('PUT', `${EDIT}/${created.id}`, { status: 'published', price: '' }, [
      { bytes: await jpeg() },
    ]);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ status: 'published', title: required.title, price: null });
    expect(data.banner_image_url).not.toBe(created.banner_image_url);
    expect(existsSync(oldFile)).toBe(false);
    const removed = await sendForm('PUT', `${EDIT}/${created.id}`, { remove_banner: 'true' });
    expect(removed.json().data.banner_image_url).toBeNull();
  });

  it('checks the end date against the saved start date when only one is sent', async () => {
    const event = await createEvent(context.db, { start_date: '2099-06-10' });
    const response = await sendForm('PUT', `${EDIT}/${event.id}`, { end_date: '2099-06-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'end_date', error: EVENT_FIELD_MESSAGES.endBeforeStart });
  });

  it.each(BAD_FIELDS)(
    'refuses %o on edit with 400 and the field message, changing nothing',
    async (bad, field, message) => {
      const event = await createEvent(context.db, {
        start_date: '2099-05-04',
        is_registration_required: true,
        max_attendees: 40,
        price: '1500.00',
        website_url: 'https://example.org/event',
      });
      const response = await sendForm('PUT', `${EDIT}/${event.id}`, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: message, field, code: 'validation_error' });
      const [after] = await context.db.select().from(events).where(eq(events.id, event.id));
      expect(after).toEqual(event);
    },
  );

  it('refuses a banner that is not an image, or a real 6 MB image, on edit: the event and its banner stay', async () => {
    const created = (await sendForm('POST', CREATE, required, [{ bytes: await jpeg() }])).json().data;
    const [before] = await context.db.select().from(events).where(eq(events.id, created.id));
    const filesBefore = await uploadedFileNames();
    const text = await sendForm('PUT', `${EDIT}/${created.id}`, { title: 'Renamed' }, [
      { bytes: Buffer.from('%PDF-1.4 not a picture'), filename: 'banner.jpg' },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe(IMAGE_MESSAGES.wrongType);
    const large = await sendForm('PUT', `${EDIT}/${created.id}`, { title: 'Renamed' }, [
      { bytes: await sixMegabyteImage(), filename: 'banner.png' },
    ]);
    expect(large.statusCode).toBe(413);
    expect(large.json().error).toBe(IMAGE_MESSAGES.tooLarge);
    const [after] = await context.db.select().from(events).where(eq(events.id, created.id));
    expect(after).toEqual(before);
    expect(await uploadedFileNames()).toEqual(filesBefore);
    expect(existsSync(join(uploadsDir(), created.banner_image_url.replace('/uploads/', '')))).toBe(true);
  });

  it('answers 404 for an unknown event', async () => {
    const response = await sendForm('PUT', `${EDIT}/00000000-0000-4000-8000-000000000000`, { title: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(EVENT_MESSAGES.notFound);
  });
});

describe('GET /api/events/admin/get-all', () => {
  it('lists every status with pending counts, 10 per page, filtered and sorted', async () => {
    const draft = await createEvent(context.db, {
      title: 'Zeta Admin Draft',
      status: 'draft',
      organizer_name: 'Zeta Org',
    });
    const member = await createUser(context.db);
    await context.db.insert(eventRegistrations).values({ event_id: draft.id, user_id: member.id });
    const response = await context.app.inject({ method: 'GET', url: ALL, headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.pagination).toMatchObject({ page: 1, limit: 10 });
    const searched = await context.app.inject({
      method: 'GET',
      url: `${ALL}?search=zeta%20org&status=draft&sort_by=title&sort_order=asc`,
      headers: { cookie: adminCookie },
    });
    expect(searched.json().data.events).toEqual([
      expect.objectContaining({ id: draft.id, pending_count: 1, registration_count: 1, status: 'draft' }),
    ]);
    const pendingOnly = await context.app.inject({
      method: 'GET',
      url: `${ALL}?has_pending=true`,
      headers: { cookie: adminCookie },
    });
    expect(pendingOnly.json().data.events.map((event: { id: string }) => event.id)).toEqual([draft.id]);
  });

  it("filters to one event exactly by id, and to the upcoming ones: the dashboard's links", async () => {
    const past = await createEvent(context.db, { title: 'Past Dashboard Event', start_date: '2001-02-03' });
    const coming = await createEvent(context.db, {
      title: 'Coming Dashboard Event',
      start_date: '2099-02-03',
    });
    const list = async (query: string) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `${ALL}${query}`,
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { events: { id: string }[]; pagination: { total: number } };
    };
    const one = await list(`?id=${past.id}`);
    expect(one.events.map((event) => event.id)).toEqual([past.id]);
    expect(one.pagination.total).toBe(1);
    const upcoming = (await list('?upcoming=true&limit=100')).events.map((event) => event.id);
    expect(upcoming).toContain(coming.id);
    expect(upcoming).not.toContain(past.id);
    expect((await list(`?id=${past.id}&upcoming=true`)).pagination.total).toBe(0);
    for (const [query, message] of [
      ['?id=12', 'Invalid id'],
      ['?upcoming=soon', 'upcoming must be true or false'],
    ]) {
      const refused = await context.app.inject({
        method: 'GET',
        url: `${ALL}${query}`,
        headers: { cookie: adminCookie },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(message);
    }
  });

  const listIds = async (query: string) => {
    const response = await context.app.inject({
      method: 'GET',
      url: `${ALL}?${query}`,
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.events.map((event: { id: string }) => event.id) as string[];
  };

  it('searches title, organizer and location, but not the description (spec 001 §9)', async () => {
    const byTitle = await createEvent(context.db, { title: 'Quartzvein Field Day' });
    const byOrganizer = await createEvent(context.db, { organizer_name: 'Quartzvein Society' });
    const byLocation = await createEvent(context.db, { location_name: 'Quartzvein Hall' });
    await createEvent(context.db, { description: 'Bring samples for the quartzvein clinic.' });
    await createEvent(context.db, { city: 'Quartzvein City', content: '<p>quartzvein</p>' });
    const found = await listIds('search=QUARTZVEIN');
    expect(found.sort()).toEqual([byTitle.id, byOrganizer.id, byLocation.id].sort());
    expect(await listIds('search=samples%20for%20the')).toEqual([]);
  });

  it('filters by type, and sorts by type, status and creation (newest first by default)', async () => {
    const tag = `Sortcheck ${Date.now()}`;
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 0, minutes));
    const workshop = await createEvent(context.db, {
      title: `${tag} A`,
      event_type: 'Workshop',
      status: 'published',
      created_at: at(1),
    });
    const conference = await createEvent(context.db, {
      title: `${tag} B`,
      event_type: 'Conference',
      status: 'draft',
      created_at: at(3),
    });
    const training = await createEvent(context.db, {
      title: `${tag} C`,
      event_type: 'Training',
      status: 'cancelled',
      created_at: at(2),
    });
    const search = `search=${encodeURIComponent(tag)}`;
    expect(await listIds(`${search}&event_type=Workshop`)).toEqual([workshop.id]);
    expect(await listIds(`${search}&event_type=Outreach`)).toEqual([]);
    // Without a sort: created_at descending.
    expect(await listIds(search)).toEqual([conference.id, training.id, workshop.id]);
    expect(await listIds(`${search}&sort_by=created_at&sort_order=asc`)).toEqual([
      workshop.id,
      training.id,
      conference.id,
    ]);
    expect(await listIds(`${search}&sort_by=event_type&sort_order=asc`)).toEqual([
      conference.id,
      training.id,
      workshop.id,
    ]);
    expect(await listIds(`${search}&sort_by=event_type&sort_order=desc`)).toEqual([
      workshop.id,
      training.id,
      conference.id,
    ]);
    expect(await listIds(`${search}&sort_by=status&sort_order=asc`)).toEqual([
      training.id,
      conference.id,
      workshop.id,
    ]);
    const refused = await context.app.inject({
      method: 'GET',
      url: `${ALL}?sort_by=description`,
      headers: { cookie: adminCookie },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Invalid sort field');
  });

  it('refuses guests and members', async () => {
    expect((await context.app.inject({ method: 'GET', url: ALL })).statusCode).toBe(401);
    expect(
      (await context.app.inject({ method: 'GET', url: ALL, headers: { cookie: memberCookie } })).statusCode,
    ).toBe(403);
  });
});

describe('admin-only routes', () => {
  it('refuse guests (401) and members (403) on edit, delete, event speakers and registration decisions, changing nothing', async () => {
    const event = await createEvent(context.db, { is_registration_required: true, max_attendees: 5 });
    const member = await createUser(context.db);
    await context.db.insert(eventRegistrations).values({ event_id: event.id, user_id: member.id });
    const requests = [
      async (cookie?: string) => {
        const { payload, headers } = await formBody({ title: 'Taken over' });
        return context.app.inject({
          method: 'PUT',
          url: `${EDIT}/${event.id}`,
          payload,
          headers: cookie ? { ...headers, cookie } : headers,
        });
      },
      (cookie?: string) =>
        context.app.inject({
          method: 'DELETE',
          url: `${DELETE}/${event.id}`,
          headers: cookie ? { cookie } : {},
        }),
      (cookie?: string) =>
        context.app.inject({
          method: 'GET',
          url: `/api/speakers/event-speakers/${event.id}`,
          headers: cookie ? { cookie } : {},
        }),
      (cookie?: string) =>
        context.app.inject({
          method: 'PUT',
          url: '/api/events/admin/update-user-event',
          payload: { status: 'approved', userId: member.id, eventId: event.id },
          headers: cookie ? { cookie } : {},
        }),
    ];
    for (const request of requests) {
      expect((await request()).statusCode).toBe(401);
      expect((await request(memberCookie)).statusCode).toBe(403);
    }
    const [after] = await context.db.select().from(events).where(eq(events.id, event.id));
    expect(after).toEqual(event);
    const registrations = await context.db
      .select({ status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.event_id, event.id));
    expect(registrations).toEqual([{ status: 'pending' }]);
  });
});

describe('GET /api/events/retrieve-events/{id}', () => {
  it('shows a published or cancelled event to everyone, a draft only to admins', async () => {
    const published = await createEvent(context.db, { status: 'published', content: '<p>Hi</p>' });
    const cancelled = await createEvent(context.db, { status: 'cancelled' });
    const draft = await createEvent(context.db, { status: 'draft' });
    const get = (id: string, cookie?: string) =>
      context.app.inject({ method: 'GET', url: `${DETAIL}/${id}`, headers: cookie ? { cookie } : {} });
    expect((await get(published.id)).json().data).toMatchObject({
      content: '<p>Hi</p>',
      my_registration: null,
    });
    expect((await get(cancelled.id)).json().data.status).toBe('cancelled');
    for (const cookie of [undefined, memberCookie]) {
      const hidden = await get(draft.id, cookie);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error).toBe('Event not found');
    }
    expect((await get(draft.id, adminCookie)).statusCode).toBe(200);
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('DELETE /api/events/admin/delete-event/{id}', () => {
  it('deletes the event with its banner files, speaker links and registrations', async () => {
    const created = (await sendForm('POST', CREATE, required, [{ bytes: await jpeg() }])).json().data;
    const [speaker] = await context.db.insert(speakers).values({ name: 'Linked Speaker' }).returning();
    await context.db
      .insert(eventSpeakers)
      .values({ event_id: created.id, speaker_id: speaker?.id as string });
    const member = await createUser(context.db);
    await context.db.insert(eventRegistrations).values({ event_id: created.id, user_id: member.id });
    const file = join(uploadsDir(), created.banner_image_url.replace('/uploads/', ''));
    const response = await context.app.inject({
      method: 'DELETE',
      url: `${DELETE}/${created.id}`,
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: created.id, registrations_deleted: 1 });
    expect(existsSync(file)).toBe(false);
    const links = await context.db.select().from(eventSpeakers).where(eq(eventSpeakers.event_id, created.id));
    expect(links).toEqual([]);
    const files = await context.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, created.id));
    expect(files).toEqual([]);
    // The speaker stays: only the link goes.
    expect(
      await context.db
        .select()
        .from(speakers)
        .where(eq(speakers.id, speaker?.id as string)),
    ).toHaveLength(1);
    const again = await context.app.inject({
      method: 'DELETE',
      url: `${DELETE}/${created.id}`,
      headers: { cookie: adminCookie },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('registrations', () => {
  const register = (id: string, cookie?: string) =>
    context.app.inject({
      method: 'POST',
      url: `/api/events/${id}/registration`,
      headers: cookie ? { cookie } : {},
    });
  const withdraw = (id: string, cookie: string) =>
    context.app.inject({ method: 'DELETE', url: `/api/events/${id}/registration`, headers: { cookie } });
  const decide = (body: { status: string; userId: string; eventId: string }, cookie = adminCookie) =>
    context.app.inject({
      method: 'PUT',
      url: '/api/events/admin/update-user-event',
      payload: body,
      headers: { cookie },
    });
  const mailTo = async (email: string) =>
    context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

  async function newMember() {
    const user = await createUser(context.db);
    return { user, cookie: (await signIn(context, user)).cookie };
  }

  it('registers a member as pending with an e-mail, refuses twice, and shows the status', async () => {
    const event = await createEvent(context.db, { is_registration_required: true, max_attendees: 5 });
    const { user, cookie } = await newMember();
    const response = await register(event.id, cookie);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      status: 'pending',
      seats_taken: 1,
      registration: expect.objectContaining({ status: 'pending', amount: 0, statement_id: null }),
    });
    const mails = await mailTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Registration received: ${event.title}`);
    const twice = await register(event.id, cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(EVENT_MESSAGES.alreadyRegistered);
    const detail = await context.app.inject({
      method: 'GET',
      url: `${DETAIL}/${event.id}`,
      headers: { cookie },
    });
    expect(detail.json().data).toMatchObject({ my_registration: 'pending', seats_taken: 1, user_events: [] });
  });

  it('refuses guests, drafts, cancelled, past, external and full events', async () => {
    const { cookie } = await newMember();
    const open = { is_registration_required: true } as const;
    expect((await register((await createEvent(context.db, open)).id)).statusCode).toBe(401);
    const cases: [Parameters<typeof createEvent>[1], number, string][] = [
      [{ ...open, status: 'draft' }, 404, EVENT_MESSAGES.notFound],
      [{ ...open, status: 'cancelled' }, 409, EVENT_MESSAGES.cancelled],
      [{ ...open, start_date: '2020-01-01' }, 409, EVENT_MESSAGES.past],
      [{ ...open, registration_url: 'https://tickets.example.org' }, 409, EVENT_MESSAGES.notOpen],
      [{ is_registration_required: false }, 409, EVENT_MESSAGES.notOpen],
    ];
    for (const [fields, status, message] of cases) {
      const response = await register((await createEvent(context.db, fields)).id, cookie);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().error).toBe(message);
    }
    const full = await createEvent(context.db, { ...open, max_attendees: 1 });
    expect((await register(full.id, (await newMember()).cookie)).statusCode).toBe(201);
    const refused = await register(full.id, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: EVENT_MESSAGES.full, code: 'event_full' });
    const rows = await context.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.event_id, full.id));
    expect(rows).toHaveLength(1);
  });

  it('holds exactly max_attendees seats when many members register at once', async () => {
    const event = await createEvent(context.db, { is_registration_required: true, max_attendees: 3 });
    const members = await Promise.all(Array.from({ length: 12 }, () => newMember()));
    const responses = await Promise.all(members.map(({ cookie }) => register(event.id, cookie)));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    const rows = await context.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.event_id, event.id));
    expect(rows).toHaveLength(3);
  });

  it('decides registrations that arrive together event by event: one seat each, an e-mail per seat', async () => {
    const small = await createEvent(context.db, { is_registration_required: true, max_attendees: 3 });
    const roomy = await createEvent(context.db, { is_registration_required: true, max_attendees: 5 });
    const crowd = await Promise.all(Array.from({ length: 8 }, () => newMember()));
    const eager = await newMember();
    const [twice, again, ...forSmall] = await Promise.all([
      register(roomy.id, eager.cookie),
      register(roomy.id, eager.cookie),
      ...crowd.map(({ cookie }) => register(small.id, cookie)),
    ]);
    // The member who sent twice holds one seat; the second answer says so.
    expect([twice?.statusCode, again?.statusCode].sort()).toEqual([201, 409]);
    expect([twice, again].find((response) => response?.statusCode === 409)?.json().code).toBe(
      'already_registered',
    );
    expect(forSmall.filter((response) => response.statusCode === 201)).toHaveLength(3);
    const refusals = forSmall.filter((response) => response.statusCode === 409);
    expect(refusals.map((response) => response.json().code)).toEqual(Array(5).fill('event_full'));
    const seats = forSmall
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json().data.seats_taken)
      .sort();
    expect(seats).toEqual([1, 2, 3]);
    const holders = [eager.user.email, ...crowd.map(({ user }) => user.email)];
    const mails = await context.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(sql`${mailOutbox.toAddress} in ${holders}`);
    expect(mails).toHaveLength(4);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(4);
  });

  it('lets a member withdraw, freeing the seat, but not undo a rejection', async () => {
    const event = await createEvent(context.db, { is_registration_required: true, max_attendees: 1 });
    const first = await newMember();
    const second = await newMember();
    await register(event.id, first.cookie);
    expect((await register(event.id, second.cookie)).statusCode).toBe(409);
    const withdrawn = await withdraw(event.id, first.cookie);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data).toEqual({ status: null, seats_taken: 0 });
    expect((await register(event.id, second.cookie)).statusCode).toBe(201);
    expect((await withdraw(event.id, first.cookie)).statusCode).toBe(404);
    await decide({ status: 'rejected', userId: second.user.id, eventId: event.id });
    const refused = await withdraw(event.id, second.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(EVENT_MESSAGES.rejectedCannotWithdraw);
  });

  it('lets an admin approve or reject a pending registration once, e-mailing the member', async () => {
    const event = await createEvent(context.db, { is_registration_required: true, max_attendees: 5 });
    const approved = await newMember();
    const rejected = await newMember();
    await register(event.id, approved.cookie);
    await register(event.id, rejected.cookie);
    const yes = await decide({ status: 'approved', userId: approved.user.id, eventId: event.id });
    expect(yes.statusCode).toBe(200);
    expect(yes.json().data).toMatchObject({
      status: 'approved',
      userId: approved.user.id,
      profiles: { id: approved.user.id, username: approved.user.username },
    });
    const no = await decide({ status: 'rejected', userId: rejected.user.id, eventId: event.id });
    expect(no.json().data.status).toBe('rejected');
    expect((await mailTo(approved.user.email)).map((mail) => mail.subject)).toContain(
      `Registration approved: ${event.title}`,
    );
    expect((await mailTo(rejected.user.email)).map((mail) => mail.subject)).toContain(
      `Registration not approved: ${event.title}`,
    );
    const again = await decide({ status: 'rejected', userId: approved.user.id, eventId: event.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(EVENT_MESSAGES.alreadyDecided);
    const detail = await context.app.inject({
      method: 'GET',
      url: `${DETAIL}/${event.id}`,
      headers: { cookie: adminCookie },
    });
    expect(detail.json().data.user_events.map((row: { status: string }) => row.status)).toEqual([
      'approved',
      'rejected',
    ]);
    expect(
      (await decide({ status: 'approved', userId: approved.user.id, eventId: event.id }, memberCookie))
        .statusCode,
    ).toBe(403);
    const bad = await decide({ status: 'pending', userId: approved.user.id, eventId: event.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Status must be approved or rejected');
  });

  it('refuses an approval that would exceed the seats after they were lowered', async () => {
    const event = await createEvent(context.db, { is_registration_required: true, max_attendees: 2 });
    const a = await newMember();
    const b = await newMember();
    await register(event.id, a.cookie);
    await register(event.id, b.cookie);
    await context.db.update(events).set({ max_attendees: 1 }).where(eq(events.id, event.id));
    expect((await decide({ status: 'approved', userId: a.user.id, eventId: event.id })).statusCode).toBe(200);
    const refused = await decide({ status: 'approved', userId: b.user.id, eventId: event.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(EVENT_MESSAGES.approveWouldExceed);
  });
});

describe('creating an event with its speakers in one go', () => {
  const speakerCount = async () =>
    (await context.db.select({ n: sql<number>`count(*)::int` }).from(speakers))[0]?.n;

  it('creates the event and its new speakers, linked in the order given', async () => {
    const response = await sendForm('POST', CREATE, {
      ...required,
      title: 'Speakers Forum',
      'speakers[0][name]': 'Dr. Ana Cruz',
      'speakers[0][title]': 'Chief Geologist',
      'speakers[0][company]': 'Cruz Minerals',
      'speakers[1][name]': 'Ben Lim',
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(
      data.speakers.map(({ name, title, company }: Record<string, unknown>) => ({ name, title, company })),
    ).toEqual([
      { name: 'Dr. Ana Cruz', title: 'Chief Geologist', company: 'Cruz Minerals' },
      { name: 'Ben Lim', title: null, company: null },
    ]);
    // The separate speaker endpoints see them as any other speaker.
    const listed = await context.app.inject({
      method: 'GET',
      url: `/api/speakers/event-speakers/${data.id}`,
      headers: { cookie: adminCookie },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((speaker: { name: string }) => speaker.name)).toEqual([
      'Dr. Ana Cruz',
      'Ben Lim',
    ]);
  });

  it('refuses a bad speaker with its field’s message and writes nothing', async () => {
    const [events0, speakers0] = [await eventCount(), await speakerCount()];
    const response = await sendForm('POST', CREATE, {
      ...required,
      'speakers[0][name]': 'Dr. Ana Cruz',
      'speakers[1][name]': '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Name is required',
      fields: { 'speakers.1.name': 'Name is required' },
    });
    const tooMany = await sendForm(
      'POST',
      CREATE,
      Object.fromEntries([
        ...Object.entries(required),
        ...Array.from({ length: 9 }, (_, index) => [`speakers[${index}][name]`, `Speaker ${index}`]),
      ]),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('At most 8 speakers can be added with a new event');
    expect([await eventCount(), await speakerCount()]).toEqual([events0, speakers0]);
  });
});
