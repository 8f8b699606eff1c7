import {
  MEETING_DOCUMENT_KINDS,
  type MeetingDocumentKind,
  OFFICER_POSITIONS,
  type OfficerPosition,
} from '@portal/shared';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { boardMembers } from './board';
import { checkIn, createdAt } from './columns';
import { meetingNominations, meetings } from './meetings';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An election applied to the board of trustees (docs/decisions/078-after-the-annual-meeting.md):
 * once per meeting (its primary key), by whom, and how a tie at the last seat was resolved.
 */
export const meetingBoardElections = pgTable('meeting_board_elections', {
  meetingId: uuid('meeting_id')
    .primaryKey()
    .references(() => meetings.id, { onDelete: 'cascade' }),
  appliedAt: at('applied_at').notNull(),
  appliedBy: uuid('applied_by').references(() => users.id, { onDelete: 'set null' }),
  /** The name the board admin went by then, kept when the account goes. */
  appliedByName: text('applied_by_name').notNull(),
  tieReason: text('tie_reason'),
  officersRecordedAt: at('officers_recorded_at'),
});

/**
 * The trustees an applied election elected, with their votes and the board record they became;
 * `officerPosition` is what the organisational meeting chose them for. One office per trustee
 * (the row) and one trustee per office (the unique index).
 */
export const meetingElectedTrustees = pgTable(
  'meeting_elected_trustees',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetingBoardElections.meetingId, { onDelete: 'cascade' }),
    nominationId: uuid('nomination_id')
      .notNull()
      .references(() => meetingNominations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    votes: integer('votes').notNull(),
    boardMemberId: uuid('board_member_id').references(() => boardMembers.id, { onDelete: 'set null' }),
    officerPosition: text('officer_position').$type<OfficerPosition>(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.nominationId] }),
    checkIn('meeting_elected_trustees_officer_check', t.officerPosition, OFFICER_POSITIONS),
    uniqueIndex('meeting_elected_trustees_one_per_office').on(t.meetingId, t.officerPosition),
    index('meeting_elected_trustees_board_member_idx').on(t.boardMemberId),
  ],
);

/** The minutes and resolutions of a meeting: private files (decision 066), for members in good standing. */
export const meetingDocuments = pgTable(
  'meeting_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MeetingDocumentKind>().notNull(),
    title: text('title').notNull(),
    /** The storage's reference `private/<name>`, never a public address. */
    fileReference: text('file_reference').notNull(),
    byteSize: integer('byte_size').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('meeting_documents_kind_check', t.kind, MEETING_DOCUMENT_KINDS),
    index('meeting_documents_meeting_idx').on(t.meetingId, t.createdAt),
    index('meeting_documents_uploaded_by_idx').on(t.uploadedBy),
  ],
);
export type MeetingDocumentRow = typeof meetingDocuments.$inferSelect;
