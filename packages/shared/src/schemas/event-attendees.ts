import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { REGISTRATION_STATUSES } from '../enums';
import { REGISTRATION_PAYMENT_STATES } from '../event-prices';
import { paginationSchema, requiredText, text, tooLongMessage } from './common';
import { pageQuerySchema, searchQuerySchema, sortOrderSchema } from './query';

/**
 * An event's attendee list, its CSV export and the messages an admin writes to its attendees
 * (docs/product-rules.md "Event attendees", docs/decisions/048).
 */

export const ATTENDEE_SORT_FIELDS = ['registered_at', 'name', 'status'] as const;

/** How long an attendee message's subject and text may be. */
export const ATTENDEE_MESSAGE_LIMITS = { subjectMax: 150, bodyMax: 5_000 } as const;

export const ATTENDEE_MESSAGES = {
  subjectRequired: 'Subject is required',
  subjectTooLong: tooLongMessage('Subject', ATTENDEE_MESSAGE_LIMITS.subjectMax),
  bodyRequired: 'Message is required',
  bodyTooLong: tooLongMessage('Message', ATTENDEE_MESSAGE_LIMITS.bodyMax),
  statusInvalid: 'Status must be pending, approved, rejected or expired',
  noRecipients: 'No attendees match these filters',
  keyInvalid: 'Invalid idempotency key',
  keyReused: 'This message was already sent for another event',
  confirmTitle: 'Send message',
  confirm: (count: number) => `Send to ${count} ${count === 1 ? 'person' : 'people'}?`,
  sent: (count: number) => `Message queued for ${count} ${count === 1 ? 'person' : 'people'}.`,
  sendFailed: 'Failed to send the message.',
  listEmpty: 'No registrations match these filters',
  logEmpty: 'No messages sent yet.',
  /** The message form's group: approved attendees unless the admin picks another. */
  toLabel: 'To',
  toEveryone: 'Everyone, rejected included',
} as const;

/** Who a message goes to when the admin picks no other group (docs/product-rules.md "Event attendees"). */
export const DEFAULT_MESSAGE_STATUS = 'approved' as const;

/** The filters' "All" arrives as an empty value. */
const attendeeStatusFilter = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.enum(REGISTRATION_STATUSES, ATTENDEE_MESSAGES.statusInvalid).optional(),
);

/** Checked in at least once (`yes`) or never (`no`); the filter's "All" arrives empty. */
export const ATTENDEE_CHECKED_IN_FILTERS = ['yes', 'no'] as const;
const attendeeCheckedInFilter = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.enum(ATTENDEE_CHECKED_IN_FILTERS, 'Checked in must be yes or no').optional(),
);

/** Who of an event's registrants a list, an export or a message is about. */
export const attendeeFilterSchema = z.object({
  status: attendeeStatusFilter,
  checked_in: attendeeCheckedInFilter,
  /** Name, company or e-mail contains this text. */
  search: searchQuerySchema,
});
export type AttendeeFilter = z.infer<typeof attendeeFilterSchema>;

/** GET /api/events/admin/{id}/attendees. */
export const attendeeListQuerySchema = attendeeFilterSchema.extend({
  ...pageQuerySchema(PAGE_SIZES.adminAttendees),
  sort_by: z.enum(ATTENDEE_SORT_FIELDS, 'Invalid sort field').default('registered_at'),
  sort_order: sortOrderSchema,
});
export type AttendeeListQuery = z.infer<typeof attendeeListQuerySchema>;

/** GET /api/events/admin/{id}/attendees.csv: the list's filters and order, every page. */
export const attendeeExportQuerySchema = attendeeListQuerySchema.omit({ page: true, limit: true });
export type AttendeeExportQuery = z.infer<typeof attendeeExportQuerySchema>;

export const attendeeSchema = z.object({
  registration_id: z.uuid(),
  user_id: z.uuid(),
  name: z
    .string()
    .describe(
      'A company account’s voting representative, otherwise the name the account goes by (decisions 048, 049)',
    ),
  company: z.string().nullable().describe('A company account’s registered name; null for individuals'),
  email: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  registered_at: z.string(),
  tier_name: z.string().nullable().describe('A paid registration’s price tier; null without prices'),
  amount: z.number().int().nullable().describe('The fee in centavos; null for an event without prices'),
  payment: z
    .enum(REGISTRATION_PAYMENT_STATES)
    .nullable()
    .describe('Where the fee stands (docs/product-rules.md "Event prices"); null without a fee'),
  hold_expires_at: z.string().nullable().describe('Until when an unpaid seat is held, while it is awaited'),
  checked_in: z
    .number()
    .int()
    .describe('How many sessions the attendee was checked into (docs/product-rules.md "Check-in")'),
});
export type Attendee = z.infer<typeof attendeeSchema>;

