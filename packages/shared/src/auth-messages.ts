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

/** The `code` (also at `e.code`) of a refused login (spec 000 §7, §8). */
export const LOGIN_ERROR_CODES = {
  invalidCredentials: 'invalid_credentials',
  emailNotConfirmed: 'email_not_confirmed',
  accountInactive: 'account_inactive',
} as const;

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
