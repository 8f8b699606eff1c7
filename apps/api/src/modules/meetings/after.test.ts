import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GIS_REMINDER_SUBJECT,
  groupBoardMembers,
  MEETING_AFTER_MESSAGES,
  manilaDateString,
  type StaffRole,
  siteConfig,
} from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  boardMembers,
  mailOutbox,
  meetingBallots,
  meetingDocuments,
  meetingNominations,
  meetings,
  meetingVotes,
} from '../../db/schema';
import {
  createBoardMember,
  createMeetingWithRoll,
  createMembership,
  createUser,
  signIn,
} from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';
import { sendGisReminders } from './after-service';

// After the annual meeting (docs/decisions/078-after-the-annual-meeting.md), on a fresh database.

let context: Awaited<ReturnType<typeof buildTestApp>>;
const DAY = 86_400_000;
const folder = mkdtempSync(join(tmpdir(), 'meeting-after-'));
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Person = { id: string; cookie: string };
let secretariat: Person;
let committee: Person;
let member: Person;
let overdueMember: Person;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string | null,
  payload?: object,
) =>
  context.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function staff(roles: StaffRole[]): Promise<Person> {
  const user = await createUser(context.db, { roles, password: null });
  return { id: user.id, cookie: (await signIn(context, user)).cookie };
}

beforeAll(async () => {
  context = await buildTestApp();
  secretariat = await staff(['secretariat']);
  committee = await staff(['election_committee']);
  const paid = await createUser(context.db, { type: 'individual', password: null });
  await createMembership(context.db, paid.id);
  member = { id: paid.id, cookie: (await signIn(context, paid)).cookie };
  const overdue = await createUser(context.db, { type: 'individual', password: null });
  await createMembership(context.db, overdue.id, { expiresAt: new Date(Date.now() - 90 * DAY) });
  overdueMember = { id: overdue.id, cookie: (await signIn(context, overdue)).cookie };
});
afterAll(async () => {
  await context.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * A meeting held a week ago whose candidates got `votes` (in that order), on a roll of the
 * candidates and two more voters; certified unless told, its challenge window over unless told.
 * Ballot k chooses every candidate with more than k votes, so each count comes out exactly.
 */
async function heldMeeting(
  votes: number[],
  {
    seats = 2,
    certified = true,
    challengeOver = true,
  }: { seats?: number; certified?: boolean; challengeOver?: boolean } = {},
) {
  const suffix = randomUUID().slice(0, 6);
  const voters = await Promise.all(
    Array.from({ length: votes.length + 2 }, async (_, index) => {
      const user = await createUser(context.db, { type: 'individual', password: null });
      return { id: user.id, name: `Candidate ${String.fromCharCode(65 + index)} ${suffix}` };
    }),
  );
  const { meeting, entries } = await createMeetingWithRoll(context.db, voters);
  const now = Date.now();
  await context.db
    .update(meetings)
    .set({
      seats,
      startsAt: new Date(now - 7 * DAY),
      votingOpensAt: new Date(now - 9 * DAY),
      votingClosesAt: new Date(now - 7 * DAY),
      challengeEndsAt: new Date(now + (challengeOver ? -DAY : DAY)),
      certifiedAt: certified ? new Date(now - 7 * DAY) : null,
      status: certified ? 'certified' : 'noticed',
    })
    .where(eq(meetings.id, meeting.id));
  const nominations = await context.db
    .insert(meetingNominations)
    .values(
      votes.map((_, index) => ({
        meetingId: meeting.id,
        nomineeEntryId: entries[index]?.id as string,
        nominatorEntryId: entries[index]?.id as string,
        statement: 'Standing for the board.',
        acceptedAt: new Date(now - 20 * DAY),
        status: 'valid' as const,
      })),
    )
    .returning();
  const ballots = Math.max(...votes);
  for (let k = 0; k < ballots; k += 1) {
    await context.db.insert(meetingBallots).values({
      meetingId: meeting.id,
      receipt: randomUUID().slice(0, 10).toUpperCase(),
      candidateIds: nominations
        .filter((_, index) => (votes[index] ?? 0) > k)
        .map((row) => row.id)
        .sort(),
    });
  }
  await context.db
    .insert(meetingVotes)
    .values(
      entries
        .slice(0, ballots)
        .map((entry) => ({ entryId: entry.id, meetingId: meeting.id, castBy: 'voter' as const })),
    );
  return {
    id: meeting.id,
    title: meeting.title,
    nominations: nominations.map((row, index) => ({ id: row.id, name: voters[index]?.name as string })),
    rollSize: voters.length,
    ballots,
  };
}

const auditRows = (
  action: 'meeting_election_applied' | 'meeting_officers_recorded' | 'meeting_document_uploaded',
  actor: string,
) =>
  context.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.actorId, actor)));

