import { randomInt } from 'node:crypto';
import {
  type AdminAuditAction,
  type AuditChanges,
  CHECK_IN_MESSAGES,
  canonicalBoardPosition,
  categoryVotes,
  displayName,
  electedBySeats,
  formatWeekdayDateTime,
  isLocked,
  isVotingSuspended,
  MEETING_DEFAULTS,
  MEETING_MAIL_SUBJECTS,
  MEETING_MESSAGES,
  type Meeting,
  type MeetingChair,
  type MeetingInput,
  type MeetingProxy,
  type MeetingSummary,
  manilaDateString,
  type Nomination,
  noticeDaysBefore,
  PROXY_TO_CHAIR,
  type ProxyScope,
  type Quorum,
  quorumOf,
  RECEIPT_ALPHABET,
  RECEIPT_LENGTH,
  type RollEntry,
  STAFF_AREAS,
  votingState,
} from '@portal/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import {
  boardMembers,
  eventCheckIns,
  eventRegistrations,
  type MeetingRow,
  meetingBallots,
  meetingNominationSeconds,
  meetingNominations,
  meetingProxies,
  meetingReminders,
  meetingRollCorrections,
  meetingRollEntries,
  meetings,
  meetingVotes,
  memberships,
  type RollEntryRow,
  representatives,
  users,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { queueBulkMail } from '../../lib/mail/outbox';
import { escapeHtml } from '../../lib/mail/templates';
import { memberPictureAddress } from '../../lib/member-pictures';
import { readTicket } from '../../lib/tickets';
import { type Viewer, viewerHolds } from '../../plugins/access';
import { recordAdminAction } from '../audit';
import { goodStanding, newestMembershipOf, standingOf } from '../membership-standing';
import { candidatePicturesOf } from './nominee-pictures';

/*
 * The annual meeting and the election of trustees (docs/product-rules.md "Meetings and
 * elections", docs/decisions/071-annual-meeting-and-secret-ballot.md).
 */

const conflict = (message: string, code = 'conflict') => new AppError(409, message, { code });
const refused = (message: string, code = 'forbidden') => new AppError(403, message, { code });

/** The end of the record date in Manila: standing on the roll is standing then. */
const endOfRecordDate = (recordDate: string) => new Date(`${recordDate}T23:59:59.999+08:00`);

/** Whether `code` is PostgreSQL's unique violation (on `constraint`, when named), through wrapped causes. */
function isUniqueViolation(error: unknown, constraint?: string) {
  for (let current = error; current instanceof Error; current = current.cause as Error) {
    const found = current as { code?: string; constraint?: string };
    if (
      found.code === '23505' &&
      (constraint === undefined || found.constraint === undefined || found.constraint === constraint)
    )
      return true;
  }
  return false;
}

export async function meetingOf(db: Db | DbTransaction, id: string, { forUpdate = false } = {}) {
  const query = db.select().from(meetings).where(eq(meetings.id, id));
  const [meeting] = forUpdate ? await query.for('update') : await query;
  if (!meeting) throw notFound(MEETING_MESSAGES.notFound);
  return meeting;
}

export const assertNotLocked = (meeting: MeetingRow, now: Date) => {
  if (isLocked(meeting, now)) throw conflict(MEETING_MESSAGES.locked, 'locked');
};

/** Writes the staff action to the audit log (decision 024), about `userId` or, for the meeting itself, the actor. */
export async function audit(
  tx: DbTransaction,
  viewer: Viewer,
  action: AdminAuditAction,
  changes: AuditChanges,
  userId: string = viewer.userId,
) {
  const [user] = await tx
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  await recordAdminAction(tx, viewer, { action, user, changes });
}

const toEntry = (row: RollEntryRow): RollEntry => ({
  id: row.id,
  kind: row.kind,
  memberName: row.memberName,
  voterName: row.voterName,
  category: row.category,
});

const toSummary = (meeting: MeetingRow, now: Date): MeetingSummary => ({
  id: meeting.id,
  kind: meeting.kind,
  title: meeting.title,
  startsAt: meeting.startsAt.toISOString(),
  venue: meeting.venue,
  status: meeting.status,
  votingState: votingState(meeting, now),
  votingOpensAt: meeting.votingOpensAt.toISOString(),
  votingClosesAt: meeting.votingClosesAt.toISOString(),
});

const inputColumns = (input: MeetingInput) => ({
  kind: input.kind,
  title: input.title,
  startsAt: new Date(input.startsAt),
  venue: input.venue,
  onlineLink: input.onlineLink,
  agenda: input.agenda,
  procedure: input.procedure,
  recordDate: input.recordDate,
  nominationsOpenAt: new Date(input.nominationsOpenAt),
  nominationsCloseAt: new Date(input.nominationsCloseAt),
  proxyDeadline: new Date(input.proxyDeadline),
  correctionsCloseAt: new Date(input.correctionsCloseAt),
  votingOpensAt: new Date(input.votingOpensAt),
  votingClosesAt: new Date(input.votingClosesAt),
  challengeEndsAt: new Date(input.challengeEndsAt),
  seats: input.seats,
  seconders: input.seconders,
  honoraryVotes: input.honoraryVotes,
  associateVotes: input.associateVotes,
  eventId: input.eventId,
});

export async function createMeeting(db: Db, viewer: Viewer, input: MeetingInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(meetings).values(inputColumns(input)).returning();
    if (!row) throw new Error('meeting not created');
    await audit(tx, viewer, 'meeting_created', { meeting: { from: null, to: row.title } });
    return row;
  });
}

export async function updateMeeting(
  db: Db,
  viewer: Viewer,
  id: string,
  input: MeetingInput,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const meeting = await meetingOf(tx, id, { forUpdate: true });
    assertNotLocked(meeting, now);
    const [row] = await tx
      .update(meetings)
      .set({ ...inputColumns(input), updatedAt: now })
      .where(eq(meetings.id, id))
      .returning();
    if (!row) throw notFound(MEETING_MESSAGES.notFound);
    await audit(tx, viewer, 'meeting_updated', { meeting: { from: meeting.title, to: row.title } });
    return row;
  });
}

/** A meeting members do not see yet: neither its notice sent nor its roll published. */
export const hiddenFromMembers = (meeting: MeetingRow) =>
  meeting.status === 'draft' && meeting.rollFrozenAt === null;

export const isMeetingsStaff = (viewer: Viewer) => viewerHolds(viewer, STAFF_AREAS.meetings);

export async function listMeetings(db: Db, viewer: Viewer, now = new Date()) {
  const rows = await db
    .select()
    .from(meetings)
    .where(
      isMeetingsStaff(viewer)
        ? undefined
        : or(ne(meetings.status, 'draft'), isNotNull(meetings.rollFrozenAt)),
    )
    .orderBy(desc(meetings.startsAt));
  return rows.map((row) => toSummary(row, now));
}

export async function entryOfUser(db: Db | DbTransaction, meetingId: string, userId: string) {
  const [row] = await db
    .select()
    .from(meetingRollEntries)
    .where(and(eq(meetingRollEntries.meetingId, meetingId), eq(meetingRollEntries.userId, userId)));
  return row ?? null;
}

export async function entryById(db: Db | DbTransaction, meetingId: string, id: string) {
  const [row] = await db
    .select()
    .from(meetingRollEntries)
    .where(and(eq(meetingRollEntries.meetingId, meetingId), eq(meetingRollEntries.id, id)));
  return row ?? null;
}

