import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import {
  DEFAULT_EVENT_TYPE,
  EVENT_LIST_VIEWS,
  EVENT_STATUSES,
  EVENT_TYPES,
  REGISTRATION_STATUSES,
} from '../enums';
import {
  EVENT_PRICE_AUDIENCES,
  EVENT_PRICE_MESSAGES,
  MAX_EVENT_PRICE_TIERS,
  MAX_HOLD_HOURS,
  PRC_NUMBER_PATTERN,
} from '../event-prices';
import { DEFAULT_OFFER_HOURS, DEFAULT_REMINDER_HOURS, MAX_EVENT_HOURS } from '../events';
import { parsePesos } from '../money';
import {
  formBoolean,
  isCalendarDate,
  optionalDate,
  optionalNumber,
  optionalText,
  paginationSchema,
  requiredText,
  text,
} from './common';
import {
  booleanQuerySchema,
  optionalIdFilter,
  pageQuerySchema,
  queryChoice,
  searchQuerySchema,
  sortOrderSchema,
} from './query';

export const EVENT_SORT_FIELDS = ['created_at', 'start_date', 'title', 'event_type', 'status'] as const;

/**
 * GET /api/events/retrieve-events (spec 001 §7): /events sends its address's filters as they are
 * (docs/decisions/035), plus `upcoming` for the home page's list. With several bad ones, the first
 * in this order is the answer's `error`. `when` picks a view and its order, in place of
 * `sort_by` and `sort_order` (docs/decisions/045).
 */
