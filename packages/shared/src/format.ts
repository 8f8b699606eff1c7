import { MONTH_NAMES, SITE_UTC_OFFSET_MINUTES } from './dates';

/**
 * Every date, time, count and peso amount that a person reads — on the web, in e-mails, in CSV
 * files and in the PDFs — is written here, by one rule (docs/decisions/079): English, pesos, and
 * Asia/Manila by its fixed offset (docs/product-rules.md "Money, dates and content").
 *
 * Written out rather than with Intl: the first Intl formatter of a page costs the browser 40 to
 * 60 ms (it loads its locale and time-zone data), some 200 ms on a phone (docs/decisions/015). The
 * formats are fixed, so plain code gives the very text Intl gives, the same on every machine
 * whatever its ICU data. Lint keeps Intl and toLocale* out of the apps (biome.json).
 */

type DateValue = string | Date | null | undefined;

/** '1234567' → '1,234,567' (digits only; the sign and decimals are the caller's). */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A whole number with thousands separators: 1204 → '1,204', -1204 → '-1,204'. */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return `${sign}${groupThousands(String(Math.trunc(Math.abs(value))))}`;
}

/**
 * Hundredths with two decimals and no separators, in integer arithmetic: 150 → '1.50',
 * -5 → '-0.05'. A spreadsheet's number (centavos as pesos in CSV files) or an average.
 */
export function formatTwoDecimals(hundredths: number): string {
  if (!Number.isSafeInteger(hundredths))
    throw new RangeError(`Not a whole number of hundredths: ${hundredths}`);
  const sign = hundredths < 0 ? '-' : '';
  const absolute = Math.abs(hundredths);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Hundredths with no trailing zeros (CPD units and hours): 150 → '1.5', 200 → '2', 125 → '1.25'. */
export function formatHundredths(hundredths: number): string {
  const [whole, fraction = ''] = formatTwoDecimals(hundredths).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${whole}.${trimmed}` : (whole ?? '0');
}

/** '₱15,000.00' from 1500000 centavos, '-₱1.50' from -150; integer arithmetic, never rounded. */
export function formatCentavos(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Not a whole number of centavos: ${centavos}`);
  const [whole = '0', cents] = formatTwoDecimals(Math.abs(centavos)).split('.');
  return `${centavos < 0 ? '-' : ''}₱${groupThousands(whole)}.${cents}`;
}

/**
 * A price in pesos as the site shows it: '₱15,000.00', and 'Free' when it is 0 or absent. Prices
 * may arrive as numbers or as decimal strings ('15000.00').
 */
