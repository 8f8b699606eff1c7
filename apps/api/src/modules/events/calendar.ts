import { eventCalendarTimes, eventPlaceLines, siteConfig, sitePaths } from '@portal/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ical, { ICalCalendarMethod, type ICalEventData, ICalEventStatus } from 'ical-generator';
import type { Db, DbTransaction } from '../../db/client';
import { events } from '../../db/schema';
import { byWhenItHappens, notEnded } from './service';

/**
 * Calendar files of published events (RFC 5545, written by the `ical-generator` library;
 * docs/decisions/045): one event's for "Add to calendar" and the registration e-mails, and the
 * feed of every upcoming one that a calendar subscribes to.
 */

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';
/** One event's file: `/events/{id}.ics`, beside its page. */
export const eventCalendarPath = (id: string) => `${sitePaths.eventDetail(id)}.ics`;

const calendarColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  start_date: events.start_date,
  end_date: events.end_date,
  start_time: events.start_time,
  end_time: events.end_time,
  location_name: events.location_name,
  building_name: events.building_name,
  floor: events.floor,
  room: events.room,
  address: events.address,
  city: events.city,
  province: events.province,
  country: events.country,
  event_type: events.event_type,
  status: events.status,
  created_at: events.created_at,
  updated_at: events.updated_at,
};
type CalendarRow = Pick<typeof events.$inferSelect, keyof typeof calendarColumns>;

/** Drafts have no calendar entry; a cancelled event keeps one, marked so, until it would have ended. */
const IN_CALENDARS = ['published', 'cancelled'] as const;

/** SEQUENCE counts from here: an event changed later has a higher one than any earlier file of it. */
const SEQUENCE_EPOCH_MS = Date.UTC(2020, 0, 1);

/**
 * One VEVENT. The UID is the event's id (a UUID, as RFC 7986 recommends, with no host, so setting
 * PUBLIC_URL later changes no entry), so a calendar that imports the file twice, or reads the feed
 * again, updates the entry instead of adding another. Calendars apply a changed or cancelled entry
 * only when its SEQUENCE is higher than the one they hold (RFC 5546): it is the event's last change
 * in seconds, so every edit (a new time, the cancellation) raises it. Times go out in UTC
 * (RFC 5545 form 2), computed from Manila's wall clock, so every calendar shows the Manila time
 * in its own zone; all-day events as dates.
 */
function toCalendarEvent(row: CalendarRow, publicUrl: string): ICalEventData {
  const times = eventCalendarTimes(row);
  const pageUrl = `${publicUrl}${sitePaths.eventDetail(row.id)}`;
  const location = eventPlaceLines(row).join(', ');
  return {
    // A calendar without a time zone writes a date-only string (read as midnight UTC) as that
    // date, and an instant in UTC.
    ...(times.allDay
      ? { allDay: true, start: times.firstDay, end: times.dayAfterLast }
      : { start: times.start, end: times.end }),
    id: row.id,
    sequence: Math.max(0, Math.floor((row.updated_at.getTime() - SEQUENCE_EPOCH_MS) / 1000)),
    summary: row.title,
    description: [row.description, pageUrl].filter(Boolean).join('\n\n'),
    location: location || null,
    url: pageUrl,
    categories: [{ name: row.event_type }],
    status: row.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    // The last change rather than the time of the request: the same event gives the same file,
    // so the ETag lets a calendar's repeated reads be answered 304.
    stamp: row.updated_at,
    created: row.created_at,
    lastModified: row.updated_at,
  };
}

/** RFC 5545 ends every line, the last one too, with CRLF; the library leaves the last one bare. */
function writeCalendar(rows: CalendarRow[], publicUrl: string, calendarName?: string): string {
  const text = ical({
    prodId: { company: siteConfig.acronym, product: 'Events' },
    method: ICalCalendarMethod.PUBLISH,
    name: calendarName ?? null,
    events: rows.map((row) => toCalendarEvent(row, publicUrl)),
  }).toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/**
 * A published or cancelled event's file, or null: drafts and unknown events have none. A cancelled
 * event's file says CANCELLED, so a calendar that imported it removes or strikes the entry.
 */
export async function eventCalendarFile(db: Db | DbTransaction, id: string, publicUrl: string) {
  const [row] = await db
    .select(calendarColumns)
    .from(events)
    .where(and(eq(events.id, id), inArray(events.status, IN_CALENDARS)));
  if (!row) return null;
  return {
    filename: calendarFileName(row.title),
    contentType: CALENDAR_CONTENT_TYPE,
    content: writeCalendar([row], publicUrl),
  };
}

/**
 * `/events.ics`: every published or cancelled event that has not ended, soonest first. Written
 * again only when its rows changed (docs/decisions/045): the feed is a pure function of its rows
 * and the public URL. The rows' fingerprint (an md5 of each one's id and last change, computed in
 * the database) is one statement of a few milliseconds, where writing 1,000 entries takes tens of
 * milliseconds of the request thread. Every change the app makes moves `updated_at`, which is
 * also each entry's SEQUENCE: a change that did not move it would not be taken by a calendar
 * either. One feed is kept, per app.
 */
export function eventsFeed(db: Db, publicUrl: string) {
  const rowsFingerprint = sql<string>`coalesce(md5(string_agg(${events.id}::text || ${events.updated_at}::text, ',' order by ${events.id})), '')`;
  let written: { fingerprint: string; text: string } | undefined;
  return async () => {
    const feedRows = and(inArray(events.status, IN_CALENDARS), notEnded());
    const [{ fingerprint } = { fingerprint: '' }] = await db
      .select({ fingerprint: rowsFingerprint })
      .from(events)
      .where(feedRows);
    if (written?.fingerprint === fingerprint) return written.text;
    const rows = await db
      .select(calendarColumns)
      .from(events)
      .where(feedRows)
      .orderBy(...byWhenItHappens('asc'), events.id);
    written = { fingerprint, text: writeCalendar(rows, publicUrl, `${siteConfig.name} events`) };
    return written.text;
  };
}

/** A file name from the title: letters, digits and dashes, never empty. */
export function calendarFileName(title: string) {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'event'}.ics`;
}
