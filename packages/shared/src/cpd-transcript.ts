// The CPD transcript (docs/product-rules.md "CPD transcript", decision 070): professions with
// their PRC boards, the units a licence renewal needs by year, and the arithmetic of a renewal
// period. Configuration, not code: another reading of the PRC's order changes these tables only.

/** The professions the association's members hold, each with the PRC board that licenses it. */
export const PROFESSIONS = [
  { code: 'geologist', label: 'Geologist', board: 'Board of Geology' },
  { code: 'mining_engineer', label: 'Mining Engineer', board: 'Board of Mining Engineering' },
  {
    code: 'metallurgical_engineer',
    label: 'Metallurgical Engineer',
    board: 'Board of Metallurgical Engineering',
  },
  { code: 'chemist', label: 'Chemist', board: 'Board of Chemistry' },
] as const;
export type ProfessionCode = (typeof PROFESSIONS)[number]['code'];
export const PROFESSION_CODES = PROFESSIONS.map((profession) => profession.code) as [
  ProfessionCode,
  ...ProfessionCode[],
];
export const professionLabel = (code: string) =>
  PROFESSIONS.find((profession) => profession.code === code)?.label ?? code;

/**
 * The units a renewal needs by the year the licence is renewed (PRC Memorandum Order 98 of 2023,
 * as read by the association): each figure holds from its year until the next one. Renewals before
 * the first year needed none (the "undertaking" was still accepted).
 */
export const UNITS_REQUIRED_BY_RENEWAL_YEAR: readonly { fromYear: number; units: number }[] = [
  { fromYear: 2024, units: 15 },
  { fromYear: 2025, units: 20 },
  { fromYear: 2026, units: 30 },
  { fromYear: 2027, units: 45 },
];

/** A PRC licence is renewed every three years. */
export const RENEWAL_PERIOD_YEARS = 3;
/** The transcript lists the current period and at most this many before it. */
export const MAX_PAST_PERIODS = 2;
/** Reminders go this many days before the licence's expiry when units are short. */
export const TRANSCRIPT_REMINDER_DAYS = [180, 60] as const;
/** The CPD page warns this many days before the provider's accreditation lapses. */
export const PROVIDER_WARNING_DAYS = 60;
/** The secretariat's report lists renewals this many months ahead. */
export const SHORT_OF_UNITS_MONTHS = 6;
/** An external entry's units: more than 0, at most this, one decimal. */
export const MAX_EXTERNAL_UNITS = 100;
export const EXTERNAL_CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;
export const EXTERNAL_CERTIFICATE_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;

export const EXTERNAL_UNIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ExternalUnitStatus = (typeof EXTERNAL_UNIT_STATUSES)[number];

/** Units required (whole units) for a renewal in `year`. */
export function unitsRequiredFor(year: number): number {
  let required = 0;
  for (const step of UNITS_REQUIRED_BY_RENEWAL_YEAR) if (step.fromYear <= year) required = step.units;
  return required;
}

/** 'YYYY-MM-DD' moved by whole years (29 February becomes 28 February) or days. */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, d));
  if (target.getUTCDate() !== d) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}
export function addDays(date: string, days: number): string {
  const target = new Date(`${date}T00:00:00Z`);
  target.setUTCDate(target.getUTCDate() + days);
  return target.toISOString().slice(0, 10);
}
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The renewal periods of a licence, newest first: the current one ends on the expiry date and
 * began the day after the expiry three years before; earlier ones step back three years, not
 * before the registration date.
 */
export function renewalPeriods(
  registrationDate: string,
  expiryDate: string,
): { from: string; to: string; renewalYear: number }[] {
  const periods: { from: string; to: string; renewalYear: number }[] = [];
  let to = expiryDate;
  for (let index = 0; index <= MAX_PAST_PERIODS; index += 1) {
    const from = addDays(addYears(to, -RENEWAL_PERIOD_YEARS), 1);
    // The period reaching back to the registration day starts on it (a licence issued on the
    // tenth and expiring on the tenth three years on has one period, not a day before it).
    const first = addDays(from, -1) <= registrationDate;
    periods.push({ from: first ? registrationDate : from, to, renewalYear: Number(to.slice(0, 4)) });
    if (first) break;
    to = addDays(from, -1);
  }
  return periods;
}