/** Why a signed-in member is not on the roll: their dues, their category, or not a member then. */
async function notOnRollReason(db: Db | DbTransaction, meeting: MeetingRow, userId: string) {
  if (!meeting.rollFrozenAt) return MEETING_MESSAGES.rollNotFrozen;
  const at = endOfRecordDate(meeting.recordDate);
  const [membership] = await newestMembershipOf(db, eq(memberships.userId, userId));
  if (!membership) return MEETING_MESSAGES.notOnRoll;
  const [standing] = await db
    .select({ standing: standingOf(memberships, at) })
    .from(memberships)
    .where(eq(memberships.id, membership.id));
  if (isVotingSuspended(standing?.standing)) return MEETING_MESSAGES.votingNeedsFirstSemester;
  if (!categoryVotes(membership.category, meeting))
    return MEETING_MESSAGES.categoryDoesNotVote(membership.category);
  return MEETING_MESSAGES.notOnRoll;
}

/** The voter to whom a member must belong: their entry, or 403 with the reason. */
async function requireEntry(db: Db | DbTransaction, meeting: MeetingRow, userId: string) {
  const entry = await entryOfUser(db, meeting.id, userId);
  if (!entry) throw refused(await notOnRollReason(db, meeting, userId), 'not_on_roll');
  return entry;
}

/**
 * Freezes the roll at the record date from the one good-standing rule (modules/memberships
 * `goodStanding`, as of the end of the record date): each company through its voting
 * representative, named as of now and copied onto the entry; each individual member; Honorary and
 * Associate members as the meeting says. Members see it from then on, for correction.
 */
export async function freezeRoll(db: Db, viewer: Viewer, id: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const meeting = await meetingOf(tx, id, { forUpdate: true });
    if (meeting.rollFrozenAt) throw conflict(MEETING_MESSAGES.rollFrozenAlready);
    if (now.getTime() < new Date(`${meeting.recordDate}T00:00:00+08:00`).getTime())
      throw conflict(MEETING_MESSAGES.recordDateNotReached);
    assertNotLocked(meeting, now);
    const entries = await entriesFor(
      tx,
      meeting,
      and(
        goodStanding(memberships, endOfRecordDate(meeting.recordDate)),
        inArray(users.type, ['company', 'individual']),
      ),
    );
    for (let start = 0; start < entries.length; start += 500) {
      await tx.insert(meetingRollEntries).values(entries.slice(start, start + 500));
    }
    await tx.update(meetings).set({ rollFrozenAt: now, updatedAt: now }).where(eq(meetings.id, id));
    await audit(tx, viewer, 'meeting_roll_frozen', { roll: { from: null, to: entries.length } });
    return { total: entries.length };
  });
}

/**
 * Roll entries for the memberships `where` finds, one per member (their newest such membership),
 * in the categories the meeting lets vote: a company through its voting representative, whose
 * name is copied now; an individual member by their own name.
 */
async function entriesFor(tx: DbTransaction, meeting: MeetingRow, where: ReturnType<typeof and>) {
  const rows = await tx
    .select({
      userId: users.id,
      type: users.type,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      suffix: users.suffix,
      registeredName: users.registeredName,
      tradeName: users.tradeName,
      category: memberships.category,
      repFirst: representatives.firstName,
      repLast: representatives.lastName,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(representatives, and(eq(representatives.userId, users.id), eq(representatives.type, 'voting')))
    .where(where)
    .orderBy(asc(users.id), desc(memberships.createdAt));
  const seen = new Set<string>();
  const entries = [];
  for (const row of rows) {
    if (seen.has(row.userId) || !categoryVotes(row.category, meeting)) continue;
    seen.add(row.userId);
    const memberName = displayName(row);
    const company = row.type === 'company';
    entries.push({
      meetingId: meeting.id,
      userId: row.userId,
      kind: company ? ('company' as const) : ('individual' as const),
      category: row.category,
      memberName,
      voterName: company && row.repFirst ? `${row.repFirst} ${row.repLast ?? ''}`.trim() : memberName,
    });
  }
  return entries;
}

export async function readRoll(db: Db, viewer: Viewer, id: string) {
  const meeting = await meetingOf(db, id);
  if (isMeetingsStaff(viewer)) {
    const rows = await db
      .select()
      .from(meetingRollEntries)
      .where(eq(meetingRollEntries.meetingId, id))
      .orderBy(asc(meetingRollEntries.voterName), asc(meetingRollEntries.id));
    return { entries: rows.map(toEntry), total: rows.length };
  }
  if (hiddenFromMembers(meeting)) throw notFound(MEETING_MESSAGES.notFound);
  const own = await entryOfUser(db, id, viewer.userId);
  return { entries: own ? [toEntry(own)] : [], total: own ? 1 : 0 };
}

/**
 * The voters on the roll, by name, for a voter choosing a proxy holder or a nominee: the names
 * the roll publishes to members for correction, nothing else of the entries.
 */
export async function listVoters(db: Db, viewer: Viewer, id: string) {
  const meeting = await meetingOf(db, id);
  if (hiddenFromMembers(meeting)) throw notFound(MEETING_MESSAGES.notFound);
  await requireEntry(db, meeting, viewer.userId);
  return db
    .select({
      id: meetingRollEntries.id,
      kind: meetingRollEntries.kind,
      memberName: meetingRollEntries.memberName,
      voterName: meetingRollEntries.voterName,
    })
    .from(meetingRollEntries)
    .where(eq(meetingRollEntries.meetingId, id))
    .orderBy(asc(meetingRollEntries.voterName), asc(meetingRollEntries.id));
}

const rollSizeOf = async (db: Db | DbTransaction, id: string) => {
  const [row] = await db
    .select({ total: count() })
    .from(meetingRollEntries)
    .where(eq(meetingRollEntries.meetingId, id));
  return row?.total ?? 0;
};

async function nominationsOf(
  db: Db | DbTransaction,
  meeting: MeetingRow,
  ids?: string[],
): Promise<Nomination[]> {
  const rows = await db
    .select()
    .from(meetingNominations)
    .where(
      and(
        eq(meetingNominations.meetingId, meeting.id),
        ids ? inArray(meetingNominations.id, ids) : undefined,
      ),
    )
    .orderBy(asc(meetingNominations.createdAt), asc(meetingNominations.id));
  if (rows.length === 0) return [];
  const seconds = await db
    .select({
      nominationId: meetingNominationSeconds.nominationId,
      entryId: meetingNominationSeconds.entryId,
    })
    .from(meetingNominationSeconds)
    .where(
      inArray(
        meetingNominationSeconds.nominationId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(meetingNominationSeconds.createdAt));
  const entryIds = [
    ...new Set([
      ...rows.flatMap((row) => [row.nomineeEntryId, row.nominatorEntryId]),
      ...seconds.map((s) => s.entryId),
    ]),
  ];
  const entries = new Map(
    (await db.select().from(meetingRollEntries).where(inArray(meetingRollEntries.id, entryIds))).map(
      (row) => [row.id, row],
    ),
  );
  const entry = (entryId: string) => {
    const found = entries.get(entryId);
    if (!found) throw new Error('roll entry missing');
    return found;
  };
  const pictures = await candidatePicturesOf(
    db,
    rows.map((row) => ({ ...row, nominee: entry(row.nomineeEntryId) })),
  );
  return rows.map((row) => ({
    id: row.id,
    nominee: toEntry(entry(row.nomineeEntryId)),
    nominatorName: entry(row.nominatorEntryId).voterName,
    statement: row.statement,
    seconds: seconds
      .filter((s) => s.nominationId === row.id)
      .map((s) => ({ name: entry(s.entryId).voterName })),
    secondsNeeded: meeting.seconders,
    accepted: row.acceptedAt !== null,
    status: row.status,
    validationNote: row.validationNote,
    photoUrl: memberPictureAddress('nomination', row.id, pictures.get(row.id) ?? null),
  }));
}

async function proxiesWhere(db: Db | DbTransaction, where: ReturnType<typeof and>): Promise<MeetingProxy[]> {
  const rows = await db
    .select()
    .from(meetingProxies)
    .where(where)
    .orderBy(asc(meetingProxies.createdAt), asc(meetingProxies.id));
  if (rows.length === 0) return [];
  const ids = [
    ...new Set(
      rows.flatMap((row) =>
        row.holderEntryId ? [row.grantorEntryId, row.holderEntryId] : [row.grantorEntryId],
      ),
    ),
  ];
  const entries = new Map(
    (await db.select().from(meetingRollEntries).where(inArray(meetingRollEntries.id, ids))).map((row) => [
      row.id,
      row,
    ]),
  );
  return rows.flatMap((row) => {
    const grantor = entries.get(row.grantorEntryId);
    const holder = row.holderEntryId ? entries.get(row.holderEntryId) : null;
    if (!grantor || holder === undefined) return [];
    return [
      {
        id: row.id,
        grantor: toEntry(grantor),
        holder: holder ? toEntry(holder) : null,
        toChair: row.toChair,
        scope: row.scope,
        status: row.status,
        note: row.note,
        filedAt: row.createdAt.toISOString(),
      },
    ];
  });
}

const hasVoted = async (db: Db | DbTransaction, entryIds: string[]) =>
  entryIds.length === 0
    ? new Set<string>()
    : new Set(
        (
          await db
            .select({ entryId: meetingVotes.entryId })
            .from(meetingVotes)
            .where(inArray(meetingVotes.entryId, entryIds))
        ).map((row) => row.entryId),
      );

// The chair ----------------------------------------------------------------------------------

/** A person by name: as the roll names them when they are on it (a company's voter), else the account's name. */
async function chairNamed(
  db: Db | DbTransaction,
  meetingId: string,
  userId: string,
): Promise<MeetingChair | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const entry = await entryOfUser(db, meetingId, userId);
  return { userId, name: entry?.voterName ?? displayName(user) };
}

const chairOf = (db: Db | DbTransaction, meeting: MeetingRow) =>
  meeting.chairUserId ? chairNamed(db, meeting.id, meeting.chairUserId) : Promise.resolve(null);

/**
 * Who the board's records suggest as chair: the active President (board_members, by the
 * canonical position, as the certificate finds the Secretary in after-service.ts), matched by name
 * to exactly one voter on the roll, else to exactly one active individual account. The board keeps
 * names, not accounts, so anything less certain suggests no one and staff choose.
 */
async function suggestedChair(db: Db, meeting: MeetingRow): Promise<MeetingChair | null> {
  const president = (await db.select().from(boardMembers).where(eq(boardMembers.is_active, true))).find(
    (member) => canonicalBoardPosition(member.position) === 'President',
  );
  if (!president) return null;
  const key = president.name.trim().toLowerCase();
  const onRoll = await db
    .select({ userId: meetingRollEntries.userId })
    .from(meetingRollEntries)
    .where(
      and(
        eq(meetingRollEntries.meetingId, meeting.id),
        isNotNull(meetingRollEntries.userId),
        sql`lower(trim(${meetingRollEntries.voterName})) = ${key}`,
      ),
    )
    .limit(2);
  if (onRoll.length === 1 && onRoll[0]?.userId) return chairNamed(db, meeting.id, onRoll[0].userId);
  if (onRoll.length > 1) return null;
  const accounts = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.type, 'individual'),
        eq(users.status, 'active'),
        sql`lower(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))) = ${key}`,
      ),
    )
    .limit(2);
  return accounts.length === 1 && accounts[0] ? chairNamed(db, meeting.id, accounts[0].id) : null;
}

