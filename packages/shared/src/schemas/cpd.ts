import { z } from 'zod';
import {
  CERTIFICATE_BLOCKERS,
  CPD_MESSAGES,
  CPD_ROLES,
  EVALUATION_QUESTION_KINDS,
  EVALUATION_RATING_MAX,
  EVALUATION_RATING_MIN,
  MAX_EVALUATION_COMMENT,
  MAX_EVALUATION_QUESTIONS,
} from '../cpd';
import { PROFESSION_CODES } from '../cpd-transcript';
import { CHECK_IN_SESSIONS } from '../enums';
import { PRC_NUMBER_PATTERN } from '../event-prices';
import { isCalendarDate, requiredText, text } from './common';
import { eventAccreditationsSchema } from './cpd-transcript';

/**
 * A number of units or hours as a form sends it ('1.5') or a JSON client (1.5): at most two
 * decimals, from 0 to `max`; kept as its text ('1.5'), which the database's numeric reads exactly.
 */
const decimalField = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    text('Number', { requiredMessage: message, typeMessage: message })
      .trim()
      .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= max, message)
      .transform((value) => String(Number(value))),
  );
const units = (label: string) => decimalField(100, CPD_MESSAGES.unitsNumber(label));
const hours = (label: string) => decimalField(24, CPD_MESSAGES.hoursNumber(label));

/** PUT /api/cpd/events/{id}/settings: what a certificate of the event prints and counts. */
export const cpdSettingsSchema = z.object({
  provider_name: requiredText('Provider name', CPD_MESSAGES.providerNameRequired, 200),
  provider_accreditation_number: requiredText(
    'Provider accreditation number',
    CPD_MESSAGES.providerAccreditationRequired,
    60,
  ),
  provider_accreditation_valid_until: text('Accreditation valid until', {
    requiredMessage: CPD_MESSAGES.providerValidUntil,
    typeMessage: CPD_MESSAGES.providerValidUntil,
  })
    .trim()
    .refine(isCalendarDate, CPD_MESSAGES.providerValidUntil),
  program_accreditation_number: requiredText(
    'Program accreditation number',
    CPD_MESSAGES.programAccreditationRequired,
    60,
  ),
  participant_units_per_hour: units('Participant units per hour'),
  speaker_units_per_talk: units('Speaker units per talk'),
  moderator_units: units('Moderator units'),
  facilitator_units: units('Facilitator units'),
  morning_hours: hours('Morning hours'),
  afternoon_hours: hours('Afternoon hours'),
  day_hours: hours('Single-session hours'),
  signatory_name: requiredText('Signatory name', CPD_MESSAGES.signatoryNameRequired, 120),
  signatory_title: requiredText('Signatory title', CPD_MESSAGES.signatoryTitleRequired, 120),
  /**
   * The program accreditation number and units per profession (decision 070); left out, the
   * saved ones stay. An event with none prints `program_accreditation_number` for everyone.
   */
  accreditations: eventAccreditationsSchema.optional(),
});
export type CpdSettingsInput = z.input<typeof cpdSettingsSchema>;
export type CpdSettings = z.infer<typeof cpdSettingsSchema>;

export const evaluationQuestionSchema = z.object({
  /** Stable within the event: answers are keyed by it. */
  id: requiredText('Question id', CPD_MESSAGES.questionPromptRequired, 40),
  kind: z.enum(EVALUATION_QUESTION_KINDS, CPD_MESSAGES.questionPromptRequired),
  prompt: requiredText('Question', CPD_MESSAGES.questionPromptRequired, 300),
});
export type EvaluationQuestion = z.infer<typeof evaluationQuestionSchema>;

/** PUT /api/cpd/events/{id}/evaluation: the questions, before anyone answers. */
export const evaluationQuestionsSchema = z.object({
  questions: z
    .array(evaluationQuestionSchema, CPD_MESSAGES.questionsRequired)
    .min(1, CPD_MESSAGES.questionsRequired)
    .max(MAX_EVALUATION_QUESTIONS, CPD_MESSAGES.tooManyQuestions)
    .refine((questions) => new Set(questions.map((q) => q.id)).size === questions.length, {
      message: CPD_MESSAGES.duplicateQuestion,
    }),
});
export type EvaluationQuestions = z.infer<typeof evaluationQuestionsSchema>;

