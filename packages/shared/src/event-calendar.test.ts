import { describe, expect, it } from 'vitest';
import { eventCalendarTimes, eventPlaceLines, googleCalendarLink } from './event-calendar';

const when = { start_date: '2099-06-10', end_date: null, start_time: null, end_time: null };
const nowhere = {
  location_name: null,
  building_name: null,
  floor: null,
  room: null,
  address: null,
  city: null,
  province: null,
  country: null,
};

describe('eventCalendarTimes', () => {
  it('gives an event without a time whole days, the end being the day after the last', () => {
    expect(eventCalendarTimes(when)).toEqual({
      allDay: true,
      firstDay: '2099-06-10',
      dayAfterLast: '2099-06-11',
    });
    expect(eventCalendarTimes({ ...when, end_date: '2099-06-30' })).toEqual({
      allDay: true,
      firstDay: '2099-06-10',
      dayAfterLast: '2099-07-01',
    });
  });

  it('reads the times as Manila wall-clock times (+08:00)', () => {
    const times = eventCalendarTimes({ ...when, start_time: '09:30', end_time: '17:00:00' });
    expect(times).toEqual({
      allDay: false,
      start: new Date('2099-06-10T01:30:00Z'),
      end: new Date('2099-06-10T09:00:00Z'),
    });
  });

  it('ends a multi-day event at the end time on its last day', () => {
    const times = eventCalendarTimes({
      ...when,
      end_date: '2099-06-12',
      start_time: '08:00',
      end_time: '12:00',
    });
    expect(times).toMatchObject({
      start: new Date('2099-06-10T00:00:00Z'),
      end: new Date('2099-06-12T04:00:00Z'),
    });
  });

  it('gives a timed event without an end time (or one not after the start) an hour', () => {
    expect(eventCalendarTimes({ ...when, start_time: '23:30' })).toMatchObject({
      end: new Date('2099-06-10T16:30:00Z'),
    });
    expect(eventCalendarTimes({ ...when, start_time: '10:00', end_time: '09:00' })).toMatchObject({
      end: new Date('2099-06-10T03:00:00Z'),
    });
  });
});

describe('eventPlaceLines', () => {
  it('joins floor and room, city and province, and leaves blanks out', () => {
    expect(
      eventPlaceLines({
        ...nowhere,
        location_name: 'Makati Shangri-La',
        floor: '2F',
        room: 'Rizal Ballroom',
        city: 'Makati',
        country: 'Philippines',
      }),
    ).toEqual(['Makati Shangri-La', '2F, Rizal Ballroom', 'Makati', 'Philippines']);
  });
});

describe('googleCalendarLink', () => {
  it('fills in the template from the event, URL-encoded', () => {
    const link = new URL(
      googleCalendarLink(
        {
          ...when,
          ...nowhere,
          start_time: '09:30',
          end_time: '11:00',
          title: 'Rocks & Ores: 2099',
          description: 'Field notes',
          location_name: 'Makati Shangri-La',
          city: 'Makati',
        },
        'https://portal.example.org/events/abc',
      ),
    );
    expect(link.origin + link.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Rocks & Ores: 2099',
      dates: '20990610T013000Z/20990610T030000Z',
      details: 'Field notes\n\nhttps://portal.example.org/events/abc',
      location: 'Makati Shangri-La, Makati',
      ctz: 'Asia/Manila',
    });
    expect(link.search).toContain('text=Rocks+%26+Ores%3A+2099');
  });

  it('gives an all-day event its dates only', () => {
    const link = new URL(
      googleCalendarLink({ ...when, ...nowhere, title: 'Forum', description: null }, 'https://x/e'),
    );
    expect(link.searchParams.get('dates')).toBe('20990610/20990611');
    expect(link.searchParams.get('details')).toBe('https://x/e');
  });
});