/**
 * PUT /api/meetings/{id}/chair (staff, `meetingsRun`): names the chair, or none. Refused once voting
 * has opened, as every other detail is: the chair then is the one who casts the chair's proxies.
 */
export async function setChair(db: Db, viewer: Viewer, id: string, userId: string | null, now = new Date()) {
  return db.transaction(async (tx) => {
    const meeting = await meetingOf(tx, id, { forUpdate: true });
    assertNotLocked(meeting, now);
    const chair = userId ? await chairNamed(tx, id, userId) : null;
    if (userId) {
      const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId));
      if (!chair || user?.status !== 'active')
        throw new AppError(400, MEETING_MESSAGES.chairNotAccount, {
          code: 'validation_error',
          field: 'userId',
        });
    }
    const before = await chairOf(tx, meeting);
    await tx.update(meetings).set({ chairUserId: userId, updatedAt: now }).where(eq(meetings.id, id));
    await audit(tx, viewer, 'meeting_chair_named', {
      chair: { from: before?.name ?? null, to: chair?.name ?? null },
    });
  });
}

/** GET /api/meetings/{id}: the meeting, its candidates and nominations, and what the viewer may do. */
export async function readMeeting(db: Db, viewer: Viewer, id: string, now = new Date()): Promise<Meeting> {
  const meeting = await meetingOf(db, id);
  const staff = isMeetingsStaff(viewer);
  if (hiddenFromMembers(meeting) && !staff) throw notFound(MEETING_MESSAGES.notFound);
  const [nominations, rollSize, entry] = await Promise.all([
    nominationsOf(db, meeting),
    rollSizeOf(db, id),
    entryOfUser(db, id, viewer.userId),
  ]);
  const proxyGiven = entry
    ? ((
        await proxiesWhere(
          db,
          and(
            eq(meetingProxies.grantorEntryId, entry.id),
            inArray(meetingProxies.status, ['filed', 'valid']),
          ),
        )
      )[0] ?? null)
    : null;
  const isChair = meeting.chairUserId === viewer.userId;
  const held = [
    ...(entry
      ? await proxiesWhere(
          db,
          and(eq(meetingProxies.holderEntryId, entry.id), eq(meetingProxies.status, 'valid')),
        )
      : []),
    // The chair carries the proxies given to the chair, on the roll or not.
    ...(isChair
      ? await proxiesWhere(
          db,
          and(
            eq(meetingProxies.meetingId, id),
            eq(meetingProxies.toChair, true),
            eq(meetingProxies.status, 'valid'),
          ),
        )
      : []),
  ];
  const voted = await hasVoted(db, [...(entry ? [entry.id] : []), ...held.map((proxy) => proxy.grantor.id)]);
  const candidates = nominations
    .filter((nomination) => nomination.status === 'valid')
    .sort((a, b) => a.nominee.voterName.localeCompare(b.nominee.voterName))
    .map((nomination) => ({
      id: nomination.id,
      name: nomination.nominee.voterName,
      statement: nomination.statement,
      photoUrl: nomination.photoUrl,
    }));
  return {
    ...toSummary(meeting, now),
    onlineLink: meeting.onlineLink,
    agenda: meeting.agenda,
    procedure: meeting.procedure,
    recordDate: meeting.recordDate,
    nominationsOpenAt: meeting.nominationsOpenAt.toISOString(),
    nominationsCloseAt: meeting.nominationsCloseAt.toISOString(),
    proxyDeadline: meeting.proxyDeadline.toISOString(),
    correctionsCloseAt: meeting.correctionsCloseAt.toISOString(),
    challengeEndsAt: meeting.challengeEndsAt.toISOString(),
    seats: meeting.seats,
    seconders: meeting.seconders,
    honoraryVotes: meeting.honoraryVotes,
    associateVotes: meeting.associateVotes,
    eventId: meeting.eventId,
    noticeSentAt: meeting.noticeSentAt?.toISOString() ?? null,
    rollFrozenAt: meeting.rollFrozenAt?.toISOString() ?? null,
    rollSize,
    certifiedAt: meeting.certifiedAt?.toISOString() ?? null,
    chair: await chairOf(db, meeting),
    chairSuggestion: staff ? await suggestedChair(db, meeting) : null,
    candidates,
    nominations: staff ? nominations : nominations.filter((nomination) => nomination.status !== 'withdrawn'),
    me: {
      entry: entry ? toEntry(entry) : null,
      notOnRollReason: entry ? null : await notOnRollReason(db, meeting, viewer.userId),
      hasVoted: entry ? voted.has(entry.id) : false,
      proxyGiven,
      proxiesHeld: held.map((proxy) => ({ proxy, hasVoted: voted.has(proxy.grantor.id) })),
      chair: isChair,
    },
  };
}

