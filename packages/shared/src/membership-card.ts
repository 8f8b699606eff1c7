import type { MembershipStanding } from './memberships';

/**
 * The membership card and its verification page (docs/product-rules.md "Membership card",
 * docs/decisions/043): wallet size (ISO/IEC 7810 ID-1), in millimetres.
 */
export const MEMBERSHIP_CARD_SIZE_MM = { width: 85.6, height: 54 } as const;

/**
 * The longest token a verification address is looked up with. Longer ones are answered as an
 * unknown token is, after the same hashing and lookup (decision 043).
 */
export const CARD_TOKEN_MAX_LENGTH = 128;

/** What a card verification page shows of a standing; the rest of the standings are never shown. */
export const CARD_VERIFY_STANDINGS = ['active', 'overdue', 'lapsed', 'not_found'] as const;
export type CardVerifyStanding = (typeof CARD_VERIFY_STANDINGS)[number];

/**
 * A membership's standing as a stranger at the door reads it. Good standing is "active"; a member
 * past a due date is "overdue"; every other standing a card can outlive (expired, and any standing
 * a later rule adds) reads "lapsed". One line per standing, so a new standing is one line here.
 */
export const CARD_VERIFY_STANDING_OF: Record<MembershipStanding, CardVerifyStanding> = {
  active: 'active',
  overdue: 'overdue',
  lapsed: 'lapsed',
  expired: 'lapsed',
  awaiting_payment: 'lapsed',
  pending: 'lapsed',
  rejected: 'lapsed',
};

export const CARD_MESSAGES = {
  /** 403 for a member who is not in good standing, on the card, its images and regenerating it. */
  notInGoodStanding: 'Your membership card is available to members in good standing only',
  cardNotFound: 'Card not found',
  membershipNotFound: 'Membership not found',
  title: 'Membership card',
  verifyTitle: 'Membership verification',
  notFound: 'Not found',
  notFoundDetail: 'This card is not known: it may have been replaced or revoked, or the address is mistyped.',
  overdue: 'Overdue',
  lapsed: 'Lapsed',
  activeUntil: (date: string) => `Active until ${date}`,
  regenerateConfirm:
    'Your current card and its QR code will stop working at once. Anyone checking the old card will see Not found. Make a new card?',
  revokeConfirm:
    'The member’s current card and its QR code will stop working at once; the member can make a new one from their profile while in good standing.',
  regenerated: 'A new card was made. The old one no longer works.',
  revoked: 'The card was revoked.',
  revokeFailed: 'The card could not be revoked.',
} as const;

/** The kind under which member numbers are counted per year (the documents' sequences). */
export const MEMBER_NUMBER_PREFIX = 'MEAP';

/** MEAP-2026-0042: the year of assignment and the member's place in it. */
export const formatMemberNumber = (year: number, sequence: number) =>
  `${MEMBER_NUMBER_PREFIX}-${year}-${String(sequence).padStart(4, '0')}`;