export const eventListQuerySchema = z.object({
  ...pageQuerySchema(PAGE_SIZES.publicEvents),
  search: searchQuerySchema,
  event_type: queryChoice(EVENT_TYPES, 'Invalid event type'),
  status: queryChoice(EVENT_STATUSES, 'Invalid status'),
  is_registration_required: booleanQuerySchema('is_registration_required must be true or false').optional(),
  /** Only events that have not started yet (start date today or later, in Manila). */
  upcoming: z.optional(booleanQuerySchema('upcoming must be true or false')),
  /**
   * `upcoming`: events that have not ended (end date, else start date, today or later in Manila),
   * soonest first; `past`: the others, newest first.
   */
  when: queryChoice(EVENT_LIST_VIEWS, 'when must be upcoming or past'),
  sort_by: z.enum(EVENT_SORT_FIELDS, 'Invalid sort field').default('created_at'),
  sort_order: sortOrderSchema,
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

const nullableText = z.string().nullable();

export const eventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: nullableText,
  content: nullableText,
  start_date: z.string().describe('YYYY-MM-DD'),
  end_date: nullableText,
  start_time: nullableText.describe('HH:MM'),
  end_time: nullableText,
  location_name: nullableText,
  building_name: nullableText,
  floor: nullableText,
  room: nullableText,
  address: nullableText,
  city: nullableText,
  province: nullableText,
  country: nullableText,
  organizer_name: nullableText,
  organizer_contact: nullableText,
  website_url: nullableText,
  event_type: z.enum(EVENT_TYPES),
  is_registration_required: z.boolean(),
  registration_url: nullableText,
  max_attendees: z.number().int().nullable(),
  /** The same capacity under the name the public detail reads (docs/product-rules.md "Events"). */
  max_participants: z.number().int().nullable(),
  price: z.number().nullable(),
  banner_image_url: nullableText,
  safety_focus: nullableText,
  certification_provided: z.boolean(),
  status: z.enum(EVENT_STATUSES),
  /** How long a waitlist offer holds its seat, in hours. */
  offer_hours: z.number().int(),
  /** How long before the start registrants are reminded, in hours. */
  reminder_hours: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Event = z.infer<typeof eventSchema>;

/**
 * A list item: everything but the rich-text body, which only the detail page shows, with the
 * lowest and highest of its price tiers (centavos) when it has any, for the card's price
 * (docs/product-rules.md "Event prices").
 */
export const eventSummarySchema = eventSchema.omit({ content: true }).extend({
  price_range: z
    .object({
      lowest: z.number().int(),
      highest: z.number().int(),
      /** The lowest member tier and the lowest guest tier, when there are such tiers (decision 074). */
      member: z.number().int().nullable().optional(),
      guest: z.number().int().nullable().optional(),
    })
    .nullable(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventListResponseSchema = z.object({
  data: paginationSchema.extend({ events: z.array(eventSummarySchema) }),
});
export type EventListResponse = z.infer<typeof eventListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Admin: the event form, the admin list, speakers and registrations.

/** The event form's messages: spec 001 §5 word for word, then the rules the issue adds. */
export const EVENT_FIELD_MESSAGES = {
  titleRequired: 'Title is required',
  startDateRequired: 'Start date is required',
  startDateInvalid: 'Start date must be a valid date (YYYY-MM-DD)',
  endDateInvalid: 'End date must be a valid date (YYYY-MM-DD)',
  endBeforeStart: 'End date cannot be before the start date',
  startTimeInvalid: 'Start time must be a valid time (HH:MM)',
  endTimeInvalid: 'End time must be a valid time (HH:MM)',
  eventTypeInvalid: 'Invalid event type',
  statusInvalid: 'Invalid status',
  maxAttendeesNumber: 'Max attendees must be a number',
  maxAttendeesWhole: 'Max attendees must be a whole number',
  maxAttendeesMinimum: 'Max attendees must be at least 1',
  maxAttendeesMaximum: 'Max attendees must be at most 1000000',
  priceNumber: 'Price must be a number',
  priceMinimum: 'Price cannot be negative',
  priceDecimals: 'Price can have at most 2 decimals',
  priceMaximum: 'Price must be at most 9999999999.99',
  registrationUrlInvalid: 'Invalid registration URL format',
  websiteUrlInvalid: 'Invalid website URL format',
  booleanInvalid: 'Must be true or false',
  offerHoursNumber: 'Offer hours must be a number',
  offerHoursWhole: 'Offer hours must be a whole number',
  offerHoursMinimum: 'Offer hours must be at least 1',
  offerHoursMaximum: `Offer hours must be at most ${MAX_EVENT_HOURS}`,
  reminderHoursNumber: 'Reminder hours must be a number',
  reminderHoursWhole: 'Reminder hours must be a whole number',
  reminderHoursMinimum: 'Reminder hours must be at least 1',
  reminderHoursMaximum: `Reminder hours must be at most ${MAX_EVENT_HOURS}`,
} as const;
const eventMessages = EVENT_FIELD_MESSAGES;

/** The 'Validation Error' notice of the event form (spec 001 §5). */
export const EVENT_FORM_NOTICES = {
  validationTitle: 'Validation Error',
  validationMessage: 'Please fix the validation errors before submitting.',
  created: 'Event created successfully!',
  updated: 'Event updated successfully!',
  deleted: 'Event deleted successfully!',
  speakersUpdated: 'Event speakers updated successfully!',
  // The error notices of docs/product-rules.md "Events" (spec 001 §8 only logged these failures).
  createFailed: 'Failed to create event.',
  updateFailed: 'Failed to update event.',
  deleteFailed: 'Failed to delete event.',
  speakersFailed: 'Failed to update event speakers.',
  speakerCreateFailed: 'Failed to create speaker.',
  registrationFailed: 'Failed to update user registration status.',
  registrationUpdated: (status: string) => `User registration ${status} successfully!`,
  deleteTitle: 'Delete Event',
  deleteMessage: 'Are you sure you want to delete this event? This action cannot be undone.',
} as const;

/** Absolute http(s) URLs only: `javascript:` and other schemes are refused, not just malformed ones. */
export const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const optionalWebUrl = (label: string, message: string) =>
  text(label, { typeMessage: message })
    .trim()
    .max(2_000, message)
    .refine((value) => value === '' || isWebUrl(value), message)
    .transform((value) => value || null)
    .nullable();

const optionalTime = (label: string, message: string) =>
  text(label, { typeMessage: message })
    .trim()
    .refine((value) => value === '' || /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value), message)
    .transform((value) => (value ? value.slice(0, 5) : null))
    .nullable();

const requiredDate = text('Start date', {
  requiredMessage: eventMessages.startDateRequired,
  typeMessage: eventMessages.startDateInvalid,
})
  .trim()
  .min(1, eventMessages.startDateRequired)
  .refine(isCalendarDate, eventMessages.startDateInvalid);

const maxAttendeesField = optionalNumber(
  z
    .number(eventMessages.maxAttendeesNumber)
    .int(eventMessages.maxAttendeesWhole)
    .min(1, eventMessages.maxAttendeesMinimum)
    .max(1_000_000, eventMessages.maxAttendeesMaximum),
);

/** Pesos with at most 2 decimals, checked on the text so that 0.1 + 0.2 rounding cannot pass 3 decimals. */
const priceField = z.preprocess(
  (value) => {
    if (typeof value === 'number') return String(value);
    return value;
  },
  text('Price', { typeMessage: eventMessages.priceNumber })
    .trim()
    .refine((value) => value === '' || (/^-?\d*\.?\d+$/.test(value) && Number.isFinite(Number(value))), {
      message: eventMessages.priceNumber,
      abort: true,
    })
    .refine((value) => value === '' || Number(value) >= 0, {
      message: eventMessages.priceMinimum,
      abort: true,
    })
    .refine((value) => value === '' || !/\.\d{3,}$/.test(value), {
      message: eventMessages.priceDecimals,
      abort: true,
    })
    .refine((value) => value === '' || Number(value) < 10_000_000_000, eventMessages.priceMaximum)
    .transform((value) => (value === '' ? null : Number(value).toFixed(2)))
    .nullable(),
);

/** A whole number of hours from 1 to MAX_EVENT_HOURS; left blank, the default. */
const hoursField = (
  fallback: number,
  messages: { number: string; whole: string; minimum: string; maximum: string },
) =>
  optionalNumber(
    z
      .number(messages.number)
      .int(messages.whole)
      .min(1, messages.minimum)
      .max(MAX_EVENT_HOURS, messages.maximum),
  ).transform((value) => value ?? fallback);

const offerHoursField = hoursField(DEFAULT_OFFER_HOURS, {
  number: eventMessages.offerHoursNumber,
  whole: eventMessages.offerHoursWhole,
  minimum: eventMessages.offerHoursMinimum,
  maximum: eventMessages.offerHoursMaximum,
});
const reminderHoursField = hoursField(DEFAULT_REMINDER_HOURS, {
  number: eventMessages.reminderHoursNumber,
  whole: eventMessages.reminderHoursWhole,
  minimum: eventMessages.reminderHoursMinimum,
  maximum: eventMessages.reminderHoursMaximum,
});
/** One tier as the event form sends it: the amount in pesos as typed, kept in centavos. */
export const eventPriceTierInputSchema = z.object({
  /** A tier kept from before (its registrations stay linked to it); absent for a new one. */
  id: z.uuid(EVENT_PRICE_MESSAGES.tierNotFound).optional(),
  name: requiredText('Tier name', EVENT_PRICE_MESSAGES.tierNameRequired, 100),
  audience: z.enum(EVENT_PRICE_AUDIENCES, EVENT_PRICE_MESSAGES.tierAudience),
  amount: z
    .union(
      [text('Tier amount', { typeMessage: EVENT_PRICE_MESSAGES.tierAmount }), z.number()],
      EVENT_PRICE_MESSAGES.tierAmount,
    )
    .transform((value, context) => {
      const centavos = parsePesos(String(value));
      if (centavos === null) {
        context.addIssue({ code: 'custom', message: EVENT_PRICE_MESSAGES.tierAmount });
        return z.NEVER;
      }
      return centavos;
    }),
});
export type EventPriceTierInput = z.input<typeof eventPriceTierInputSchema>;

/**
 * The tiers, sent as one JSON text field of the multipart form, in the order shown. Blank: the
 * specification's tiers on a new event, unchanged on an edit; `[]`: no fee.
 */
const priceTiersField = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, z
  .array(eventPriceTierInputSchema, EVENT_PRICE_MESSAGES.tiersInvalid)
  .max(MAX_EVENT_PRICE_TIERS, EVENT_PRICE_MESSAGES.tooManyTiers)
  .nullable());

const holdHoursField = optionalNumber(
  z
    .number(EVENT_PRICE_MESSAGES.holdHoursNumber)
    .int(EVENT_PRICE_MESSAGES.holdHoursNumber)
    .min(1, EVENT_PRICE_MESSAGES.holdHoursNumber)
    .max(MAX_HOLD_HOURS, EVENT_PRICE_MESSAGES.holdHoursNumber),
);

const eventTypeField = z.enum(EVENT_TYPES, eventMessages.eventTypeInvalid);
const eventStatusField = z.enum(EVENT_STATUSES, eventMessages.statusInvalid);
const flag = formBoolean(eventMessages.booleanInvalid);

/** Typed in a multi-line field or written by the rich-text editor: tab and line breaks allowed. */
const optionalMultiLine = (label: string, max: number) => optionalText(label, max, 'multi');

/** The form's fields, as they must be when sent (spec 001 §5). */
const eventFormShape = {
  title: requiredText('Title', eventMessages.titleRequired),
  start_date: requiredDate,
  end_date: optionalDate('End date', eventMessages.endDateInvalid),
  start_time: optionalTime('Start time', eventMessages.startTimeInvalid),
  end_time: optionalTime('End time', eventMessages.endTimeInvalid),
  website_url: optionalWebUrl('Website URL', eventMessages.websiteUrlInvalid),
  registration_url: optionalWebUrl('Registration URL', eventMessages.registrationUrlInvalid),
  event_type: eventTypeField,
  status: eventStatusField,
  is_registration_required: flag,
  certification_provided: flag,
  max_attendees: maxAttendeesField,
  price: priceField,
  price_tiers: priceTiersField,
  hold_hours: holdHoursField,
  description: optionalMultiLine('Description', 2_000),
  /** Rich-text HTML; sanitised by the server before it is stored. */
  content: optionalMultiLine('Content', 200_000),
  location_name: optionalText('Location name', 200),
  building_name: optionalText('Building name', 200),
  floor: optionalText('Floor', 50),
  room: optionalText('Room', 100),
  address: optionalText('Address', 500),
  city: optionalText('City', 100),
  province: optionalText('Province', 100),
  country: optionalText('Country', 100),
  organizer_name: optionalText('Organizer name', 200),
  organizer_contact: optionalText('Organizer contact', 200),
  safety_focus: optionalText('Safety focus', 500),
  offer_hours: offerHoursField,
  reminder_hours: reminderHoursField,
};

/**
 * What a create form left out counts as blank, with status draft and type Conference (spec 001
 * §4), written as a form would send them so the same rules read them.
 */
export const EVENT_FORM_DEFAULTS = {
  title: '',
  start_date: '',
  end_date: '',
  start_time: '',
  end_time: '',
  website_url: '',
  registration_url: '',
  event_type: DEFAULT_EVENT_TYPE,
  status: 'draft',
  is_registration_required: 'false',
  certification_provided: 'false',
  max_attendees: '',
  price: '',
  price_tiers: '',
  hold_hours: '',
  description: '',
  content: '',
  location_name: '',
  building_name: '',
  floor: '',
  room: '',
  address: '',
  city: '',
  province: '',
  country: '',
  organizer_name: '',
  organizer_contact: '',
  safety_focus: '',
  offer_hours: String(DEFAULT_OFFER_HOURS),
  reminder_hours: String(DEFAULT_REMINDER_HOURS),
} as const satisfies Record<keyof typeof eventFormShape, string>;

/** The end must not come before the start (docs/product-rules.md "Events"). */
const endNotBeforeStart = (
  value: { start_date?: string | null; end_date?: string | null },
  context: z.core.$RefinementCtx,
) => {
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    context.addIssue({ code: 'custom', path: ['end_date'], message: eventMessages.endBeforeStart });
  }
};

export const speakerCreateSchema = z.object({
  name: requiredText('Name', 'Name is required'),
  title: optionalText('Title', 200).default(null),
  company: optionalText('Company', 200).default(null),
});
export type SpeakerCreateInput = z.input<typeof speakerCreateSchema>;
export type SpeakerCreate = z.output<typeof speakerCreateSchema>;

/**
 * The most speakers the create form sends with a new event: with the event's fields, three form
 * fields each stay within the 50 fields a multipart form may carry (apps/api/src/app.ts).
 */
export const MAX_NEW_EVENT_SPEAKERS = 8;
export const NEW_EVENT_SPEAKERS_MESSAGE = `At most ${MAX_NEW_EVENT_SPEAKERS} speakers can be added with a new event`;

/**
 * POST /api/events/admin/create-event (multipart; the banner travels beside the fields). Status
 * defaults to draft and type to Conference (spec 001 §4). `speakers` (`speakers[0][name]`, …) are
 * new speakers saved with the event in one go (docs/decisions/045).
 */
export const eventCreateSchema = z
  .object({
    ...(Object.fromEntries(
      Object.entries(eventFormShape).map(([key, field]) => [
        key,
        (field as z.ZodType).prefault(EVENT_FORM_DEFAULTS[key as keyof typeof eventFormShape] as never),
      ]),
    ) as { [Key in keyof typeof eventFormShape]: z.ZodPrefault<(typeof eventFormShape)[Key]> }),
    speakers: z
      .array(speakerCreateSchema, 'Speakers must be a list')
      .max(MAX_NEW_EVENT_SPEAKERS, NEW_EVENT_SPEAKERS_MESSAGE)
      .optional(),
  })
  .superRefine(endNotBeforeStart);
export type EventCreateInput = z.input<typeof eventCreateSchema>;
export type EventCreate = z.output<typeof eventCreateSchema>;

/**
 * PUT /api/events/admin/edit-event/{id}: the same fields, each optional (a field left out keeps
 * its value; a blank optional one clears it). A new banner replaces the current one;
 * `remove_banner=true` removes it.
 */
export const eventUpdateSchema = z
  .object({ ...eventFormShape, remove_banner: flag })
  .partial()
  .superRefine(endNotBeforeStart);
export type EventUpdateInput = z.input<typeof eventUpdateSchema>;
export type EventUpdate = z.output<typeof eventUpdateSchema>;

/** The multipart field of the banner image (spec 001 §7). */
export const EVENT_BANNER_FIELD = 'banner_image';
export const SPEAKER_IMAGE_FIELD = 'image';

export const ADMIN_EVENT_SORT_FIELDS = ['created_at', 'title', 'event_type', 'status'] as const;

/** GET /api/events/admin/get-all: the admin list kit's page, limit, search, filters and sort. */
export const adminEventListQuerySchema = z.object({
  ...pageQuerySchema(PAGE_SIZES.adminEvents),
  search: searchQuerySchema,
  // The filters' "All" may arrive as an empty value.
  event_type: z.preprocess((value) => (value === '' ? undefined : value), eventTypeField.optional()),
  status: z.preprocess((value) => (value === '' ? undefined : value), eventStatusField.optional()),
  /** Only events with registrations awaiting a decision (the dashboard's link). */
  has_pending: z.optional(booleanQuerySchema('has_pending must be true or false')),
  /** Only events that have not started yet (the dashboard's 'upcoming' figure). */
  upcoming: z.optional(booleanQuerySchema('upcoming must be true or false')),
  /** One event exactly (the dashboard's link to a recently updated event). */
  id: optionalIdFilter,
  sort_by: z.enum(ADMIN_EVENT_SORT_FIELDS, 'Invalid sort field').default('created_at'),
  sort_order: sortOrderSchema,
});
export type AdminEventListQuery = z.infer<typeof adminEventListQuerySchema>;

/** A tier as the admin form edits it (amount in centavos). */
export const adminEventPriceTierSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  audience: z.enum(EVENT_PRICE_AUDIENCES),
  amount: z.number().int(),
  position: z.number().int(),
});
export type AdminEventPriceTier = z.infer<typeof adminEventPriceTierSchema>;

