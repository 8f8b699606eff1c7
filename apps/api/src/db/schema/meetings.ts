import {
  MEETING_KINDS,
  MEETING_REMINDER_KINDS,
  MEETING_STATUSES,
  MEMBERSHIP_CATEGORIES,
  type MeetingKind,
  type MeetingReminderKind,
  type MeetingStatus,
  type MembershipCategory,
  NOMINATION_STATUSES,
  type NominationStatus,
  PROXY_SCOPES,
  PROXY_STATUSES,
  type ProxyScope,
  type ProxyStatus,
  ROLL_CORRECTION_STATUSES,
  ROLL_ENTRY_KINDS,
  type RollCorrectionStatus,
  type RollEntryKind,
  VOTE_CAST_BY,
  type VoteCastBy,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkIn, createdAt, updatedAt } from './columns';
import { events } from './events';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A general meeting of members and its calendar (docs/decisions/071-annual-meeting-and-secret-ballot.md). */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<MeetingKind>().notNull(),
    title: text('title').notNull(),
    startsAt: at('starts_at').notNull(),
    venue: text('venue').notNull(),
    onlineLink: text('online_link'),
    agenda: text('agenda').notNull(),
    procedure: text('procedure').notNull(),
    recordDate: date('record_date', { mode: 'string' }).notNull(),
    nominationsOpenAt: at('nominations_open_at').notNull(),
    nominationsCloseAt: at('nominations_close_at').notNull(),
    proxyDeadline: at('proxy_deadline').notNull(),
    correctionsCloseAt: at('corrections_close_at').notNull(),
    votingOpensAt: at('voting_opens_at').notNull(),
    votingClosesAt: at('voting_closes_at').notNull(),
    challengeEndsAt: at('challenge_ends_at').notNull(),
    seats: integer('seats').notNull(),
    seconders: integer('seconders').notNull(),
    honoraryVotes: boolean('honorary_votes').notNull(),
    associateVotes: boolean('associate_votes').notNull(),
    /** The event whose QR check-in counts the voters present. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    status: text('status').$type<MeetingStatus>().notNull().default('draft'),
    noticeSentAt: at('notice_sent_at'),
    /** An administrator's reason for sending the notice late (under the notice days). */
    lateNoticeReason: text('late_notice_reason'),
    rollFrozenAt: at('roll_frozen_at'),
    certifiedAt: at('certified_at'),
    /**
     * The presiding officer (normally the President), who casts the proxies given to the chair.
     * Fixed once voting opens, as the rest of the meeting is, so the chair then is the one who casts.
     */
    chairUserId: uuid('chair_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('meetings_kind_check', t.kind, MEETING_KINDS),
    checkIn('meetings_status_check', t.status, MEETING_STATUSES),
    index('meetings_starts_at_idx').on(t.startsAt),
  ],
);
export type MeetingRow = typeof meetings.$inferSelect;

/**
 * The voter roll, frozen at the record date: one entry per company (its voting representative's
 * name copied here, so a later change of representative leaves the entry as it was) and per
 * individual member in good standing. `userId` is the account that casts the entry's ballot.
 */
export const meetingRollEntries = pgTable(
  'meeting_roll_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    // Kept when the account is deleted (decision 020), as the roll of an election is its record:
    // a cascade would take the candidate's nomination and the voter's "has voted" with it, and
    // change results already certified.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<RollEntryKind>().notNull(),
    category: text('category').$type<MembershipCategory>().notNull(),
    memberName: text('member_name').notNull(),
    voterName: text('voter_name').notNull(),
  },
  (t) => [
    checkIn('meeting_roll_entries_kind_check', t.kind, ROLL_ENTRY_KINDS),
    checkIn('meeting_roll_entries_category_check', t.category, MEMBERSHIP_CATEGORIES),
    uniqueIndex('meeting_roll_entries_meeting_user_unique').on(t.meetingId, t.userId),
    index('meeting_roll_entries_meeting_name_idx').on(t.meetingId, t.voterName),
    index('meeting_roll_entries_user_idx').on(t.userId),
  ],
);
export type RollEntryRow = typeof meetingRollEntries.$inferSelect;

