import { z } from 'zod';
import { CHECK_IN_MESSAGES, TICKET_MAX_LENGTH } from '../check-in';
import { CHECK_IN_SESSIONS, REGISTRATION_STATUSES } from '../enums';
import { REGISTRATION_PAYMENT_STATES } from '../event-prices';
import { requiredChoice, text } from './common';

/**
 * Tickets, check-in staff and the check-in page's calls (docs/product-rules.md "Check-in",
 * docs/decisions/053).
 */

const checkInMarkSchema = z.object({
  day: z.string().describe('The Manila calendar day (YYYY-MM-DD)'),
  session: z.enum(CHECK_IN_SESSIONS),
  checked_in_at: z.string().describe('When the ticket was scanned (ISO)'),
});
export type CheckInMark = z.infer<typeof checkInMarkSchema>;

/**
 * POST /api/events/{id}/check-ins: a ticket as scanned, or a registration picked by name; a phone
 * that was offline sends when it scanned (`scanned_at`, ISO 8601 with its offset).
 */
export const checkInRequestSchema = z
  .object({
    token: text('Ticket').trim().max(TICKET_MAX_LENGTH, CHECK_IN_MESSAGES.ticketInvalid).optional(),
    registrationId: z.uuid('Invalid registration id').optional(),
    session: requiredChoice(CHECK_IN_SESSIONS, 'Session'),
    scanned_at: text('Scan time')
      .refine(
        (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
        CHECK_IN_MESSAGES.scanTimeInvalid,
      )
      .optional(),
  })
  .refine((body) => (body.token ? 1 : 0) + (body.registrationId ? 1 : 0) === 1, {
    message: CHECK_IN_MESSAGES.ticketOrRegistration,
    path: ['token'],
  });
export type CheckInRequest = z.infer<typeof checkInRequestSchema>;

/** One attendee as the door sees them. */
export const doorAttendeeSchema = z.object({
  registration_id: z.uuid(),
  name: z.string(),
  company: z.string().nullable(),
  tier_name: z.string().nullable(),
  status: z.enum(REGISTRATION_STATUSES),
  payment: z.enum(REGISTRATION_PAYMENT_STATES).nullable(),
  /**
   * The SHA-256 (hex) of the registration's current ticket, so a phone can tell a real, current
   * ticket offline without holding anything that makes one; null when it has no ticket.
   */
  ticket_check: z.string().nullable(),
  check_ins: z.array(checkInMarkSchema),
});
export type DoorAttendee = z.infer<typeof doorAttendeeSchema>;

export const checkInResultSchema = z.object({
  data: z.object({
    attendee: doorAttendeeSchema,
    day: z.string(),
    session: z.enum(CHECK_IN_SESSIONS),
    checked_in_at: z.string().describe('The first scan of this session (kept when scanned again)'),
    already_checked_in: z.boolean(),
  }),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>['data'];

/** GET /api/events/{id}/check-in-list: what the check-in page keeps for working offline. */
export const checkInListSchema = z.object({
  data: z.object({
    event: z.object({
      id: z.uuid(),
      title: z.string(),
      start_date: z.string(),
      end_date: z.string().nullable(),
      start_time: z.string().nullable(),
      end_time: z.string().nullable(),
      days: z.array(z.string()),
      sessions: z.array(z.enum(CHECK_IN_SESSIONS)),
    }),
    attendees: z.array(doorAttendeeSchema),
    generated_at: z.string(),
  }),
});
export type CheckInList = z.infer<typeof checkInListSchema>['data'];

/** An event's check-in staff, as the admin attendee page lists them. */
export const eventStaffSchema = z.object({
  user_id: z.uuid(),
  name: z.string(),
  email: z.string(),
  added_at: z.string(),
});
export type EventStaff = z.infer<typeof eventStaffSchema>;
export const eventStaffListSchema = z.object({ data: z.array(eventStaffSchema) });
export const eventStaffAddSchema = z.object({ userId: z.uuid('Invalid user id') });
export const eventStaffParamsSchema = z.object({
  id: z.uuid('Invalid id'),
  userId: z.uuid('Invalid user id'),
});

/** A registration of the signed-in person, with its ticket: the "My events" list on /profile. */
export const myEventSchema = z.object({
  registration_id: z.uuid(),
  event: z.object({
    id: z.uuid(),
    title: z.string(),
    start_date: z.string(),
    end_date: z.string().nullable(),
    start_time: z.string().nullable(),
    location_name: z.string().nullable(),
    status: z.string(),
    /** The evaluation and certificate are in the profile's "CPD certificates" section. */
    certification_provided: z.boolean(),
  }),
  name: z.string(),
  tier_name: z.string().nullable(),
  status: z.enum(REGISTRATION_STATUSES),
  payment: z.enum(REGISTRATION_PAYMENT_STATES).nullable(),
  /** Whether the ticket admits them; the image is GET /api/events/registrations/{id}/ticket.png. */
  has_ticket: z.boolean(),
  ticket_version: z.number().int(),
  check_ins: z.array(checkInMarkSchema),
});
export type MyEvent = z.infer<typeof myEventSchema>;

export const myEventsResponseSchema = z.object({
  data: z.object({
    registrations: z.array(myEventSchema),
    /** The events whose check-in the person may run. */
    staff_events: z.array(z.object({ id: z.uuid(), title: z.string(), start_date: z.string() })),
  }),
});
export type MyEvents = z.infer<typeof myEventsResponseSchema>['data'];

export const myEventResponseSchema = z.object({ data: myEventSchema });
