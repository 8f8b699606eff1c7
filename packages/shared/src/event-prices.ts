// Price tiers of an event and paid registrations (docs/product-rules.md "Event prices"), apart
// from their Zod schemas (schemas/events.ts) so that the public pages do not load Zod.

/**
 * Who a tier is for: members in good standing, holders of a current PRC licence, or anyone with
 * a confirmed account.
 */
export const EVENT_PRICE_AUDIENCES = ['member', 'professional', 'guest'] as const;
export type EventPriceAudience = (typeof EVENT_PRICE_AUDIENCES)[number];

export const EVENT_PRICE_AUDIENCE_LABELS: Record<EventPriceAudience, string> = {
  member: 'Members in good standing',
  professional: 'Professionals with a current PRC licence',
  guest: 'Guests and non-members',
};

/**
 * The meeting entry fees of the specification, in centavos: the one-click preset of the event form's
 * "This event has fees" (a new event starts free). Each tier is named by its audience; who it is
 * for, in the specification's words, is its audience's description (EVENT_PRICE_AUDIENCE_DESCRIPTIONS).
 */
export const MEETING_FEE_TIERS: readonly {
  name: string;
  audience: EventPriceAudience;
  amount: number;
}[] = [
  { name: 'Member', audience: 'member', amount: 20_000 },
  { name: 'Guest / non-member', audience: 'guest', amount: 50_000 },
  { name: 'Professional with a current PRC card', audience: 'professional', amount: 25_000 },
];

/** Who each audience's tier is for, shown under a tier's name where a member chooses their rate. */
export const EVENT_PRICE_AUDIENCE_DESCRIPTIONS: Record<EventPriceAudience, string> = {
  member: 'For member representatives with their membership card, of a membership in good standing',
  professional: 'For professionals with a current professional registration (PRC) card',
  guest: 'For guests and non-members',
};

/** The event form's fees switch and its preset (docs/product-rules.md "Event prices"). */
export const EVENT_FEES_TEXT = {
  toggle: 'This event has fees',
  free: 'Registration is free. Tick "This event has fees" to charge by audience.',
  preset: 'Use the meeting fees (₱200 / ₱500 / ₱250)',
} as const;

/**
 * The lowest and highest of an event's tier amounts (centavos), or null without tiers: what a list
 * card shows as the event's price, since who pays which tier is known only at registration
 * (docs/product-rules.md "Event prices").
 */
export function priceRangeOf(amounts: readonly number[]): { lowest: number; highest: number } | null {
  if (amounts.length === 0) return null;
  return { lowest: Math.min(...amounts), highest: Math.max(...amounts) };
}

/**
 * `priceRangeOf` with the lowest member and guest amounts beside it: a list card shows a member in
 * good standing the member rate and everyone else the guest rate (docs/product-rules.md "Event
 * prices", decision 074).
 */
export function priceRangeOfTiers(tiers: readonly { audience: EventPriceAudience; amount: number }[]) {
  const range = priceRangeOf(tiers.map((tier) => tier.amount));
  if (!range) return null;
  const lowestOf = (audience: EventPriceAudience) => {
    const amounts = tiers.filter((tier) => tier.audience === audience).map((tier) => tier.amount);
    return amounts.length > 0 ? Math.min(...amounts) : null;
  };
  return { ...range, member: lowestOf('member'), guest: lowestOf('guest') };
}

/**
 * What a viewer pays, by the range of `priceRangeOfTiers`: a member in good standing the member
 * rate (else the guest rate); anyone else the guest rate, with the member rate beside it when it
 * is lower. Null when the event has no tier for them (the card then shows the whole range).
 */
export function viewerPriceOf(
  range: { member?: number | null; guest?: number | null } | null,
  viewer: { goodStanding: boolean },
): { pays: number; memberRate: number | null } | null {
  if (!range) return null;
  const member = range.member ?? null;
  const guest = range.guest ?? null;
  if (viewer.goodStanding && member !== null) return { pays: member, memberRate: null };
  if (guest === null) return null;
  return {
    pays: guest,
    memberRate: !viewer.goodStanding && member !== null && member < guest ? member : null,
  };
}

