// CPD settings, PRC details, evaluations and certificates (docs/product-rules.md "CPD
// certificates"), apart from their Zod schemas (schemas/cpd.ts) so that the public certificate
// page loads no Zod.

import type { CheckInSession } from './enums';

/** What an attendee was at the event: a participant unless an administrator says otherwise. */
export const CPD_ROLES = ['participant', 'speaker', 'moderator', 'facilitator'] as const;
export type CpdRole = (typeof CPD_ROLES)[number];

export const CPD_ROLE_LABELS: Record<CpdRole, string> = {
  participant: 'Participant',
  speaker: 'Speaker',
  moderator: 'Moderator',
  facilitator: 'Facilitator',
};

/** The kinds of evaluation question: a rating from 1 to 5, or free comments. */
export const EVALUATION_QUESTION_KINDS = ['rating', 'comment'] as const;
export type EvaluationQuestionKind = (typeof EVALUATION_QUESTION_KINDS)[number];
export const EVALUATION_RATING_MIN = 1;
export const EVALUATION_RATING_MAX = 5;
export const MAX_EVALUATION_QUESTIONS = 20;
export const MAX_EVALUATION_COMMENT = 2000;

/** The questions every event's evaluation starts with; the administrator edits them per event. */
export const DEFAULT_EVALUATION_QUESTIONS: readonly {
  id: string;
  kind: EvaluationQuestionKind;
  prompt: string;
}[] = [
  { id: 'objectives', kind: 'rating', prompt: 'The program met its stated objectives' },
  { id: 'content', kind: 'rating', prompt: 'The content was relevant to my practice' },
  { id: 'speakers', kind: 'rating', prompt: 'The speakers knew their subject and presented it clearly' },
  { id: 'venue', kind: 'rating', prompt: 'The venue, materials and organisation were adequate' },
  { id: 'overall', kind: 'rating', prompt: 'Overall, I am satisfied with the program' },
  { id: 'comments', kind: 'comment', prompt: 'Comments and suggestions' },
];

/** A certificate number: CPD-2026-00001, a per-year sequence never reused (decision 055). */
export const CERTIFICATE_NUMBER_PREFIX = 'CPD';
export const formatCertificateNumber = (year: number, sequence: number) =>
  `${CERTIFICATE_NUMBER_PREFIX}-${year}-${String(sequence).padStart(5, '0')}`;
export const CERTIFICATE_NUMBER_PATTERN = /^CPD-\d{4}-\d{5,}$/;

/** The certificate's PDF, under the API's /api (its page is `sitePaths.verifyCertificate`). */
export const certificatePdfPath = (number: string) => `/certificates/${encodeURIComponent(number)}.pdf`;

/**
 * Units and hours are kept in hundredths (1.5 units is 150), as money is kept in centavos: the
 * sums of a certificate are integer arithmetic, never floating point.
 */
