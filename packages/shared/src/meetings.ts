import type { MembershipCategory } from './enums';

/**
 * The annual meeting and the election of trustees (docs/product-rules.md "Meetings and
 * elections", docs/decisions/071-annual-meeting-and-secret-ballot.md). The defaults a new meeting
 * starts from; the by-laws' figures, where they differ, are set on the meeting.
 */
export const MEETING_DEFAULTS = {
  /** Trustees elected: a ballot chooses at most this many candidates. */
  seats: 7,
  /** Members in good standing, besides the nominator, who second a nomination. */
  seconders: 2,
  /** The notice goes out at least this many days before the meeting. */
  noticeDays: 21,
  /** Whether Honorary and Associate members are on the roll. */
  honoraryVotes: false,
  associateVotes: true,
} as const;

/** How often the projector's quorum page asks again (docs/product-rules.md "Meetings and elections"). */
export const QUORUM_REFRESH_MS = 10_000;

/** The form field of a candidate's photo (PUT /api/nominations/{id}/photo, multipart). */
export const NOMINATION_PHOTO_FIELD = 'photo';

export const MEETING_LIMITS = { seatsMax: 25, secondersMax: 10, statementMax: 2000, reasonMax: 500 } as const;

export const MEETING_KINDS = ['annual', 'special'] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];
export const MEETING_KIND_LABELS: Record<MeetingKind, string> = {
  annual: 'Annual meeting',
  special: 'Special meeting',
};