/** A member's request to correct the roll, and how the secretariat resolved it. */
export const meetingRollCorrections = pgTable(
  'meeting_roll_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    details: text('details').notNull(),
    status: text('status').$type<RollCorrectionStatus>().notNull().default('open'),
    resolution: text('resolution'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: at('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('meeting_roll_corrections_status_check', t.status, ROLL_CORRECTION_STATUSES),
    index('meeting_roll_corrections_meeting_idx').on(t.meetingId, t.createdAt),
    index('meeting_roll_corrections_user_idx').on(t.userId),
  ],
);

/** A nomination of a roll entry (its voter) as trustee, its seconds and acceptance, and its validation. */
export const meetingNominations = pgTable(
  'meeting_nominations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    nomineeEntryId: uuid('nominee_entry_id')
      .notNull()
      .references(() => meetingRollEntries.id, { onDelete: 'cascade' }),
    nominatorEntryId: uuid('nominator_entry_id')
      .notNull()
      .references(() => meetingRollEntries.id, { onDelete: 'cascade' }),
    statement: text('statement').notNull(),
    /**
     * The candidate's photo sent by the nominator or the nominee: a private file's reference
     * (`private/<name>`, decision 066), its sizes recorded as the images of owner `nomination`.
     */
    photoUrl: text('photo_url'),
    acceptedAt: at('accepted_at'),
    status: text('status').$type<NominationStatus>().notNull().default('pending'),
    validationNote: text('validation_note'),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('meeting_nominations_status_check', t.status, NOMINATION_STATUSES),
    uniqueIndex('meeting_nominations_nominee_unique').on(t.meetingId, t.nomineeEntryId),
    index('meeting_nominations_nominator_idx').on(t.nominatorEntryId),
    index('meeting_nominations_nominee_idx').on(t.nomineeEntryId),
  ],
);

export const meetingNominationSeconds = pgTable(
  'meeting_nomination_seconds',
  {
    nominationId: uuid('nomination_id')
      .notNull()
      .references(() => meetingNominations.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => meetingRollEntries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nominationId, t.entryId] }),
    index('meeting_nomination_seconds_entry_idx').on(t.entryId),
  ],
);

/** A voter's proxy: the holder casts the grantor's ballot, once validated by the corporate secretary. */
export const meetingProxies = pgTable(
  'meeting_proxies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    grantorEntryId: uuid('grantor_entry_id')
      .notNull()
      .references(() => meetingRollEntries.id, { onDelete: 'cascade' }),
    /** The voter holding it; null when it is given to the chair (`toChair`): exactly one of the two. */
    holderEntryId: uuid('holder_entry_id').references(() => meetingRollEntries.id, { onDelete: 'cascade' }),
    /** Given to the chair of the meeting, whoever holds the office when voting opens. */
    toChair: boolean('to_chair').notNull().default(false),
    scope: text('scope').$type<ProxyScope>().notNull(),
    status: text('status').$type<ProxyStatus>().notNull().default('filed'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('meeting_proxies_scope_check', t.scope, PROXY_SCOPES),
    checkIn('meeting_proxies_status_check', t.status, PROXY_STATUSES),
    check('meeting_proxies_one_holder_check', sql`(${t.holderEntryId} is not null) <> ${t.toChair}`),
    // One proxy in force per voter, also under two requests at once.
    uniqueIndex('meeting_proxies_one_in_force').on(t.grantorEntryId).where(sql`status in ('filed', 'valid')`),
    index('meeting_proxies_meeting_idx').on(t.meetingId, t.createdAt),
    index('meeting_proxies_holder_idx').on(t.holderEntryId),
  ],
);

/**
 * The secret ballot: the choices only. No voter, no time, nothing ordered by casting: a random
 * id and a random receipt code. Whether a voter has voted is `meetingVotes`, apart.
 */
export const meetingBallots = pgTable(
  'meeting_ballots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    receipt: text('receipt').notNull(),
    /** The nominations chosen (at most the meeting's seats, each once). */
    candidateIds: uuid('candidate_ids').array().notNull(),
  },
  (t) => [uniqueIndex('meeting_ballots_receipt_unique').on(t.meetingId, t.receipt)],
);

/** "Has voted", keyed by roll entry: a second ballot for the same voter finds its row (409). */
export const meetingVotes = pgTable(
  'meeting_votes',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => meetingRollEntries.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    castBy: text('cast_by').$type<VoteCastBy>().notNull(),
    /** Cast on the staff's tablet at the venue by a voter checked in there (decision 071 "Venue voting"). */
    atVenue: boolean('at_venue').notNull().default(false),
  },
  (t) => [
    checkIn('meeting_votes_cast_by_check', t.castBy, VOTE_CAST_BY),
    index('meeting_votes_meeting_idx').on(t.meetingId),
  ],
);

/** A reminder sent for a meeting (the proxy deadline, voting opening): once each, whatever the job's reruns. */
export const meetingReminders = pgTable(
  'meeting_reminders',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MeetingReminderKind>().notNull(),
    /** The Manila day of the run that sent it. */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    recipients: integer('recipients').notNull(),
  },
  (t) => [
    checkIn('meeting_reminders_kind_check', t.kind, MEETING_REMINDER_KINDS),
    primaryKey({ columns: [t.meetingId, t.kind] }),
  ],
);