/** An answer: a rating 1–5 for a rating question, text for a comment (checked against the form). */
export const evaluationAnswerSchema = z.union([
  z
    .number(CPD_MESSAGES.ratingRequired)
    .int(CPD_MESSAGES.ratingRequired)
    .min(EVALUATION_RATING_MIN, CPD_MESSAGES.ratingRequired)
    .max(EVALUATION_RATING_MAX, CPD_MESSAGES.ratingRequired),
  text('Comments', { lines: 'multi' }).trim().max(MAX_EVALUATION_COMMENT, CPD_MESSAGES.commentTooLong),
]);

/** POST /api/cpd/events/{id}/evaluation: an answer per question id. */
export const evaluationSubmitSchema = z.object({
  answers: z.record(text('Question id').max(40, CPD_MESSAGES.unknownQuestion), evaluationAnswerSchema),
});
export type EvaluationSubmit = z.infer<typeof evaluationSubmitSchema>;

/** PUT /api/cpd/prc-details: the attendee's own, read only by them and administrators. */
export const prcDetailsSchema = z.object({
  prc_name: requiredText('Name as on the PRC ID', CPD_MESSAGES.prcNameRequired, 160),
  profession: requiredText('Profession', CPD_MESSAGES.professionRequired, 120),
  prc_number: requiredText('PRC licence number', CPD_MESSAGES.prcNumberRequired, 20).regex(
    PRC_NUMBER_PATTERN,
    CPD_MESSAGES.prcNumberFormat,
  ),
});
export type PrcDetails = z.infer<typeof prcDetailsSchema>;
export const prcDetailsResponseSchema = z.object({
  data: z.object({
    details: prcDetailsSchema.nullable(),
    /** The PRC number of the person's newest professional-tier registration, to start the form with. */
    suggested_prc_number: z.string().nullable(),
  }),
});
export type PrcDetailsResponse = z.infer<typeof prcDetailsResponseSchema>;

/** PUT /api/cpd/registrations/{id}/role. */
export const cpdRoleSchema = z.object({
  role: z.enum(CPD_ROLES, CPD_MESSAGES.roleInvalid),
  talks: z
    .number(CPD_MESSAGES.talksNumber)
    .int(CPD_MESSAGES.talksNumber)
    .min(1, CPD_MESSAGES.talksNumber)
    .max(20, CPD_MESSAGES.talksNumber)
    .default(1),
});
export type CpdRoleInput = z.input<typeof cpdRoleSchema>;

/** POST /api/cpd/certificates/{number}/revoke. */
export const certificateRevokeSchema = z.object({
  reason: requiredText('Reason', CPD_MESSAGES.revokeReasonRequired, 500),
});

export const certificateNumberParamsSchema = z.object({
  number: text('Certificate number').max(40, CPD_MESSAGES.certificateNotFound),
});

/**
 * The verification address's code (decision 066): 22 characters of base64url. Anything else up to
 * 40 characters, a printed number among them, is looked up and not found, like a wrong code.
 */
export const certificateVerifyParamsSchema = z.object({
  code: text('Verification code').max(40, CPD_MESSAGES.certificateNotFound),
});

const checkInSessionSchema = z.object({ day: z.string(), session: z.enum(CHECK_IN_SESSIONS) });

/** One registration as the admin's CPD page lists it. */
export const cpdAttendeeSchema = z.object({
  registration_id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(CPD_ROLES),
  talks: z.number().int(),
  sessions: z.array(checkInSessionSchema),
  evaluation_submitted: z.boolean(),
  prc_details: z.boolean(),
  units: z.string(),
  certificate: z
    .object({
      number: z.string(),
      /** The code its verification page is found by (decision 066). */
      verify_code: z.string(),
      revoked: z.boolean(),
      revoked_reason: z.string().nullable(),
    })
    .nullable(),
  blockers: z.array(z.enum(CERTIFICATE_BLOCKERS)),
});
export type CpdAttendee = z.infer<typeof cpdAttendeeSchema>;

