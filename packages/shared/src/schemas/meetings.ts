import { z } from 'zod';
import { TICKET_MAX_LENGTH } from '../check-in';
import {
  MEETING_DEFAULTS,
  MEETING_KINDS,
  MEETING_LIMITS,
  MEETING_MESSAGES,
  MEETING_STATUSES,
  NOMINATION_STATUSES,
  PROXY_CHAIR_LABEL,
  PROXY_SCOPES,
  PROXY_STATUSES,
  PROXY_TO_CHAIR,
  ROLL_CORRECTION_STATUSES,
  ROLL_ENTRY_KINDS,
  VOTE_CAST_BY,
  VOTING_STATES,
} from '../meetings';
import { isCalendarDate, optionalText, requiredChoice, requiredText, text } from './common';
import { isWebUrl } from './events';

/**
 * The annual meeting and the election of trustees (docs/product-rules.md "Meetings and
 * elections", docs/decisions/071-annual-meeting-and-secret-ballot.md): the bodies of /api/meetings,
 * /api/nominations, /api/proxies and /api/roll-corrections. Every id a member sends for a voter
 * (`holderId`, `onBehalfOf`, `nomineeId`) is a roll entry's id — or, for a proxy's holder, the
 * literal "chair" — every candidate id is a nomination's.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const dateTimeMessage = (label: string) => `${label} must be a date and time`;
const dateTime = (label: string) =>
  text(label)
    .trim()
    .min(1, `${label} is required`)
    .refine((value) => isoDateTime.safeParse(value).success, dateTimeMessage(label));
const calendarDate = (label: string) =>
  text(label)
    .trim()
    .min(1, `${label} is required`)
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`);
const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number(`${label} must be a whole number`)
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be from ${min} to ${max}`)
    .max(max, `${label} must be from ${min} to ${max}`);

const ONLINE_LINK_MESSAGE = 'The online link must be a web address (https://…)';

/** POST /api/meetings and PUT /api/meetings/{id} (staff): the meeting and its calendar. */
export const meetingInputSchema = z
  .object({
    kind: requiredChoice(MEETING_KINDS, 'Kind'),
    title: requiredText('Title', 'Title is required', 200),
    startsAt: dateTime('The meeting’s date and time'),
    venue: requiredText('Venue', 'Venue is required', 300),
    onlineLink: optionalText('Online link', 2000)
      .refine((value) => value === null || isWebUrl(value), ONLINE_LINK_MESSAGE)
      .optional()
      .default(null),
    agenda: requiredText('Agenda', 'Agenda is required', 10_000, 'multi'),
    /** How members vote remotely and in absentia (SEC MC 6-2020), sent with the notice. */
    procedure: requiredText('Voting procedure', 'Voting procedure is required', 10_000, 'multi'),
    recordDate: calendarDate('Record date'),
    nominationsOpenAt: dateTime('Nominations open'),
    nominationsCloseAt: dateTime('Nominations close'),
    proxyDeadline: dateTime('Proxy deadline'),
    correctionsCloseAt: dateTime('Roll corrections close'),
    votingOpensAt: dateTime('Voting opens'),
    votingClosesAt: dateTime('Voting closes'),
    challengeEndsAt: dateTime('Challenge window ends'),
    seats: wholeNumber('Seats', 1, MEETING_LIMITS.seatsMax).optional().default(MEETING_DEFAULTS.seats),
    seconders: wholeNumber('Seconders', 0, MEETING_LIMITS.secondersMax)
      .optional()
      .default(MEETING_DEFAULTS.seconders),
    honoraryVotes: z
      .boolean('Honorary voting must be true or false')
      .optional()
      .default(MEETING_DEFAULTS.honoraryVotes),
    associateVotes: z
      .boolean('Associate voting must be true or false')
      .optional()
      .default(MEETING_DEFAULTS.associateVotes),
    /** The event whose QR check-in counts people present (modules/events). */
    eventId: z.uuid('Invalid event id').nullable().optional().default(null),
  })
  .refine(
    (meeting) => new Date(meeting.votingClosesAt).getTime() > new Date(meeting.votingOpensAt).getTime(),
    {
      message: MEETING_MESSAGES.timesOutOfOrder,
      path: ['votingClosesAt'],
    },
  );
