import { longDate, MONTH_NAMES, SITE_UTC_OFFSET_MINUTES } from '@portal/shared';

/**
 * Display formats of docs/product-rules.md "Money, dates and content": pesos as ₱15,000.00, 'Free'
 * when a price is 0 or absent, and every date and time in Asia/Manila whatever the visitor's time
 * zone.
 *
 * Written out rather than with Intl: the first Intl formatter of a page costs the browser 40 to
 * 60 ms (it loads its locale and time-zone data), some 200 ms on a phone, in the middle of the
 * home and membership pages' start (docs/decisions/015). The formats are fixed (English, pesos,
 * Manila), so plain code gives the very same text.
 */

/** '15000.00' → '15,000.00' */
const groupThousands = (fixed: string) => fixed.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Prices may arrive as numbers or as decimal strings ('15000.00'). */
export function formatPesos(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return 'Free';
  return `${value < 0 ? '-' : ''}₱${groupThousands(Math.abs(value).toFixed(2))}`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The Manila calendar day and wall-clock time of a value, read from a Date's UTC fields: a bare
 * calendar date ('2025-06-02') names a day, not an instant, and is taken as is, never shifted;
 * an instant is moved to Manila's offset.
 */
function toManilaClock(value: string | Date): Date | null {
  const calendar = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (calendar) return new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])));
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(time) ? null : new Date(time + SITE_UTC_OFFSET_MINUTES * 60_000);
}

const monthName = (clock: Date) => MONTH_NAMES[clock.getUTCMonth()] ?? '';
const dayText = (clock: Date) => longDate(clock.toISOString().slice(0, 10));

/** 'June 2, 2025'. An invalid or empty value gives ''. */
export function formatDate(value: string | Date | null | undefined): string {
  const clock = value ? toManilaClock(value) : null;
  return clock ? dayText(clock) : '';
}

/** '9:30 AM': an instant's time of day in Manila. An invalid or empty value gives ''. */
export function formatTimeOfDay(value: string | Date | null | undefined): string {
  const clock = value ? toManilaClock(value) : null;
  if (!clock) return '';
  const minutes = String(clock.getUTCMinutes()).padStart(2, '0');
  return formatTime(`${clock.getUTCHours()}:${minutes}`);
}

/** 'June 2, 2025 at 9:30 AM' in Manila. An invalid or empty value gives ''. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const clock = value ? toManilaClock(value) : null;
  return clock ? `${dayText(clock)} at ${formatTimeOfDay(value)}` : '';
}

/** 'Jun 2025' for a calendar date ('2025-06-02'). An invalid or empty value gives ''. */
export function formatMonthYear(value: string | null | undefined): string {
  const calendar = value ? DATE_ONLY.exec(value) : null;
  const clock = calendar ? toManilaClock(calendar[0]) : null;
  return clock ? `${monthName(clock).slice(0, 3)} ${clock.getUTCFullYear()}` : '';
}

/** A wall-clock time of the event ('14:30' or '14:30:00') as '2:30 PM'; already Manila time. */
export function formatTime(value: string | null | undefined): string {
  const match = value ? /^(\d{1,2}):(\d{2})/.exec(value) : null;
  if (!match) return '';
  const hours = Number(match[1]);
  if (hours > 23) return '';
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
}

const offsetText = () => {
  const minutes = Math.abs(SITE_UTC_OFFSET_MINUTES);
  const sign = SITE_UTC_OFFSET_MINUTES < 0 ? '-' : '+';
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/**
 * An instant as a `datetime-local` value ('2026-06-15T09:00') in Manila's wall-clock time, as every
 * time is shown, whatever the browser's time zone. An invalid or empty value gives ''.
 */
export function toManilaDateTimeInput(value: string | Date | null | undefined): string {
  const clock = value ? toManilaClock(value) : null;
  return clock ? clock.toISOString().slice(0, 16) : '';
}

/**
 * A `datetime-local` value read as Manila's wall-clock time, as an ISO instant with its offset
 * ('2026-06-15T09:00:00+08:00'); anything else is passed on as typed, for the schema to refuse.
 */
export function fromManilaDateTimeInput(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00${offsetText()}` : value;
}