/** Where a meeting is; voting open or closed is read from its times (`votingState`). */
export const MEETING_STATUSES = ['draft', 'noticed', 'certified'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

export const VOTING_STATES = ['not_open', 'open', 'closed'] as const;
export type VotingState = (typeof VOTING_STATES)[number];

/**
 * Whether voting is open at `now`: between the opening and the closing time, on a frozen roll,
 * before certification. From the opening time on, the roll, the candidates and the proxies are
 * locked (`isLocked`).
 */
export function votingState(
  meeting: {
    votingOpensAt: string | Date;
    votingClosesAt: string | Date;
    certifiedAt?: string | Date | null;
  },
  now: Date = new Date(),
): VotingState {
  const time = now.getTime();
  if (meeting.certifiedAt || time >= new Date(meeting.votingClosesAt).getTime()) return 'closed';
  return time >= new Date(meeting.votingOpensAt).getTime() ? 'open' : 'not_open';
}
export const isLocked = (meeting: { votingOpensAt: string | Date }, now: Date = new Date()) =>
  now.getTime() >= new Date(meeting.votingOpensAt).getTime();

/** The quorum: a majority of the roll (more than half of its entries). */
export const quorumOf = (rollSize: number) => Math.floor(rollSize / 2) + 1;

/** Whether a category is on the roll (Regular and Individual always; Honorary and Associate by setting). */
export function categoryVotes(
  category: MembershipCategory,
  settings: { honoraryVotes: boolean; associateVotes: boolean },
): boolean {
  if (category === 'Honorary') return settings.honoraryVotes;
  if (category === 'Associate') return settings.associateVotes;
  return true;
}

/** The days between the notice and the meeting, counted in whole days (a late notice is under 21). */
export const noticeDaysBefore = (startsAt: string | Date, sentAt: Date) =>
  Math.floor((new Date(startsAt).getTime() - sentAt.getTime()) / 86_400_000);

export const ROLL_ENTRY_KINDS = ['company', 'individual'] as const;
export type RollEntryKind = (typeof ROLL_ENTRY_KINDS)[number];

export const NOMINATION_STATUSES = ['pending', 'valid', 'invalid', 'withdrawn'] as const;
export type NominationStatus = (typeof NOMINATION_STATUSES)[number];
export const NOMINATION_STATUS_LABELS: Record<NominationStatus, string> = {
  pending: 'Awaiting validation',
  valid: 'Validated',
  invalid: 'Not valid',
  withdrawn: 'Withdrawn',
};

export const PROXY_SCOPES = ['all', 'election'] as const;
export type ProxyScope = (typeof PROXY_SCOPES)[number];
export const PROXY_SCOPE_LABELS: Record<ProxyScope, string> = {
  all: 'All business of the meeting',
  election: 'The election only',
};
/**
 * A proxy's `holderId` for the chair of the meeting rather than a voter: the proxy follows the
 * office, so whoever chairs the meeting when voting opens casts it (decision 071).
 */
export const PROXY_TO_CHAIR = 'chair' as const;
export const PROXY_CHAIR_LABEL = 'The chair of the meeting';
export const PROXY_STATUSES = ['filed', 'valid', 'rejected', 'revoked'] as const;
export type ProxyStatus = (typeof PROXY_STATUSES)[number];
export const PROXY_STATUS_LABELS: Record<ProxyStatus, string> = {
  filed: 'Awaiting validation',
  valid: 'Validated',
  rejected: 'Not valid',
  revoked: 'Revoked',
};

export const ROLL_CORRECTION_STATUSES = ['open', 'accepted', 'rejected'] as const;
export type RollCorrectionStatus = (typeof ROLL_CORRECTION_STATUSES)[number];

/** How a ballot was cast: by the voter, or by the holder of their proxy. Stored with "has voted", never with the ballot. */
export const VOTE_CAST_BY = ['voter', 'proxy'] as const;
export type VoteCastBy = (typeof VOTE_CAST_BY)[number];

/** Receipt codes: 10 characters of an alphabet without look-alikes, shown in two groups of five. */
export const RECEIPT_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECEIPT_LENGTH = 10;
export const formatReceipt = (receipt: string) => `${receipt.slice(0, 5)}-${receipt.slice(5)}`;

/** Every user-visible message of meetings and elections. */
export const MEETING_MESSAGES = {
  notFound: 'Meeting not found',
  nominationNotFound: 'Nomination not found',
  proxyNotFound: 'Proxy not found',
  correctionNotFound: 'Correction not found',
  /** Not on the roll because of dues: the spec's words (spec 000 §9). */
  votingNeedsFirstSemester: 'Voting rights need the first semester paid',
  categoryDoesNotVote: (category: string) => `${category} members do not vote at this meeting`,
  notOnRoll: 'You are not on the roll of this meeting',
  rollNotFrozen: 'The roll has not been frozen yet',
  rollFrozenAlready: 'The roll is already frozen',
  recordDateNotReached: 'The roll is frozen on or after the record date',
  locked: 'Voting has opened: the roll, the candidates and the proxies can no longer change',
  votingNotOpen: 'Voting is not open',
  votingClosed: 'Voting has closed',
  alreadyVoted: 'A ballot has already been cast for this voter',
  tooManyChoices: (seats: number) => `Choose at most ${seats} candidates`,
  repeatedCandidate: 'Each candidate may be chosen only once',
  unknownCandidate: 'Choose among the validated candidates',
  noProxyForVoter: 'You do not hold a validated proxy of this voter',
  nominationsNotOpen: 'Nominations are not open',
  nomineeNotOnRoll: 'The nominee must be on the roll',
  alreadyNominated: 'This member has already been nominated',
  ownSecond: 'The nominator and the nominee cannot second their own nomination',
  alreadySeconded: 'You have already seconded this nomination',
  enoughSeconds: 'This nomination has all the seconds it needs',
  onlyNomineeAccepts: 'Only the nominee can accept the nomination',
  onlyNomineeWithdraws: 'Only the nominee can withdraw the nomination',
  nominationWithdrawn: 'This nomination has been withdrawn',
  onlyNominatorOrNomineePhoto: 'Only the nominator or the nominee can change the photo',
  photoRequired: 'Choose a photo',
  nominationNeedsSeconds: (needed: number) =>
    `A nomination needs ${needed} seconds and the nominee's acceptance`,
  proxyDeadlinePassed: 'The proxy deadline has passed',
  proxyToSelf: 'Choose someone other than yourself to hold your proxy',
  holderNotOnRoll: 'The proxy holder must be on the roll',
  proxyAlreadyFiled: 'You have already filed a proxy; revoke it first',
  proxyNotYours: 'Only the member who filed the proxy can revoke it',
  proxyClosed: 'This proxy is no longer in force',
  proxyToChairAsChair: 'You chair this meeting: name a voter to hold your proxy',
  chairNotAccount: 'Choose the chair among active accounts',
  chairNeeded: (proxies: number) =>
    `Name the chair of the meeting first: ${proxies} validated ${proxies === 1 ? 'proxy is' : 'proxies are'} given to the chair`,
  noticeTooLate: (days: number) => `The notice must go out at least ${days} days before the meeting`,
  overrideAdminOnly: 'Only an administrator can send a late notice',
  overrideReasonRequired: 'Give the reason for sending a late notice',
  noticeSentAlready: 'The notice has already been sent',
  resultsNotCertified: 'The results are published once the election committee certifies them',
  certifyBeforeClose: 'The results can be certified once voting has closed',
  certifiedAlready: 'The results are already certified',
  timesOutOfOrder: 'Voting must close after it opens',
  correctionsClosed: 'The roll can no longer be corrected',
  correctionResolved: 'This correction has already been resolved',
  eventNotFound: 'Event not found',
  /** Venue voting (the tablet at the meeting, decision 071 "Venue voting"). */
  voterNotFound: 'This voter is not on the roll of this meeting',
  venueNoEvent: 'This meeting has no event for check-in, so no voter is present at the venue',
  voterNotPresent: 'This voter has not checked in at the meeting: check them in at the door first',
  ticketNotOnRoll: 'This ticket’s holder is not on the roll of this meeting',
  ticketOtherEvent: 'This ticket is not for this meeting’s event',
} as const;

/**
 * The reminders of the `meeting-reminders` job: the day before the proxy deadline, the day before
 * voting opens, and to the secretariat the General Information Sheet's filing (decision 078).
 */
export const MEETING_REMINDER_KINDS = ['proxy_deadline', 'voting_opens', 'gis_filing'] as const;
export type MeetingReminderKind = (typeof MEETING_REMINDER_KINDS)[number];
export const MEETING_REMINDERS_JOB = 'meeting-reminders';

/** The notice's subject and the reminders' (the mail to every voter). */
export const MEETING_MAIL_SUBJECTS = {
  notice: (title: string) => `Notice of the ${title}`,
  proxyDeadline: (title: string) => `Proxy deadline tomorrow: ${title}`,
  votingOpens: (title: string) => `Voting opens tomorrow: ${title}`,
} as const;

/** What the members' screens of the meeting say (apps/web/src/features/meetings, decision 071). */
export const MEETING_MEMBER_TEXT = {
  chosenCount: (chosen: number, seats: number) => `${chosen} of ${seats} chosen`,
  seatsFull: (seats: number) => `You have chosen ${seats}: untick a name to choose another.`,
  ownBallot: 'Your ballot',
  proxyBallot: (memberName: string) => `Ballot of ${memberName}, by proxy`,
  chairBallot: (memberName: string) => `Ballot of ${memberName}, by proxy to the chair`,
  castButton: 'Review and cast',
  confirmTitle: 'Cast this ballot?',
  confirmText: 'A ballot cannot be changed once it is cast.',
  confirmEmpty: 'You chose no candidate: the ballot is cast with no votes.',
  confirmButton: 'Cast ballot',
  cast: 'Ballot cast',
  receiptTitle: 'Your receipt code',
  receiptHelp:
    'Keep this code. Once the election committee certifies the results, find it on the results page to check that the ballot was counted as cast. The code does not say who voted.',
  copy: 'Copy code',
  copied: 'Copied',
  alreadyCast: 'This ballot has been cast.',
  findReceipt: 'Find my receipt',
  receiptFound: 'Your ballot is highlighted below.',
  receiptMissing: 'No ballot has this receipt code. Check the code and try again.',
  noCandidates: 'No candidates have been validated yet.',
  photoLabel: 'Photo (optional)',
  photoDescription:
    "Shown beside the statement on the meeting's page and the ballot. Without one, the nominee's own picture once they accept, else their initials.",
  photoSummary: 'Add or change the photo',
  photoSave: 'Save photo',
  photoSaved: 'The photo is saved.',
  photoRemoved: 'The photo is removed.',
  photoNotSent: 'The photo was not saved: add it from the nomination above.',
} as const;

/** What the venue's tablet says (apps/web/src/features/meetings/staff/venue-page.tsx, decision 071 "Venue voting"). */
export const MEETING_VENUE_TEXT = {
  title: 'Venue voting',
  link: 'Venue voting',
  linkHelp: 'For voters present at the venue: hand them the tablet to cast their ballot.',
  noEvent: 'Link the meeting to its event first: the voters present are those checked in at its door.',
  notOpen: 'Voting is not open: the tablet takes ballots only while voting is open.',
  scanTitle: 'Scan the voter’s ticket',
  scanHelp: 'The QR code of their event ticket, as at the door.',
  searchLabel: 'Find a voter present',
  searchPlaceholder: 'Name or member',
  listTitle: 'Present, not yet voted',
  listEmpty: 'Nobody checked in is waiting to vote.',
  listNoMatch: 'No voter present matches that name.',
  hand: (name: string) => `Hand the tablet to ${name}`,
  ballotOf: (name: string) => `Ballot of ${name}`,
  handBack: 'Not you? Give the tablet back',
  receiptTitle: 'Your receipt code',
  receiptHelp:
    'Write it down or take a photo of it. Once the election committee certifies the results, find the code on the meeting’s results page (Meetings, then this meeting, then Results) to check that your ballot was counted as cast. The code does not say who voted.',
  done: 'Done — next voter',
} as const;
