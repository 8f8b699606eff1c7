// Kept apart from the Zod schemas: the web app's first load needs these strings, not Zod.

/**
 * The error strings of the session protocol (spec 000 §8), exact: the client decides what to do
 * by comparing them.
 */
export const SESSION_ERRORS = {
  invalidToken: 'Invalid or expired token',
  missingTokens: 'Missing access or refresh token',
  refreshFailed: 'Failed to refresh token',
} as const;

/**
 * What a person whose session the server ended is told: the modal of spec 000 §8 (refresh answered
 * 'Failed to refresh token'), and the notice /login shows after any ended session.
 */
export const SESSION_EXPIRED = {
  title: 'Session Expired',
  modalText: 'Your session has expired. You will be redirected to login.',
  loginNotice: 'Your session has expired. Please log in again.',
} as const;

/**
 * A refresh the server could not carry out for a reason other than the token (the database
 * restarting, a dropped connection): answered 503 with Retry-After, the session kept. The client
 * shows it and stays signed in.
 */
export const REFRESH_UNAVAILABLE_MESSAGE =
  'We could not renew your session just now. Please try again in a moment.';

/**
 * The `code` of a refused confirmation (POST /api/auth/confirm-email: the link unknown, used,
 * expired, or its account disabled), answered 400 with CONFIRMATION_LINK_INVALID_MESSAGE.
 */
export const CONFIRM_EMAIL_LINK_ERROR = 'invalid_link';
export const CONFIRMATION_LINK_INVALID_MESSAGE = 'This confirmation link is invalid or has expired';

/**
 * The words of /confirm-email, where the confirmation link lands: a click confirms (a mail
 * scanner that opens the link confirms nothing).
 */
export const CONFIRM_EMAIL_PAGE = {
  title: 'Confirm your e-mail address',
  intro: 'One click finishes your registration and signs you in.',
  button: 'Confirm my e-mail address',
  pending: 'Confirming…',
  missingToken: 'This link is incomplete. Please open the link in the e-mail again.',
} as const;

/** The `code` (also at `e.code`) of a refused login (spec 000 §7, §8). */
export const LOGIN_ERROR_CODES = {
  invalidCredentials: 'invalid_credentials',
  emailNotConfirmed: 'email_not_confirmed',
  accountInactive: 'account_inactive',
} as const;

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