/** Hours a paid registration's seat is held for its payment, unless the event says otherwise. */
export const DEFAULT_HOLD_HOURS = 72;
export const MAX_HOLD_HOURS = 720;
export const MAX_EVENT_PRICE_TIERS = 10;

/** A PRC licence number: seven digits (docs/product-rules.md "Event prices"). */
export const PRC_NUMBER_PATTERN = /^\d{7}$/;

export const EVENT_PRICE_MESSAGES = {
  tierRequired: 'Choose a price tier',
  tierNotFound: 'That price tier is not offered for this event',
  memberTierClosed: 'The member rate is for members in good standing',
  signInRequired: 'Sign in to register',
  prcNumberRequired: 'PRC licence number is required for the professional rate',
  prcNumberFormat: 'PRC licence number must be 7 digits',
  prcExpiryRequired: 'PRC licence expiry date is required for the professional rate',
  prcExpired: 'Your PRC licence must be valid on the day of the event',
  tierNameRequired: 'Tier name is required',
  tierAmount: 'Tier amount must be an amount in pesos, at most 2 decimals',
  tierAudience: 'Invalid tier audience',
  tiersInvalid: 'Price tiers must be a list of tiers',
  tooManyTiers: `At most ${MAX_EVENT_PRICE_TIERS} price tiers`,
  holdHoursNumber: `Hold hours must be a whole number from 1 to ${MAX_HOLD_HOURS}`,
  noStatement: 'This registration has no fee to settle',
  notPending: 'Only a pending registration can be settled',
  waived: 'waived',
  holdReleasedReason: 'Seat hold expired unpaid',
  withdrawnReason: 'Registration withdrawn',
  rejectedReason: 'Registration not approved',
  heldUntil: (when: string) => `Seat held until ${when}`,
  /** A paid registration made on the event's day has no hold: what the member is told instead. */
  payAtDoor: 'Your seat is kept for you today: pay the fee at the door when you arrive.',
  waiveTitle: 'Waive fee',
  waiveConfirm: (name: string, amount: string) =>
    `Waive the ${amount} fee of ${name}? The statement is voided and the registration approved.`,
  doorTitle: 'Paid at the door',
  doorConfirm: (name: string, amount: string) =>
    `Record ${amount} paid in cash at the door by ${name}? A receipt is issued and the registration approved.`,
  waivedNotice: 'Fee waived; registration approved.',
  paidAtDoorNotice: 'Payment recorded; registration approved.',
  settleFailed: 'Failed to settle the registration fee.',
} as const;

/** Where a paid registration's fee stands: the member's event page and the attendee list read it alike. */
export const REGISTRATION_PAYMENT_STATES = ['free', 'awaiting', 'paid', 'waived', 'released'] as const;
export type RegistrationPaymentState = (typeof REGISTRATION_PAYMENT_STATES)[number];

/**
 * The payment state of a registration from its status, its fee and its newest statement: a
 * zero fee is free, a released seat is released whatever its statement, a voided statement is a
 * waived fee, and anything not yet paid in full awaits payment.
 */
export function registrationPaymentState(registration: {
  status: string;
  amount: number;
  statement_status: string | null;
}): RegistrationPaymentState {
  if (registration.amount === 0) return 'free';
  if (registration.status === 'expired') return 'released';
  if (registration.statement_status === 'paid') return 'paid';
  if (registration.statement_status === 'void') return 'waived';
  return 'awaiting';
}

/** What the member sees of their registration's payment. */
export const REGISTRATION_PAYMENT_LABELS: Record<RegistrationPaymentState, string> = {
  awaiting: 'Awaiting payment',
  paid: 'Paid',
  waived: 'Fee waived',
  free: 'Free',
  released: 'Seat released: not paid in time',
};
