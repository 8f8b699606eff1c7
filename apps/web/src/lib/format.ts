import { SITE_TIME_ZONE } from '@portal/shared';

/**
 * Display formats of DECISIONS.md "Money, dates, content": pesos as ₱15,000.00, 'Free' when a
 * price is 0 or absent, and every date and time in Asia/Manila whatever the visitor's time zone.
 */

const pesoFormat = new Intl.NumberFormat('en-PH', {
  style: 'currency',
  currency: 'PHP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Prices may arrive as numbers or as decimal strings ('15000.00'). */
export function formatPesos(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return 'Free';
  return pesoFormat.format(value);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
// A bare calendar date ('2025-06-02') names a day, not an instant: shown as is, never shifted.
const calendarDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const calendar = DATE_ONLY.exec(value);
  const date = calendar
    ? new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'June 2, 2025'. An invalid or empty value gives ''. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = toDate(value);
  if (!date) return '';
  const isCalendarDate = typeof value === 'string' && DATE_ONLY.test(value);
  return (isCalendarDate ? calendarDateFormat : dateFormat).format(date);
}

/** 'June 2, 2025 at 9:30 AM' in Manila. An invalid or empty value gives ''. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
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
