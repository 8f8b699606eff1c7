// Kept apart from the Zod schemas: the staff panel and the members' list read these, not Zod.
import { addToDate } from './dates';
import type { BoardPosition } from './enums';

/*
 * After the annual meeting (docs/decisions/078-after-the-annual-meeting.md): the elected trustees
 * offered to the board, the four officers, the minutes and resolutions, the secretary's
 * certificate and the reminder to file the General Information Sheet.
 */

/** The four officers the trustees elect among themselves (spec 000 §1), in the spec's order. */
export const OFFICER_POSITIONS = [
  'President',
  'Vice President',
  'Secretary',
  'Treasurer',
] as const satisfies readonly BoardPosition[];
export type OfficerPosition = (typeof OFFICER_POSITIONS)[number];

/** The field of the officers' form for each position (`vicePresident`). */
export const OFFICER_FIELDS = {
  President: 'president',
  'Vice President': 'vicePresident',
  Secretary: 'secretary',
  Treasurer: 'treasurer',
} as const satisfies Record<OfficerPosition, string>;

export const MEETING_DOCUMENT_KINDS = ['minutes', 'resolution'] as const;
export type MeetingDocumentKind = (typeof MEETING_DOCUMENT_KINDS)[number];
export const MEETING_DOCUMENT_KIND_LABELS: Record<MeetingDocumentKind, string> = {
  minutes: 'Minutes',
  resolution: 'Resolution',
};

export const MEETING_DOCUMENT_LIMITS = { maxBytes: 5 * 1024 * 1024, titleMax: 200, reasonMax: 500 } as const;
/** The multipart field of the document upload. */
export const MEETING_DOCUMENT_FILE_FIELD = 'file';

/** The General Information Sheet is filed with the SEC within 30 days of the annual meeting. */
export const GIS_FILING_DAYS = 30;

/** Every user-visible message of the work after the meeting. */
export const MEETING_AFTER_MESSAGES = {
  notCertified: 'The results must be certified first',
  challengeWindowOpen: (ends: string) =>
    `The elected trustees can be applied to the board once the challenge window ends (${ends})`,
  boardAppliedAlready: 'The election has already been applied to the board',
  tieUnresolved: (needed: number, votes: number) =>
    `A tie for the last seat: choose ${needed} of the candidates with ${votes} votes, and say how`,
  tieChoiceInvalid: 'Choose the winners among the tied candidates only',
  tieChoiceCount: (needed: number) => `Choose exactly ${needed} of the tied candidates`,
  tieReasonRequired: 'Say how the tie was resolved (for example, a draw by lot)',
  noTie: 'There is no tie to resolve',
  boardNotApplied: 'Apply the election to the board before recording the officers',
  officerNotTrustee: 'Officers are chosen among the elected trustees',
  officerTwice: 'A trustee can hold only one office',
  documentNotFound: 'Document not found',
  documentRequired: 'Choose a PDF file',
  documentType: 'The document must be a PDF',
  documentTooLarge: 'The document must be 5 MB or smaller',
  documentsRefused: 'The minutes and resolutions are for members in good standing',
  noDocuments: 'No minutes or resolutions have been published yet',
  appliedNotice: 'The board of trustees has been updated from the election.',
  officersNotice: 'The officers have been recorded on the board page.',
} as const;

/** The GIS reminder's subject (to the secretariat). */
export const GIS_REMINDER_SUBJECT = (title: string, dueOn: string) =>
  `File the General Information Sheet by ${dueOn}: ${title}`;

type Counted = { votes: number };

/**
 * Who the votes elect to `seats` seats: the candidates with the most votes. When candidates with
 * equal votes straddle the last seat, those above the tie are elected and the tie is returned for
 * a person to resolve (`needed` of `candidates`): the product never picks among them itself.
 */
export function electedBySeats<Candidate extends Counted>(
  candidates: readonly Candidate[],
  seats: number,
): { elected: Candidate[]; tie: { votes: number; needed: number; candidates: Candidate[] } | null } {
  const sorted = [...candidates].sort((a, b) => b.votes - a.votes);
  const last = sorted[seats - 1];
  if (sorted.length <= seats || !last) return { elected: sorted, tie: null };
  const above = sorted.filter((candidate) => candidate.votes > last.votes);
  const atLast = sorted.filter((candidate) => candidate.votes === last.votes);
  if (above.length + atLast.length <= seats) return { elected: [...above, ...atLast], tie: null };
  return { elected: above, tie: { votes: last.votes, needed: seats - above.length, candidates: atLast } };
}

/** The last day to file the General Information Sheet: 30 days after the meeting's Manila day. */
export const gisDueOn = (meetingDay: string) => addToDate(meetingDay, { days: GIS_FILING_DAYS });
