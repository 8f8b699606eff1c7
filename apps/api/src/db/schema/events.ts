import {
  CHECK_IN_SESSIONS,
  type CheckInSession,
  DEFAULT_EVENT_TYPE,
  DEFAULT_HOLD_HOURS,
  DEFAULT_OFFER_HOURS,
  DEFAULT_REMINDER_HOURS,
  EVENT_PRICE_AUDIENCES,
  EVENT_STATUSES,
  EVENT_TYPES,
  type EventPriceAudience,
  type EventStatus,
  type EventType,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
  WAITLIST_STATES,
  type WaitlistState,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkIn, checkNotNegative, createdAt, updatedAt } from './columns';
import { users } from './users';

/** Every field of spec 001 §3 "Event"; property names are the API's field names. */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    /** Sanitised HTML (docs/architecture.md "Rich text"). */
    content: text('content'),
    // Calendar dates and wall-clock times in Asia/Manila, as the form sends them: no time zone
    // arithmetic can shift an event to the previous day.
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }),
    start_time: time('start_time'),
    end_time: time('end_time'),
    location_name: text('location_name'),
    building_name: text('building_name'),
    floor: text('floor'),
    room: text('room'),
    address: text('address'),
    city: text('city'),
    province: text('province'),
    country: text('country'),
    organizer_name: text('organizer_name'),
    organizer_contact: text('organizer_contact'),
    website_url: text('website_url'),
    event_type: text('event_type').$type<EventType>().notNull().default(DEFAULT_EVENT_TYPE),
    is_registration_required: boolean('is_registration_required').notNull().default(false),
    registration_url: text('registration_url'),
    max_attendees: integer('max_attendees'),
    /** Pesos; numeric keeps centavos exact and both drivers return it as a string. */
    price: numeric('price', { precision: 12, scale: 2 }),
    banner_image_url: text('banner_image_url'),
    safety_focus: text('safety_focus'),
    certification_provided: boolean('certification_provided').notNull().default(false),
    /** How long a paid registration's seat is held for its payment (never past the start). */
    hold_hours: integer('hold_hours').notNull().default(DEFAULT_HOLD_HOURS),
    status: text('status').$type<EventStatus>().notNull().default('draft'),
    /** How long a waitlist offer holds its seat (docs/product-rules.md "Waitlist"). */
    offer_hours: integer('offer_hours').notNull().default(DEFAULT_OFFER_HOURS),
    /** How long before the start registrants are reminded (docs/product-rules.md "Event reminders"). */
    reminder_hours: integer('reminder_hours').notNull().default(DEFAULT_REMINDER_HOURS),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /**
     * The list search's text: every searched field, lowercased, kept by the database (never
     * written by code, never returned by the API). One `LIKE` on one trigram index is priced
     * right by the planner, where an OR of four ILIKEs was planned as a sequential scan.
     * `||` with coalesce, as concat_ws is not immutable.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(organizer_name, '') || ' ' || coalesce(location_name, ''))`,
    ),
  },
  (t) => [
    checkIn('events_event_type_check', t.event_type, EVENT_TYPES),
    checkIn('events_status_check', t.status, EVENT_STATUSES),
    checkNotNegative('events_max_attendees_check', t.max_attendees),
    checkNotNegative('events_price_check', t.price),
    check('events_offer_hours_check', sql`${t.offer_hours} >= 1`),
    check('events_reminder_hours_check', sql`${t.reminder_hours} >= 1`),
    check('events_hold_hours_check', sql`${t.hold_hours} > 0`),
    // One index per list the site pages through: admin (newest first), public (by date),
    // and the public filters.
    // Each sort index ends in the id the queries break ties with, in the same direction and null
    // order as `ORDER BY x DESC, id DESC`, so a page is read straight off the index (no sort).
    index('events_status_created_idx').on(
      t.status,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('events_status_start_date_idx').on(t.status, t.start_date, t.id),
    index('events_type_status_idx').on(t.event_type, t.status),
    index('events_registration_status_idx').on(t.is_registration_required, t.status),
    index('events_created_by_idx').on(t.created_by),
    index('events_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const speakers = pgTable(
  'speakers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    title: text('title'),
    company: text('company'),
    image_url: text('image_url'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('speakers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops'))],
);

export const eventSpeakers = pgTable(
  'event_speakers',
  {
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    speaker_id: uuid('speaker_id')
      .notNull()
      .references(() => speakers.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'event_speakers_pkey', columns: [t.event_id, t.speaker_id] }),
    // The primary key serves lookups by event; this one serves "events of a speaker" and the
    // cascade when a speaker is deleted.
    index('event_speakers_speaker_id_idx').on(t.speaker_id),
  ],
);

/**
 * An event's prices (docs/product-rules.md "Event prices"): who may choose each is decided by its
 * audience. Amounts in centavos.
 */
export const eventPriceTiers = pgTable(
  'event_price_tiers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    amount_centavos: integer('amount_centavos').notNull(),
    audience: text('audience').$type<EventPriceAudience>().notNull(),
    position: integer('position').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    checkIn('event_price_tiers_audience_check', t.audience, EVENT_PRICE_AUDIENCES),
    checkNotNegative('event_price_tiers_amount_check', t.amount_centavos),
    index('event_price_tiers_event_idx').on(t.event_id, t.position),
  ],
);