const cpdSettingsOutSchema = z.object({
  provider_name: z.string(),
  provider_accreditation_number: z.string(),
  provider_accreditation_valid_until: z.string(),
  program_accreditation_number: z.string(),
  participant_units_per_hour: z.string(),
  speaker_units_per_talk: z.string(),
  moderator_units: z.string(),
  facilitator_units: z.string(),
  morning_hours: z.string(),
  afternoon_hours: z.string(),
  day_hours: z.string(),
  signatory_name: z.string(),
  signatory_title: z.string(),
  accreditations: z.array(
    z.object({ profession: z.enum(PROFESSION_CODES), number: z.string(), units: z.string() }),
  ),
});

/** GET /api/cpd/events/{id}: everything the admin's CPD page shows. */
export const cpdEventResponseSchema = z.object({
  data: z.object({
    event: z.object({
      id: z.uuid(),
      title: z.string(),
      start_date: z.string(),
      end_date: z.string().nullable(),
      certification_provided: z.boolean(),
      ended: z.boolean(),
    }),
    settings: cpdSettingsOutSchema.nullable(),
    questions: z.array(evaluationQuestionSchema),
    /** Answers exist: the questions can no longer change. */
    questions_locked: z.boolean(),
    attendees: z.array(cpdAttendeeSchema),
  }),
});
export type CpdEventResponse = z.infer<typeof cpdEventResponseSchema>;
export type CpdEvent = CpdEventResponse['data'];

/** GET /api/cpd/events/{id}/evaluation-results: per question, its average and count. */
export const evaluationResultsResponseSchema = z.object({
  data: z.object({
    responses: z.number().int(),
    questions: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(EVALUATION_QUESTION_KINDS),
        prompt: z.string(),
        count: z.number().int(),
        /** Two decimals, as text; null for comments and unanswered ratings. */
        average: z.string().nullable(),
        comments: z.array(z.string()),
      }),
    ),
  }),
});
export type EvaluationResults = z.infer<typeof evaluationResultsResponseSchema>['data'];

/** POST /api/cpd/events/{id}/certificates: who got one, who did not and why. */
export const certificateIssueResponseSchema = z.object({
  data: z.object({
    issued: z.array(z.object({ registration_id: z.uuid(), name: z.string(), number: z.string() })),
    skipped: z.array(
      z.object({
        registration_id: z.uuid(),
        name: z.string(),
        reasons: z.array(z.string()),
      }),
    ),
  }),
});
export type CertificateIssueResult = z.infer<typeof certificateIssueResponseSchema>['data'];

/** GET /api/cpd/events/{id}/evaluation: the attendee's form. */
export const myEvaluationResponseSchema = z.object({
  data: z.object({
    event: z.object({ id: z.uuid(), title: z.string() }),
    questions: z.array(evaluationQuestionSchema),
    submitted: z.boolean(),
  }),
});
export type MyEvaluation = z.infer<typeof myEvaluationResponseSchema>['data'];

/** GET /api/cpd/my-events: the past certified events the person attended, for their profile. */
export const myCpdEventSchema = z.object({
  event_id: z.uuid(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  checked_in: z.boolean(),
  evaluation_submitted: z.boolean(),
  certificate: z.object({ number: z.string(), units: z.string(), verify_code: z.string() }).nullable(),
});
export type MyCpdEvent = z.infer<typeof myCpdEventSchema>;
export const myCpdEventsResponseSchema = z.object({ data: z.array(myCpdEventSchema) });

/**
 * GET /api/certificates/verify/{code}: what anyone may read of a certificate, only what checking
 * the paper needs (decision 066): who, what it certifies, when, and whether it stands. Not the
 * licence number, the profession, nor a revocation's reason (the admin's words about the person).
 */
export const certificateVerificationSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.enum(['valid', 'revoked']),
    number: z.string(),
    name: z.string(),
    program: z.string(),
    dates: z.string(),
    units: z.string(),
    role: z.enum(CPD_ROLES),
    provider: z.string(),
  }),
  z.object({ status: z.literal('not_found') }),
]);
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
export const certificateVerificationResponseSchema = z.object({ data: certificateVerificationSchema });
export type CertificateVerificationResponse = z.infer<typeof certificateVerificationResponseSchema>;
