/** Dates and times are shown and compared in the Philippines' time zone (DECISIONS.md). */
export const SITE_TIME_ZONE = 'Asia/Manila';

/** The calendar date (YYYY-MM-DD) in Manila at the given instant. */
export function manilaDateString(instant: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE }).format(instant);
}