export type MeetingInput = z.infer<typeof meetingInputSchema>;

const stamp = z.iso.datetime({ offset: true });

export const meetingSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(MEETING_KINDS),
  title: z.string(),
  startsAt: stamp,
  venue: z.string(),
  status: z.enum(MEETING_STATUSES),
  votingState: z.enum(VOTING_STATES),
  votingOpensAt: stamp,
  votingClosesAt: stamp,
});
export type MeetingSummary = z.infer<typeof meetingSummarySchema>;
export const meetingListResponseSchema = z.object({ data: z.array(meetingSummarySchema) });

export const rollEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(ROLL_ENTRY_KINDS),
  /** The member's name (a company's registered name). */
  memberName: z.string(),
  /** Who votes: a company's voting representative as named at the record date, or the member. */
  voterName: z.string(),
  category: z.string(),
});
export type RollEntry = z.infer<typeof rollEntrySchema>;

export const nominationSchema = z.object({
  id: z.uuid(),
  nominee: rollEntrySchema,
  nominatorName: z.string(),
  statement: z.string(),
  seconds: z.array(z.object({ name: z.string() })),
  secondsNeeded: z.number().int(),
  accepted: z.boolean(),
  status: z.enum(NOMINATION_STATUSES),
  validationNote: z.string().nullable(),
  /**
   * The checked address of the candidate's photo (GET /api/nominations/{id}/photo): the one sent
   * with the nomination, else the nominee's own picture once they accept; null for neither (the
   * page shows the initials).
   */
  photoUrl: z.string().nullable(),
});
export type Nomination = z.infer<typeof nominationSchema>;

/** The chair of a meeting (its presiding officer): the account that signs in, by name. */
export const meetingChairSchema = z.object({ userId: z.uuid(), name: z.string() });
export type MeetingChair = z.infer<typeof meetingChairSchema>;

export const proxySchema = z.object({
  id: z.uuid(),
  grantor: rollEntrySchema,
  /** The voter holding it, or null when it is given to the chair (`toChair`). */
  holder: rollEntrySchema.nullable(),
  toChair: z.boolean(),
  scope: z.enum(PROXY_SCOPES),
  status: z.enum(PROXY_STATUSES),
  note: z.string().nullable(),
  filedAt: stamp,
});
export type MeetingProxy = z.infer<typeof proxySchema>;

/** Who holds a proxy, as people read it: the voter, or the chair (by name once one is named). */
export const proxyHolderName = (proxy: Pick<MeetingProxy, 'holder'>, chair: MeetingChair | null) =>
  proxy.holder ? proxy.holder.voterName : chair ? `${PROXY_CHAIR_LABEL} (${chair.name})` : PROXY_CHAIR_LABEL;

/** What the signed-in member may do at the meeting. */
export const myVotingSchema = z.object({
  /** Their roll entry, or null with the reason (`notOnRollReason`). */
  entry: rollEntrySchema.nullable(),
  notOnRollReason: z.string().nullable(),
  hasVoted: z.boolean(),
  /** The proxy they filed, if any. */
  proxyGiven: proxySchema.nullable(),
  /**
   * Validated proxies they hold: each a voter they may cast a ballot for, and whether it is cast;
   * when they chair the meeting, the proxies given to the chair too (`proxy.toChair`).
   */
  proxiesHeld: z.array(z.object({ proxy: proxySchema, hasVoted: z.boolean() })),
  /** Whether they are the meeting's chair. */
  chair: z.boolean(),
});

