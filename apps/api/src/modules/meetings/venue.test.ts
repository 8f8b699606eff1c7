import { randomUUID } from 'node:crypto';
import { MEETING_MESSAGES, manilaDateString, type StaffRole } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  eventCheckIns,
  eventRegistrations,
  meetingBallots,
  meetingNominations,
  meetings,
  meetingVotes,
} from '../../db/schema';
import { signTicket, ticketKeyOf } from '../../lib/tickets';
import {
  createEvent,
  createMeetingWithRoll,
  createMembership,
  createUser,
  signIn,
} from '../../test/factories';
import { buildTestApp } from '../../test/helper';

/*
 * Venue voting (docs/decisions/071, "Venue voting"): a staff member hands the tablet to a voter
 * checked in at the meeting's event, who casts the same ballot as online.
 */

let context: Awaited<ReturnType<typeof buildTestApp>>;
let key: string;
type Person = { id: string; name: string; cookie: string };

const call = (method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) =>
  context.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

let serial = 0;
async function voter(first: string): Promise<Person> {
  serial += 1;
  const last = `Venue${serial}`;
  const user = await createUser(context.db, {
    type: 'individual',
    firstName: first,
    lastName: last,
    password: null,
  });
  await createMembership(context.db, user.id, { category: 'Individual' });
  return { id: user.id, name: `${first} ${last}`, cookie: (await signIn(context, user)).cookie };
}
async function staff(roles: StaffRole[]): Promise<Person> {
  const user = await createUser(context.db, { roles, password: null });
  return { id: user.id, name: 'Staff', cookie: (await signIn(context, user)).cookie };
}

let secretariat: Person;
let committee: Person;
let treasurer: Person;

beforeAll(async () => {
  context = await buildTestApp();
  key = ticketKeyOf(context.config);
  secretariat = await staff(['secretariat']);
  committee = await staff(['election_committee']);
  treasurer = await staff(['treasurer']);
});
afterAll(async () => context?.close());

/** A meeting linked to an event, voting open, its roll `voters`, two validated candidates. */
async function venueMeeting(voters: Person[], { open = true } = {}) {
  const event = await createEvent(context.db, { is_registration_required: true, max_attendees: 50 });
  const { meeting, entries } = await createMeetingWithRoll(context.db, voters);
  await context.db
    .update(meetings)
    .set({
      eventId: event.id,
      ...(open
        ? { votingOpensAt: new Date(Date.now() - 60_000), votingClosesAt: new Date(Date.now() + 86_400_000) }
        : {}),
    })
    .where(eq(meetings.id, meeting.id));
  const candidates = await context.db
    .insert(meetingNominations)
    .values(
      entries.slice(0, 2).map((entry) => ({
        meetingId: meeting.id,
        nomineeEntryId: entry.id,
        nominatorEntryId: entry.id,
        statement: 'Twenty years in exploration.',
        acceptedAt: new Date(),
        status: 'valid' as const,
      })),
    )
    .returning();
  const entryOf = (who: Person) => entries.find((entry) => entry.userId === who.id)?.id as string;
  return { id: meeting.id, eventId: event.id, candidateIds: candidates.map((row) => row.id), entryOf };
}

/** Registers `who` for the event and, unless `checkedIn` is false, checks them in; answers their ticket. */
async function attend(eventId: string, who: Person, { checkedIn = true } = {}) {
  const [registration] = await context.db
    .insert(eventRegistrations)
    .values({ event_id: eventId, user_id: who.id, status: 'approved' })
    .returning();
  if (!registration) throw new Error('no registration');
  if (checkedIn)
    await context.db.insert(eventCheckIns).values({
      registration_id: registration.id,
      day: manilaDateString(new Date()),
      session: 'day',
      checked_in_at: new Date(),
    });
  return signTicket(key, registration.id, registration.ticket_version);
}

const venueBallot = (id: string, who: Person, body: { entryId: string; candidateIds: string[] }) =>
  call('POST', `/api/meetings/${id}/venue-ballots`, who.cookie, body);