export const adminEventSummarySchema = eventSummarySchema.extend({
  price_tiers: z.array(adminEventPriceTierSchema),
  hold_hours: z.number().int(),
  pending_count: z.number().int(),
  registration_count: z.number().int().describe('Pending and approved: the seats taken'),
  total_registrations: z.number().int().describe('Every registration, rejected ones too'),
});
export type AdminEventSummary = z.infer<typeof adminEventSummarySchema>;

export const adminEventListResponseSchema = z.object({
  data: z.object({ events: z.array(adminEventSummarySchema), pagination: paginationSchema }),
});
export type AdminEventListResponse = z.infer<typeof adminEventListResponseSchema>;

export const speakerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type Speaker = z.infer<typeof speakerSchema>;

/** An event's speaker: read as `speaker_id` or `id` (spec 001 §3), so both are there. */
export const eventSpeakerSchema = speakerSchema.extend({ speaker_id: z.uuid() });
export type EventSpeaker = z.infer<typeof eventSpeakerSchema>;

/** spec 001 §3 "User event": userId, status and a profiles object with id and username. */
export const userEventSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  eventId: z.uuid(),
  status: z.enum(REGISTRATION_STATUSES),
  created_at: z.string(),
  profiles: z.object({ id: z.uuid(), username: z.string() }),
  /** The tier, fee and hold of a paid registration (admins only), for waiving or the door. */
  payment: z
    .object({
      tier_name: z.string().nullable(),
      hold_expires_at: z.string().nullable(),
      statement_number: z.string().nullable(),
      statement_status: z.string().nullable(),
      balance: z.number().int(),
      /** Masked ('•••••67', maskPrcNumber): a list shows no licence number in full. */
      prc_number: z.string().nullable(),
      prc_expires_on: z.string().nullable(),
    })
    .optional(),
});
export type UserEvent = z.infer<typeof userEventSchema>;