// Roll corrections ---------------------------------------------------------------------------

const toCorrection = (row: typeof meetingRollCorrections.$inferSelect, requesterName: string) => ({
  id: row.id,
  requesterName,
  details: row.details,
  status: row.status,
  resolution: row.resolution,
});

export async function requestCorrection(
  db: Db,
  viewer: Viewer,
  id: string,
  details: string,
  now = new Date(),
) {
  const meeting = await meetingOf(db, id);
  if (hiddenFromMembers(meeting)) throw notFound(MEETING_MESSAGES.notFound);
  if (!meeting.rollFrozenAt) throw conflict(MEETING_MESSAGES.rollNotFrozen);
  if (now >= meeting.correctionsCloseAt || isLocked(meeting, now))
    throw conflict(MEETING_MESSAGES.correctionsClosed);
  const [row] = await db
    .insert(meetingRollCorrections)
    .values({ meetingId: id, userId: viewer.userId, details })
    .returning();
  if (!row) throw new Error('correction not saved');
  return toCorrection(row, await nameOf(db, viewer.userId));
}

async function nameOf(db: Db | DbTransaction, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ? displayName(user) : '';
}

export async function listCorrections(db: Db, id: string) {
  await meetingOf(db, id);
  const rows = await db
    .select({ correction: meetingRollCorrections, user: users })
    .from(meetingRollCorrections)
    .innerJoin(users, eq(users.id, meetingRollCorrections.userId))
    .where(eq(meetingRollCorrections.meetingId, id))
    .orderBy(asc(meetingRollCorrections.createdAt), asc(meetingRollCorrections.id));
  return rows.map((row) => toCorrection(row.correction, displayName(row.user)));
}

export async function resolveCorrection(
  db: Db,
  viewer: Viewer,
  correctionId: string,
  decision: { status: 'accepted' | 'rejected'; resolution: string },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(meetingRollCorrections)
      .where(eq(meetingRollCorrections.id, correctionId))
      .for('update');
    if (!row) throw notFound(MEETING_MESSAGES.correctionNotFound);
    if (row.status !== 'open') throw conflict(MEETING_MESSAGES.correctionResolved);
    const meeting = await meetingOf(tx, row.meetingId);
    assertNotLocked(meeting, now);
    // Accepting puts the member who asked on the roll (an approved membership in a voting category).
    const added =
      decision.status === 'accepted' && !(await entryOfUser(tx, meeting.id, row.userId))
        ? await entriesFor(
            tx,
            meeting,
            and(eq(memberships.userId, row.userId), eq(memberships.status, 'approved')),
          )
        : [];
    if (added.length > 0) await tx.insert(meetingRollEntries).values(added);
    const [saved] = await tx
      .update(meetingRollCorrections)
      .set({
        status: decision.status,
        resolution: decision.resolution,
        resolvedBy: viewer.userId,
        resolvedAt: now,
      })
      .where(eq(meetingRollCorrections.id, correctionId))
      .returning();
    if (!saved) throw notFound(MEETING_MESSAGES.correctionNotFound);
    await audit(
      tx,
      viewer,
      'meeting_roll_correction_resolved',
      { status: { from: 'open', to: decision.status } },
      row.userId,
    );
    return toCorrection(saved, await nameOf(tx, row.userId));
  });
}

// Nominations --------------------------------------------------------------------------------

export async function nominationRow(db: Db | DbTransaction, id: string) {
  const [row] = await db.select().from(meetingNominations).where(eq(meetingNominations.id, id)).for('update');
  if (!row) throw notFound(MEETING_MESSAGES.nominationNotFound);
  return row;
}

const assertNominationsOpen = (meeting: MeetingRow, now: Date) => {
  assertNotLocked(meeting, now);
  if (now < meeting.nominationsOpenAt || now >= meeting.nominationsCloseAt)
    throw conflict(MEETING_MESSAGES.nominationsNotOpen);
};

export const oneNomination = async (db: Db | DbTransaction, meeting: MeetingRow, id: string) => {
  const [nomination] = await nominationsOf(db, meeting, [id]);
  if (!nomination) throw notFound(MEETING_MESSAGES.nominationNotFound);
  return nomination;
};

export async function nominate(
  db: Db,
  viewer: Viewer,
  id: string,
  input: { nomineeId: string; statement: string },
  now = new Date(),
) {
  const meeting = await meetingOf(db, id);
  if (hiddenFromMembers(meeting)) throw notFound(MEETING_MESSAGES.notFound);
  const nominator = await requireEntry(db, meeting, viewer.userId);
  assertNominationsOpen(meeting, now);
  const nominee = await entryById(db, id, input.nomineeId);
  if (!nominee)
    throw new AppError(400, MEETING_MESSAGES.nomineeNotOnRoll, {
      code: 'validation_error',
      field: 'nomineeId',
    });
  try {
    const [row] = await db
      .insert(meetingNominations)
      .values({
        meetingId: id,
        nomineeEntryId: nominee.id,
        nominatorEntryId: nominator.id,
        statement: input.statement,
        // Nominating oneself is accepting.
        acceptedAt: nominee.id === nominator.id ? now : null,
      })
      .returning();
    if (!row) throw new Error('nomination not saved');
    return oneNomination(db, meeting, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MEETING_MESSAGES.alreadyNominated);
    throw error;
  }
}

export async function second(db: Db, viewer: Viewer, nominationId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const nomination = await nominationRow(tx, nominationId);
    const meeting = await meetingOf(tx, nomination.meetingId);
    const entry = await requireEntry(tx, meeting, viewer.userId);
    assertNominationsOpen(meeting, now);
    if (nomination.status === 'withdrawn') throw conflict(MEETING_MESSAGES.nominationWithdrawn);
    if (entry.id === nomination.nominatorEntryId || entry.id === nomination.nomineeEntryId)
      throw conflict(MEETING_MESSAGES.ownSecond);
    const [counted] = await tx
      .select({ total: count() })
      .from(meetingNominationSeconds)
      .where(eq(meetingNominationSeconds.nominationId, nominationId));
    const [already] = await tx
      .select({ entryId: meetingNominationSeconds.entryId })
      .from(meetingNominationSeconds)
      .where(
        and(
          eq(meetingNominationSeconds.nominationId, nominationId),
          eq(meetingNominationSeconds.entryId, entry.id),
        ),
      );
    if (already) throw conflict(MEETING_MESSAGES.alreadySeconded);
    if ((counted?.total ?? 0) >= meeting.seconders) throw conflict(MEETING_MESSAGES.enoughSeconds);
    await tx.insert(meetingNominationSeconds).values({ nominationId, entryId: entry.id });
    return oneNomination(tx, meeting, nominationId);
  });
}

