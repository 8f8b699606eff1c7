import {
  CHECK_IN_MESSAGES,
  type CheckInList,
  type CheckInSession,
  type DoorAttendee,
  registrationIdOfTicket,
  ticketRefusal,
} from '@portal/shared';

/**
 * The check-in page's answers without the server (docs/decisions/053): the same rules as
 * `POST /api/events/{id}/check-ins`, against the list the phone downloaded. A ticket is recognised
 * by its SHA-256, which the list holds instead of anything that could make a ticket.
 */

export type DoorAnswer =
  | { kind: 'admit'; attendee: DoorAttendee }
  | { kind: 'duplicate'; attendee: DoorAttendee; at: string }
  | { kind: 'refused'; message: string; attendee?: DoorAttendee };

/** SHA-256 in hex through Web Crypto (HTTPS or localhost only, as the site is served). */
export async function sha256Hex(value: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Who a scanned ticket names in the list, or why it admits no one. */
export async function attendeeOfTicket(list: CheckInList, token: string): Promise<DoorAnswer> {
  const registrationId = registrationIdOfTicket(token);
  const attendee = registrationId
    ? list.attendees.find((candidate) => candidate.registration_id === registrationId)
    : undefined;
  if (!attendee) return { kind: 'refused', message: CHECK_IN_MESSAGES.ticketInvalid };
  if (attendee.ticket_check === null) return refusalOf(attendee);
  if (attendee.ticket_check !== (await sha256Hex(token.trim()))) {
    return { kind: 'refused', message: CHECK_IN_MESSAGES.ticketInvalid, attendee };
  }
  return { kind: 'admit', attendee };
}

function refusalOf(attendee: DoorAttendee): DoorAnswer {
  return {
    kind: 'refused',
    message: ticketRefusal(attendee) ?? CHECK_IN_MESSAGES.ticketInvalid,
    attendee,
  };
}

/** The answer for an attendee at a session of a day: admitted, already in, or refused. */
export function answerFor(attendee: DoorAttendee, day: string, session: CheckInSession): DoorAnswer {
  const refusal = ticketRefusal(attendee);
  if (refusal) return { kind: 'refused', message: refusal, attendee };
  const mark = attendee.check_ins.find((entry) => entry.day === day && entry.session === session);
  if (mark) return { kind: 'duplicate', attendee, at: mark.checked_in_at };
  return { kind: 'admit', attendee };
}

/** The list with one attendee's check-ins replaced (from the server's answer or a local scan). */
export function withAttendee(list: CheckInList, attendee: DoorAttendee): CheckInList {
  return {
    ...list,
    attendees: list.attendees.map((entry) =>
      entry.registration_id === attendee.registration_id ? attendee : entry,
    ),
  };
}

/** The attendee marked as checked in locally, while the server has not heard of it yet. */
export function markedLocally(
  attendee: DoorAttendee,
  day: string,
  session: CheckInSession,
  at: string,
): DoorAttendee {
  return { ...attendee, check_ins: [...attendee.check_ins, { day, session, checked_in_at: at }] };
}

/** How many attendees are in for a session of a day: the page's count. */
export const countCheckedIn = (list: CheckInList, day: string, session: CheckInSession) =>
  list.attendees.filter((attendee) =>
    attendee.check_ins.some((entry) => entry.day === day && entry.session === session),
  ).length;

/**
 * Text as the search compares it: lower case, accents, punctuation and repeated spaces left out,
 * so "cordillera copper exploration inc" finds "Cordillera Copper Exploration, Inc." and
 * "paranaque" finds "Parañaque".
 */
const searchable = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Names or companies containing the text, for the search by name; a few at a time. */
export function searchAttendees(list: CheckInList, text: string, max = 8) {
  const needle = searchable(text);
  if (needle.length < 2) return [];
  return list.attendees
    .filter((attendee) =>
      [attendee.name, attendee.company ?? ''].some((value) => searchable(value).includes(needle)),
    )
    .slice(0, max);
}

/** Whether the attendee is in for a session of a day (the search then offers no "Check in"). */
export const isCheckedIn = (attendee: DoorAttendee, day: string, session: CheckInSession) =>
  attendee.check_ins.some((entry) => entry.day === day && entry.session === session);
