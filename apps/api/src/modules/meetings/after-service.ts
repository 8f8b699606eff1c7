import {
  type ApplyElectionInput,
  boardPositionKey,
  canonicalBoardPosition,
  displayName,
  electedBySeats,
  formatDateTime,
  GIS_REMINDER_SUBJECT,
  gisDueOn,
  MEETING_AFTER_MESSAGES,
  MEETING_DOCUMENT_KIND_LABELS,
  type MeetingDocument,
  type MeetingDocumentGroup,
  type MeetingDocumentKind,
  type MeetingOutcome,
  manilaDateString,
  OFFICER_FIELDS,
  OFFICER_POSITIONS,
  type OfficerPosition,
  type OfficersInput,
  siteConfig,
} from '@portal/shared';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, DbTransaction } from '../../db/client';
import {
  boardMembers,
  type MeetingRow,
  meetingBoardElections,
  meetingDocuments,
  meetingElectedTrustees,
  meetingNominations,
  meetingReminders,
  meetingRollEntries,
  meetings,
  meetingVotes,
  users,
} from '../../db/schema';
import { accountNameSelect } from '../../lib/display-name';
import { AppError, notFound, validationError } from '../../lib/errors';
import { queueBulkMail } from '../../lib/mail/outbox';
import { escapeHtml } from '../../lib/mail/templates';
import type { Storage } from '../../lib/storage';
import type { Viewer } from '../../plugins/access';
import { audit, meetingOf, tallyOf } from './service';

/*
 * After the annual meeting (docs/decisions/078-after-the-annual-meeting.md): the certified
 * election offered to the board admin, the officers of the organisational meeting, the minutes
 * and resolutions, the secretary's certificate and the General Information Sheet's reminder.
 */

const conflict = (message: string, code = 'conflict') => new AppError(409, message, { code });
const fieldError = (field: string, message: string) => validationError([{ field, message }]);

/** The positions a board record holds as a trustee: 'Trustee' and the four offices. */
const TRUSTEE_KEYS = new Set(['Trustee', ...OFFICER_POSITIONS].map(boardPositionKey));

// The outcome ------------------------------------------------------------------------------

async function appliedOf(db: Db | DbTransaction, meetingId: string) {
  const [applied] = await db
    .select()
    .from(meetingBoardElections)
    .where(eq(meetingBoardElections.meetingId, meetingId));
  if (!applied) return null;
  const trustees = await db
    .select()
    .from(meetingElectedTrustees)
    .where(eq(meetingElectedTrustees.meetingId, meetingId))
    .orderBy(desc(meetingElectedTrustees.votes), asc(meetingElectedTrustees.name));
  return { ...applied, trustees };
}

async function turnoutOf(db: Db | DbTransaction, meetingId: string) {
  const [row] = await db
    .select({
      rollSize: sql<number>`count(*)::int`,
      voted: sql<number>`count(${meetingVotes.entryId})::int`,
    })
    .from(meetingRollEntries)
    .leftJoin(meetingVotes, eq(meetingVotes.entryId, meetingRollEntries.id))
    .where(eq(meetingRollEntries.meetingId, meetingId));
  return { rollSize: row?.rollSize ?? 0, voted: row?.voted ?? 0 };
}

/** The election as the votes decide it: the sure seats and a tie at the last seat, if any. */
async function seatsOf(db: Db, meeting: MeetingRow) {
  const { candidates } = await tallyOf(db, meeting.id, true);
  const counted = candidates.map((candidate) => ({
    nominationId: candidate.id,
    name: candidate.name,
    votes: candidate.votes,
  }));
  return electedBySeats(counted, meeting.seats);
}