async function nomineeAction(
  db: Db,
  viewer: Viewer,
  nominationId: string,
  action: 'accept' | 'withdraw',
  now: Date,
) {
  return db.transaction(async (tx) => {
    const nomination = await nominationRow(tx, nominationId);
    const meeting = await meetingOf(tx, nomination.meetingId);
    const nominee = await entryById(tx, meeting.id, nomination.nomineeEntryId);
    if (nominee?.userId !== viewer.userId)
      throw refused(
        action === 'accept' ? MEETING_MESSAGES.onlyNomineeAccepts : MEETING_MESSAGES.onlyNomineeWithdraws,
      );
    assertNotLocked(meeting, now);
    if (nomination.status === 'withdrawn') throw conflict(MEETING_MESSAGES.nominationWithdrawn);
    await tx
      .update(meetingNominations)
      .set(action === 'accept' ? { acceptedAt: nomination.acceptedAt ?? now } : { status: 'withdrawn' })
      .where(eq(meetingNominations.id, nominationId));
    return oneNomination(tx, meeting, nominationId);
  });
}
export const acceptNomination = (db: Db, viewer: Viewer, id: string, now = new Date()) =>
  nomineeAction(db, viewer, id, 'accept', now);
export const withdrawNomination = (db: Db, viewer: Viewer, id: string, now = new Date()) =>
  nomineeAction(db, viewer, id, 'withdraw', now);

/** The election committee validates a nomination (seconded and accepted) or marks it not valid. */
export async function validateNomination(
  db: Db,
  viewer: Viewer,
  nominationId: string,
  decision: { valid: boolean; note: string | null },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const nomination = await nominationRow(tx, nominationId);
    const meeting = await meetingOf(tx, nomination.meetingId);
    assertNotLocked(meeting, now);
    if (nomination.status === 'withdrawn') throw conflict(MEETING_MESSAGES.nominationWithdrawn);
    if (decision.valid) {
      const [counted] = await tx
        .select({ total: count() })
        .from(meetingNominationSeconds)
        .where(eq(meetingNominationSeconds.nominationId, nominationId));
      if ((counted?.total ?? 0) < meeting.seconders || !nomination.acceptedAt)
        throw conflict(MEETING_MESSAGES.nominationNeedsSeconds(meeting.seconders));
    }
    const status = decision.valid ? 'valid' : 'invalid';
    await tx
      .update(meetingNominations)
      .set({ status, validationNote: decision.note })
      .where(eq(meetingNominations.id, nominationId));
    const nominee = await entryById(tx, meeting.id, nomination.nomineeEntryId);
    await audit(
      tx,
      viewer,
      'meeting_nomination_validated',
      { status: { from: nomination.status, to: status } },
      nominee?.userId ?? undefined,
    );
    return oneNomination(tx, meeting, nominationId);
  });
}

// Proxies ------------------------------------------------------------------------------------

const oneProxy = async (db: Db | DbTransaction, id: string) => {
  const [proxy] = await proxiesWhere(db, eq(meetingProxies.id, id));
  if (!proxy) throw notFound(MEETING_MESSAGES.proxyNotFound);
  return proxy;
};

export async function fileProxy(
  db: Db,
  viewer: Viewer,
  id: string,
  input: { holderId: string; scope: ProxyScope },
  now = new Date(),
) {
  const meeting = await meetingOf(db, id);
  if (hiddenFromMembers(meeting)) throw notFound(MEETING_MESSAGES.notFound);
  const grantor = await requireEntry(db, meeting, viewer.userId);
  assertNotLocked(meeting, now);
  if (now >= meeting.proxyDeadline) throw conflict(MEETING_MESSAGES.proxyDeadlinePassed);
  const toChair = input.holderId === PROXY_TO_CHAIR;
  const holder = toChair ? null : await entryById(db, id, input.holderId);
  if (toChair && meeting.chairUserId === viewer.userId)
    throw new AppError(400, MEETING_MESSAGES.proxyToChairAsChair, {
      code: 'validation_error',
      field: 'holderId',
    });
  if (!toChair && !holder)
    throw new AppError(400, MEETING_MESSAGES.holderNotOnRoll, {
      code: 'validation_error',
      field: 'holderId',
    });
  if (holder?.id === grantor.id)
    throw new AppError(400, MEETING_MESSAGES.proxyToSelf, { code: 'validation_error', field: 'holderId' });
  try {
    const [row] = await db
      .insert(meetingProxies)
      .values({
        meetingId: id,
        grantorEntryId: grantor.id,
        holderEntryId: holder?.id ?? null,
        toChair,
        scope: input.scope,
      })
      .returning({ id: meetingProxies.id });
    if (!row) throw new Error('proxy not saved');
    return oneProxy(db, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MEETING_MESSAGES.proxyAlreadyFiled);
    throw error;
  }
}

export async function revokeProxy(db: Db, viewer: Viewer, proxyId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const [proxy] = await tx
      .select()
      .from(meetingProxies)
      .where(eq(meetingProxies.id, proxyId))
      .for('update');
    if (!proxy) throw notFound(MEETING_MESSAGES.proxyNotFound);
    const grantor = await entryById(tx, proxy.meetingId, proxy.grantorEntryId);
    if (grantor?.userId !== viewer.userId) throw refused(MEETING_MESSAGES.proxyNotYours);
    assertNotLocked(await meetingOf(tx, proxy.meetingId), now);
    if (proxy.status === 'revoked' || proxy.status === 'rejected')
      throw conflict(MEETING_MESSAGES.proxyClosed);
    await tx
      .update(meetingProxies)
      .set({ status: 'revoked', updatedAt: now })
      .where(eq(meetingProxies.id, proxyId));
  });
}

export async function listProxies(db: Db, id: string) {
  await meetingOf(db, id);
  return proxiesWhere(db, eq(meetingProxies.meetingId, id));
}

/** The corporate secretary validates a filed proxy or marks it not valid. */
export async function validateProxy(
  db: Db,
  viewer: Viewer,
  proxyId: string,
  decision: { valid: boolean; note: string | null },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [proxy] = await tx
      .select()
      .from(meetingProxies)
      .where(eq(meetingProxies.id, proxyId))
      .for('update');
    if (!proxy) throw notFound(MEETING_MESSAGES.proxyNotFound);
    assertNotLocked(await meetingOf(tx, proxy.meetingId), now);
    if (proxy.status === 'revoked' || proxy.status === 'rejected')
      throw conflict(MEETING_MESSAGES.proxyClosed);
    const status = decision.valid ? 'valid' : 'rejected';
    await tx
      .update(meetingProxies)
      .set({ status, note: decision.note, updatedAt: now })
      .where(eq(meetingProxies.id, proxyId));
    const grantor = await entryById(tx, proxy.meetingId, proxy.grantorEntryId);
    await audit(
      tx,
      viewer,
      'meeting_proxy_validated',
      { status: { from: proxy.status, to: status } },
      grantor?.userId ?? undefined,
    );
    return oneProxy(tx, proxyId);
  });
}

