import { manilaDateString } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
const list = (query = '') =>
  context.app.inject({ method: 'GET', url: `/api/events/retrieve-events${query}` });

beforeAll(async () => {
  context = await buildTestApp();
  const { db } = context;
  await createEvent(db, {
    title: 'Draft Planning Meeting',
    status: 'draft',
    created_at: new Date('2026-01-01'),
  });
  await createEvent(db, {
    title: 'Cancelled Field Trip',
    status: 'cancelled',
    created_at: new Date('2026-01-02'),
  });
  await createEvent(db, {
    title: 'Geology Workshop',
    event_type: 'Workshop',
    start_date: '2020-05-01',
    organizer_name: 'Cordillera Geoscience Guild',
    created_at: new Date('2026-01-03'),
  });
  await createEvent(db, {
    title: 'Annual Exploration Conference',
    event_type: 'Conference',
    is_registration_required: true,
    max_attendees: 120,
    price: '1500.50',
    start_time: '09:30:00',
    location_name: 'Makati Shangri-La',
    start_date: '2099-06-10',
    created_at: new Date('2026-01-04'),
  });
  await createEvent(db, {
    title: 'Safety Training 100% Hands-on',
    event_type: 'Training',
    start_date: '2099-03-01',
    created_at: new Date('2026-01-05'),
  });
});
afterAll(() => context.close());

describe('GET /api/events/retrieve-events', () => {
  it('lists published events only, newest first, with the pagination fields', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.events.map((event: { title: string }) => event.title)).toEqual([
      'Safety Training 100% Hands-on',
      'Annual Exploration Conference',
      'Geology Workshop',
    ]);
    expect(data).toMatchObject({
      page: 1,
      limit: 8,
      total: 3,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    });
  });

  it('never shows drafts or cancelled events to the public, whatever status is asked for', async () => {
    for (const status of ['draft', 'cancelled']) {
      const { data } = (await list(`?status=${status}`)).json();
      expect(data.events.every((event: { status: string }) => event.status === 'published')).toBe(true);
      expect(data.total).toBe(3);
    }
  });

  it('returns an event with capacity under both names, price as a number and minutes-only time', async () => {
    const { data } = (await list('?search=annual')).json();
    expect(data.events).toHaveLength(1);
    expect(data.events[0]).toMatchObject({
      title: 'Annual Exploration Conference',
      max_attendees: 120,
      max_participants: 120,
      price: 1500.5,
      start_time: '09:30',
      start_date: '2099-06-10',
      is_registration_required: true,
      status: 'published',
    });
    expect(data.events[0]).not.toHaveProperty('created_by');
    expect(data.events[0]).not.toHaveProperty('content');
    expect(data.events[0]).not.toHaveProperty('search_text');
    expect(data.events[0]).not.toHaveProperty('searchText');
  });

  it('filters by type, registration and search (case-insensitive, organiser and location too)', async () => {
    const titles = async (query: string) =>
      (await list(query)).json().data.events.map((event: { title: string }) => event.title);
    expect(await titles('?event_type=Workshop')).toEqual(['Geology Workshop']);
    expect(await titles('?is_registration_required=true')).toEqual(['Annual Exploration Conference']);
    expect(await titles('?is_registration_required=false')).toHaveLength(2);
    expect(await titles('?search=CORDILLERA')).toEqual(['Geology Workshop']);
    expect(await titles('?search=shangri')).toEqual(['Annual Exploration Conference']);
    // LIKE wildcards in the search are matched literally.
    expect(await titles('?search=100%25')).toEqual(['Safety Training 100% Hands-on']);
    expect(await titles('?search=%25%25%25')).toEqual([]);
    expect(await titles('?search=_')).toEqual([]);
    // A field other than the title (the organiser), in mixed case.
    expect(await titles('?search=GeoScience%20GUILD')).toEqual(['Geology Workshop']);
  });

  it('lists upcoming events by start date for the home page', async () => {
    const { data } = (await list('?upcoming=true&sort_by=start_date&sort_order=asc&limit=3')).json();
    expect(data.events.map((event: { start_date: string }) => event.start_date)).toEqual([
      '2099-03-01',
      '2099-06-10',
    ]);
    expect(data.events.every((event: { start_date: string }) => event.start_date >= manilaDateString())).toBe(
      true,
    );
  });

  it('pages through the list without repeating a row', async () => {
    const first = (await list('?limit=2&page=1')).json().data;
    const second = (await list('?limit=2&page=2')).json().data;
    expect(first).toMatchObject({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
    });
    expect(second).toMatchObject({ page: 2, hasNext: false, hasPrev: true });
    const ids = [...first.events, ...second.events].map((event: { id: string }) => event.id);
    expect(new Set(ids).size).toBe(3);
    expect((await list('?page=9')).json().data.events).toEqual([]);
  });

  it.each([
    'sort_by=created_at&sort_order=desc',
    'sort_by=start_date&sort_order=asc',
    'sort_by=title&sort_order=asc',
    // Two events share the type: the id breaks the tie in the same order on every page.
    'sort_by=event_type&sort_order=desc&search=o',
  ])('serves every later page as the same slice of the whole list (%s)', async (sort) => {
    const ids = async (query: string) =>
      (await list(`?${query}`)).json().data.events.map((event: { id: string }) => event.id);
    const whole = await ids(`${sort}&limit=100`);
    expect(whole.length).toBeGreaterThan(1);
    const pages = [];
    for (let page = 1; page <= whole.length; page++)
      pages.push(...(await ids(`${sort}&limit=1&page=${page}`)));
    expect(pages).toEqual(whole);
  });

  it.each([
    ['?page=0', 'Page must be at least 1'],
    ['?page=abc', 'Page must be a whole number'],
    // z.coerce once read these as 16 and 1000.
    ['?page=0x10', 'Page must be a whole number'],
    ['?limit=1e3', 'Limit must be a whole number'],
    ['?page=1&page=2', 'Page must be a whole number'],
    ['?limit=101', 'Limit must be at most 100'],
    ['?limit=1.5', 'Limit must be a whole number'],
    ['?event_type=Party', 'Invalid event type'],
    ['?status=deleted', 'Invalid status'],
    ['?is_registration_required=yes', 'is_registration_required must be true or false'],
    ['?sort_by=password', 'Invalid sort field'],
    ['?sort_order=sideways', 'Sort order must be asc or desc'],
    [`?search=${'x'.repeat(201)}`, 'Search must be at most 200 characters'],
  ])('answers 400 with the field message for %s', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, code: 'validation_error' });
  });
});
