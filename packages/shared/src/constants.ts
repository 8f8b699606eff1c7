/** Business constants and limits of spec 000 §9 and spec 001 §9, written once. */

export const API_TIMEOUT_MS = 20_000;
export const SESSION_STORE_KEY = 'root';
export const SESSION_REHYDRATION_TIMEOUT_MS = 5_000;
export const ADMIN_ROLE = 'admin';
export const PREFERRED_PACKAGE_KEY = 'preferredPackage';
export const PENDING_MEMBERSHIP_KEY = 'pendingMembership';

export const HOME_UPCOMING_EVENTS_LIMIT = 3;
export const HOME_LATEST_NEWS_LIMIT = 3;

export const IMPACT_FIGURES = [
  { value: '150+', label: 'Members' },
  { value: '200+', label: 'Business Linkages' },
  { value: '50+', label: 'Events Annually' },
] as const;

/** Annual fees in pesos for a 12-month period (spec 000 §9, spec 001 §9). */
export const MEMBERSHIP_FEES = { Regular: 15_000, Associate: 8_000, Individual: 3_000 } as const;
export const MEMBERSHIP_PERIOD_MONTHS = 12;
export const SEMESTRAL_PERIOD_MONTHS = 6;
export const SECOND_SEMESTER_DUE_DAYS = 30;

/** Monthly meeting entry fees in pesos (spec 000 §9). */
export const MEETING_FEES = { memberRepresentative: 200, guest: 500, professional: 250 } as const;
export const MEETING_PRESENTATION_MINUTES = '15-20';
export const MEETING_ATTENDEES = '60-70';

export const BOARD_TRUSTEE_COUNT = 7;
export const BOARD_OFFICER_COUNT = 4;
export const BOARD_SKELETON = { officers: 4, trustees: 8 } as const;
export const MISSING_DISPLAY_ORDER = 999;

/** Every uploaded image: at most 5 MB (spec 000 §5, §9), of these types only. */
export const IMAGE_MAX_BYTES = 5_242_880;
/** The most images one request may carry: a gallery (news images); a form may take fewer. */
export const MAX_IMAGES_PER_REQUEST = 10;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/**
 * The most pixels the server decodes (width × height): a few kilobytes of PNG can claim a
 * 20,000 × 20,000 picture that would take gigabytes to decode. 50 megapixels is above any phone
 * camera in use.
 */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;

export const PAGE_SIZES = {
  adminUsers: 10,
  adminEvents: 10,
  adminNews: 10,
  adminBoard: 10,
  adminDues: 10,
  adminAttendees: 20,
  adminEventMessages: 10,
  adminAnnouncements: 10,
  publicEvents: 8,
  publicNews: 8,
} as const;
/** The largest `limit` a list endpoint accepts, so one request cannot ask for the whole table. */
export const MAX_PAGE_LIMIT = 100;
/**
 * The most membership applications one bulk decision takes: a whole page of the admin list at the
 * largest page size, so selecting every row on a page is always accepted.
 */
export const MAX_APPLICATIONS_PER_DECISION = MAX_PAGE_LIMIT;
/** The longest reason an administrator gives for rejecting an application (it is e-mailed). */
export const APPLICATION_REJECTION_REASON_MAX_CHARS = 500;
export const ADMIN_MAX_PAGE_BUTTONS = 5;
/**
 * Mail written to many people at once (attendee messages, announcements) leaves the outbox at most
 * this many a minute: each is queued due a little after the one before (docs/decisions/048 and
 * 052), so a message to a full hall or to every member does not reach the mail server as one burst.
 */
export const BULK_MAIL_PER_MINUTE = 60;

export const DEBOUNCE_MS = { adminUsers: 500, default: 300 } as const;
export const DELAYS_MS = {
  logoutRedirect: 500,
  loginRedirect: 500,
  formSubmitRedirect: 1_500,
  emailLinkRedirect: 3_000,
  likeLock: 300,
  successNotice: 2_000,
} as const;

export const NEWS_DESCRIPTION_PREVIEW_CHARS = 200;
export const BOARD_DESCRIPTION_PREVIEW_CHARS = 50;

/** Representatives per company category (spec 000 §5, docs/product-rules.md "Representatives"). */
export const REPRESENTATIVE_LIMITS = { Regular: 4, other: 2, minimum: 1, maxVoting: 1 } as const;

/**
 * The longest contact details and About a member's profile holds, the same on the membership
 * form, in 'Update Profile' and in admin create-user. The larger of the limits the forms once had
 * (About 5,000 and 2,000; phone 40 and 50), so no value saved before is refused now.
 */
export const PHONE_MAX_CHARS = 50;
export const ADDRESS_MAX_CHARS = 500;
export const ABOUT_MAX_CHARS = 5_000;