/**
 * The signed-in person's place on an event's waitlist: waiting (with their position) or offered a
 * seat (held until `offer_expires_at`).
 */
export const myWaitlistSchema = z.object({
  state: z.enum(['waiting', 'offered']),
  position: z.number().int().nullable().describe('1 for the next person offered a seat; null once offered'),
  offer_expires_at: z.string().nullable(),
});
export type MyWaitlist = z.infer<typeof myWaitlistSchema>;
/** A price tier as the event page shows it; amounts in centavos. */
export const eventPriceTierSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  audience: z.enum(EVENT_PRICE_AUDIENCES),
  amount: z.number().int(),
  position: z.number().int(),
  /** Whether the signed-in viewer may choose it (the server decides again when they register). */
  open: z.boolean(),
  /** Why not, when it is closed to them. */
  closed_reason: z.string().nullable(),
});
export type EventPriceTier = z.infer<typeof eventPriceTierSchema>;

/** The viewer's own registration with what they owe for it. */
export const myRegistrationDetailSchema = z.object({
  status: z.enum(REGISTRATION_STATUSES),
  tier_id: z.uuid().nullable(),
  tier_name: z.string().nullable(),
  amount: z.number().int(),
  /** Until when an unpaid seat is held (ISO), for a pending paid registration. */
  hold_expires_at: z.string().nullable(),
  statement_id: z.uuid().nullable(),
  statement_number: z.string().nullable(),
  statement_status: z.string().nullable(),
  balance: z.number().int(),
});
export type MyRegistrationDetail = z.infer<typeof myRegistrationDetailSchema>;