export const attendeeListResponseSchema = z.object({
  data: z.object({ attendees: z.array(attendeeSchema), pagination: paginationSchema }),
});
export type AttendeeListResponse = z.infer<typeof attendeeListResponseSchema>;

/** POST /api/events/admin/{id}/messages: to every registrant the filters select. */
export const attendeeMessageCreateSchema = z.object({
  /** Not kept in the message log, which records the status and search filters. */
  checked_in: attendeeCheckedInFilter,
  subject: requiredText('Subject', ATTENDEE_MESSAGES.subjectRequired, ATTENDEE_MESSAGE_LIMITS.subjectMax),
  body: requiredText('Message', ATTENDEE_MESSAGES.bodyRequired, ATTENDEE_MESSAGE_LIMITS.bodyMax, 'multi'),
  status: attendeeStatusFilter,
  search: text('Search')
    .trim()
    .max(200, tooLongMessage('Search', 200))
    .optional()
    .transform((value) => value || undefined),
  /**
   * Made by the form when it opens: the same key sent twice (a double click, a retried request)
   * sends once, and the second answer is the first message (decision 048).
   */
  idempotency_key: z.uuid(ATTENDEE_MESSAGES.keyInvalid),
});
export type AttendeeMessageCreate = z.input<typeof attendeeMessageCreateSchema>;

export const attendeeMessageSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  body: z.string(),
  filter: z.object({
    status: z.enum(REGISTRATION_STATUSES).nullable(),
    search: z.string().nullable(),
  }),
  recipient_count: z.number().int(),
  sent_by: z.string().describe('The admin’s username at the time'),
  created_at: z.string(),
});
export type AttendeeMessage = z.infer<typeof attendeeMessageSchema>;

export const attendeeMessageResponseSchema = z.object({ data: attendeeMessageSchema });

/** GET /api/events/admin/{id}/messages: newest first. */
export const attendeeMessageListQuerySchema = z.object(pageQuerySchema(PAGE_SIZES.adminEventMessages));
export type AttendeeMessageListQuery = z.infer<typeof attendeeMessageListQuerySchema>;

export const attendeeMessageListResponseSchema = z.object({
  data: z.object({ messages: z.array(attendeeMessageSchema), pagination: paginationSchema }),
});
export type AttendeeMessageListResponse = z.infer<typeof attendeeMessageListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The waitlist as the secretariat sees it (docs/product-rules.md "Waitlist")

/** The messages of the attendee page's Waitlist tab and of its routes. */
export const WAITLIST_ADMIN_MESSAGES = {
  tab: 'Waitlist',
  empty: 'No one is waiting for a seat.',
  entryNotFound: 'This person is not on the waitlist',
  notWaiting: 'Only a person still waiting can be offered a seat',
  offerNowConfirm: (name: string) =>
    `Offer ${name} a seat now? If the event is full its capacity goes up by one, and the offer is e-mailed.`,
  offered: (name: string) => `Seat offered to ${name}.`,
  removeConfirm: (name: string) =>
    `Remove ${name} from the waitlist? A seat held for them passes to the next person.`,
  removed: (name: string) => `${name} removed from the waitlist.`,
  failed: 'Failed to update the waitlist.',
} as const;

export const waitlistEntryParamsSchema = z.object({
  id: z.uuid('Invalid id'),
  entryId: z.uuid('Invalid waitlist entry id'),
});

/** A person waiting for a seat, or offered one, in the order seats go to them. */
export const adminWaitlistEntrySchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  name: z.string().describe('The name the account goes by (a company: its voting representative)'),
  company: z.string().nullable(),
  email: z.string(),
  state: z.enum(['waiting', 'offered']),
  /** 1 for the next person offered a seat; null for one who holds an offer. */
  position: z.number().int().nullable(),
  joined_at: z.string(),
  offered_at: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;

/** GET /api/events/admin/{id}/waitlist: the offers first, then the people waiting, in order. */
export const adminWaitlistResponseSchema = z.object({ data: z.array(adminWaitlistEntrySchema) });
export type AdminWaitlistResponse = z.infer<typeof adminWaitlistResponseSchema>;