describe('venue voting', () => {
  it('lists the present voters not yet voted, finds one by ticket, casts their ballot as online', async () => {
    const [ana, ben, cora] = await Promise.all([voter('Ana'), voter('Ben'), voter('Cora')]);
    const m = await venueMeeting([ana, ben, cora]);
    const anaTicket = await attend(m.eventId, ana);
    await attend(m.eventId, ben);
    await attend(m.eventId, cora, { checkedIn: false });

    const list = await call('GET', `/api/meetings/${m.id}/venue-voters`, secretariat.cookie);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((entry: { voterName: string }) => entry.voterName)).toEqual([
      ana.name,
      ben.name,
    ]);

    const found = await call('POST', `/api/meetings/${m.id}/venue-voters/ticket`, committee.cookie, {
      token: anaTicket,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({ id: m.entryOf(ana), voterName: ana.name });

    const cast = await venueBallot(m.id, secretariat, {
      entryId: m.entryOf(ana),
      candidateIds: m.candidateIds,
    });
    expect(cast.statusCode, cast.body).toBe(201);
    const receipt = cast.json().data.receipt as string;
    expect(receipt).toMatch(/^[A-Z2-9]{10}$/);

    // Stored as online ballots are: the choice with the receipt, "has voted" apart, marked at the venue.
    const [stored] = await context.db
      .select()
      .from(meetingBallots)
      .where(eq(meetingBallots.receipt, receipt));
    expect(stored?.candidateIds).toEqual([...m.candidateIds].sort());
    const [vote] = await context.db
      .select()
      .from(meetingVotes)
      .where(eq(meetingVotes.entryId, m.entryOf(ana)));
    expect(vote).toMatchObject({ castBy: 'voter', atVenue: true });

    // Gone from the list; turnout marks it cast at the venue; quorum counts Ana as present once.
    const after = await call('GET', `/api/meetings/${m.id}/venue-voters`, secretariat.cookie);
    expect(after.json().data.map((entry: { voterName: string }) => entry.voterName)).toEqual([ben.name]);
    const turnout = (await call('GET', `/api/meetings/${m.id}/turnout`, secretariat.cookie)).json().data;
    expect(turnout.voted).toBe(1);
    expect(turnout.entries.find((entry: { id: string }) => entry.id === m.entryOf(ana))).toMatchObject({
      hasVoted: true,
      castBy: 'voter',
      atVenue: true,
    });
    const quorum = (await call('GET', `/api/meetings/${m.id}/quorum`, secretariat.cookie)).json().data;
    expect(quorum).toMatchObject({ rollSize: 3, present: 2, online: 0, represented: 2 });
    // The results (to the committee before certification) count it.
    const results = (await call('GET', `/api/meetings/${m.id}/results`, committee.cookie)).json().data;
    expect(results.ballots).toEqual([{ receipt, candidateIds: [...m.candidateIds].sort() }]);

    // The audit log says who handed the tablet to whom, never the choice or the receipt.
    const audits = await context.db
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.action, 'meeting_venue_ballot_handed'),
          eq(adminAuditLog.actorId, secretariat.id),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.userId).toBe(ana.id);
    const logged = JSON.stringify(audits[0]);
    expect(logged).toContain(ana.name);
    expect(logged).not.toContain(receipt);
    expect(logged).not.toContain(stored?.id);
    for (const candidateId of m.candidateIds) expect(logged).not.toContain(candidateId);
  });

  it('keeps the choice unjoinable to the voter: no column of the ballot names them', async () => {
    const columnsOf = async (table: string) =>
      JSON.stringify(
        await context.db.execute(
          sql`select string_agg(column_name, ',' order by column_name) as columns from information_schema.columns where table_name = ${table}`,
        ),
      );
    expect(await columnsOf('meeting_ballots')).toContain('"candidate_ids,id,meeting_id,receipt"');
    expect(await columnsOf('meeting_votes')).toContain('"at_venue,cast_by,entry_id,meeting_id"');
  });

  it('refuses non-staff (403), a voter not present (409), twice (409), closed voting (409), bad ballots (400)', async () => {
    const [ana, ben, cora] = await Promise.all([voter('Ana'), voter('Ben'), voter('Cora')]);
    const m = await venueMeeting([ana, ben, cora]);
    await attend(m.eventId, ana);
    const benTicket = await attend(m.eventId, ben, { checkedIn: false });
    const body = { entryId: m.entryOf(ana), candidateIds: [m.candidateIds[0] as string] };

    for (const who of [ana, treasurer]) {
      expect((await venueBallot(m.id, who, body)).statusCode).toBe(403);
      expect((await call('GET', `/api/meetings/${m.id}/venue-voters`, who.cookie)).statusCode).toBe(403);
    }
    expect((await call('POST', `/api/meetings/${m.id}/venue-ballots`, null, body)).statusCode).toBe(401);

    const absent = await venueBallot(m.id, secretariat, { ...body, entryId: m.entryOf(ben) });
    expect(absent.statusCode).toBe(409);
    expect(absent.json()).toMatchObject({ error: MEETING_MESSAGES.voterNotPresent, code: 'not_present' });
    const absentTicket = await call('POST', `/api/meetings/${m.id}/venue-voters/ticket`, secretariat.cookie, {
      token: benTicket,
    });
    expect(absentTicket.statusCode).toBe(409);
    expect(absentTicket.json().error).toBe(MEETING_MESSAGES.voterNotPresent);
    const forged = await call('POST', `/api/meetings/${m.id}/venue-voters/ticket`, secretariat.cookie, {
      token: `${benTicket}x`,
    });
    expect(forged.statusCode).toBe(400);

    const tooMany = await venueBallot(m.id, secretariat, {
      ...body,
      candidateIds: Array(8).fill(m.candidateIds[0]),
    });
    expect(tooMany.statusCode).toBe(400);
    const repeated = await venueBallot(m.id, secretariat, {
      ...body,
      candidateIds: [m.candidateIds[0] as string, m.candidateIds[0] as string],
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toBe(MEETING_MESSAGES.repeatedCandidate);
    const noVoter = await venueBallot(m.id, secretariat, { entryId: 'x', candidateIds: [] });
    expect(noVoter.statusCode).toBe(400);
    expect(noVoter.json()).toMatchObject({ error: 'Choose the voter', field: 'entryId' });
    const stranger = await venueBallot(m.id, secretariat, { entryId: randomUUID(), candidateIds: [] });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe(MEETING_MESSAGES.voterNotFound);

    expect((await venueBallot(m.id, committee, body)).statusCode).toBe(201);
    const twice = await venueBallot(m.id, secretariat, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(MEETING_MESSAGES.alreadyVoted);
    // Online after the venue: the same "has voted".
    const online = await call('POST', `/api/meetings/${m.id}/ballots`, ana.cookie, { candidateIds: [] });
    expect(online.statusCode).toBe(409);

    const closed = await venueMeeting([ana, ben], { open: false });
    await attend(closed.eventId, ana);
    const notOpen = await venueBallot(closed.id, secretariat, {
      entryId: closed.entryOf(ana),
      candidateIds: [],
    });
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json().error).toBe(MEETING_MESSAGES.votingNotOpen);
  });

  it('counts one ballot when the voter online and the venue cast at the same moment', async () => {
    const [ana, ben] = await Promise.all([voter('Ana'), voter('Ben')]);
    const m = await venueMeeting([ana, ben]);
    await attend(m.eventId, ana);
    const answers = await Promise.all([
      venueBallot(m.id, secretariat, {
        entryId: m.entryOf(ana),
        candidateIds: [m.candidateIds[0] as string],
      }),
      call('POST', `/api/meetings/${m.id}/ballots`, ana.cookie, {
        candidateIds: [m.candidateIds[1] as string],
      }),
      venueBallot(m.id, committee, { entryId: m.entryOf(ana), candidateIds: [] }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const [{ n } = { n: -1 }] = await context.db
      .select({ n: sql<number>`count(*)::int` })
      .from(meetingBallots)
      .where(eq(meetingBallots.meetingId, m.id));
    expect(n).toBe(1);
  });
});