/** GET /api/meetings/{id}/outcome (staff): what the board admin is offered, or what was applied. */
export async function readOutcome(db: Db, id: string, now = new Date()): Promise<MeetingOutcome> {
  const meeting = await meetingOf(db, id);
  const certified = meeting.certifiedAt !== null;
  const [applied, turnout, reminder] = await Promise.all([
    appliedOf(db, id),
    turnoutOf(db, id),
    db
      .select({ sentOn: meetingReminders.sentOn })
      .from(meetingReminders)
      .where(and(eq(meetingReminders.meetingId, id), eq(meetingReminders.kind, 'gis_filing'))),
  ]);
  const decided = applied
    ? {
        elected: applied.trustees.map(({ nominationId, name, votes }) => ({ nominationId, name, votes })),
        tie: null,
      }
    : certified
      ? await seatsOf(db, meeting)
      : { elected: [], tie: null };
  return {
    meetingId: meeting.id,
    title: meeting.title,
    startsAt: meeting.startsAt.toISOString(),
    certified,
    challengeEndsAt: meeting.challengeEndsAt.toISOString(),
    canApply: certified && !applied && now >= meeting.challengeEndsAt,
    seats: meeting.seats,
    ...turnout,
    ...decided,
    applied: applied
      ? { at: applied.appliedAt.toISOString(), byName: applied.appliedByName, tieReason: applied.tieReason }
      : null,
    officers: (applied?.trustees ?? [])
      .filter((trustee) => trustee.officerPosition !== null)
      .map((trustee) => ({
        position: trustee.officerPosition as OfficerPosition,
        nominationId: trustee.nominationId,
        name: trustee.name,
      }))
      .sort((a, b) => OFFICER_POSITIONS.indexOf(a.position) - OFFICER_POSITIONS.indexOf(b.position)),
    officersRecordedAt: applied?.officersRecordedAt?.toISOString() ?? null,
    gisDueOn: gisDueOn(manilaDateString(meeting.startsAt)),
    gisReminderSentOn: reminder[0]?.sentOn ?? null,
  };
}

/** GET /api/meeting-outcomes (board staff): every certified election and whether it is applied. */
export async function listOutcomes(db: Db, now = new Date()) {
  const rows = await db
    .select({ meeting: meetings, applied: meetingBoardElections })
    .from(meetings)
    .leftJoin(meetingBoardElections, eq(meetingBoardElections.meetingId, meetings.id))
    .where(isNotNull(meetings.certifiedAt))
    .orderBy(desc(meetings.startsAt));
  return rows.map(({ meeting, applied }) => ({
    meetingId: meeting.id,
    title: meeting.title,
    startsAt: meeting.startsAt.toISOString(),
    challengeEndsAt: meeting.challengeEndsAt.toISOString(),
    canApply: !applied && now >= meeting.challengeEndsAt,
    applied: applied !== null,
    officersRecorded: applied?.officersRecordedAt != null,
  }));
}

// Applying the election to the board ------------------------------------------------------

async function viewerName(tx: DbTransaction, viewer: Viewer) {
  const [row] = await tx.select(accountNameSelect).from(users).where(eq(users.id, viewer.userId));
  return row ? displayName(row) : '';
}

/**
 * POST /api/meetings/{id}/outcome/apply (board staff): the elected trustees become the board's
 * active trustees. Refused before certification and before the challenge window ends (409); a
 * tie at the last seat must come with the winners a person chose and how (400 otherwise). A
 * trustee already on the board (same name) keeps their record, position and `trustee_since`; a
 * new one is added as Trustee since the meeting's day; trustees not re-elected are set inactive.
 * Once per meeting: the election's row is the claim.
 */
