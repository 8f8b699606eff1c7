/**
 * Every enumerated value of the data model, in one place: the database check constraints, the
 * API schemas and the forms all read these lists.
 */
export const USER_TYPES = ['user', 'individual', 'company', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_STATUSES = ['pending', 'active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const MEMBERSHIP_CATEGORIES = ['Regular', 'Associate', 'Individual', 'Honorary'] as const;
export type MembershipCategory = (typeof MEMBERSHIP_CATEGORIES)[number];
/** The categories a person can choose on the form; Honorary is by board recommendation only. */
export const SELECTABLE_MEMBERSHIP_CATEGORIES = ['Regular', 'Associate', 'Individual'] as const;

export const MEMBERSHIP_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const REPRESENTATIVE_TYPES = ['voting', 'non-voting'] as const;
export type RepresentativeType = (typeof REPRESENTATIVE_TYPES)[number];

/** One list of event types everywhere (docs/product-rules.md "Events"). */
export const EVENT_TYPES = [
  'Conference',
  'Workshop',
  'Seminar',
  'Training',
  'Meeting',
  'Outreach',
  'Other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const DEFAULT_EVENT_TYPE: EventType = 'Conference';

export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * The public list's two views (docs/product-rules.md "Events"): events that have not ended yet,
 * soonest first, and those that have, newest first.
 */
export const EVENT_LIST_VIEWS = ['upcoming', 'past'] as const;
export type EventListView = (typeof EVENT_LIST_VIEWS)[number];

/** `expired`: a paid registration's seat hold ran out unpaid (the row is kept, the seat freed). */
export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/**
 * A waitlist entry's life (docs/product-rules.md "Waitlist"): waiting for a seat, offered one (the
 * seat is held for them until the offer expires), accepted (registered), expired, or left.
 */
export const WAITLIST_STATES = ['waiting', 'offered', 'accepted', 'expired', 'left'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

export const NEWS_STATUSES = ['draft', 'published', 'archived'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const BOARD_POSITIONS = [
  'President',
  'Vice President',
  'Member',
  'Secretary',
  'Treasurer',
  'Trustee',
] as const;
export type BoardPosition = (typeof BOARD_POSITIONS)[number];

export const EMAIL_TOKEN_PURPOSES = [
  'confirm_email',
  'reset_password',
  'invitation',
  'change_email',
  'undo_email_change',
] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** `withdrawn`: not sent, because the consent it needed was withdrawn before it left (docs/decisions/065). */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'withdrawn'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The parts of an event day an attendee is checked in for (docs/product-rules.md "Check-in"):
 * a whole-day event has a morning and an afternoon, a shorter one a single `day`.
 */
export const CHECK_IN_SESSIONS = ['morning', 'afternoon', 'day'] as const;
export type CheckInSession = (typeof CHECK_IN_SESSIONS)[number];