// The ballot ---------------------------------------------------------------------------------

/** A receipt code: RECEIPT_LENGTH characters drawn by the system's random generator. */
export function newReceipt() {
  let receipt = '';
  for (let i = 0; i < RECEIPT_LENGTH; i++) receipt += RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)];
  return receipt;
}

/**
 * Casts one ballot: for the viewer's own entry, or for `onBehalfOf` whose validated proxy the
 * viewer holds. "Has voted" (keyed by the roll entry: a second ballot finds it, 409) and the
 * ballot (choices and receipt only) are written in one transaction: both or neither.
 */
export async function castBallot(
  db: Db,
  viewer: Viewer,
  id: string,
  input: { candidateIds: string[]; onBehalfOf?: string },
  now = new Date(),
) {
  const meeting = await meetingOf(db, id);
  if (hiddenFromMembers(meeting)) throw notFound(MEETING_MESSAGES.notFound);
  const own = await entryOfUser(db, id, viewer.userId);
  let voter: RollEntryRow;
  if (input.onBehalfOf && input.onBehalfOf !== own?.id) {
    const grantor = await entryById(db, id, input.onBehalfOf);
    // A voter's proxy is cast by its holder; one given to the chair by whoever chairs the meeting
    // now (the chair is fixed once voting opens, so that is the chair when it opened).
    const holders = [
      ...(own ? [eq(meetingProxies.holderEntryId, own.id)] : []),
      ...(meeting.chairUserId === viewer.userId ? [eq(meetingProxies.toChair, true)] : []),
    ];
    const [proxy] =
      grantor && holders.length > 0
        ? await db
            .select({ id: meetingProxies.id })
            .from(meetingProxies)
            .where(
              and(
                eq(meetingProxies.grantorEntryId, grantor.id),
                or(...holders),
                eq(meetingProxies.status, 'valid'),
              ),
            )
        : [];
    if (!grantor || !proxy) throw refused(MEETING_MESSAGES.noProxyForVoter, 'no_proxy');
    voter = grantor;
  } else {
    if (!own) throw refused(await notOnRollReason(db, meeting, viewer.userId), 'not_on_roll');
    voter = own;
  }
  await assertBallot(db, meeting, input.candidateIds, now);
  return recordBallot(db, meeting.id, voter, input.candidateIds, {
    castBy: voter.id === own?.id ? 'voter' : 'proxy',
  });
}

/** The rules every ballot meets, online or at the venue: voting open (409), the seats and the candidates (400). */
async function assertBallot(db: Db, meeting: MeetingRow, candidateIds: string[], now: Date) {
  const state = votingState(meeting, now);
  if (state !== 'open' || !meeting.rollFrozenAt)
    throw conflict(
      state === 'closed' ? MEETING_MESSAGES.votingClosed : MEETING_MESSAGES.votingNotOpen,
      'voting_not_open',
    );
  if (candidateIds.length > meeting.seats)
    throw new AppError(400, MEETING_MESSAGES.tooManyChoices(meeting.seats), {
      code: 'validation_error',
      field: 'candidateIds',
    });
  if (candidateIds.length > 0) {
    const valid = await db
      .select({ id: meetingNominations.id })
      .from(meetingNominations)
      .where(
        and(
          eq(meetingNominations.meetingId, meeting.id),
          eq(meetingNominations.status, 'valid'),
          inArray(meetingNominations.id, candidateIds),
        ),
      );
    if (valid.length !== candidateIds.length)
      throw new AppError(400, MEETING_MESSAGES.unknownCandidate, {
        code: 'validation_error',
        field: 'candidateIds',
      });
  }
}

/**
 * "Has voted" and the ballot in one transaction, both or neither: the "has voted" insert meets any
 * other for the same entry at its primary key, so of two at once one commits and the other gets
 * 409. `also` runs in the same transaction (the venue's audit entry), never with the ballot's id.
 */
async function recordBallot(
  db: Db,
  meetingId: string,
  voter: RollEntryRow,
  candidateIds: string[],
  how: { castBy: 'voter' | 'proxy'; atVenue?: boolean },
  also?: (tx: DbTransaction) => Promise<void>,
) {
  const receipt = newReceipt();
  await db.transaction(async (tx) => {
    const marked = await tx
      .insert(meetingVotes)
      .values({ entryId: voter.id, meetingId, castBy: how.castBy, atVenue: how.atVenue ?? false })
      .onConflictDoNothing()
      .returning({ entryId: meetingVotes.entryId });
    if (marked.length === 0) throw conflict(MEETING_MESSAGES.alreadyVoted, 'already_voted');
    // Sorted, so the stored list says nothing of the order the voter ticked them in.
    await tx.insert(meetingBallots).values({ meetingId, receipt, candidateIds: [...candidateIds].sort() });
    await also?.(tx);
  });
  return { receipt };
}

// Venue voting -------------------------------------------------------------------------------

/**
 * Whether a roll entry's account is checked in at the meeting's linked event: the event check-in
 * reused (docs/decisions/053), as the quorum counts "present".
 */
const presentSql = (meeting: MeetingRow) =>
  meeting.eventId
    ? sql<boolean>`exists (select 1 from ${eventRegistrations} join ${eventCheckIns} on ${eventCheckIns.registration_id} = ${eventRegistrations.id}
        where ${eventRegistrations.event_id} = ${meeting.eventId} and ${eventRegistrations.user_id} = ${meetingRollEntries.userId})`
    : sql<boolean>`false`;

const notVotedSql = sql<boolean>`not exists (select 1 from ${meetingVotes} where ${meetingVotes.entryId} = ${meetingRollEntries.id})`;

/** The voters checked in at the meeting's event who have not voted: whom the venue's tablet may be handed to. */
export async function listVenueVoters(db: Db, id: string) {
  const meeting = await meetingOf(db, id);
  if (!meeting.eventId) return [];
  const rows = await db
    .select()
    .from(meetingRollEntries)
    .where(and(eq(meetingRollEntries.meetingId, id), presentSql(meeting), notVotedSql))
    .orderBy(asc(meetingRollEntries.voterName), asc(meetingRollEntries.id));
  return rows.map(toEntry);
}

/**
 * The voter a scanned event ticket names (the check-in's signed ticket, lib/tickets.ts): its
 * registration must be for the meeting's event, current, and its account on the roll. Whether they
 * are present and have not voted is said by the same refusals as the ballot's.
 */
export async function venueVoterOfTicket(db: Db, ticketKey: string, id: string, token: string) {
  const meeting = await meetingOf(db, id);
  if (!meeting.eventId) throw conflict(MEETING_MESSAGES.venueNoEvent, 'no_event');
  const ticket = readTicket(ticketKey, token);
  if (!ticket) throw badRequest(CHECK_IN_MESSAGES.ticketInvalid, 'ticket_invalid');
  const [registration] = await db
    .select({
      eventId: eventRegistrations.event_id,
      userId: eventRegistrations.user_id,
      version: eventRegistrations.ticket_version,
    })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, ticket.registrationId));
  if (!registration) throw conflict(CHECK_IN_MESSAGES.registrationWithdrawn, 'registration_withdrawn');
  if (registration.eventId !== meeting.eventId)
    throw conflict(MEETING_MESSAGES.ticketOtherEvent, 'ticket_other_event');
  if (registration.version !== ticket.version)
    throw conflict(CHECK_IN_MESSAGES.ticketReplaced, 'ticket_replaced');
  const entry = await entryOfUser(db, id, registration.userId);
  if (!entry) throw notFound(MEETING_MESSAGES.ticketNotOnRoll);
  await assertPresentNotVoted(db, meeting, entry);
  return toEntry(entry);
}