export async function applyElection(
  db: Db,
  viewer: Viewer,
  id: string,
  input: ApplyElectionInput,
  now = new Date(),
) {
  // Certified results never change (voting is closed, ballots append-only), so the seats are
  // counted before the transaction, whose statements then run one at a time on its connection.
  const certifiedMeeting = await meetingOf(db, id);
  const { elected, tie } = certifiedMeeting.certifiedAt
    ? await seatsOf(db, certifiedMeeting)
    : { elected: [], tie: null };
  await db.transaction(async (tx) => {
    const meeting = await meetingOf(tx, id, { forUpdate: true });
    if (!meeting.certifiedAt) throw conflict(MEETING_AFTER_MESSAGES.notCertified, 'not_certified');
    if (now < meeting.challengeEndsAt)
      throw conflict(
        MEETING_AFTER_MESSAGES.challengeWindowOpen(formatDateTime(meeting.challengeEndsAt)),
        'challenge_window_open',
      );
    if (await appliedOf(tx, id)) throw conflict(MEETING_AFTER_MESSAGES.boardAppliedAlready, 'applied');

    const chosen = input.tieWinners ?? [];
    if (!tie && chosen.length > 0) throw fieldError('tieWinners', MEETING_AFTER_MESSAGES.noTie);
    if (tie) {
      if (chosen.length === 0)
        throw fieldError('tieWinners', MEETING_AFTER_MESSAGES.tieUnresolved(tie.needed, tie.votes));
      const tiedIds = new Set(tie.candidates.map((candidate) => candidate.nominationId));
      if (chosen.some((nominationId) => !tiedIds.has(nominationId)))
        throw fieldError('tieWinners', MEETING_AFTER_MESSAGES.tieChoiceInvalid);
      if (chosen.length !== tie.needed)
        throw fieldError('tieWinners', MEETING_AFTER_MESSAGES.tieChoiceCount(tie.needed));
      if (!input.tieReason) throw fieldError('tieReason', MEETING_AFTER_MESSAGES.tieReasonRequired);
    }
    const trustees = [
      ...elected,
      ...(tie?.candidates.filter((candidate) => chosen.includes(candidate.nominationId)) ?? []),
    ];

    // The nominee's roll entry: a company's trustee is titled by the company.
    const entries = await tx
      .select({
        nominationId: meetingNominations.id,
        kind: meetingRollEntries.kind,
        memberName: meetingRollEntries.memberName,
      })
      .from(meetingNominations)
      .innerJoin(meetingRollEntries, eq(meetingRollEntries.id, meetingNominations.nomineeEntryId))
      .where(
        inArray(
          meetingNominations.id,
          trustees.map((trustee) => trustee.nominationId),
        ),
      );
    const board = await tx.select().from(boardMembers).for('update');
    const nameKey = (name: string) => name.trim().toLowerCase();
    const meetingDay = manilaDateString(meeting.startsAt);
    const kept = new Set<string>();
    const recorded: { nominationId: string; name: string; votes: number; boardMemberId: string }[] = [];
    for (const trustee of trustees) {
      const existing =
        board.find((member) => member.is_active && nameKey(member.name) === nameKey(trustee.name)) ??
        board.find((member) => nameKey(member.name) === nameKey(trustee.name));
      let boardMemberId: string;
      if (existing) {
        boardMemberId = existing.id;
        const isTrustee = TRUSTEE_KEYS.has(boardPositionKey(existing.position));
        await tx
          .update(boardMembers)
          .set({
            is_active: true,
            // A past member elected again starts a new term as Trustee.
            ...(isTrustee && existing.is_active ? {} : { position: 'Trustee', trustee_since: meetingDay }),
            updated_at: now,
          })
          .where(eq(boardMembers.id, existing.id));
      } else {
        const entry = entries.find((row) => row.nominationId === trustee.nominationId);
        const [created] = await tx
          .insert(boardMembers)
          .values({
            name: trustee.name,
            title: entry?.kind === 'company' ? entry.memberName : 'Trustee',
            position: 'Trustee',
            trustee_since: meetingDay,
            is_active: true,
          })
          .returning({ id: boardMembers.id });
        if (!created) throw new Error('The board member was not inserted');
        boardMemberId = created.id;
      }
      kept.add(boardMemberId);
      recorded.push({ ...trustee, boardMemberId });
    }
    // The outgoing trustees and officers whose seats the election filled.
    const outgoing = board.filter(
      (member) =>
        member.is_active && TRUSTEE_KEYS.has(boardPositionKey(member.position)) && !kept.has(member.id),
    );
    if (outgoing.length > 0)
      await tx
        .update(boardMembers)
        .set({ is_active: false, updated_at: now })
        .where(
          inArray(
            boardMembers.id,
            outgoing.map((member) => member.id),
          ),
        );

    await tx.insert(meetingBoardElections).values({
      meetingId: id,
      appliedAt: now,
      appliedBy: viewer.userId,
      appliedByName: await viewerName(tx, viewer),
      tieReason: tie ? input.tieReason : null,
    });
    if (recorded.length > 0)
      await tx
        .insert(meetingElectedTrustees)
        .values(recorded.map((trustee) => ({ meetingId: id, ...trustee })));
    await audit(tx, viewer, 'meeting_election_applied', {
      meeting: { from: null, to: meeting.title },
      trustees: {
        from: outgoing.map((member) => member.name).join(', ') || null,
        to: recorded.map((trustee) => trustee.name).join(', ') || null,
      },
      ...(tie ? { tieReason: { from: null, to: input.tieReason } } : {}),
    });
  });
  return readOutcome(db, id, now);
}

/**
 * PUT /api/meetings/{id}/outcome/officers (board staff): the four officers the trustees elected at
 * their organisational meeting, each an elected trustee, one office each. Their board records take
 * the office; the other trustees are Trustee. A record whose position changes starts its date
 * ('{position} Since') today; an unchanged one keeps it. May be recorded again to correct it.
 */