export function hundredthsOf(value: string | number): number {
  const [whole = '0', fraction = ''] = String(value).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

export type CpdUnitSettings = {
  participant_units_per_hour: string;
  speaker_units_per_talk: string;
  moderator_units: string;
  facilitator_units: string;
  morning_hours: string;
  afternoon_hours: string;
  day_hours: string;
};

/** The hours of the sessions checked into (one per event day and session), in hundredths. */
export function hoursAttended(settings: CpdUnitSettings, sessions: readonly CheckInSession[]): number {
  const hoursOf: Record<CheckInSession, number> = {
    morning: hundredthsOf(settings.morning_hours),
    afternoon: hundredthsOf(settings.afternoon_hours),
    day: hundredthsOf(settings.day_hours),
  };
  return sessions.reduce((total, session) => total + hoursOf[session], 0);
}

/**
 * The units an attendee earns (docs/product-rules.md "CPD certificates"): the participant's units
 * for each hour of the sessions they were checked into, plus their role's units (a speaker's per
 * talk). In hundredths; an hour's units are rounded down to the hundredth.
 */
export function unitsEarned(
  settings: CpdUnitSettings,
  sessions: readonly CheckInSession[],
  role: CpdRole,
  talks = 1,
): number {
  const participant = Math.floor(
    (hoursAttended(settings, sessions) * hundredthsOf(settings.participant_units_per_hour)) / 100,
  );
  const roleUnits = {
    participant: 0,
    speaker: hundredthsOf(settings.speaker_units_per_talk) * talks,
    moderator: hundredthsOf(settings.moderator_units),
    facilitator: hundredthsOf(settings.facilitator_units),
  }[role];
  return participant + roleUnits;
}

/** Why an attendee has no certificate yet; the admin's list shows these. */
export const CERTIFICATE_BLOCKERS = [
  'not_approved',
  'not_checked_in',
  'no_evaluation',
  'no_prc_details',
] as const;
export type CertificateBlocker = (typeof CERTIFICATE_BLOCKERS)[number];

export const CPD_MESSAGES = {
  settingsTitle: 'CPD settings',
  notCertified: 'This event does not provide certification',
  noSettings: 'Save the CPD settings before issuing certificates',
  providerNameRequired: 'Provider name is required',
  providerAccreditationRequired: 'Provider accreditation number is required',
  providerValidUntil: 'Accreditation valid until must be a valid date (YYYY-MM-DD)',
  programAccreditationRequired: 'Program accreditation number is required',
  signatoryNameRequired: 'Signatory name is required',
  signatoryTitleRequired: 'Signatory title is required',
  unitsNumber: (label: string) => `${label} must be a number from 0 to 100, at most 2 decimals`,
  hoursNumber: (label: string) => `${label} must be a number from 0 to 24, at most 2 decimals`,
  roleInvalid: `Role must be one of ${CPD_ROLES.join(', ')}`,
  talksNumber: 'Talks must be a whole number from 1 to 20',
  registrationNotFound: 'Registration not found',
  prcNameRequired: 'Name as on the PRC ID is required',
  professionRequired: 'Profession is required',
  prcNumberRequired: 'PRC licence number is required',
  prcNumberFormat: 'PRC licence number must be 7 digits',
  prcSaved: 'PRC details saved.',
  questionPromptRequired: 'Question is required',
  questionsRequired: 'Add at least one question',
  tooManyQuestions: `At most ${MAX_EVALUATION_QUESTIONS} questions`,
  questionsLocked: 'The evaluation has answers: its questions can no longer change',
  duplicateQuestion: 'Each question needs its own id',
  ratingRequired: 'Choose a rating from 1 to 5',
  commentTooLong: `Comments must be at most ${MAX_EVALUATION_COMMENT} characters`,
  unknownQuestion: 'That question is not in this evaluation',
  evaluationNotCheckedIn: 'Only attendees who were checked in can answer the evaluation',
  evaluationAlreadySubmitted: 'You have already answered this evaluation',
  evaluationSubmitted: 'Thank you: your evaluation was received.',
  eventNotEnded: 'Certificates are issued after the event ends',
  certificateNotFound: 'Certificate not found',
  certificateForbidden: 'Only the certificate’s owner and administrators can download it',
  alreadyRevoked: 'This certificate is already revoked',
  revokeReasonRequired: 'Reason is required',
  blockers: {
    not_approved: 'Registration not approved',
    not_checked_in: 'Never checked in',
    no_evaluation: 'Evaluation not answered',
    no_prc_details: 'PRC details not entered',
  } satisfies Record<CertificateBlocker, string>,
  alreadyIssued: 'A certificate was already issued',
  issuedNotice: (issued: number, skipped: number) =>
    `${issued} certificate${issued === 1 ? '' : 's'} issued; ${skipped} attendee${skipped === 1 ? '' : 's'} not eligible.`,
  verifyTitle: 'CPD certificate verification',
  valid: 'Valid certificate',
  revoked: 'Revoked',
  revokedDetail: 'This certificate was revoked by the provider and no longer counts.',
  notFound: 'Not found',
  notFoundDetail: 'No certificate has this code. Scan the QR code on the certificate again.',
  sectionTitle: 'CPD certificates',
  answerEvaluation: 'Answer the evaluation',
  downloadCertificate: 'Download certificate',
} as const;
