// When and where an event happens, for calendars: the server's .ics files and the event page's
// Google Calendar link read the same rules here, so both put an event at the same time
// (docs/product-rules.md "Events", docs/decisions/045).

import { SITE_TIME_ZONE } from './dates';

type EventWhen = {
  start_date: string;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
};

type EventWhere = {
  location_name: string | null;
  building_name: string | null;
  floor: string | null;
  room: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
};

/**
 * An all-day event's days (the end is the day after the last, as calendars count it), or a timed
 * event's two instants.
 */
export type EventCalendarTimes =
  | { allDay: true; firstDay: string; dayAfterLast: string }
  | { allDay: false; start: Date; end: Date };

/** A timed event with no end time is put down for an hour, as calendars do with a new entry. */
/** The feed of upcoming events that calendars subscribe to (served by the API, linked from /events). */
export const EVENTS_FEED_PATH = '/events.ics';

export const DEFAULT_EVENT_DURATION_MS = 60 * 60_000;

/** The instant a Manila wall-clock time (`HH:MM` or `HH:MM:SS`) falls on: Manila keeps +08:00 all year. */
const manilaInstant = (date: string, time: string) => new Date(`${date}T${time.slice(0, 5)}:00+08:00`);

const dayAfter = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/**
 * The event's dates and times are Manila's calendar dates and wall-clock times. Without a start
 * time it lasts whole days, from the start date through the end date (or the start date); with one
 * it ends at the end time on its last day, or an hour after it starts on that day without an end
 * time (and so when the end time is not after the start).
 */
export function eventCalendarTimes(event: EventWhen): EventCalendarTimes {
  const lastDay = event.end_date ?? event.start_date;
  if (!event.start_time) return { allDay: true, firstDay: event.start_date, dayAfterLast: dayAfter(lastDay) };
  const start = manilaInstant(event.start_date, event.start_time);
  const onLastDay = manilaInstant(lastDay, event.end_time ?? event.start_time);
  const end =
    event.end_time && onLastDay > start
      ? onLastDay
      : new Date(Math.max(onLastDay.getTime(), start.getTime()) + DEFAULT_EVENT_DURATION_MS);
  return { allDay: false, start, end };
}

/** The lines of an event's place, most specific first; blanks left out. */
export function eventPlaceLines(event: EventWhere): string[] {
  return [
    event.location_name,
    event.building_name,
    [event.floor, event.room].filter(Boolean).join(', '),
    event.address,
    [event.city, event.province].filter(Boolean).join(', '),
    event.country,
  ].filter((line): line is string => Boolean(line));
}

/** `20990610T013000Z`: the UTC form calendars read. */
const utcStamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * Google Calendar's "create an event" address, filled in from the event: its title, its times,
 * its place and a link back to its page in the details.
 */
export function googleCalendarLink(
  event: EventWhen & EventWhere & { title: string; description: string | null },
  pageUrl: string,
): string {
  const times = eventCalendarTimes(event);
  const dates = times.allDay
    ? `${times.firstDay.replace(/-/g, '')}/${times.dayAfterLast.replace(/-/g, '')}`
    : `${utcStamp(times.start)}/${utcStamp(times.end)}`;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates,
    details: [event.description, pageUrl].filter(Boolean).join('\n\n'),
    location: eventPlaceLines(event).join(', '),
    ctz: SITE_TIME_ZONE,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