/** The spec's "user event": a member's registration for an event. */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<RegistrationStatus>().notNull().default('pending'),
    /** When the reminder before the start was queued; claimed once by the events job. */
    reminded_at: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
    /** The tier chosen; its name and amount are kept on the statement as billed. */
    price_tier_id: uuid('price_tier_id').references(() => eventPriceTiers.id, { onDelete: 'set null' }),
    /** Until when an unpaid seat is held: set on a pending paid registration only. */
    hold_expires_at: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
    /** The PRC licence given for the professional tier (only the person and admins read it). */
    prc_number: text('prc_number'),
    prc_expires_on: date('prc_expires_on', { mode: 'string' }),
    /**
     * The ticket's version, signed into its QR code (docs/decisions/053): "Get a new ticket" adds
     * one, and every ticket signed with an older number stops working.
     */
    ticket_version: integer('ticket_version').notNull().default(1),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('event_registrations_ticket_version_check', sql`${t.ticket_version} >= 1`),
    checkIn('event_registrations_status_check', t.status, REGISTRATION_STATUSES),
    // The holds job looks for pending holds past their expiry.
    index('event_registrations_hold_idx').on(t.hold_expires_at).where(sql`${t.hold_expires_at} is not null`),
    unique('event_registrations_event_user_unique').on(t.event_id, t.user_id),
    // Capacity checks count pending + approved per event; the dashboard counts pending overall.
    index('event_registrations_event_status_idx').on(t.event_id, t.status),
    index('event_registrations_status_idx').on(t.status),
    index('event_registrations_user_id_idx').on(t.user_id),
  ],
);

/**
 * The waitlist of a full event (docs/product-rules.md "Waitlist"), one row per person and event:
 * joining again after leaving or an expired offer starts the row over at the back. An `offered`
 * row holds a seat until `offer_expires_at` and until the events job passes it on.
 */
export const eventWaitlist = pgTable(
  'event_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<WaitlistState>().notNull().default('waiting'),
    joined_at: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    offered_at: timestamp('offered_at', { withTimezone: true, mode: 'date' }),
    offer_expires_at: timestamp('offer_expires_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    checkIn('event_waitlist_state_check', t.state, WAITLIST_STATES),
    unique('event_waitlist_event_user_unique').on(t.event_id, t.user_id),
    // The queue of an event in order, and the seats its offers hold.
    index('event_waitlist_event_state_idx').on(t.event_id, t.state, t.joined_at),
    // The events job's look for offers past their time.
    index('event_waitlist_offer_expiry_idx').on(t.offer_expires_at).where(sql`${t.state} = 'offered'`),
    index('event_waitlist_user_id_idx').on(t.user_id),
  ],
);

export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type Speaker = typeof speakers.$inferSelect;
export type NewSpeaker = typeof speakers.$inferInsert;
export type EventSpeaker = typeof eventSpeakers.$inferSelect;
export type NewEventSpeaker = typeof eventSpeakers.$inferInsert;
export type EventPriceTierRow = typeof eventPriceTiers.$inferSelect;
export type EventRegistration = typeof eventRegistrations.$inferSelect;
export type NewEventRegistration = typeof eventRegistrations.$inferInsert;

/**
 * The messages admins wrote to an event's attendees (docs/decisions/048): what was sent, to which
 * group, how many people, by whom. The e-mails themselves are the outbox's, one per person.
 */
export const eventMessages = pgTable(
  'event_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The list's filters the recipients were chosen by; null is "any". */
    filter_status: text('filter_status').$type<RegistrationStatus>(),
    filter_search: text('filter_search'),
    recipient_count: integer('recipient_count').notNull(),
    sent_by: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** The admin as named when they sent it: the log outlives their account. */
    sent_by_username: text('sent_by_username').notNull(),
    /** The form's key: the same one twice sends once. */
    idempotency_key: uuid('idempotency_key').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    checkIn('event_messages_filter_status_check', t.filter_status, REGISTRATION_STATUSES),
    unique('event_messages_idempotency_key_unique').on(t.idempotency_key),
    index('event_messages_event_created_idx').on(
      t.event_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('event_messages_sent_by_idx').on(t.sent_by),
  ],
);

export type EventMessage = typeof eventMessages.$inferSelect;
export type EventWaitlistEntry = typeof eventWaitlist.$inferSelect;

/**
 * Who came (docs/product-rules.md "Check-in"): one row per registration, event day and session,
 * whichever phone scanned it first. `checked_in_at` is when the ticket was scanned, which for a
 * phone that was offline is earlier than when the row reached the server (`created_at`).
 */
export const eventCheckIns = pgTable(
  'event_check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registration_id: uuid('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    /** The Manila calendar day of the session: an event may run over several days. */
    day: date('day', { mode: 'string' }).notNull(),
    session: text('session').$type<CheckInSession>().notNull(),
    checked_in_at: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }).notNull(),
    checked_in_by: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    checkIn('event_check_ins_session_check', t.session, CHECK_IN_SESSIONS),
    // A check-in made twice (two phones, a retried sync) counts once.
    unique('event_check_ins_registration_session_unique').on(t.registration_id, t.day, t.session),
    index('event_check_ins_checked_in_by_idx').on(t.checked_in_by),
  ],
);

export type EventCheckIn = typeof eventCheckIns.$inferSelect;

/**
 * Check-in staff (docs/product-rules.md "Check-in"): an account an admin lets run one event's
 * check-in page and nothing else. Any account may be staff; the row goes with the event or the
 * account.
 */
export const eventStaff = pgTable(
  'event_staff',
  {
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    added_by: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'event_staff_pkey', columns: [t.event_id, t.user_id] }),
    // "The events I am staff of" on the profile, and the cascade when an account is deleted.
    index('event_staff_user_id_idx').on(t.user_id),
  ],
);

export type EventStaffRow = typeof eventStaff.$inferSelect;
