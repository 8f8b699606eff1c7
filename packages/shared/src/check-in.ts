import { addToDate, manilaDateString, SITE_UTC_OFFSET_MINUTES } from './dates';
import type { CheckInSession } from './enums';

// Tickets and check-in at the door (docs/product-rules.md "Check-in", docs/decisions/053): the
// rules both the server and the offline check-in page apply, so a phone without signal answers
// as the server would.

export const CHECK_IN_MESSAGES = {
  // The check-in page's card and search (docs/product-rules.md "Check-in").
  savedOnPhone: 'Saved on this phone; it will be sent when the connection returns.',
  sentAfterSync: 'Sent: the server has this check-in.',
  inForSession: 'In',
  ticketInvalid: 'This ticket is not valid',
  ticketReplaced: 'This ticket was replaced by a newer one',
  ticketOtherEvent: 'This ticket is for another event',
  registrationWithdrawn: 'This registration was withdrawn',
  registrationRejected: 'This registration was not approved',
  registrationExpired: 'This registration’s seat was released unpaid',
  registrationPending: 'This registration is not confirmed yet',
  paymentAwaited: 'This registration’s fee is not paid yet',
  notStaff: 'You are not check-in staff for this event',
  outsideEventDays: 'Check-in is open on the event’s days only',
  scanInFuture: 'The scan time cannot be in the future',
  scanTimeInvalid: 'Scan time must be a date and time',
  sessionWrong: (sessions: readonly CheckInSession[]) =>
    `Session must be ${sessions.join(' or ')} for this event`,
  ticketOrRegistration: 'Send a ticket or a registration id',
  noTicket: 'This registration has no ticket yet',
  staffNotFound: 'Account not found',
  staffAlready: 'This account is already check-in staff for this event',
  staffNotAssigned: 'This account is not check-in staff for this event',
  checkedIn: 'Checked in',
  alreadyCheckedIn: 'Already checked in',
} as const;

/** What the check-in page and the "My events" list call each session. */
export const CHECK_IN_SESSION_LABELS: Record<CheckInSession, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  day: 'Whole event',
};

/**
 * A whole-day event starts before noon and ends after 1 p.m. (Manila wall-clock, the event's own
 * times): it has a morning and an afternoon to check into, which certificates count separately.
 * Anything shorter, or an event without both times, is one `day` session.
 */
export const WHOLE_DAY_STARTS_BEFORE = '12:00';
export const WHOLE_DAY_ENDS_AFTER = '13:00';

type EventTimes = { start_time: string | null; end_time: string | null };
type EventDays = { start_date: string; end_date: string | null };

export function isWholeDayEvent({ start_time, end_time }: EventTimes) {
  if (!start_time || !end_time) return false;
  return start_time.slice(0, 5) < WHOLE_DAY_STARTS_BEFORE && end_time.slice(0, 5) > WHOLE_DAY_ENDS_AFTER;
}

/** The sessions each day of the event is checked into. */
export function checkInSessionsOf(event: EventTimes): CheckInSession[] {
  return isWholeDayEvent(event) ? ['morning', 'afternoon'] : ['day'];
}

/** The Manila calendar days the event runs, first to last (a multi-day event checks in per day). */
export function eventDaysOf({ start_date, end_date }: EventDays): string[] {
  const last = end_date && end_date > start_date ? end_date : start_date;
  const days: string[] = [];
  // A bound on a mistyped end date: no event runs for more than a month.
  for (let day = start_date; day <= last && days.length < 31; day = addToDate(day, { days: 1 }))
    days.push(day);
  return days;
}

/** The session a check-in page starts on: the afternoon from noon Manila time on a whole-day event. */
export function currentCheckInSession(event: EventTimes, now = new Date()): CheckInSession {
  if (!isWholeDayEvent(event)) return 'day';
  const manilaHour = new Date(now.getTime() + SITE_UTC_OFFSET_MINUTES * 60_000).getUTCHours();
  return manilaHour < 12 ? 'morning' : 'afternoon';
}

/** The Manila day a scan belongs to. */
export const checkInDayOf = (scannedAt: Date) => manilaDateString(scannedAt);

/**
 * A phone's clock may run a little ahead of the server's: a scan time up to this far in the future
 * is taken as now rather than refused.
 */
export const CHECK_IN_CLOCK_SKEW_MS = 2 * 60_000;

/**
 * Whether a registration's ticket admits its holder, and if not why: approved, and its fee (if
 * any) paid or waived. `payment` is `registrationPaymentState`'s answer, null without a fee.
 */
export function ticketRefusal(registration: { status: string; payment: string | null }): string | null {
  if (registration.status === 'rejected') return CHECK_IN_MESSAGES.registrationRejected;
  if (registration.status === 'expired') return CHECK_IN_MESSAGES.registrationExpired;
  if (registration.payment === 'awaiting' || registration.payment === 'released') {
    return CHECK_IN_MESSAGES.paymentAwaited;
  }
  if (registration.status !== 'approved') return CHECK_IN_MESSAGES.registrationPending;
  return null;
}

/**
 * A ticket as the QR code carries it: `<registration id>.<version>.<signature, 43 base64url
 * characters>`, about 82 characters (decision 053). Only the server can check the signature; the
 * check-in page compares the ticket's SHA-256 with the list's.
 */
export const TICKET_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9][0-9]{0,8})\.[A-Za-z0-9_-]{43}$/;
export const TICKET_MAX_LENGTH = 100;

/** The registration id a ticket names (a UUID), or null for anything that is not a ticket. */
export const registrationIdOfTicket = (token: string): string | null =>
  TICKET_PATTERN.exec(token.trim())?.[1] ?? null;