export function formatPesos(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return 'Free';
  const [whole = '0', cents] = Math.abs(value).toFixed(2).split('.');
  return `${value < 0 ? '-' : ''}₱${groupThousands(whole)}.${cents}`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The Manila calendar day and wall-clock time of a value, read from a Date's UTC fields: a bare
 * calendar date ('2025-06-02') names a day, not an instant, and is taken as is, never shifted;
 * an instant is moved to Manila's offset. Null for an empty or invalid value (31 February too).
 */
function toManilaClock(value: DateValue): Date | null {
  if (!value) return null;
  const calendar = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (calendar) {
    const [year, month, day] = [Number(calendar[1]), Number(calendar[2]), Number(calendar[3])];
    const clock = new Date(Date.UTC(year, month - 1, day));
    // Date.UTC rolls 31 February over into March; a real date comes back unchanged.
    return clock.getUTCMonth() === month - 1 && clock.getUTCDate() === day ? clock : null;
  }
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(time) ? null : new Date(time + SITE_UTC_OFFSET_MINUTES * 60_000);
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const monthOf = (clock: Date) => MONTH_NAMES[clock.getUTCMonth()] ?? '';
const twoDigits = (value: number) => String(value).padStart(2, '0');
const dayText = (clock: Date) => `${monthOf(clock)} ${clock.getUTCDate()}, ${clock.getUTCFullYear()}`;
const hourText = (clock: Date) => (clock.getUTCHours() % 12 === 0 ? 12 : clock.getUTCHours() % 12);
const meridiem = (clock: Date) => (clock.getUTCHours() < 12 ? 'AM' : 'PM');

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

/** 'June 2, 2025' (the web, e-mails and the card). An invalid or empty value gives ''. */
export function formatDate(value: DateValue): string {
  const clock = toManilaClock(value);
  return clock ? dayText(clock) : '';
}

/** 'Monday, June 2, 2025'. An invalid or empty value gives ''. */
export function formatWeekdayDate(value: DateValue): string {
  const clock = toManilaClock(value);
  return clock ? `${WEEKDAY_NAMES[clock.getUTCDay()]}, ${dayText(clock)}` : '';
}

/** '9:30 AM': an instant's time of day in Manila. An invalid or empty value gives ''. */
export function formatTimeOfDay(value: DateValue): string {
  const clock = toManilaClock(value);
  return clock ? `${hourText(clock)}:${twoDigits(clock.getUTCMinutes())} ${meridiem(clock)}` : '';
}

/** '9:30:05 AM': a clock with seconds (the admin dashboard's). An invalid or empty value gives ''. */
export function formatClockTime(value: DateValue): string {
  const clock = toManilaClock(value);
  if (!clock) return '';
  const minutes = `${twoDigits(clock.getUTCMinutes())}:${twoDigits(clock.getUTCSeconds())}`;
  return `${hourText(clock)}:${minutes} ${meridiem(clock)}`;
}

/** 'June 2, 2025 at 9:30 AM' in Manila. An invalid or empty value gives ''. */
export function formatDateTime(value: DateValue): string {
  return toManilaClock(value) ? `${formatDate(value)} at ${formatTimeOfDay(value)}` : '';
}

/** 'Monday, June 2, 2025 at 9:30 AM' in Manila. An invalid or empty value gives ''. */
export function formatWeekdayDateTime(value: DateValue): string {
  return toManilaClock(value) ? `${formatWeekdayDate(value)} at ${formatTimeOfDay(value)}` : '';
}

/** '2026-11-27 17:30' in Manila, as a spreadsheet reads a time and sorts it. */
export function formatSortableDateTime(value: DateValue): string {
  const clock = toManilaClock(value);
  if (!clock) return '';
  return `${clock.toISOString().slice(0, 10)} ${twoDigits(clock.getUTCHours())}:${twoDigits(clock.getUTCMinutes())}`;
}

/** 'Jun 2025' for a calendar date ('2025-06-02'). An invalid or empty value gives ''. */
export function formatMonthYear(value: string | null | undefined): string {
  const clock = value && DATE_ONLY.test(value) ? toManilaClock(value) : null;
  return clock ? `${monthOf(clock).slice(0, 3)} ${clock.getUTCFullYear()}` : '';
}

/** A wall-clock time of an event ('14:30' or '14:30:00') as '2:30 PM'; already Manila time. */
export function formatTime(value: string | null | undefined): string {
  const match = value ? /^(\d{1,2}):(\d{2})/.exec(value) : null;
  if (!match) return '';
  const hours = Number(match[1]);
  if (hours > 23) return '';
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
}

/**
 * A calendar date (YYYY-MM-DD) as the PDF documents print it, day first: '27 November 2026'.
 * Throws on anything else: a document is never printed with a blank date.
 */
export function formatDocumentDate(date: string): string {
  const clock = DATE_ONLY.test(date) ? toManilaClock(date) : null;
  if (!clock) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return `${clock.getUTCDate()} ${monthOf(clock)} ${clock.getUTCFullYear()}`;
}

/**
 * The dates of an event as a certificate prints them: '15 October 2026', '15–16 October 2026',
 * '30 October – 2 November 2026', '30 December 2026 – 2 January 2027'.
 */
export function formatDocumentDateRange(start: string, end: string | null): string {
  if (!end || end === start) return formatDocumentDate(start);
  const [fromDay, fromMonth, fromYear] = formatDocumentDate(start).split(' ');
  const [toDay, toMonth, toYear] = formatDocumentDate(end).split(' ');
  if (fromYear !== toYear) return `${formatDocumentDate(start)} – ${formatDocumentDate(end)}`;
  if (fromMonth !== toMonth) return `${fromDay} ${fromMonth} – ${toDay} ${toMonth} ${toYear}`;
  return `${fromDay}–${toDay} ${toMonth} ${toYear}`;
}