export const meetingSchema = meetingSummarySchema.extend({
  onlineLink: z.string().nullable(),
  agenda: z.string(),
  procedure: z.string(),
  recordDate: z.string(),
  nominationsOpenAt: stamp,
  nominationsCloseAt: stamp,
  proxyDeadline: stamp,
  correctionsCloseAt: stamp,
  challengeEndsAt: stamp,
  seats: z.number().int(),
  seconders: z.number().int(),
  honoraryVotes: z.boolean(),
  associateVotes: z.boolean(),
  eventId: z.uuid().nullable(),
  noticeSentAt: stamp.nullable(),
  rollFrozenAt: stamp.nullable(),
  rollSize: z.number().int(),
  certifiedAt: stamp.nullable(),
  /** The presiding officer, who casts the proxies given to the chair; null until staff name one. */
  chair: meetingChairSchema.nullable(),
  /**
   * To staff only (null to members): who the board's records suggest, the active President
   * (modules/board) matched by name to one voter on the roll or one active account.
   */
  chairSuggestion: meetingChairSchema.nullable(),
  /** Validated candidates, in the order of the ballot (by name). */
  candidates: z.array(
    z.object({ id: z.uuid(), name: z.string(), statement: z.string(), photoUrl: z.string().nullable() }),
  ),
  /** Every nomination not withdrawn (staff see them all). */
  nominations: z.array(nominationSchema),
  me: myVotingSchema,
});
export type Meeting = z.infer<typeof meetingSchema>;
export const meetingResponseSchema = z.object({ data: meetingSchema });

export const rollResponseSchema = z.object({
  data: z.object({ entries: z.array(rollEntrySchema), total: z.number().int() }),
});

/**
 * GET /api/meetings/{id}/voters (voters on the roll): who may hold one's proxy or be nominated,
 * by name only — a member reads the rest of the roll through neither this nor /roll.
 */
export const voterSchema = rollEntrySchema.pick({ id: true, kind: true, memberName: true, voterName: true });
export type Voter = z.infer<typeof voterSchema>;
export const votersResponseSchema = z.object({ data: z.array(voterSchema) });

export const rollCorrectionInputSchema = z.object({
  details: requiredText(
    'What is wrong',
    'Say what is wrong with the roll',
    MEETING_LIMITS.reasonMax,
    'multi',
  ),
});
export const rollCorrectionSchema = z.object({
  id: z.uuid(),
  requesterName: z.string(),
  details: z.string(),
  status: z.enum(ROLL_CORRECTION_STATUSES),
  resolution: z.string().nullable(),
});
export const rollCorrectionResponseSchema = z.object({ data: rollCorrectionSchema });
export const rollCorrectionListResponseSchema = z.object({ data: z.array(rollCorrectionSchema) });
export const rollCorrectionResolveSchema = z.object({
  status: requiredChoice(['accepted', 'rejected'] as const, 'Decision'),
  resolution: requiredText(
    'Resolution',
    'Say how the correction was resolved',
    MEETING_LIMITS.reasonMax,
    'multi',
  ),
});

export const nominationInputSchema = z.object({
  nomineeId: z.uuid('Choose the nominee from the roll'),
  statement: requiredText('Statement', 'The statement is required', MEETING_LIMITS.statementMax, 'multi'),
});
export const nominationResponseSchema = z.object({ data: nominationSchema });
export const nominationValidationSchema = z.object({
  valid: z.boolean('Say whether the nomination is valid'),
  note: optionalText('Note', MEETING_LIMITS.reasonMax, 'multi').optional().default(null),
});

/** PUT /api/meetings/{id}/chair (staff): the account that chairs the meeting, or null for none. */
export const meetingChairInputSchema = z.object({
  userId: z.uuid('Choose the chair').nullable(),
});

const HOLDER_MESSAGE = 'Choose the proxy holder: the chair or a voter on the roll';
export const proxyInputSchema = z.object({
  /** A voter's roll entry id, or "chair" for the chair of the meeting (decision 071). */
  holderId: z.union([z.literal(PROXY_TO_CHAIR, HOLDER_MESSAGE), z.uuid(HOLDER_MESSAGE)], HOLDER_MESSAGE),
  scope: requiredChoice(PROXY_SCOPES, 'Scope'),
});
export const proxyResponseSchema = z.object({ data: proxySchema });
export const proxyListResponseSchema = z.object({ data: z.array(proxySchema) });
export const proxyValidationSchema = nominationValidationSchema;