export async function recordOfficers(
  db: Db,
  viewer: Viewer,
  id: string,
  input: OfficersInput,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    await meetingOf(tx, id, { forUpdate: true });
    const applied = await appliedOf(tx, id);
    if (!applied) throw conflict(MEETING_AFTER_MESSAGES.boardNotApplied, 'not_applied');
    const chosen = new Map<string, OfficerPosition>();
    for (const position of OFFICER_POSITIONS) {
      const field = OFFICER_FIELDS[position];
      const nominationId = input[field];
      if (!applied.trustees.some((trustee) => trustee.nominationId === nominationId))
        throw fieldError(field, MEETING_AFTER_MESSAGES.officerNotTrustee);
      if (chosen.has(nominationId)) throw fieldError(field, MEETING_AFTER_MESSAGES.officerTwice);
      chosen.set(nominationId, position);
    }
    const today = manilaDateString(now);
    await tx
      .update(meetingElectedTrustees)
      .set({ officerPosition: null })
      .where(eq(meetingElectedTrustees.meetingId, id));
    const before = new Map<OfficerPosition, string>();
    for (const trustee of applied.trustees) {
      if (trustee.officerPosition) before.set(trustee.officerPosition, trustee.name);
      const position = chosen.get(trustee.nominationId) ?? null;
      if (position)
        await tx
          .update(meetingElectedTrustees)
          .set({ officerPosition: position })
          .where(
            and(
              eq(meetingElectedTrustees.meetingId, id),
              eq(meetingElectedTrustees.nominationId, trustee.nominationId),
            ),
          );
      if (!trustee.boardMemberId) continue;
      const [member] = await tx
        .select({ position: boardMembers.position })
        .from(boardMembers)
        .where(eq(boardMembers.id, trustee.boardMemberId))
        .for('update');
      const next = position ?? 'Trustee';
      if (member && canonicalBoardPosition(member.position) !== next)
        await tx
          .update(boardMembers)
          .set({ position: next, trustee_since: today, updated_at: now })
          .where(eq(boardMembers.id, trustee.boardMemberId));
    }
    await tx
      .update(meetingBoardElections)
      .set({ officersRecordedAt: now })
      .where(eq(meetingBoardElections.meetingId, id));
    const nameOf = (position: OfficerPosition) =>
      applied.trustees.find((trustee) => trustee.nominationId === input[OFFICER_FIELDS[position]])?.name ??
      null;
    await audit(
      tx,
      viewer,
      'meeting_officers_recorded',
      Object.fromEntries(
        OFFICER_POSITIONS.map((position) => [
          position,
          { from: before.get(position) ?? null, to: nameOf(position) },
        ]),
      ),
    );
  });
  return readOutcome(db, id, now);
}

// The secretary's certificate --------------------------------------------------------------

/** What the certificate states, read when it is downloaded; refused before certification. */
export async function certificateContent(db: Db, id: string) {
  const meeting = await meetingOf(db, id);
  if (!meeting.certifiedAt) throw conflict(MEETING_AFTER_MESSAGES.notCertified, 'not_certified');
  const outcome = await readOutcome(db, id);
  const [secretary] = (await db.select().from(boardMembers).where(eq(boardMembers.is_active, true))).filter(
    (member) => canonicalBoardPosition(member.position) === 'Secretary',
  );
  return {
    meeting,
    outcome,
    secretaryName: secretary?.name ?? null,
  };
}

// Minutes and resolutions ------------------------------------------------------------------

const toDocument = (row: typeof meetingDocuments.$inferSelect): MeetingDocument => ({
  id: row.id,
  meetingId: row.meetingId,
  kind: row.kind,
  title: row.title,
  byteSize: row.byteSize,
  uploadedAt: row.createdAt.toISOString(),
});

/**
 * POST /api/meetings/{id}/documents (secretariat): a PDF, its type read from its bytes, stored as
 * a private file (decision 066) before its row, and removed again if the row is not written.
 */
export async function uploadDocument(
  { db, storage }: { db: Db; storage: Storage },
  viewer: Viewer,
  id: string,
  input: { kind: MeetingDocumentKind; title: string },
  file: Buffer | undefined,
) {
  await meetingOf(db, id);
  if (!file || file.length === 0) throw fieldError('file', MEETING_AFTER_MESSAGES.documentRequired);
  const type = await fileTypeFromBuffer(file);
  if (type?.mime !== 'application/pdf') throw fieldError('file', MEETING_AFTER_MESSAGES.documentType);
  const stored = await storage.savePrivate(file, 'pdf');
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(meetingDocuments)
        .values({
          meetingId: id,
          kind: input.kind,
          title: input.title,
          fileReference: stored.reference,
          byteSize: file.length,
          uploadedBy: viewer.userId,
        })
        .returning();
      if (!row) throw new Error('The document was not inserted');
      await audit(tx, viewer, 'meeting_document_uploaded', {
        document: { from: null, to: `${MEETING_DOCUMENT_KIND_LABELS[input.kind]}: ${input.title}` },
      });
      return toDocument(row);
    });
  } catch (error) {
    await storage.remove(stored.reference);
    throw error;
  }
}

