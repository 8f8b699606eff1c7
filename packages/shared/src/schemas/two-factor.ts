import { z } from 'zod';
import { formatTimeOfDay } from '../format';
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
    return `Too many wrong codes. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, at ${formatTimeOfDay(until)}`;
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

/**
 * Where the account stands (GET /api/auth/2fa). Two-step sign-in is on when `totp` is or any
 * passkey is registered. `required`: the account holds a staff role.
 */
export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.number().int().describe('How many passkeys the account has'),
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

/**
 * Passkeys (decision 061, "Passkeys"): WebAuthn credentials, a second factor of their own beside
 * the authenticator app. A challenge handed out with a ceremony's options works once, for five
 * minutes.
 */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60_000;
export const WEBAUTHN_CHALLENGE_PURPOSES = ['register', 'sign_in', 'step_up'] as const;
export type WebauthnChallengePurpose = (typeof WEBAUTHN_CHALLENGE_PURPOSES)[number];
export const PASSKEY_NAME_MAX = 60;
/** How many passkeys one account may keep: enough for every device a person has. */
export const PASSKEYS_PER_ACCOUNT_MAX = 20;
/** The ways an account can pass the second step, as GET /api/auth/2fa/methods names them. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export const PASSKEY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${PASSKEY_NAME_MAX} characters`,
  responseRequired: 'Passkey answer is required',
  refused: 'That passkey was not accepted. Try again',
  tooMany: `An account can keep at most ${PASSKEYS_PER_ACCOUNT_MAX} passkeys`,
  alreadyRegistered: 'That passkey is already registered',
  notFound: 'Passkey not found',
  staffMustKeep: 'Staff accounts must keep a second factor: add another before removing this one',
  cancelled: 'The passkey was not used. Try again, or use a code',
  unsupported: 'This browser cannot use passkeys',
} as const;

const base64url = (label: string) =>
  text(label, { requiredMessage: PASSKEY_MESSAGES.responseRequired })
    .max(16_384, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]*$/, `${label} must be base64url`);

/**
 * A browser's answer to navigator.credentials (the JSON @simplewebauthn/browser gives), checked
 * for shape here and verified by @simplewebauthn/server. Unknown keys pass through: the library
 * reads what the WebAuthn level it supports defines.
 */
const credentialJsonBase = {
  id: base64url('Credential id'),
  rawId: base64url('Credential id'),
  type: z.literal('public-key', { error: PASSKEY_MESSAGES.responseRequired }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
export const registrationResponseJsonSchema = z.looseObject({
  ...credentialJsonBase,
  response: z.looseObject({
    clientDataJSON: base64url('clientDataJSON'),
    attestationObject: base64url('attestationObject'),
    transports: z.array(text('Transport').max(32)).max(10).optional(),
  }),
});
export const authenticationResponseJsonSchema = z.looseObject({
  ...credentialJsonBase,
  response: z.looseObject({
    clientDataJSON: base64url('clientDataJSON'),
    authenticatorData: base64url('authenticatorData'),
    signature: base64url('signature'),
    userHandle: base64url('userHandle').optional(),
  }),
});

const passkeyName = text('Name', { requiredMessage: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong);

/** POST /api/auth/2fa/passkeys: the registration ceremony's answer and the name it is kept by. */
export const passkeyRegistrationBodySchema = z.object({
  name: passkeyName,
  response: registrationResponseJsonSchema,
});
export type PasskeyRegistrationBody = z.infer<typeof passkeyRegistrationBodySchema>;

/** POST /api/auth/2fa/verify/passkey and /step-up/passkey: the sign-in ceremony's answer. */
export const passkeyAssertionBodySchema = z.object({
  response: authenticationResponseJsonSchema,
});
export type PasskeyAssertionBody = z.infer<typeof passkeyAssertionBodySchema>;

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySchema>;
export const passkeyListResponseSchema = z.object({ data: z.array(passkeySchema) });

/** The answer to a registration: the new passkey, and recovery codes when it is the first factor. */
export const passkeyRegisteredResponseSchema = z.object({
  data: z.object({
    passkey: passkeySchema,
    recoveryCodes: z
      .array(z.string())
      .length(RECOVERY_CODE_COUNT)
      .nullable()
      .describe('Ten recovery codes when this is the account’s first second factor, shown once; else null'),
  }),
});
export type PasskeyRegistered = z.infer<typeof passkeyRegisteredResponseSchema>['data'];

/** Ceremony options as @simplewebauthn/server makes them, for @simplewebauthn/browser. */
export const webauthnOptionsResponseSchema = z.object({
  data: z
    .looseObject({ challenge: text('Challenge') })
    .describe('PublicKeyCredential{Creation,Request}OptionsJSON'),
});

/** GET /api/auth/2fa/methods: what the account signing in (the pending cookie's) can use. */
export const secondFactorMethodsResponseSchema = z.object({
  data: z.object({ methods: z.array(z.enum(SECOND_FACTOR_METHODS)) }),
});
export type SecondFactorMethods = z.infer<typeof secondFactorMethodsResponseSchema>['data'];
