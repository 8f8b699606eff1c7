import { z } from 'zod';
import { CPD_MESSAGES } from '../cpd';
import {
  EXTERNAL_UNIT_STATUSES,
  MAX_EXTERNAL_UNITS,
  PROFESSION_CODES,
  PROFESSIONS,
  TRANSCRIPT_MESSAGES,
} from '../cpd-transcript';
import { PRC_NUMBER_PATTERN } from '../event-prices';
import { isCalendarDate, paginationSchema, requiredText, text } from './common';
import { pageQuerySchema, queryChoice } from './query';

const professionSchema = z.enum(PROFESSION_CODES, TRANSCRIPT_MESSAGES.professionInvalid);
const calendarDate = (label: string, message: string) =>
  text(label, { requiredMessage: message, typeMessage: message }).trim().refine(isCalendarDate, message);

/** One PRC licence: a profession of the configured list, its number, registration and expiry. */
export const prcLicenceSchema = z
  .object({
    profession: professionSchema,
    licence_number: requiredText('PRC licence number', TRANSCRIPT_MESSAGES.licenceNumberRequired, 20).regex(
      PRC_NUMBER_PATTERN,
      CPD_MESSAGES.prcNumberFormat,
    ),
    registration_date: calendarDate('Registration date', TRANSCRIPT_MESSAGES.registrationDateInvalid),
    expiry_date: calendarDate('Licence expiry', TRANSCRIPT_MESSAGES.expiryDateInvalid),
  })
  .refine((licence) => licence.expiry_date > licence.registration_date, {
    message: TRANSCRIPT_MESSAGES.expiryBeforeRegistration,
    path: ['expiry_date'],
  });
export type PrcLicence = z.infer<typeof prcLicenceSchema>;

/** PUT /api/cpd/licences: every licence of the person, replacing what was saved. */
export const prcLicencesSchema = z.object({
  licences: z
    .array(prcLicenceSchema)
    .max(PROFESSIONS.length, TRANSCRIPT_MESSAGES.tooManyLicences)
    .refine((licences) => new Set(licences.map((l) => l.profession)).size === licences.length, {
      message: TRANSCRIPT_MESSAGES.professionTwice,
    }),
});
export type PrcLicencesInput = z.input<typeof prcLicencesSchema>;
export const prcLicencesResponseSchema = z.object({
  data: z.object({
    licences: z.array(
      z.object({
        profession: z.string(),
        licence_number: z.string(),
        registration_date: z.string(),
        expiry_date: z.string(),
      }),
    ),
  }),
});

/**
 * Units of an external entry as a form sends them ('1.5') or a JSON client (1.5): more than 0, at
 * most 100, at most one decimal; kept as text for the database's exact numeric.
 */
const externalUnitsField = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  text('Units', {
    requiredMessage: TRANSCRIPT_MESSAGES.unitsInvalid,
    typeMessage: TRANSCRIPT_MESSAGES.unitsInvalid,
  })
    .trim()
    .refine(
      (value) => /^\d{1,3}(\.\d)?$/.test(value) && Number(value) > 0 && Number(value) <= MAX_EXTERNAL_UNITS,
      TRANSCRIPT_MESSAGES.unitsInvalid,
    )
    .transform((value) => String(Number(value))),
);

/** POST /api/cpd/external-units (multipart, with the certificate as `certificate`). */
export const externalUnitSchema = z.object({
  profession: professionSchema,
  provider: requiredText('Provider', TRANSCRIPT_MESSAGES.providerRequired, 200),
  programme: requiredText('Programme', TRANSCRIPT_MESSAGES.programmeRequired, 300),
  accreditation_number: requiredText(
    'Accreditation number',
    TRANSCRIPT_MESSAGES.accreditationNumberRequired,
    60,
  ),
  completed_on: calendarDate('Date', TRANSCRIPT_MESSAGES.completedOnInvalid),
  units: externalUnitsField,
});
export type ExternalUnitInput = z.input<typeof externalUnitSchema>;
export type ExternalUnit = z.infer<typeof externalUnitSchema>;

export const externalUnitRejectSchema = z.object({
  reason: requiredText('Reason', TRANSCRIPT_MESSAGES.rejectReasonRequired, 500),
});