/** DELETE /api/meeting-documents/{id} (secretariat): the row, then its file once committed. */
export async function removeDocument(
  { db, storage }: { db: Db; storage: Storage },
  viewer: Viewer,
  id: string,
) {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(meetingDocuments).where(eq(meetingDocuments.id, id)).returning();
    if (!row) throw notFound(MEETING_AFTER_MESSAGES.documentNotFound);
    await audit(tx, viewer, 'meeting_document_removed', {
      document: { from: `${MEETING_DOCUMENT_KIND_LABELS[row.kind]}: ${row.title}`, to: null },
    });
    return row;
  });
  await storage.remove(removed.fileReference);
}

/** GET /api/meeting-documents (members' area): each meeting that has documents, newest meeting first. */
export async function listDocuments(db: Db, meetingId?: string): Promise<MeetingDocumentGroup[]> {
  const rows = await db
    .select({ document: meetingDocuments, title: meetings.title, startsAt: meetings.startsAt })
    .from(meetingDocuments)
    .innerJoin(meetings, eq(meetings.id, meetingDocuments.meetingId))
    .where(meetingId ? eq(meetingDocuments.meetingId, meetingId) : undefined)
    .orderBy(desc(meetings.startsAt), asc(meetingDocuments.kind), asc(meetingDocuments.createdAt));
  const groups: MeetingDocumentGroup[] = [];
  for (const row of rows) {
    let group = groups.find((candidate) => candidate.meetingId === row.document.meetingId);
    if (!group) {
      group = {
        meetingId: row.document.meetingId,
        title: row.title,
        startsAt: row.startsAt.toISOString(),
        documents: [],
      };
      groups.push(group);
    }
    group.documents.push(toDocument(row.document));
  }
  return groups;
}

export async function documentFile({ db, storage }: { db: Db; storage: Storage }, id: string) {
  const [row] = await db.select().from(meetingDocuments).where(eq(meetingDocuments.id, id));
  const file = row ? await storage.read(row.fileReference) : null;
  if (!row || !file) throw notFound(MEETING_AFTER_MESSAGES.documentNotFound);
  return { row, file };
}

// The General Information Sheet's reminder ---------------------------------------------------

/**
 * Part of the `meeting-reminders` job for the Manila day `date`: from the day of each annual
 * meeting until the filing's last day (30 days on), one e-mail to the secretariat to file the
 * General Information Sheet with the SEC. Once per meeting: its `meeting_reminders` row is
 * written with the mail in one transaction, so reruns and catch-ups send nothing twice, and a
 * meeting whose filing day has passed (the demo's last June) sends nothing.
 */
export async function sendGisReminders(
  { db, publicUrl }: { db: Db; publicUrl: string },
  date: string,
  { dryRun = false }: { dryRun?: boolean } = {},
) {
  const annual = await db.select().from(meetings).where(eq(meetings.kind, 'annual'));
  const due = annual.filter((meeting) => {
    const day = manilaDateString(meeting.startsAt);
    return day <= date && date <= gisDueOn(day);
  });
  let reminders = 0;
  for (const meeting of due) {
    await db.transaction(async (tx) => {
      if (dryRun) {
        const [sent] = await tx
          .select({ kind: meetingReminders.kind })
          .from(meetingReminders)
          .where(and(eq(meetingReminders.meetingId, meeting.id), eq(meetingReminders.kind, 'gis_filing')));
        if (!sent) reminders += 1;
        return;
      }
      const claimed = await tx
        .insert(meetingReminders)
        .values({ meetingId: meeting.id, kind: 'gis_filing', sentOn: date, recipients: 1 })
        .onConflictDoNothing()
        .returning({ kind: meetingReminders.kind });
      if (claimed.length === 0) return;
      const dueOn = gisDueOn(manilaDateString(meeting.startsAt));
      const subject = GIS_REMINDER_SUBJECT(meeting.title, dueOn);
      const text = [
        `${meeting.title} was held on ${manilaDateString(meeting.startsAt)}. The General Information Sheet (GIS) is filed with the Securities and Exchange Commission within 30 days of the annual meeting: by ${dueOn}.`,
        `The elected trustees, the officers and the secretary's certificate are on the meeting's page: ${publicUrl}/admin/meetings/${meeting.id}/after`,
      ].join('\n\n');
      reminders += await queueBulkMail(tx, [
        {
          to: siteConfig.secretariatEmail,
          subject,
          text,
          html: text
            .split('\n\n')
            .map((part) => `<p>${escapeHtml(part)}</p>`)
            .join(''),
        },
      ]);
    });
  }
  return { gisReminders: reminders };
}