async function assertPresentNotVoted(db: Db | DbTransaction, meeting: MeetingRow, entry: RollEntryRow) {
  if (!meeting.eventId) throw conflict(MEETING_MESSAGES.venueNoEvent, 'no_event');
  // In the where clause, where the columns keep their table (a select list of one table drops it).
  const [present] = await db
    .select({ id: meetingRollEntries.id })
    .from(meetingRollEntries)
    .where(and(eq(meetingRollEntries.id, entry.id), presentSql(meeting)));
  if (!present) throw conflict(MEETING_MESSAGES.voterNotPresent, 'not_present');
  if ((await hasVoted(db, [entry.id])).has(entry.id))
    throw conflict(MEETING_MESSAGES.alreadyVoted, 'already_voted');
}

/**
 * Casts the ballot of a voter present at the venue, on the tablet a staff member hands them: the
 * same rules and the same two rows as online (their own ballot, `castBy` voter), "has voted"
 * marked `atVenue`. The audit log records that the viewer handed the tablet to that voter, never
 * the choice, the receipt or the ballot's id.
 */
export async function castVenueBallot(
  db: Db,
  viewer: Viewer,
  id: string,
  input: { entryId: string; candidateIds: string[] },
  now = new Date(),
) {
  const meeting = await meetingOf(db, id);
  const voter = await entryById(db, id, input.entryId);
  if (!voter) throw notFound(MEETING_MESSAGES.voterNotFound);
  await assertBallot(db, meeting, input.candidateIds, now);
  await assertPresentNotVoted(db, meeting, voter);
  return recordBallot(db, id, voter, input.candidateIds, { castBy: 'voter', atVenue: true }, (tx) =>
    audit(
      tx,
      viewer,
      'meeting_venue_ballot_handed',
      { venue_ballot: { from: null, to: `${voter.voterName} (${meeting.title})` } },
      voter.userId ?? viewer.userId,
    ),
  );
}

// Voting, results, turnout, quorum ------------------------------------------------------------

export async function openVoting(db: Db, viewer: Viewer, id: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const meeting = await meetingOf(tx, id, { forUpdate: true });
    if (!meeting.rollFrozenAt) throw conflict(MEETING_MESSAGES.rollNotFrozen);
    const state = votingState(meeting, now);
    if (state === 'open') throw conflict('Voting is already open');
    if (state === 'closed') throw conflict(MEETING_MESSAGES.votingClosed);
    if (!meeting.chairUserId) {
      const [toChair] = await tx
        .select({ total: count() })
        .from(meetingProxies)
        .where(
          and(
            eq(meetingProxies.meetingId, id),
            eq(meetingProxies.toChair, true),
            eq(meetingProxies.status, 'valid'),
          ),
        );
      if ((toChair?.total ?? 0) > 0)
        throw conflict(MEETING_MESSAGES.chairNeeded(toChair?.total ?? 0), 'chair_needed');
    }
    await tx.update(meetings).set({ votingOpensAt: now, updatedAt: now }).where(eq(meetings.id, id));
    await audit(tx, viewer, 'meeting_voting_opened', {
      votingOpensAt: { from: meeting.votingOpensAt.toISOString(), to: now.toISOString() },
    });
  });
}

export async function closeVoting(db: Db, viewer: Viewer, id: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const meeting = await meetingOf(tx, id, { forUpdate: true });
    if (votingState(meeting, now) !== 'open') throw conflict(MEETING_MESSAGES.votingNotOpen);
    await tx.update(meetings).set({ votingClosesAt: now, updatedAt: now }).where(eq(meetings.id, id));
    await audit(tx, viewer, 'meeting_voting_closed', {
      votingClosesAt: { from: meeting.votingClosesAt.toISOString(), to: now.toISOString() },
    });
  });
}

export async function certify(db: Db, viewer: Viewer, id: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const meeting = await meetingOf(tx, id, { forUpdate: true });
    if (meeting.certifiedAt) throw conflict(MEETING_MESSAGES.certifiedAlready);
    if (votingState(meeting, now) !== 'closed' || !meeting.rollFrozenAt)
      throw conflict(MEETING_MESSAGES.certifyBeforeClose);
    await tx
      .update(meetings)
      .set({ certifiedAt: now, status: 'certified', updatedAt: now })
      .where(eq(meetings.id, id));
    await audit(tx, viewer, 'meeting_results_certified', {
      certifiedAt: { from: null, to: now.toISOString() },
    });
  });
}

/** The tally and every ballot by receipt: to everyone once certified; before, to the election committee only. */
export async function readResults(db: Db, viewer: Viewer | null, id: string) {
  const meeting = await meetingOf(db, id);
  const certified = meeting.certifiedAt !== null;
  if (!certified && !viewer?.roles.includes('election_committee'))
    throw refused(MEETING_MESSAGES.resultsNotCertified, 'not_certified');
  const tally = await tallyOf(db, id, certified);
  if (!certified) return { ...tally, election: null };
  // The one rule of who is elected (decision 078), so the results and the board admin agree.
  const { elected, tie } = electedBySeats(tally.candidates, meeting.seats);
  return {
    ...tally,
    election: {
      seats: meeting.seats,
      electedIds: elected.map((candidate) => candidate.id),
      tie: tie
        ? {
            votes: tie.votes,
            needed: tie.needed,
            candidateIds: tie.candidates.map((candidate) => candidate.id),
          }
        : null,
    },
  };
}

export async function tallyOf(db: Db, id: string, certified: boolean) {
  const [nominations, tally, ballots] = await Promise.all([
    db
      .select({ id: meetingNominations.id, name: meetingRollEntries.voterName })
      .from(meetingNominations)
      .innerJoin(meetingRollEntries, eq(meetingRollEntries.id, meetingNominations.nomineeEntryId))
      .where(and(eq(meetingNominations.meetingId, id), eq(meetingNominations.status, 'valid'))),
    db
      .select({ id: sql<string>`c.id`, votes: sql<number>`count(*)::int` })
      .from(sql`${meetingBallots}, unnest(${meetingBallots.candidateIds}) as c(id)`)
      .where(eq(meetingBallots.meetingId, id))
      .groupBy(sql`c.id`),
    db
      .select({ receipt: meetingBallots.receipt, candidateIds: meetingBallots.candidateIds })
      .from(meetingBallots)
      .where(eq(meetingBallots.meetingId, id))
      .orderBy(asc(meetingBallots.receipt)),
  ]);
  const votes = new Map(tally.map((row) => [row.id, row.votes]));
  const candidates = nominations
    .map((row) => ({ id: row.id, name: row.name, votes: votes.get(row.id) ?? 0 }))
    .sort((a, b) => b.votes - a.votes || a.name.localeCompare(b.name));
  return { certified, candidates, ballots };
}

