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
} as const;
