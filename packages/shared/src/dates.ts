/**
 * Dates and times are shown and compared in the Philippines' time zone
 * (docs/product-rules.md "Money, dates and content").
 */
export const SITE_TIME_ZONE = 'Asia/Manila';

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
