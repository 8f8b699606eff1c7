import { z } from 'zod';
import {
  CONSENT_PURPOSES,
  CONSENT_SOURCES,
  CURRENT_NOTICE_VERSION,
  OPTIONAL_CONSENT_PURPOSES,
  type OptionalConsentPurpose,
  PRIVACY_MESSAGES,
} from '../privacy';
import { text } from './common';

/**
 * The consent to the privacy notice a form sends: the version the person read (the page shows it
 * beside the box). Blank is the field's message; a version that is no longer the
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

/**
 * The part of the registration body and the membership application that records consent. The
 * notice's version is optional to the API, so that clients of the specification's register and
 * membership-form requests keep working (docs/decisions/065): an account that did not send it has
 * not accepted the notice, and is asked on every page until it does. The web's forms require it.
 */
export const consentFormFields = {
  noticeVersion: noticeVersionField.optional(),
  consents: givenConsentsField,
};

/**
 * The consent part of a form in the browser: the notice's box (required) and one unticked box per
 * optional consent. `consentBodyOf` turns it into the fields the server takes.
 */
export const consentCheckboxFields = {
  acceptNotice: z.boolean().refine((accepted) => accepted, PRIVACY_MESSAGES.noticeRequired),
  optionalConsents: z.object({
    announcements_email: z.boolean(),
    member_directory: z.boolean(),
    cpd_prc_report: z.boolean(),
  }),
};
export const consentCheckboxDefaults = {
  acceptNotice: false,
  optionalConsents: { announcements_email: false, member_directory: false, cpd_prc_report: false },
};
type ConsentCheckboxes = { acceptNotice: boolean; optionalConsents: Record<OptionalConsentPurpose, boolean> };

/** The body fields of the boxes ticked: the notice's version read, and the optional purposes given. */
export function consentBodyOf(form: ConsentCheckboxes) {
  return {
    noticeVersion: form.acceptNotice ? CURRENT_NOTICE_VERSION : '',
    consents: OPTIONAL_CONSENT_PURPOSES.filter((purpose) => form.optionalConsents[purpose]),
  };
}

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