describe('the elected trustees offered to the board', () => {
  it('refuses before certification and before the challenge window ends, with a clear message', async () => {
    const uncertified = await heldMeeting([3, 2, 1], { certified: false });
    const early = await call('POST', `/api/meetings/${uncertified.id}/outcome/apply`, secretariat.cookie, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(MEETING_AFTER_MESSAGES.notCertified);

    const inWindow = await heldMeeting([3, 2, 1], { challengeOver: false });
    const outcome = (await call('GET', `/api/meetings/${inWindow.id}/outcome`, committee.cookie)).json().data;
    expect(outcome.canApply).toBe(false);
    const refused = await call('POST', `/api/meetings/${inWindow.id}/outcome/apply`, secretariat.cookie, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(
      /^The elected trustees can be applied to the board once the challenge window ends \(.+\)$/,
    );
    expect(
      await context.db
        .select()
        .from(boardMembers)
        .where(eq(boardMembers.name, inWindow.nominations[0]?.name as string)),
    ).toHaveLength(0);
  });

  it('updates the board once: new trustees added, a re-elected one kept with its date, the outgoing set inactive, audited', async () => {
    const held = await heldMeeting([5, 4, 1]);
    const [first, second, third] = held.nominations;
    const reElected = await createBoardMember(context.db, {
      name: second?.name as string,
      title: 'Geologist',
      position: 'Treasurer',
      trustee_since: '2020-06-15',
    });
    const outgoing = await createBoardMember(context.db, {
      name: `Outgoing ${randomUUID().slice(0, 6)}`,
      position: 'Trustee',
    });

    const offered = (await call('GET', `/api/meetings/${held.id}/outcome`, secretariat.cookie)).json().data;
    expect(offered).toMatchObject({
      canApply: true,
      tie: null,
      rollSize: held.rollSize,
      voted: held.ballots,
    });
    expect(offered.elected.map((row: { name: string }) => row.name)).toEqual([first?.name, second?.name]);

    const applied = await call('POST', `/api/meetings/${held.id}/outcome/apply`, secretariat.cookie, {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.applied.at).toBeTruthy();

    const [added] = await context.db
      .select()
      .from(boardMembers)
      .where(eq(boardMembers.name, first?.name as string));
    expect(added).toMatchObject({
      position: 'Trustee',
      is_active: true,
      trustee_since: manilaDateString(new Date(Date.now() - 7 * DAY)),
    });
    const [kept] = await context.db.select().from(boardMembers).where(eq(boardMembers.id, reElected.id));
    expect(kept).toMatchObject({ position: 'Treasurer', trustee_since: '2020-06-15', is_active: true });
    const [gone] = await context.db.select().from(boardMembers).where(eq(boardMembers.id, outgoing.id));
    expect(gone?.is_active).toBe(false);
    expect(
      await context.db
        .select()
        .from(boardMembers)
        .where(eq(boardMembers.name, third?.name as string)),
    ).toHaveLength(0);

    const [row] = await auditRows('meeting_election_applied', secretariat.id);
    expect(row?.changes.trustees?.to).toBe(`${first?.name}, ${second?.name}`);

    const again = await call('POST', `/api/meetings/${held.id}/outcome/apply`, secretariat.cookie, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(MEETING_AFTER_MESSAGES.boardAppliedAlready);
  });

  it('shows a tie at the last seat and applies it only as a person resolves it', async () => {
    const held = await heldMeeting([5, 3, 3, 1]);
    const [first, tiedA, tiedB, last] = held.nominations;
    const offered = (await call('GET', `/api/meetings/${held.id}/outcome`, secretariat.cookie)).json().data;
    expect(offered.elected.map((row: { name: string }) => row.name)).toEqual([first?.name]);
    expect(offered.tie).toMatchObject({ votes: 3, needed: 1 });
    expect(offered.tie.candidates.map((row: { name: string }) => row.name).sort()).toEqual(
      [tiedA?.name, tiedB?.name].sort(),
    );

    const apply = (body: object) =>
      call('POST', `/api/meetings/${held.id}/outcome/apply`, secretariat.cookie, body);
    const silent = await apply({});
    expect(silent.statusCode).toBe(400);
    expect(silent.json()).toMatchObject({
      error: MEETING_AFTER_MESSAGES.tieUnresolved(1, 3),
      field: 'tieWinners',
    });
    expect((await apply({ tieWinners: [last?.id], tieReason: 'Drawn by lot' })).json().error).toBe(
      MEETING_AFTER_MESSAGES.tieChoiceInvalid,
    );
    expect(
      (await apply({ tieWinners: [tiedA?.id, tiedB?.id], tieReason: 'Drawn by lot' })).json().error,
    ).toBe(MEETING_AFTER_MESSAGES.tieChoiceCount(1));
    const noReason = await apply({ tieWinners: [tiedB?.id] });
    expect(noReason.json()).toMatchObject({
      error: MEETING_AFTER_MESSAGES.tieReasonRequired,
      field: 'tieReason',
    });

    const resolved = await apply({
      tieWinners: [tiedB?.id],
      tieReason: 'Drawn by lot before the members present',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(
      resolved
        .json()
        .data.elected.map((row: { name: string }) => row.name)
        .sort(),
    ).toEqual([first?.name, tiedB?.name].sort());
    expect(resolved.json().data.applied.tieReason).toBe('Drawn by lot before the members present');
    expect(
      await context.db
        .select()
        .from(boardMembers)
        .where(eq(boardMembers.name, tiedA?.name as string)),
    ).toHaveLength(0);
  });

  it('refuses tie winners when there is no tie', async () => {
    const held = await heldMeeting([5, 4, 1]);
    const answer = await call('POST', `/api/meetings/${held.id}/outcome/apply`, secretariat.cookie, {
      tieWinners: [held.nominations[2]?.id],
      tieReason: 'Drawn by lot',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe(MEETING_AFTER_MESSAGES.noTie);
  });

  it('lets the board staff apply and the election committee only read', async () => {
    const held = await heldMeeting([2, 1]);
    expect((await call('GET', `/api/meetings/${held.id}/outcome`, committee.cookie)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/meetings/${held.id}/outcome/apply`, committee.cookie, {})).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/meetings/${held.id}/outcome`, member.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/meetings/${held.id}/outcome`, null)).statusCode).toBe(401);
  });
});

describe('the officers of the organisational meeting', () => {
  it('records four officers among the elected trustees, one office each, on the board page', async () => {
    const held = await heldMeeting([9, 8, 7, 6, 5, 1], { seats: 5 });
    const [a, b, c, d, e, notElected] = held.nominations;
    const officers = { president: a?.id, vicePresident: b?.id, secretary: c?.id, treasurer: d?.id };
    const url = `/api/meetings/${held.id}/outcome/officers`;

    const early = await call('PUT', url, secretariat.cookie, officers);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(MEETING_AFTER_MESSAGES.boardNotApplied);
    expect(
      (await call('POST', `/api/meetings/${held.id}/outcome/apply`, secretariat.cookie, {})).statusCode,
    ).toBe(200);

    const outsider = await call('PUT', url, secretariat.cookie, { ...officers, treasurer: notElected?.id });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toMatchObject({
      error: MEETING_AFTER_MESSAGES.officerNotTrustee,
      field: 'treasurer',
    });
    const twice = await call('PUT', url, secretariat.cookie, { ...officers, treasurer: a?.id });
    expect(twice.json()).toMatchObject({ error: MEETING_AFTER_MESSAGES.officerTwice, field: 'treasurer' });
    expect((await call('PUT', url, committee.cookie, officers)).statusCode).toBe(403);

    const recorded = await call('PUT', url, secretariat.cookie, officers);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data.officers).toEqual([
      { position: 'President', nominationId: a?.id, name: a?.name },
      { position: 'Vice President', nominationId: b?.id, name: b?.name },
      { position: 'Secretary', nominationId: c?.id, name: c?.name },
      { position: 'Treasurer', nominationId: d?.id, name: d?.name },
    ]);

    const board = (await call('GET', '/api/boards/get-board-members', null)).json().data.boardMembers;
    const groups = groupBoardMembers(
      board as { name: string; position: string; display_order: number | null }[],
    );
    const names = [a, b, c, d].map((officer) => officer?.name);
    expect(groups.executives.filter((row) => names.includes(row.name)).map((row) => row.position)).toEqual([
      'President',
      'Vice President',
      'Treasurer',
      'Secretary',
    ]);
    expect(groups.trustees.some((row) => row.name === e?.name)).toBe(true);
    const [president] = await context.db
      .select()
      .from(boardMembers)
      .where(eq(boardMembers.name, a?.name as string));
    expect(president?.trustee_since).toBe(manilaDateString());
    const [audited] = await auditRows('meeting_officers_recorded', secretariat.id);
    expect(audited?.changes.President?.to).toBeTruthy();
  });
});

function pdfText(bytes: Buffer) {
  const path = join(folder, `${randomUUID()}.pdf`);
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

describe("the secretary's certificate", () => {
  it('is refused before certification and names the meeting, the counts and the elected with votes after', async () => {
    const uncertified = await heldMeeting([2, 1], { certified: false });
    const early = await call('GET', `/api/meetings/${uncertified.id}/certificate`, committee.cookie);
    expect(early.statusCode).toBe(409);

    const held = await heldMeeting([4, 3, 1]);
    expect((await call('GET', `/api/meetings/${held.id}/certificate`, member.cookie)).statusCode).toBe(403);
    const answer = await call('GET', `/api/meetings/${held.id}/certificate`, committee.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(answer.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain("Secretary's Certificate");
    expect(text).toContain(siteConfig.name);
    expect(text).toContain(held.title);
    expect(text).toMatch(/VOTERS ON THE ROLL BALLOTS CAST TURNOUT SEATS 5 4 80\.0% 2/);
    expect(text).toContain(`${held.nominations[0]?.name} 4`);
    expect(text).toContain(`${held.nominations[1]?.name} 3`);
    expect(text).not.toContain(held.nominations[2]?.name as string);
  });
});

describe('minutes and resolutions', () => {
  const upload = async (
    meetingId: string,
    cookie: string,
    bytes = pdfBytes,
    title = 'Minutes of the annual meeting',
  ) => {
    const body = await multipartBody({ kind: 'minutes', title }, [
      { field: 'file', bytes, type: 'application/pdf', filename: 'minutes.pdf' },
    ]);
    return context.app.inject({
      method: 'POST',
      url: `/api/meetings/${meetingId}/documents`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  };

  it('are uploaded by the secretariat as private files and downloaded by members in good standing only', async () => {
    const held = await heldMeeting([2, 1]);
    expect((await upload(held.id, committee.cookie)).statusCode).toBe(403);
    const notPdf = await upload(held.id, secretariat.cookie, Buffer.from('plain text, not a PDF'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error).toBe(MEETING_AFTER_MESSAGES.documentType);

    const created = await upload(held.id, secretariat.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const document = created.json().data;
    const [row] = await context.db
      .select()
      .from(meetingDocuments)
      .where(eq(meetingDocuments.id, document.id));
    expect(row?.fileReference).toMatch(/^private\//);
    expect(await auditRows('meeting_document_uploaded', secretariat.id)).not.toHaveLength(0);

    const list = await call('GET', `/api/meeting-documents?meetingId=${held.id}`, member.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        meetingId: held.id,
        title: held.title,
        documents: [expect.objectContaining({ id: document.id, kind: 'minutes' })],
      }),
    ]);
    const file = await call('GET', `/api/meeting-documents/${document.id}/file`, member.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(pdfBytes)).toBe(true);

    const overdue = await call('GET', `/api/meeting-documents/${document.id}/file`, overdueMember.cookie);
    expect(overdue.statusCode).toBe(403);
    expect(overdue.json().error).toBe(MEETING_AFTER_MESSAGES.documentsRefused);
    expect((await call('GET', `/api/meeting-documents/${document.id}/file`, null)).statusCode).toBe(401);
    expect(
      (await call('GET', `/uploads/${row?.fileReference.slice('private/'.length)}`, null)).statusCode,
    ).toBe(404);

    expect((await call('DELETE', `/api/meeting-documents/${document.id}`, member.cookie)).statusCode).toBe(
      403,
    );
    expect(
      (await call('DELETE', `/api/meeting-documents/${document.id}`, secretariat.cookie)).statusCode,
    ).toBe(204);
    expect((await call('GET', `/api/meeting-documents/${document.id}/file`, member.cookie)).statusCode).toBe(
      404,
    );
  });
});

describe('the General Information Sheet reminder', () => {
  it('mails the secretariat once, from the meeting day until 30 days after it', async () => {
    const held = await heldMeeting([2, 1]);
    const [meeting] = await context.db.select().from(meetings).where(eq(meetings.id, held.id));
    const meetingDay = manilaDateString(meeting?.startsAt);
    const dueOn = manilaDateString(new Date((meeting?.startsAt.getTime() ?? 0) + 30 * DAY));
    const subject = GIS_REMINDER_SUBJECT(held.title, dueOn);
    const sent = () =>
      context.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.subject, subject), eq(mailOutbox.toAddress, siteConfig.secretariatEmail)));
    const dayBefore = manilaDateString(new Date((meeting?.startsAt.getTime() ?? 0) - DAY));

    await sendGisReminders({ db: context.db, publicUrl: 'http://portal.test' }, dayBefore);
    expect(await sent()).toHaveLength(0);
    expect(
      (
        await sendGisReminders({ db: context.db, publicUrl: 'http://portal.test' }, meetingDay, {
          dryRun: true,
        })
      ).gisReminders,
    ).toBeGreaterThan(0);
    expect(await sent()).toHaveLength(0);
    await sendGisReminders({ db: context.db, publicUrl: 'http://portal.test' }, meetingDay);
    await sendGisReminders({ db: context.db, publicUrl: 'http://portal.test' }, meetingDay);
    await sendGisReminders({ db: context.db, publicUrl: 'http://portal.test' }, manilaDateString());
    const mails = await sent();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`by ${dueOn}`);
    expect(mails[0]?.text).toContain(`/admin/meetings/${held.id}/after`);
    expect(
      (await call('GET', `/api/meetings/${held.id}/outcome`, secretariat.cookie)).json().data
        .gisReminderSentOn,
    ).toBe(meetingDay);
  });

  it('sends nothing for a meeting whose filing day has passed', async () => {
    const held = await heldMeeting([2, 1]);
    await context.db
      .update(meetings)
      .set({ startsAt: new Date(Date.now() - 60 * DAY) })
      .where(eq(meetings.id, held.id));
    await sendGisReminders({ db: context.db, publicUrl: 'http://portal.test' }, manilaDateString());
    const rows = await context.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, siteConfig.secretariatEmail));
    expect(rows.some((row) => row.subject.endsWith(held.title))).toBe(false);
  });
});
