import { SITE_TIME_ZONE } from '@portal/shared';

// The admin dashboard's formats. Kept out of lib/format.ts: building an Intl formatter costs the
// first page that loads it tens of milliseconds, and the public pages must not pay for these.

const countFormat = new Intl.NumberFormat('en-PH');

/** A whole number with thousands separators: '1,204'. */
export const formatCount = (value: number): string => countFormat.format(value);

const clockDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const clockTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** The admin dashboard's clock: 'Saturday, November 21, 2026' and '7:05:09 PM', in Manila. */
export function formatClock(instant: Date): { date: string; time: string } {
  return { date: clockDateFormat.format(instant), time: clockTimeFormat.format(instant) };
}
