import { z } from 'zod';
import { SITE_TIME_ZONE } from '../dates';
import { text } from './common';

/**
 * Two-step sign-in (docs/decisions/061-two-step-sign-in.md): an authenticator app's six-digit
 * code (TOTP: SHA-1, 6 digits, 30 seconds) or one of ten single-use recovery codes.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/**
 * The letters and digits of a recovery code: lowercase, without the ones read as another
 * (i, l, 1; o, 0).
 */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A sensitive staff action asks for the second factor again when the last check is older. */
export const SECOND_FACTOR_FRESH_MS = 15 * 60_000;
/** How long the "pending second step" after a right password lasts. */
export const SECOND_STEP_TTL_SECONDS = 5 * 60;
/** Wrong codes in a row that lock the second step of an account, and for how long. */
export const SECOND_STEP_MAX_FAILURES = 5;
export const SECOND_STEP_LOCK_MS = 15 * 60_000;

const TOTP_CODE_PATTERN = /^\d{6}$/;
const RECOVERY_CODE_PATTERN = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{4}-[${RECOVERY_CODE_ALPHABET}]{4}$`);

/** Whether `code` (as the schemas below normalise it) is a recovery code rather than a TOTP. */
export const isRecoveryCodeShape = (code: string) => RECOVERY_CODE_PATTERN.test(code);

/** Every text of two-step sign-in, written once for the server and the pages. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Code is required',
  totpCodeShape: 'Enter the 6-digit code from your authenticator app',
  codeShape: 'Enter the 6-digit code from your authenticator app or a recovery code',
  wrongCode: 'That code is not right. Check your authenticator app and try again',
  signInAgain: 'Sign in again',
  /** The second step is locked until `until` (shown in Manila time, with the minutes left). */
  locked: (until: Date, now: Date) => {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    const clock = until.toLocaleTimeString('en-PH', {
      timeZone: SITE_TIME_ZONE,
      hour: 'numeric',
      minute: '2-digit',
    });
    return `Too many wrong codes. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, at ${clock}`;
  },
  required: 'Staff accounts must set up two-step sign-in first',
  stale: 'Confirm it is you: enter a code from your authenticator app',
  staffMustKeep: 'Staff accounts must keep two-step sign-in on',
  notEnrolled: 'Two-step sign-in is not turned on',
  noPendingSecret: 'Start setting up two-step sign-in first',
  turnedOff: 'Two-step sign-in is off',
} as const;

const codeText = text('Code', { requiredMessage: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(32, TWO_FACTOR_MESSAGES.codeShape)
  // People copy codes with spaces ("123 456") and in capitals from a printed sheet.
  .transform((code) => code.replace(/\s+/g, '').toLowerCase());

/** POST /api/auth/2fa/totp/confirm: the first code of the new secret. */
export const totpCodeBodySchema = z.object({
  code: codeText.refine((code) => TOTP_CODE_PATTERN.test(code), TWO_FACTOR_MESSAGES.totpCodeShape),
});
export type TotpCodeBody = z.infer<typeof totpCodeBodySchema>;

/** POST /api/auth/2fa/verify and /step-up: a six-digit code or a recovery code. */
export const secondFactorCodeBodySchema = z.object({
  code: codeText.refine(
    (code) => TOTP_CODE_PATTERN.test(code) || isRecoveryCodeShape(code),
    TWO_FACTOR_MESSAGES.codeShape,
  ),
});
export type SecondFactorCodeBody = z.infer<typeof secondFactorCodeBodySchema>;

export const totpEnrolmentResponseSchema = z.object({
  data: z.object({
    secret: z.string().describe('The new secret, base32, for typing into an authenticator app'),
    otpauthUrl: z.string().describe('The otpauth:// URL the page shows as a QR code'),
  }),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentResponseSchema>['data'];

export const recoveryCodesResponseSchema = z.object({
  data: z.object({
    recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT).describe('Shown once, never again'),
  }),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesResponseSchema>['data'];

/** Where the account stands (GET /api/auth/2fa). `required`: the account holds a staff role. */
export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export const twoFactorStatusResponseSchema = z.object({ data: twoFactorStatusSchema });

/** What the session (and login) tells the web app: send staff without it to enrol. */
export const secondFactorSummarySchema = z.object({ enrolled: z.boolean(), required: z.boolean() });
export type SecondFactorSummary = z.infer<typeof secondFactorSummarySchema>;

/** POST /api/auth/login for an account with two-step sign-in: no session yet, a code is asked. */
export const secondFactorRequiredResponseSchema = z.object({
  data: z.object({ secondFactor: z.literal('required') }),
});
