import { z } from 'zod';
import { CONSENT_PURPOSES, CONSENT_SOURCES, OPTIONAL_CONSENT_PURPOSES, PRIVACY_MESSAGES } from '../privacy';
import { text } from './common';

/**
 * The consent to the privacy notice a form sends: the version the person read (the page shows it
 * beside the box). Missing or blank is the field's message; a version that is no longer the
 * current one is refused by the server (`PRIVACY_MESSAGES.noticeOutdated`).
 */
export const noticeVersionField = text('Privacy notice', {
  requiredMessage: PRIVACY_MESSAGES.noticeRequired,
  typeMessage: PRIVACY_MESSAGES.noticeRequired,
})
  .trim()
  .min(1, PRIVACY_MESSAGES.noticeRequired)
  .max(20, PRIVACY_MESSAGES.noticeOutdated);

/** The optional consents a form gives: the purposes whose boxes are ticked (none by default). */
export const givenConsentsField = z
  .array(z.enum(OPTIONAL_CONSENT_PURPOSES, 'Unknown consent'))
  .max(OPTIONAL_CONSENT_PURPOSES.length)
  .default([]);

/** The part of the registration body and the membership application that records consent. */
export const consentFormFields = {
  noticeVersion: noticeVersionField,
  consents: givenConsentsField,
};

/** GET /api/privacy/notice. */
export const privacyNoticeVersionSchema = z.object({ version: z.string(), publishedOn: z.string() });
export type PrivacyNoticeVersion = z.infer<typeof privacyNoticeVersionSchema>;

/** One purpose's current state: the latest consent row for it, or never asked (`given: false`, no time). */
export const consentStateSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  given: z.boolean(),
  noticeVersion: z.string().nullable(),
  source: z.enum(CONSENT_SOURCES).nullable(),
  recordedAt: z.string().nullable(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

/** GET /api/me/consents: each purpose's current state and the notice version consented to. */
export const myConsentsSchema = z.object({
  currentNoticeVersion: z.string(),
  /** The version of the notice the person last accepted; null if never. */
  acceptedNoticeVersion: z.string().nullable(),
  consents: z.array(consentStateSchema),
});
export type MyConsents = z.infer<typeof myConsentsSchema>;
export const myConsentsResponseSchema = z.object({ data: myConsentsSchema });

export const consentPurposeParamsSchema = z.object({ purpose: text('Purpose').max(50) });

/** PUT /api/me/consents/{purpose}. */
export const consentChangeSchema = z.strictObject({
  given: z.boolean(PRIVACY_MESSAGES.givenInvalid),
});
export type ConsentChange = z.infer<typeof consentChangeSchema>;
export const consentChangeResponseSchema = z.object({ data: myConsentsSchema });