const externalUnitOutSchema = z.object({
  id: z.uuid(),
  profession: z.string(),
  provider: z.string(),
  programme: z.string(),
  accreditation_number: z.string(),
  completed_on: z.string(),
  units: z.string(),
  status: z.enum(EXTERNAL_UNIT_STATUSES),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export const externalUnitResponseSchema = z.object({ data: externalUnitOutSchema });

/** GET /api/cpd/admin/external-units: the secretariat's list, waiting ones first. */
export const externalUnitsAdminQuerySchema = z.object({
  status: queryChoice(EXTERNAL_UNIT_STATUSES, 'Status must be pending, approved or rejected'),
  ...pageQuerySchema(20),
});
export const externalUnitsAdminResponseSchema = z.object({
  data: z.array(
    externalUnitOutSchema.extend({
      user_id: z.uuid(),
      name: z.string(),
      email: z.string(),
    }),
  ),
  pagination: paginationSchema,
});
export type ExternalUnitsAdminResponse = z.infer<typeof externalUnitsAdminResponseSchema>;

const transcriptEntrySchema = z.object({
  kind: z.enum(['certificate', 'external']),
  id: z.string(),
  date: z.string(),
  title: z.string(),
  provider: z.string(),
  accreditation_number: z.string(),
  units: z.string(),
  /** Certificates count; external entries count once approved. */
  status: z.enum(['issued', ...EXTERNAL_UNIT_STATUSES]),
  reason: z.string().nullable(),
  certificate_number: z.string().nullable(),
});
export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;

const transcriptPeriodSchema = z.object({
  profession: z.string(),
  profession_label: z.string(),
  board: z.string(),
  licence_number: z.string(),
  from: z.string(),
  to: z.string(),
  renewal_year: z.number().int(),
  current: z.boolean(),
  /** The current period's licence expired before today. */
  lapsed: z.boolean(),
  required: z.string(),
  earned: z.string(),
  external: z.string(),
  remaining: z.string(),
  entries: z.array(transcriptEntrySchema),
});
export type TranscriptPeriod = z.infer<typeof transcriptPeriodSchema>;

/** GET /api/cpd/transcript: per licence, its renewal periods, newest first. */
export const transcriptResponseSchema = z.object({
  periods: z.array(transcriptPeriodSchema),
});
export type Transcript = z.infer<typeof transcriptResponseSchema>;

/** GET /api/cpd/transcript.pdf: one licence's transcript; staff may name the person. */
export const transcriptPdfQuerySchema = z.object({
  user: z.uuid('Invalid id').optional(),
  profession: z.enum(PROFESSION_CODES, TRANSCRIPT_MESSAGES.professionInvalid).optional(),
});

/** GET /api/cpd/transcripts/verify/{code}: what a printed transcript said, for anyone with its QR code. */
export const transcriptVerifyParamsSchema = z.object({
  code: text('Verification code').max(40, TRANSCRIPT_MESSAGES.transcriptNotFound),
});
export const transcriptVerificationResponseSchema = z.object({
  data: z.union([
    z.object({
      status: z.literal('valid'),
      name: z.string(),
      profession: z.string(),
      period_from: z.string(),
      period_to: z.string(),
      required: z.string(),
      earned: z.string(),
      external: z.string(),
      issued_on: z.string(),
    }),
    z.object({ status: z.literal('not_found') }),
  ]),
});
export type TranscriptVerification = z.infer<typeof transcriptVerificationResponseSchema>['data'];

/** One per-profession program accreditation of an event's CPD settings. */
export const eventAccreditationSchema = z.object({
  profession: professionSchema,
  number: requiredText(
    'Program accreditation number',
    TRANSCRIPT_MESSAGES.accreditationNumberOfProfession,
    60,
  ),
  units: z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    text('Units', {
      requiredMessage: CPD_MESSAGES.unitsNumber('Units'),
      typeMessage: CPD_MESSAGES.unitsNumber('Units'),
    })
      .trim()
      .refine(
        (value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100,
        CPD_MESSAGES.unitsNumber('Units'),
      )
      .transform((value) => String(Number(value))),
  ),
});
export const eventAccreditationsSchema = z
  .array(eventAccreditationSchema)
  .max(PROFESSIONS.length, TRANSCRIPT_MESSAGES.tooManyLicences)
  .refine((list) => new Set(list.map((a) => a.profession)).size === list.length, {
    message: TRANSCRIPT_MESSAGES.professionTwice,
  });
export type EventAccreditation = z.infer<typeof eventAccreditationSchema>;

/** PUT /api/cpd/provider-accreditations: the association's accreditation as a provider, per profession. */
export const providerAccreditationsSchema = z.object({
  accreditations: z
    .array(
      z.object({
        profession: professionSchema,
        number: requiredText('Provider accreditation number', CPD_MESSAGES.providerAccreditationRequired, 60),
        valid_until: calendarDate('Valid until', CPD_MESSAGES.providerValidUntil),
      }),
    )
    .max(PROFESSIONS.length, TRANSCRIPT_MESSAGES.tooManyLicences)
    .refine((list) => new Set(list.map((a) => a.profession)).size === list.length, {
      message: TRANSCRIPT_MESSAGES.professionTwice,
    }),
});
export type ProviderAccreditationsInput = z.input<typeof providerAccreditationsSchema>;
export const providerAccreditationsResponseSchema = z.object({
  data: z.array(
    z.object({
      profession: z.string(),
      number: z.string(),
      valid_until: z.string(),
      /** Days from today to the end of its validity (negative: lapsed). */
      days_left: z.number().int(),
      /** Lapsed, or lapsing within PROVIDER_WARNING_DAYS: the CPD page says so. */
      warning: z.string().nullable(),
    }),
  ),
});
export type ProviderAccreditations = z.infer<typeof providerAccreditationsResponseSchema>['data'];