/** Who has voted (in person or by proxy), never how: the roll with a mark. */
export async function readTurnout(db: Db, id: string) {
  await meetingOf(db, id);
  const rows = await db
    .select({ entry: meetingRollEntries, castBy: meetingVotes.castBy, atVenue: meetingVotes.atVenue })
    .from(meetingRollEntries)
    .leftJoin(meetingVotes, eq(meetingVotes.entryId, meetingRollEntries.id))
    .where(eq(meetingRollEntries.meetingId, id))
    .orderBy(asc(meetingRollEntries.voterName), asc(meetingRollEntries.id));
  return {
    rollSize: rows.length,
    voted: rows.filter((row) => row.castBy !== null).length,
    entries: rows.map((row) => ({
      ...toEntry(row.entry),
      hasVoted: row.castBy !== null,
      castBy: row.castBy,
      atVenue: row.atVenue === true,
    })),
  };
}

/**
 * The quorum: each roll entry counts once, as present (checked in at the meeting's event), else
 * online (has cast a ballot), else by a validated proxy; against a majority of the roll.
 */
export async function readQuorum(db: Db, id: string): Promise<Quorum> {
  const meeting = await meetingOf(db, id);
  const present = presentSql(meeting);
  const online = sql<boolean>`exists (select 1 from ${meetingVotes} where ${meetingVotes.entryId} = ${meetingRollEntries.id})`;
  const proxy = sql<boolean>`exists (select 1 from ${meetingProxies} where ${meetingProxies.grantorEntryId} = ${meetingRollEntries.id} and ${meetingProxies.status} = 'valid')`;
  const [row] = await db
    .select({
      rollSize: sql<number>`count(*)::int`,
      present: sql<number>`count(*) filter (where ${present})::int`,
      online: sql<number>`count(*) filter (where not ${present} and ${online})::int`,
      byProxy: sql<number>`count(*) filter (where not ${present} and not ${online} and ${proxy})::int`,
    })
    .from(meetingRollEntries)
    .where(eq(meetingRollEntries.meetingId, id));
  const rollSize = row?.rollSize ?? 0;
  const represented = (row?.present ?? 0) + (row?.online ?? 0) + (row?.byProxy ?? 0);
  const needed = quorumOf(rollSize);
  return {
    title: meeting.title,
    rollSize,
    needed,
    present: row?.present ?? 0,
    online: row?.online ?? 0,
    byProxy: row?.byProxy ?? 0,
    represented,
    reached: rollSize > 0 && represented >= needed,
  };
}

// The notice ---------------------------------------------------------------------------------

/**
 * Sends the notice (agenda, procedure for remote and absentia voting) to every member in good
 * standing, through the outbox. Less than the notice days before the meeting it is refused unless
 * an administrator gives a reason, which is kept and audited.
 */
export async function sendNotice(
  db: Db,
  viewer: Viewer,
  id: string,
  { overrideReason, publicUrl }: { overrideReason: string | null; publicUrl: string },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const meeting = await meetingOf(tx, id, { forUpdate: true });
    if (meeting.noticeSentAt) throw conflict(MEETING_MESSAGES.noticeSentAlready);
    const late = noticeDaysBefore(meeting.startsAt, now) < MEETING_DEFAULTS.noticeDays;
    if (late && !overrideReason)
      throw conflict(MEETING_MESSAGES.noticeTooLate(MEETING_DEFAULTS.noticeDays), 'notice_late');
    if (late && !viewer.roles.includes('admin')) throw refused(MEETING_MESSAGES.overrideAdminOnly);
    const recipients = await tx
      .selectDistinct({ email: users.email })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(and(goodStanding(memberships, now), eq(users.status, 'active')));
    const link = `${publicUrl}/meetings/${meeting.id}`;
    const when = formatWeekdayDateTime(meeting.startsAt);
    const body = [
      `${meeting.title}: ${when}, ${meeting.venue}${meeting.onlineLink ? ` and online (${meeting.onlineLink})` : ''}.`,
      `Record date: ${meeting.recordDate}.`,
      `Agenda:\n${meeting.agenda}`,
      `How to vote remotely or in absentia:\n${meeting.procedure}`,
      `The meeting's page: ${link}`,
    ].join('\n\n');
    const queued = await queueBulkMail(
      tx,
      recipients.map(({ email }) => ({
        to: email,
        subject: MEETING_MAIL_SUBJECTS.notice(meeting.title),
        text: body,
        html: body
          .split('\n\n')
          .map((part) => `<p>${escapeHtml(part).replaceAll('\n', '<br>')}</p>`)
          .join(''),
      })),
    );
    await tx
      .update(meetings)
      .set({
        noticeSentAt: now,
        lateNoticeReason: late ? overrideReason : null,
        status: 'noticed',
        updatedAt: now,
      })
      .where(eq(meetings.id, id));
    await audit(tx, viewer, 'meeting_notice_sent', {
      noticeSentAt: { from: null, to: now.toISOString() },
      ...(late ? { lateNoticeReason: { from: null, to: overrideReason } } : {}),
    });
    return { queued, noticeSentAt: now.toISOString() };
  });
}

// Reminders ----------------------------------------------------------------------------------

/**
 * The `meeting-reminders` job's work for the Manila day `date`: to every voter on a frozen roll,
 * the day before the proxy deadline and the day before voting opens. Each reminder of a meeting
 * is sent once (its `meeting_reminders` row, written with the mail in one transaction), so the
 * job may run again on the same date, or a later one catching up, and send nothing twice.
 */
export async function sendMeetingReminders(
  { db, publicUrl }: { db: Db; publicUrl: string },
  date: string,
  { dryRun = false }: { dryRun?: boolean } = {},
) {
  const dayBefore = (at: Date) => manilaDateString(new Date(at.getTime() - 86_400_000));
  const frozen = await db.select().from(meetings).where(isNotNull(meetings.rollFrozenAt));
  const due = frozen.flatMap((meeting) =>
    (
      [
        ['proxy_deadline', meeting.proxyDeadline],
        ['voting_opens', meeting.votingOpensAt],
      ] as const
    )
      .filter(([, at]) => dayBefore(at) <= date && manilaDateString(at) > date && !meeting.certifiedAt)
      .map(([kind]) => ({ meeting, kind })),
  );
  let reminders = 0;
  for (const { meeting, kind } of due) {
    await db.transaction(async (tx) => {
      const recipients = await tx
        .select({ email: users.email })
        .from(meetingRollEntries)
        .innerJoin(users, eq(users.id, meetingRollEntries.userId))
        .where(eq(meetingRollEntries.meetingId, meeting.id));
      if (dryRun) {
        const [sent] = await tx
          .select({ kind: meetingReminders.kind })
          .from(meetingReminders)
          .where(and(eq(meetingReminders.meetingId, meeting.id), eq(meetingReminders.kind, kind)));
        if (!sent) reminders += recipients.length;
        return;
      }
      const claimed = await tx
        .insert(meetingReminders)
        .values({ meetingId: meeting.id, kind, sentOn: date, recipients: recipients.length })
        .onConflictDoNothing()
        .returning({ kind: meetingReminders.kind });
      if (claimed.length === 0) return;
      const subject =
        kind === 'proxy_deadline'
          ? MEETING_MAIL_SUBJECTS.proxyDeadline(meeting.title)
          : MEETING_MAIL_SUBJECTS.votingOpens(meeting.title);
      const text = `${subject}.\n\nThe meeting's page, to name a proxy or to vote: ${publicUrl}/meetings/${meeting.id}`;
      reminders += await queueBulkMail(
        tx,
        recipients.map(({ email }) => ({
          to: email,
          subject,
          text,
          html: `<p>${escapeHtml(text).replaceAll('\n', '<br>')}</p>`,
        })),
      );
    });
  }
  return { date, reminders };
}