export const TRANSCRIPT_MESSAGES = {
  sectionTitle: 'CPD transcript',
  licencesTitle: 'PRC licences',
  professionInvalid: 'Choose a profession from the list',
  professionTwice: 'Each profession can be entered once',
  licenceNumberRequired: 'PRC licence number is required',
  registrationDateInvalid: 'Registration date must be a valid date (YYYY-MM-DD)',
  expiryDateInvalid: 'Licence expiry must be a valid date (YYYY-MM-DD)',
  expiryBeforeRegistration: 'Licence expiry must be after the registration date',
  tooManyLicences: `At most ${PROFESSIONS.length} licences`,
  licencesSaved: 'PRC licences saved.',
  noLicences: 'Add your profession and PRC licence to see your transcript.',
  lapsed: (date: string) => `Your licence lapsed on ${date}. Renew it with the PRC.`,
  required: 'Units required',
  earnedHere: 'Earned at our events',
  external: 'Approved external units',
  remaining: 'Units still needed',
  downloadPdf: 'Download transcript (PDF)',
  providerRequired: 'Provider is required',
  programmeRequired: 'Programme is required',
  accreditationNumberRequired: 'Accreditation number is required',
  completedOnInvalid: 'Date must be a valid date (YYYY-MM-DD)',
  completedOnFuture: 'The date cannot be in the future',
  unitsInvalid: `Units must be more than 0 and at most ${MAX_EXTERNAL_UNITS}, with at most one decimal`,
  certificateRequired: 'Attach the certificate (a PDF or an image)',
  certificateType: 'The certificate must be a PDF, JPEG, PNG or WebP file',
  certificateTooLarge: 'The certificate must be at most 5 MB',
  professionNotHeld: 'Add this profession’s licence first',
  externalSubmitted: 'Sent: the secretariat will review your entry.',
  externalNotFound: 'External entry not found',
  externalAlreadyDecided: 'This entry was already reviewed',
  rejectReasonRequired: 'Reason is required',
  recordExternal: 'Record external units',
  externalPending: 'Waiting for review',
  externalApproved: 'Approved',
  externalRejected: (reason: string) => `Rejected: ${reason}`,
  noAccreditationForProfession: (profession: string) =>
    `No program accreditation for ${profession} at this event`,
  noLicenceForEvent: 'No PRC licence of a profession accredited for this event',
  providerLapsed: (profession: string, date: string) =>
    `The provider's accreditation for ${profession} was valid until ${date}`,
  providerLapsedForEvent: (date: string) =>
    `The provider's accreditation was valid until ${date}: certificates of a later event cannot be issued`,
  providerWarning: (profession: string, date: string, days: number) =>
    days < 0
      ? `The provider's accreditation for ${profession} lapsed on ${date}.`
      : `The provider's accreditation for ${profession} lapses on ${date} (in ${days} day${days === 1 ? '' : 's'}).`,
  providerSaved: 'Provider accreditations saved.',
  accreditationNumberOfProfession: 'Program accreditation number is required',
  transcriptNotFound: 'No transcript has this code. Scan the QR code on the transcript again.',
  transcriptVerifyTitle: 'CPD transcript verification',
  noLicenceForPdf: 'No PRC licence of this profession',
  reminderSubject: (days: number) => `CPD units: your PRC licence expires in ${days} days`,
} as const;

/** The public page a transcript's QR code opens (its code, never the person's id). */
export const transcriptVerifyPath = (code: string) => `/cpd/transcripts/verify/${encodeURIComponent(code)}`; // sitePaths.transcriptsVerify
/** The transcript's PDF under the API's /api/cpd. */
export const TRANSCRIPT_PDF_PATH = '/transcript.pdf';