export const eventDetailSchema = eventSchema.extend({
  speakers: z.array(eventSpeakerSchema),
  /** Every registration with its member, for admins; empty for everyone else. */
  user_events: z.array(userEventSchema),
  pending_count: z.number().int(),
  /** Pending plus approved registrations: the seats taken. */
  seats_taken: z.number().int(),
  /** The signed-in viewer's own registration status, or null. */
  my_registration: z.enum(REGISTRATION_STATUSES).nullable(),
  /** How many people wait for a seat (docs/product-rules.md "Waitlist"). */
  waitlist_count: z.number().int(),
  /** The signed-in viewer's place on the waitlist, or null. */
  my_waitlist: myWaitlistSchema.nullable(),
  /** The event's price tiers, cheapest first as the admin ordered them; open ones for the viewer. */
  price_tiers: z.array(eventPriceTierSchema),
  hold_hours: z.number().int(),
  my_registration_detail: myRegistrationDetailSchema.nullable(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const eventDetailResponseSchema = z.object({ data: eventDetailSchema });
export type EventDetailResponse = z.infer<typeof eventDetailResponseSchema>;

export const eventDeleteResponseSchema = z.object({
  data: z.object({ id: z.uuid(), registrations_deleted: z.number().int() }),
});

export const speakerResponseSchema = z.object({ data: speakerSchema });
export const speakerListResponseSchema = z.object({ data: z.array(speakerSchema) });
export const eventSpeakerListResponseSchema = z.object({ data: z.array(eventSpeakerSchema) });

/** POST /api/speakers/event-speakers: the set replaces the previous one. */
export const eventSpeakersUpdateSchema = z.object({
  event_id: z.uuid('Invalid event id'),
  speaker_ids: z.array(z.uuid('Invalid speaker id'), 'speaker_ids must be a list').max(100),
});
export type EventSpeakersUpdate = z.infer<typeof eventSpeakersUpdateSchema>;

export const eventIdParamsSchema = z.object({ eventId: z.uuid('Invalid id') });

/** PUT /api/events/admin/update-user-event (spec 001 §7): an admin decides a pending registration. */
export const userEventUpdateSchema = z.object({
  status: z.enum(['approved', 'rejected'], 'Status must be approved or rejected'),
  userId: z.uuid('Invalid user id'),
  eventId: z.uuid('Invalid event id'),
});
export type UserEventUpdate = z.infer<typeof userEventUpdateSchema>;

export const userEventResponseSchema = z.object({ data: userEventSchema });

/** POST /api/events/{id}/waitlist answers the place; DELETE answers null. */
export const myWaitlistResponseSchema = z.object({ data: myWaitlistSchema.nullable() });

/** A member's own registration (POST/DELETE /api/events/{id}/registration). */
export const myRegistrationResponseSchema = z.object({
  data: z.object({
    status: z.enum(REGISTRATION_STATUSES).nullable(),
    seats_taken: z.number().int(),
    /** What they owe and until when the seat is held, for a paid tier. */
    registration: myRegistrationDetailSchema.nullable().optional(),
  }),
});

/**
 * POST /api/events/{id}/registration: the tier chosen, with the PRC licence for the
 * professional tier. No amount: the server charges the tier's.
 */
export const eventRegistrationRequestSchema = z
  .object({
    tier_id: z.uuid(EVENT_PRICE_MESSAGES.tierNotFound).optional(),
    prc_number: optionalText('PRC licence number', 20).optional(),
    prc_expires_on: optionalDate(
      'PRC licence expiry date',
      'PRC licence expiry date must be a valid date (YYYY-MM-DD)',
    ).optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.prc_number && !PRC_NUMBER_PATTERN.test(value.prc_number)) {
      context.addIssue({
        code: 'custom',
        path: ['prc_number'],
        message: EVENT_PRICE_MESSAGES.prcNumberFormat,
      });
    }
  });
export type EventRegistrationRequest = z.infer<typeof eventRegistrationRequestSchema>;

/** POST /api/events/admin/registrations/{id}/waive and /paid-at-door. */
export const registrationSettleSchema = z.object({
  reference: optionalText('Reference', 200).optional(),
});
export type RegistrationSettle = z.infer<typeof registrationSettleSchema>;
