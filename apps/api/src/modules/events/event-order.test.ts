import { addToDate, manilaDateString } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
const titles = async (query: string) => {
  const response = await context.app.inject({ method: 'GET', url: `/api/events/retrieve-events?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json().data.events.map((event: { title: string }) => event.title) as string[];
};

beforeAll(async () => {
  context = await buildTestApp();
  const today = manilaDateString();
  const day = (days: number) => addToDate(today, { days });
  // Created in an order unlike their dates, so an order by creation would show.
  const rows = [
    { title: 'Next month workshop', start_date: day(30), event_type: 'Workshop' as const },
    { title: 'Tomorrow afternoon', start_date: day(1), start_time: '14:00' },
    { title: 'Tomorrow morning', start_date: day(1), start_time: '08:00' },
    { title: 'Tomorrow all day', start_date: day(1) },
    { title: 'Three-day forum, ends tomorrow', start_date: day(-1), end_date: day(1) },
    { title: 'Today', start_date: today, start_time: '07:00' },
    { title: 'Yesterday', start_date: day(-1), event_type: 'Workshop' as const },
    { title: 'Last year', start_date: day(-365) },
    { title: 'Last week, ended', start_date: day(-9), end_date: day(-7) },
    { title: 'Draft tomorrow', start_date: day(1), status: 'draft' as const },
    { title: 'Cancelled tomorrow', start_date: day(1), status: 'cancelled' as const },
  ];
  for (const [index, row] of rows.entries()) {
    await createEvent(context.db, { ...row, created_at: new Date(Date.UTC(2026, 0, 1 + index)) });
  }
});
afterAll(() => context.close());

describe('GET /api/events/retrieve-events?when=', () => {
  it('upcoming: published events not ended yet (Manila date), by start date then time, soonest first', async () => {
    expect(await titles('when=upcoming')).toEqual([
      'Three-day forum, ends tomorrow',
      'Today',
      'Tomorrow all day',
      'Tomorrow morning',
      'Tomorrow afternoon',
      'Next month workshop',
    ]);
  });

  it('past: the ended ones, newest first', async () => {
    expect(await titles('when=past')).toEqual(['Yesterday', 'Last week, ended', 'Last year']);
  });

  it('keeps the search, the filters and the pages working with both', async () => {
    expect(await titles('when=upcoming&search=tomorrow')).toEqual([
      'Three-day forum, ends tomorrow',
      'Tomorrow all day',
      'Tomorrow morning',
      'Tomorrow afternoon',
    ]);
    expect(await titles('when=past&event_type=Workshop')).toEqual(['Yesterday']);
    expect(await titles('when=upcoming&event_type=Workshop')).toEqual(['Next month workshop']);
    expect(await titles('when=upcoming&limit=2&page=2')).toEqual(['Tomorrow all day', 'Tomorrow morning']);
    const page = (await context.app.inject({ url: '/api/events/retrieve-events?when=past&limit=2' })).json();
    expect(page.data).toMatchObject({ total: 3, totalPages: 2 });
  });

  it('decides the order over sort_by and sort_order; without it the list is as before', async () => {
    expect(await titles('when=past&sort_by=title&sort_order=asc')).toEqual([
      'Yesterday',
      'Last week, ended',
      'Last year',
    ]);
    expect((await titles('')).slice(0, 2)).toEqual(['Last week, ended', 'Last year']);
  });

  it('refuses another view with the field’s message', async () => {
    const response = await context.app.inject({ url: '/api/events/retrieve-events?when=soon' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'when must be upcoming or past' });
  });
});