const candidateIds = z
  .array(z.uuid('Invalid candidate id'), 'Candidate ids must be a list')
  .max(MEETING_LIMITS.seatsMax, MEETING_MESSAGES.tooManyChoices(MEETING_LIMITS.seatsMax))
  .refine((ids) => new Set(ids).size === ids.length, MEETING_MESSAGES.repeatedCandidate);
/** POST /api/meetings/{id}/ballots: up to `seats` candidates, each once; `onBehalfOf` a roll entry whose proxy the caller holds. */
export const ballotInputSchema = z.object({
  candidateIds,
  onBehalfOf: z.uuid('Invalid voter id').optional(),
});
export const ballotResponseSchema = z.object({ data: z.object({ receipt: z.string() }) });

/**
 * POST /api/meetings/{id}/venue-ballots (staff, decision 071 "Venue voting"): the ballot of a voter
 * present at the venue, cast on the staff's tablet; the same choices as online.
 */
export const venueBallotInputSchema = z.object({
  entryId: z.uuid('Choose the voter'),
  candidateIds,
});
/** GET /api/meetings/{id}/venue-voters (staff): the voters checked in at the meeting who have not voted. */
export const venueVotersResponseSchema = z.object({ data: z.array(rollEntrySchema) });
/** POST /api/meetings/{id}/venue-voters/ticket (staff): the voter a scanned event ticket names. */
export const venueTicketInputSchema = z.object({
  token: requiredText('Ticket', 'Scan the ticket', TICKET_MAX_LENGTH),
});
export const venueVoterResponseSchema = z.object({ data: rollEntrySchema });

export const resultsSchema = z.object({
  certified: z.boolean(),
  candidates: z.array(z.object({ id: z.uuid(), name: z.string(), votes: z.number().int() })),
  /** Every ballot, by receipt code (in no order that follows the voting). */
  ballots: z.array(z.object({ receipt: z.string(), candidateIds: z.array(z.uuid()) })),
  /**
   * Once certified: the seats and who the votes elect (the most votes fill them). Equal votes
   * straddling the last seat are a tie, left for a person to resolve, never picked here.
   */
  election: z
    .object({
      seats: z.number().int(),
      electedIds: z.array(z.uuid()),
      tie: z
        .object({ votes: z.number().int(), needed: z.number().int(), candidateIds: z.array(z.uuid()) })
        .nullable(),
    })
    .nullable()
    .optional(),
});
export type MeetingResults = z.infer<typeof resultsSchema>;
export const resultsResponseSchema = z.object({ data: resultsSchema });

/** GET /api/meetings/{id}/turnout (staff): who has voted and how (in person or by proxy), never for whom. */
export const turnoutResponseSchema = z.object({
  data: z.object({
    rollSize: z.number().int(),
    voted: z.number().int(),
    entries: z.array(
      rollEntrySchema.extend({
        hasVoted: z.boolean(),
        castBy: z.enum(VOTE_CAST_BY).nullable(),
        /** Cast on the staff's tablet at the venue (decision 071 "Venue voting"). */
        atVenue: z.boolean(),
      }),
    ),
  }),
});

/**
 * GET /api/meetings/{id}/quorum (staff): each roll entry counted once, present before online before
 * by proxy; `needed` is a majority of the roll. The projector's page asks for it every ten seconds.
 */
export const quorumSchema = z.object({
  title: z.string(),
  rollSize: z.number().int(),
  needed: z.number().int(),
  present: z.number().int(),
  online: z.number().int(),
  byProxy: z.number().int(),
  represented: z.number().int(),
  reached: z.boolean(),
});
export type Quorum = z.infer<typeof quorumSchema>;
export const quorumResponseSchema = z.object({ data: quorumSchema });

/** POST /api/meetings/{id}/notice: an administrator may send a late notice with a reason. */
export const noticeInputSchema = z.object({
  overrideReason: optionalText('Reason', MEETING_LIMITS.reasonMax, 'multi').optional().default(null),
});
export const noticeResponseSchema = z.object({
  data: z.object({ queued: z.number().int(), noticeSentAt: stamp }),
});
