// The events' messages, apart from their Zod schemas (schemas/events.ts), so that the public pages
// that show them do not load Zod.

/**
 * The messages of the event pages and the server's refusals (spec 001 §8,
 * docs/product-rules.md "Events").
 */
export const EVENT_MESSAGES = {
  notFound: 'Event not found',
  loadFailed: 'Failed to load event',
  listEmpty: 'No events found',
  speakerNotFound: 'Speaker not found',
  unknownSpeakers: 'Unknown speaker ids',
  registrationNotFound: 'Registration not found',
  alreadyRegistered: 'You are already registered for this event',
  full: 'This event is full',
  cancelled: 'This event has been cancelled',
  past: 'Registration is closed: this event has already started',
  notOpen: 'This event does not take registrations on this site',
  alreadyDecided: 'This registration has already been decided',
  approveWouldExceed: 'Approving this registration would exceed the event’s seats',
  rejectedCannotWithdraw: 'A rejected registration cannot be withdrawn',
  // The waitlist (docs/product-rules.md "Waitlist").
  waitlistNotFull: 'This event still has seats: register instead',
  waitlistAlreadyWaiting: 'You are already on the waitlist for this event',
  waitlistOfferHeld: 'A seat is being held for you: register to take it',
  waitlistRejected: 'Your registration for this event was not approved',
  waitlistNotFound: 'You are not on the waitlist for this event',
  offerExpired: 'Your offer of a seat has expired; the seat has passed to the next person on the waitlist',
} as const;

/** How long a waitlist offer holds its seat unless the event says otherwise (docs/product-rules.md "Waitlist"). */
export const DEFAULT_OFFER_HOURS = 48;
/** How long before an event's start its registrants are reminded (docs/product-rules.md "Event reminders"). */
export const DEFAULT_REMINDER_HOURS = 24;
/** The most hours an offer or a reminder may be set to: 60 days. */
export const MAX_EVENT_HOURS = 1_440;

/** "You are number N on the waitlist": the person's place, shown on the event page. */
export const waitlistPositionText = (position: number) => `You are number ${position} on the waitlist`;
