/**
 * Dates and times are shown and compared in the Philippines' time zone
 * (docs/product-rules.md "Money, dates and content").
 */
export const SITE_TIME_ZONE = 'Asia/Manila';

/** The months as the site writes them (English; format.ts). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * Manila's offset from UTC, the same all year: the Philippines has had no daylight saving time
 * since 1990. The web app places instants on Manila's calendar with it rather than with Intl,
 * whose first use costs a phone a fifth of a second (docs/decisions/015).
 */
export const SITE_UTC_OFFSET_MINUTES = 8 * 60;

/**
 * The calendar date (YYYY-MM-DD) in Manila at the given instant: today's, by default. Both apps
 * read "today" here (an event that starts before it is past); by the fixed offset, not Intl, so
 * a page that asks costs nothing.
 */
export function manilaDateString(instant: Date = new Date()): string {
  return new Date(instant.getTime() + SITE_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/**
 * A calendar date (YYYY-MM-DD) moved by whole days or months, as PostgreSQL's `date + interval`
 * does: a month later than 31 August is 30 September, the month's last day.
 */
export function addToDate(
  date: string,
  { days = 0, months = 0 }: { days?: number; months?: number },
): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const firstOfMonth = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfMonth.getUTCFullYear(), firstOfMonth.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfMonth.setUTCDate(Math.min(day, lastDay) + days);
  return firstOfMonth.toISOString().slice(0, 10);
}

/** The instant a Manila calendar day begins. */
export function startOfManilaDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - SITE_UTC_OFFSET_MINUTES * 60_000);
}
