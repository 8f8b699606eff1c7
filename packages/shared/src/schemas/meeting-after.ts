import { z } from 'zod';
import {
  MEETING_AFTER_MESSAGES,
  MEETING_DOCUMENT_KINDS,
  MEETING_DOCUMENT_LIMITS,
  OFFICER_POSITIONS,
} from '../meeting-after';
import { optionalText, requiredChoice, requiredText } from './common';

/*
 * After the annual meeting (docs/decisions/078-after-the-annual-meeting.md): the election's
 * outcome for the board, the officers, the minutes and resolutions. Candidate ids are the
 * meeting's nominations, as in the results.
 */

const electedSchema = z.object({ nominationId: z.uuid(), name: z.string(), votes: z.number().int() });

/** GET /api/meetings/{id}/outcome (staff). */
export const meetingOutcomeSchema = z.object({
  meetingId: z.uuid(),
  title: z.string(),
  startsAt: z.string(),
  certified: z.boolean(),
  challengeEndsAt: z.string(),
  /** Certified and past the challenge window, not applied yet. */
  canApply: z.boolean(),
  seats: z.number().int(),
  rollSize: z.number().int(),
  voted: z.number().int(),
  /** Elected without doubt (more votes than the last seat's tie), or, once applied, every trustee elected. */
  elected: z.array(electedSchema),
  /** A tie at the last seat, while it is not resolved: `needed` of `candidates` win. */
  tie: z
    .object({ votes: z.number().int(), needed: z.number().int(), candidates: z.array(electedSchema) })
    .nullable(),
  applied: z
    .object({
      at: z.string(),
      byName: z.string(),
      tieReason: z.string().nullable(),
    })
    .nullable(),
  officers: z.array(
    z.object({ position: z.enum(OFFICER_POSITIONS), nominationId: z.uuid(), name: z.string() }),
  ),
  officersRecordedAt: z.string().nullable(),
  /** The last day to file the General Information Sheet, and when its reminder went out. */
  gisDueOn: z.string(),
  gisReminderSentOn: z.string().nullable(),
});
export type MeetingOutcome = z.infer<typeof meetingOutcomeSchema>;
export const meetingOutcomeResponseSchema = z.object({ data: meetingOutcomeSchema });

/** GET /api/meeting-outcomes (board staff): the certified elections, newest first, and where each stands. */
export const meetingOutcomeListResponseSchema = z.object({
  data: z.array(
    z.object({
      meetingId: z.uuid(),
      title: z.string(),
      startsAt: z.string(),
      challengeEndsAt: z.string(),
      canApply: z.boolean(),
      applied: z.boolean(),
      officersRecorded: z.boolean(),
    }),
  ),
});
export type MeetingOutcomeSummary = z.infer<typeof meetingOutcomeListResponseSchema>['data'][number];

/** POST /api/meetings/{id}/outcome/apply (board staff): `tieWinners` only when the last seat is tied. */
export const applyElectionInputSchema = z.object({
  tieWinners: z
    .array(z.uuid('Invalid candidate id'), 'The tie winners must be a list')
    .max(25, MEETING_AFTER_MESSAGES.tieChoiceInvalid)
    .refine((ids) => new Set(ids).size === ids.length, MEETING_AFTER_MESSAGES.tieChoiceInvalid)
    .optional(),
  tieReason: optionalText('How the tie was resolved', MEETING_DOCUMENT_LIMITS.reasonMax, 'multi')
    .optional()
    .default(null),
});
export type ApplyElectionInput = z.infer<typeof applyElectionInputSchema>;

const officer = (label: string) => z.uuid(`Choose the ${label} among the elected trustees`);
/** PUT /api/meetings/{id}/outcome/officers (board staff): the organisational meeting's four officers. */
export const officersInputSchema = z.object({
  president: officer('President'),
  vicePresident: officer('Vice President'),
  secretary: officer('Secretary'),
  treasurer: officer('Treasurer'),
});
export type OfficersInput = z.infer<typeof officersInputSchema>;

export const meetingDocumentSchema = z.object({
  id: z.uuid(),
  meetingId: z.uuid(),
  kind: z.enum(MEETING_DOCUMENT_KINDS),
  title: z.string(),
  byteSize: z.number().int(),
  uploadedAt: z.string(),
});
export type MeetingDocument = z.infer<typeof meetingDocumentSchema>;
export const meetingDocumentResponseSchema = z.object({ data: meetingDocumentSchema });

/** POST /api/meetings/{id}/documents (secretariat): the fields beside the PDF. */
export const meetingDocumentInputSchema = z.object({
  kind: requiredChoice(MEETING_DOCUMENT_KINDS, 'Kind'),
  title: requiredText('Title', 'Title is required', MEETING_DOCUMENT_LIMITS.titleMax),
});

/** GET /api/meeting-documents (members in good standing, staff): each meeting with its documents, newest first. */
export const meetingDocumentListResponseSchema = z.object({
  data: z.array(
    z.object({
      meetingId: z.uuid(),
      title: z.string(),
      startsAt: z.string(),
      documents: z.array(meetingDocumentSchema),
    }),
  ),
});
export type MeetingDocumentGroup = z.infer<typeof meetingDocumentListResponseSchema>['data'][number];
