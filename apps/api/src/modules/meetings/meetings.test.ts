import { randomUUID } from 'node:crypto';
import { MEETING_MESSAGES, manilaDateString, quorumOf, type StaffRole } from '@portal/shared';
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  eventCheckIns,
  eventRegistrations,
  mailOutbox,
  meetingBallots,
  meetingRollEntries,
  meetings,
  meetingVotes,
  memberships,
  representatives,
  users,
} from '../../db/schema';
import { createEvent, createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { castBallot, sendMeetingReminders } from './service';

let context: Awaited<ReturnType<typeof buildTestApp>>;
const DAY = 86_400_000;

type Person = { id: string; cookie: string };

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

async function person(
  kind: 'individual' | 'company',
  {
    category,
    paid = true,
    rep,
  }: { category?: 'Regular' | 'Associate' | 'Individual' | 'Honorary'; paid?: boolean; rep?: string } = {},
): Promise<Person> {
  const user = await createUser(context.db, { type: kind, password: null });
  await createMembership(context.db, user.id, {
    category: category ?? (kind === 'company' ? 'Regular' : 'Individual'),
    ...(paid ? {} : { expiresAt: null }),
  });
  if (rep) {
    const [first, last] = rep.split(' ');
    await context.db
      .insert(representatives)
      .values({ userId: user.id, firstName: first ?? rep, lastName: last ?? '', type: 'voting' });
  }
  return { id: user.id, cookie: (await signIn(context, user)).cookie };
}

async function staff(roles: StaffRole[]): Promise<Person> {
  const user = await createUser(context.db, { roles, password: null });
  return { id: user.id, cookie: (await signIn(context, user)).cookie };
}

const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const meetingInput = (overrides: Record<string, unknown> = {}) => ({
  kind: 'annual',
  title: `Annual meeting ${randomUUID().slice(0, 6)}`,
  startsAt: iso(30 * DAY),
  venue: 'Makati Shangri-La',
  onlineLink: 'https://meet.example.com/agm',
  agenda: '1. Call to order\n2. Election of trustees',
  procedure: 'Vote online on the portal before or during the meeting, or on the tablet at the venue.',
  recordDate: manilaDateString(new Date(Date.now() - DAY)),
  nominationsOpenAt: iso(-DAY),
  nominationsCloseAt: iso(10 * DAY),
  proxyDeadline: iso(10 * DAY),
  correctionsCloseAt: iso(10 * DAY),
  votingOpensAt: iso(20 * DAY),
  votingClosesAt: iso(31 * DAY),
  challengeEndsAt: iso(40 * DAY),
  ...overrides,
});

let admin: Person;
let committee: Person;
let secretariat: Person;

async function newMeeting(overrides: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/meetings', secretariat.cookie, meetingInput(overrides));
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as string;
}
const freeze = async (id: string) => {
  const frozen = await call('POST', `/api/meetings/${id}/roll/freeze`, secretariat.cookie);
  expect(frozen.statusCode, frozen.body).toBe(200);
};
const entryOf = async (meetingId: string, who: Person) =>
  (await call('GET', `/api/meetings/${meetingId}`, who.cookie)).json().data.me.entry?.id as
    | string
    | undefined;
/** Moves the voting window (a test's clock): open now, or closed. */
const setVoting = (id: string, state: 'open' | 'closed') =>
  context.db
    .update(meetings)
    .set(
      state === 'open'
        ? { votingOpensAt: new Date(Date.now() - 60_000), votingClosesAt: new Date(Date.now() + DAY) }
        : { votingOpensAt: new Date(Date.now() - 2 * DAY), votingClosesAt: new Date(Date.now() - 60_000) },
    )
    .where(eq(meetings.id, id));

/** A validated candidate: nominated by `by`, seconded by the two `seconders`, accepted by `nominee`. */
async function candidate(meetingId: string, nominee: Person, by: Person, seconders: Person[]) {
  const nomineeId = await entryOf(meetingId, nominee);
  const nominated = await call('POST', `/api/meetings/${meetingId}/nominations`, by.cookie, {
    nomineeId,
    statement: 'Twenty years in exploration.',
  });
  expect(nominated.statusCode, nominated.body).toBe(201);
  const id = nominated.json().data.id as string;
  for (const seconder of seconders)
    expect((await call('POST', `/api/nominations/${id}/seconds`, seconder.cookie)).statusCode).toBe(201);
  expect((await call('POST', `/api/nominations/${id}/accept`, nominee.cookie)).statusCode).toBe(200);
  const validated = await call('PUT', `/api/nominations/${id}/validation`, committee.cookie, { valid: true });
  expect(validated.statusCode, validated.body).toBe(200);
  return id;
}

beforeAll(async () => {
  context = await buildTestApp();
  admin = await staff(['admin']);
  committee = await staff(['election_committee']);
  secretariat = await staff(['secretariat']);
});
afterAll(async () => context?.close());

describe('meetings: creating and the roll', () => {
  it('refuses a meeting with a missing field or voting closing before it opens, with the field', async () => {
    const missing = await call('POST', '/api/meetings', secretariat.cookie, meetingInput({ title: ' ' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'Title is required', field: 'title' });
    const backwards = await call(
      'POST',
      '/api/meetings',
      secretariat.cookie,
      meetingInput({ votingClosesAt: iso(19 * DAY) }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      error: MEETING_MESSAGES.timesOutOfOrder,
      field: 'votingClosesAt',
    });
    const member = await person('individual');
    expect((await call('POST', '/api/meetings', member.cookie, meetingInput())).statusCode).toBe(403);
    expect((await call('POST', '/api/meetings', committee.cookie, meetingInput())).statusCode).toBe(403);
  });

  it('freezes the roll from good standing: a company through its voting representative, an individual; not the unpaid or Honorary', async () => {
    const company = await person('company', { rep: 'Maria Santos' });
    const individual = await person('individual');
    const unpaid = await person('individual', { paid: false });
    const honorary = await person('individual', { category: 'Honorary' });
    const id = await newMeeting();
    await freeze(id);
    expect((await call('POST', `/api/meetings/${id}/roll/freeze`, secretariat.cookie)).statusCode).toBe(409);

    const companyView = (await call('GET', `/api/meetings/${id}`, company.cookie)).json().data;
    expect(companyView.me.entry).toMatchObject({
      kind: 'company',
      voterName: 'Maria Santos',
      category: 'Regular',
    });
    expect((await call('GET', `/api/meetings/${id}`, individual.cookie)).json().data.me.entry.kind).toBe(
      'individual',
    );
    const unpaidView = (await call('GET', `/api/meetings/${id}`, unpaid.cookie)).json().data.me;
    expect(unpaidView).toMatchObject({
      entry: null,
      notOnRollReason: 'Voting rights need the first semester paid',
    });
    expect((await call('GET', `/api/meetings/${id}`, honorary.cookie)).json().data.me.notOnRollReason).toBe(
      'Honorary members do not vote at this meeting',
    );

    // A member reads only their own entry; the staff the whole roll.
    const own = (await call('GET', `/api/meetings/${id}/roll`, individual.cookie)).json().data;
    expect(own.entries).toHaveLength(1);
    expect(own.entries[0].id).toBe(await entryOf(id, individual));
    const all = (await call('GET', `/api/meetings/${id}/roll`, committee.cookie)).json().data;
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.entries.map((entry: { voterName: string }) => entry.voterName)).toContain('Maria Santos');

    // After the record date: a new voting representative, and the member falling overdue, leave the entry.
    await context.db
      .update(representatives)
      .set({ firstName: 'Jose', lastName: 'Cruz' })
      .where(eq(representatives.userId, company.id));
    await context.db
      .update(memberships)
      .set({ expiresAt: null })
      .where(eq(memberships.userId, individual.id));
    expect((await call('GET', `/api/meetings/${id}`, company.cookie)).json().data.me.entry.voterName).toBe(
      'Maria Santos',
    );
    expect((await call('GET', `/api/meetings/${id}`, individual.cookie)).json().data.me.entry).not.toBeNull();
  });

  it('records a correction of the roll and its resolution', async () => {
    const member = await person('individual');
    const id = await newMeeting();
    expect(
      (await call('POST', `/api/meetings/${id}/roll-corrections`, member.cookie, { details: 'My name' }))
        .statusCode,
    ).toBe(404);
    await freeze(id);
    const asked = await call('POST', `/api/meetings/${id}/roll-corrections`, member.cookie, {
      details: 'My firm is missing',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const correctionId = asked.json().data.id;
    const blank = await call('PUT', `/api/roll-corrections/${correctionId}`, secretariat.cookie, {
      status: 'accepted',
      resolution: '',
    });
    expect(blank.json()).toMatchObject({ error: 'Say how the correction was resolved', field: 'resolution' });
    const resolved = await call('PUT', `/api/roll-corrections/${correctionId}`, secretariat.cookie, {
      status: 'rejected',
      resolution: 'Unpaid at the record date',
    });
    expect(resolved.json().data).toMatchObject({
      status: 'rejected',
      resolution: 'Unpaid at the record date',
    });
    expect(
      (
        await call('PUT', `/api/roll-corrections/${correctionId}`, secretariat.cookie, {
          status: 'accepted',
          resolution: 'x',
        })
      ).statusCode,
    ).toBe(409);
    const [logged] = await context.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'meeting_roll_correction_resolved'));
    expect(logged?.userId).toBe(member.id);
  });

  it('puts the member who asked on the roll when the secretariat accepts their correction', async () => {
    const late = await person('individual', { paid: false });
    const id = await newMeeting();
    await freeze(id);
    expect(await entryOf(id, late)).toBeUndefined();
    const asked = await call('POST', `/api/meetings/${id}/roll-corrections`, late.cookie, {
      details: 'I paid before the record date',
    });
    const accepted = await call('PUT', `/api/roll-corrections/${asked.json().data.id}`, secretariat.cookie, {
      status: 'accepted',
      resolution: 'Payment found, dated before the record date',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const entry = (await call('GET', `/api/meetings/${id}`, late.cookie)).json().data.me.entry;
    expect(entry).toMatchObject({ kind: 'individual', category: 'Individual' });
  });
});

describe('meetings: nominations, proxies and the lock', () => {
  it('takes a nomination with two seconds and the acceptance before the committee validates it', async () => {
    const [nominator, nominee, s1, s2, s3] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => person('individual')),
    );
    if (!nominator || !nominee || !s1 || !s2 || !s3) throw new Error('people');
    const id = await newMeeting();
    await freeze(id);
    const nomineeId = await entryOf(id, nominee);
    const nominated = await call('POST', `/api/meetings/${id}/nominations`, nominator.cookie, {
      nomineeId,
      statement: 'Experienced.',
    });
    expect(nominated.statusCode).toBe(201);
    const nominationId = nominated.json().data.id;
    expect(
      (
        await call('POST', `/api/meetings/${id}/nominations`, s1.cookie, { nomineeId, statement: 'Again' })
      ).json().error,
    ).toBe(MEETING_MESSAGES.alreadyNominated);
    expect(
      (await call('POST', `/api/nominations/${nominationId}/seconds`, nominator.cookie)).json().error,
    ).toBe(MEETING_MESSAGES.ownSecond);
    expect(
      (
        await call('PUT', `/api/nominations/${nominationId}/validation`, committee.cookie, { valid: true })
      ).json().error,
    ).toBe(MEETING_MESSAGES.nominationNeedsSeconds(2));
    expect((await call('POST', `/api/nominations/${nominationId}/seconds`, s1.cookie)).statusCode).toBe(201);
    expect((await call('POST', `/api/nominations/${nominationId}/seconds`, s1.cookie)).json().error).toBe(
      MEETING_MESSAGES.alreadySeconded,
    );
    expect((await call('POST', `/api/nominations/${nominationId}/seconds`, s2.cookie)).statusCode).toBe(201);
    expect((await call('POST', `/api/nominations/${nominationId}/seconds`, s3.cookie)).json().error).toBe(
      MEETING_MESSAGES.enoughSeconds,
    );
    expect((await call('POST', `/api/nominations/${nominationId}/accept`, s1.cookie)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/nominations/${nominationId}/accept`, nominee.cookie)).json().data.accepted,
    ).toBe(true);
    // The secretariat does not validate nominations: the election committee does.
    expect(
      (await call('PUT', `/api/nominations/${nominationId}/validation`, secretariat.cookie, { valid: true }))
        .statusCode,
    ).toBe(403);
    const valid = await call('PUT', `/api/nominations/${nominationId}/validation`, committee.cookie, {
      valid: true,
    });
    expect(valid.json().data).toMatchObject({ status: 'valid', seconds: [{}, {}] });
    const read = (await call('GET', `/api/meetings/${id}`, s3.cookie)).json().data;
    expect(read.candidates).toEqual([expect.objectContaining({ id: nominationId })]);
  });

  it('files, validates and revokes proxies; one in force per voter', async () => {
    const [grantor, holder] = await Promise.all([
      person('individual'),
      person('company', { rep: 'Ana Reyes' }),
    ]);
    const id = await newMeeting();
    await freeze(id);
    const holderId = await entryOf(id, holder);
    const self = await call('POST', `/api/meetings/${id}/proxies`, grantor.cookie, {
      holderId: await entryOf(id, grantor),
      scope: 'all',
    });
    expect(self.json()).toMatchObject({ error: MEETING_MESSAGES.proxyToSelf, field: 'holderId' });
    const badScope = await call('POST', `/api/meetings/${id}/proxies`, grantor.cookie, {
      holderId,
      scope: 'everything',
    });
    expect(badScope.statusCode).toBe(400);
    const [first, again] = await Promise.all([
      call('POST', `/api/meetings/${id}/proxies`, grantor.cookie, { holderId, scope: 'election' }),
      call('POST', `/api/meetings/${id}/proxies`, grantor.cookie, { holderId, scope: 'all' }),
    ]);
    expect([first.statusCode, again.statusCode].sort()).toEqual([201, 409]);
    const proxyId = (first.statusCode === 201 ? first : again).json().data.id;
    expect(
      (await call('PUT', `/api/proxies/${proxyId}/validation`, committee.cookie, { valid: true })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/proxies/${proxyId}/validation`, secretariat.cookie, { valid: true })).json()
        .data.status,
    ).toBe('valid');
    expect((await call('GET', `/api/meetings/${id}`, holder.cookie)).json().data.me.proxiesHeld).toHaveLength(
      1,
    );
    expect((await call('DELETE', `/api/proxies/${proxyId}`, holder.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/proxies/${proxyId}`, grantor.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/meetings/${id}`, holder.cookie)).json().data.me.proxiesHeld).toHaveLength(
      0,
    );
  });

  it('locks the roll, the candidates and the proxies once voting opens: a nominee cannot withdraw', async () => {
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => person('individual')));
    if (!a || !b || !c || !d || !e) throw new Error('people');
    const id = await newMeeting();
    await freeze(id);
    const nominationId = await candidate(id, a, b, [c, d]);
    const proxy = await call('POST', `/api/meetings/${id}/proxies`, e.cookie, {
      holderId: await entryOf(id, b),
      scope: 'all',
    });
    await setVoting(id, 'open');
    expect((await call('POST', `/api/nominations/${nominationId}/withdraw`, a.cookie)).json()).toMatchObject({
      error: MEETING_MESSAGES.locked,
    });
    expect(
      (
        await call('POST', `/api/meetings/${id}/nominations`, e.cookie, {
          nomineeId: await entryOf(id, e),
          statement: 'Me',
        })
      ).statusCode,
    ).toBe(409);
    expect((await call('DELETE', `/api/proxies/${proxy.json().data.id}`, e.cookie)).statusCode).toBe(409);
    expect((await call('PUT', `/api/meetings/${id}`, secretariat.cookie, meetingInput())).statusCode).toBe(
      409,
    );
    expect((await call('GET', `/api/meetings/${id}`, a.cookie)).json().data.candidates).toHaveLength(1);
  });
});

describe('meetings: the secret ballot', () => {
  it('casts within the window only, up to the seats, each candidate once, from the roll', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => person('individual')));
    const [a, b, c, d, voter] = people as [Person, Person, Person, Person, Person];
    const unpaid = await person('individual', { paid: false });
    const id = await newMeeting({ seats: 1 });
    await freeze(id);
    const first = await candidate(id, a, b, [c, d]);
    const secondOne = await candidate(id, b, a, [c, d]);
    const ballot = (who: Person, body: object) =>
      call('POST', `/api/meetings/${id}/ballots`, who.cookie, body);
    expect((await ballot(voter, { candidateIds: [first] })).json()).toMatchObject({
      error: MEETING_MESSAGES.votingNotOpen,
    });
    await setVoting(id, 'open');
    expect((await ballot(voter, { candidateIds: [first, secondOne] })).json()).toMatchObject({
      error: 'Choose at most 1 candidates',
      field: 'candidateIds',
    });
    expect((await ballot(voter, { candidateIds: [first, first] })).json()).toMatchObject({
      error: MEETING_MESSAGES.repeatedCandidate,
    });
    expect((await ballot(voter, { candidateIds: [randomUUID()] })).json().error).toBe(
      MEETING_MESSAGES.unknownCandidate,
    );
    const refusedUnpaid = await ballot(unpaid, { candidateIds: [first] });
    expect(refusedUnpaid.statusCode).toBe(403);
    expect(refusedUnpaid.json().error).toBe('Voting rights need the first semester paid');
    const cast = await ballot(voter, { candidateIds: [first] });
    expect(cast.statusCode, cast.body).toBe(201);
    expect(cast.json().data.receipt).toMatch(/^[A-Z2-9]{10}$/);
    expect((await ballot(voter, { candidateIds: [] })).statusCode).toBe(409);
    expect((await ballot(c, { candidateIds: [first], onBehalfOf: await entryOf(id, d) })).json().error).toBe(
      MEETING_MESSAGES.noProxyForVoter,
    );
    await setVoting(id, 'closed');
    expect((await ballot(c, { candidateIds: [first] })).json().error).toBe(MEETING_MESSAGES.votingClosed);
  });

  it('counts one ballot when a voter and their proxy holder vote at the same moment', async () => {
    const [a, b, c, d, grantor, holder] = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => person('individual')),
    );
    if (!a || !b || !c || !d || !grantor || !holder) throw new Error('people');
    const id = await newMeeting();
    await freeze(id);
    const candidateId = await candidate(id, a, b, [c, d]);
    const grantorId = await entryOf(id, grantor);
    const proxy = await call('POST', `/api/meetings/${id}/proxies`, grantor.cookie, {
      holderId: await entryOf(id, holder),
      scope: 'election',
    });
    await call('PUT', `/api/proxies/${proxy.json().data.id}/validation`, secretariat.cookie, { valid: true });
    await setVoting(id, 'open');
    const answers = await Promise.all([
      call('POST', `/api/meetings/${id}/ballots`, grantor.cookie, { candidateIds: [candidateId] }),
      call('POST', `/api/meetings/${id}/ballots`, holder.cookie, { candidateIds: [], onBehalfOf: grantorId }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error).toBe(
      MEETING_MESSAGES.alreadyVoted,
    );
    const [ballots] = await context.db
      .select({ n: sql<number>`count(*)::int` })
      .from(meetingBallots)
      .where(eq(meetingBallots.meetingId, id));
    expect(ballots?.n).toBe(1);
    // The holder still casts their own ballot, separately counted.
    expect(
      (await call('POST', `/api/meetings/${id}/ballots`, holder.cookie, { candidateIds: [candidateId] }))
        .statusCode,
    ).toBe(201);
  });

  it('counts 500 voters voting at once exactly once each, and the published tally recomputes', async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => person('individual')));
    if (!a || !b || !c || !d) throw new Error('people');
    const id = await newMeeting();
    await freeze(id);
    const one = await candidate(id, a, b, [c, d]);
    const two = await candidate(id, b, a, [c, d]);
    const accounts = await context.db
      .insert(users)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          username: `voter_${i}_${id.slice(0, 8)}`,
          email: `voter-${i}-${id.slice(0, 8)}@example.com`,
          type: 'individual' as const,
          status: 'active' as const,
          firstName: 'Voter',
          lastName: String(i),
        })),
      )
      .returning({ id: users.id });
    await context.db.insert(meetingRollEntries).values(
      accounts.map((account, i) => ({
        meetingId: id,
        userId: account.id,
        kind: 'individual' as const,
        category: 'Individual' as const,
        memberName: `Voter ${i}`,
        voterName: `Voter ${i}`,
      })),
    );
    await setVoting(id, 'open');
    const choices = (i: number) => (i % 3 === 0 ? [one, two] : i % 3 === 1 ? [one] : [two]);
    const cast = (i: number) =>
      castBallot(context.db, { userId: accounts[i]?.id ?? '', roles: [] }, id, {
        candidateIds: choices(i),
      }).then(
        () => 'ok',
        (error: { statusCode?: number }) => error.statusCode ?? 'error',
      );
    // Every voter twice at once, 50 voters at a time (500 within the minute, as the issue's
    // figure; all 1,000 calls at once would wait longer for the pool than it allows, 503):
    // each counted once, the other 409.
    const answers: (string | number)[] = [];
    for (let start = 0; start < accounts.length; start += 50) {
      const wave = accounts.slice(start, start + 50).flatMap((_, i) => [cast(start + i), cast(start + i)]);
      answers.push(...(await Promise.all(wave)));
    }
    expect(answers.filter((answer) => answer === 'ok')).toHaveLength(500);
    expect(answers.filter((answer) => answer === 409)).toHaveLength(500);
    const [votes] = await context.db
      .select({ n: sql<number>`count(*)::int` })
      .from(meetingVotes)
      .where(eq(meetingVotes.meetingId, id));
    expect(votes?.n).toBe(500);

    expect((await call('GET', `/api/meetings/${id}/results`, admin.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/meetings/${id}/results`, a.cookie)).json().error).toBe(
      MEETING_MESSAGES.resultsNotCertified,
    );
    const early = (await call('GET', `/api/meetings/${id}/results`, committee.cookie)).json().data;
    expect(early.certified).toBe(false);
    // Who is elected is said only once certified.
    expect(early.election).toBeNull();
    expect((await call('POST', `/api/meetings/${id}/certify`, committee.cookie)).json().error).toBe(
      MEETING_MESSAGES.certifyBeforeClose,
    );
    expect((await call('POST', `/api/meetings/${id}/voting/close`, secretariat.cookie)).statusCode).toBe(204);
    expect((await call('POST', `/api/meetings/${id}/certify`, secretariat.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/meetings/${id}/certify`, committee.cookie)).statusCode).toBe(204);

    const results = (await call('GET', `/api/meetings/${id}/results`, null)).json().data;
    expect(results.ballots).toHaveLength(500);
    const recount = new Map<string, number>();
    for (const ballot of results.ballots as { candidateIds: string[] }[])
      for (const candidateId of ballot.candidateIds)
        recount.set(candidateId, (recount.get(candidateId) ?? 0) + 1);
    for (const entry of results.candidates as { id: string; votes: number }[])
      expect(entry.votes).toBe(recount.get(entry.id) ?? 0);
    expect(results.candidates.find((entry: { id: string }) => entry.id === one).votes).toBe(334);
    expect(results.candidates.find((entry: { id: string }) => entry.id === two).votes).toBe(333);
    // Two candidates for the default seven seats: both elected, no tie.
    expect(results.election).toEqual({ seats: 7, electedIds: [one, two], tie: null });

    // An administrator deleting a candidate's and a voter's accounts afterwards changes nothing
    // certified: the roll keeps its entries (decision 020 deletes the account, not the record).
    await context.db.delete(users).where(inArray(users.id, [a.id, accounts[0]?.id ?? '']));
    const after = (await call('GET', `/api/meetings/${id}/results`, null)).json().data;
    expect(after.candidates).toEqual(results.candidates);
    expect(after.ballots).toHaveLength(500);
  }, 120_000);

  it('loses and doubles nothing when the server dies between "has voted" and the ballot', async () => {
    const [a, b, c, d, voter] = await Promise.all([1, 2, 3, 4, 5].map(() => person('individual')));
    if (!a || !b || !c || !d || !voter) throw new Error('people');
    const id = await newMeeting();
    await freeze(id);
    const candidateId = await candidate(id, a, b, [c, d]);
    await setVoting(id, 'open');
    // The ballot's write fails after "has voted" was written (as a server killed there would leave it).
    await context.db.execute(
      sql`create function meetings_test_fail() returns trigger language plpgsql as $$ begin raise exception 'killed'; end $$`,
    );
    await context.db.execute(
      sql`create trigger meetings_test_fail before insert on meeting_ballots for each row execute function meetings_test_fail()`,
    );
    const failed = await call('POST', `/api/meetings/${id}/ballots`, voter.cookie, {
      candidateIds: [candidateId],
    });
    expect(failed.statusCode).toBe(500);
    await context.db.execute(sql`drop trigger meetings_test_fail on meeting_ballots`);
    expect(await context.db.select().from(meetingVotes).where(eq(meetingVotes.meetingId, id))).toEqual([]);
    const again = await call('POST', `/api/meetings/${id}/ballots`, voter.cookie, {
      candidateIds: [candidateId],
    });
    expect(again.statusCode).toBe(201);
    expect(
      await context.db.select().from(meetingBallots).where(eq(meetingBallots.meetingId, id)),
    ).toHaveLength(1);
  });

  it('keeps the choice apart from the voter: no column joins them, no route answers it, the log keeps neither', async () => {
    expect(Object.keys(getTableColumns(meetingBallots)).sort()).toEqual([
      'candidateIds',
      'id',
      'meetingId',
      'receipt',
    ]);
    // "Has voted" says how it was cast (and whether at the venue: decision 071), never when or what.
    expect(Object.keys(getTableColumns(meetingVotes)).sort()).toEqual([
      'atVenue',
      'castBy',
      'entryId',
      'meetingId',
    ]);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => person('individual')));
    if (!a || !b || !c || !d) throw new Error('people');
    const id = await newMeeting();
    await freeze(id);
    const candidateId = await candidate(id, a, b, [c, d]);
    await setVoting(id, 'open');
    const receipt = (
      await call('POST', `/api/meetings/${id}/ballots`, c.cookie, { candidateIds: [candidateId] })
    ).json().data.receipt;
    const turnout = await call('GET', `/api/meetings/${id}/turnout`, committee.cookie);
    expect(turnout.json().data.voted).toBe(1);
    expect(turnout.body).not.toContain(receipt);
    expect(turnout.body).not.toContain('candidateIds');
    for (const who of [a, c, committee, admin]) {
      const read = await call('GET', `/api/meetings/${id}`, who.cookie);
      expect(read.body).not.toContain(receipt);
    }
    const [ballot] = await context.db.select().from(meetingBallots).where(eq(meetingBallots.meetingId, id));
    const log = JSON.stringify(await context.db.select().from(adminAuditLog));
    expect(log).not.toContain(receipt);
    expect(log).not.toContain(ballot?.id);
  });
});

describe('meetings: quorum and notice', () => {
  it('counts a QR check-in at the meeting’s event in the live quorum', async () => {
    const [present, other] = await Promise.all([person('individual'), person('individual')]);
    const event = await createEvent(context.db, { is_registration_required: true, max_attendees: 50 });
    const id = await newMeeting({ eventId: event.id });
    await freeze(id);
    const before = await call('GET', `/api/meetings/${id}/quorum`, secretariat.cookie);
    expect(before.statusCode, before.body).toBe(200);
    const [registration] = await context.db
      .insert(eventRegistrations)
      .values({ event_id: event.id, user_id: present.id, status: 'approved' })
      .returning();
    await context.db.insert(eventCheckIns).values({
      registration_id: registration?.id ?? '',
      day: manilaDateString(new Date()),
      session: 'day',
      checked_in_at: new Date(),
    });
    const after = await call('GET', `/api/meetings/${id}/quorum`, committee.cookie);
    expect(after.statusCode, after.body).toBe(200);
    const [{ n } = { n: 0 }] = await context.db
      .select({ n: sql<number>`count(*)::int` })
      .from(meetingRollEntries)
      .where(eq(meetingRollEntries.meetingId, id));
    const [meeting] = await context.db.select().from(meetings).where(eq(meetings.id, id));
    expect(after.json().data).toEqual({
      title: meeting?.title,
      rollSize: n,
      needed: quorumOf(n),
      present: before.json().data.present + 1,
      online: 0,
      byProxy: 0,
      represented: before.json().data.represented + 1,
      reached: before.json().data.represented + 1 >= quorumOf(n),
    });
    expect(after.json().data.present).toBe(1);
    expect((await call('GET', `/api/meetings/${id}/quorum`, other.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/meetings/${id}/quorum`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/meetings/${randomUUID()}/quorum`, secretariat.cookie)).json().error).toBe(
      MEETING_MESSAGES.notFound,
    );
  });

  it('refuses a late notice unless an administrator gives a reason; sends through the outbox', async () => {
    await person('individual');
    const late = await newMeeting({ startsAt: iso(10 * DAY) });
    expect((await call('POST', `/api/meetings/${late}/notice`, secretariat.cookie, {})).json().error).toBe(
      'The notice must go out at least 21 days before the meeting',
    );
    expect(
      (
        await call('POST', `/api/meetings/${late}/notice`, secretariat.cookie, {
          overrideReason: 'Venue moved',
        })
      ).json().error,
    ).toBe(MEETING_MESSAGES.overrideAdminOnly);
    const sent = await call('POST', `/api/meetings/${late}/notice`, admin.cookie, {
      overrideReason: 'Venue moved',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.queued).toBeGreaterThan(0);
    const [row] = await context.db.select().from(meetings).where(eq(meetings.id, late));
    expect(row).toMatchObject({ lateNoticeReason: 'Venue moved', status: 'noticed' });
    expect((await call('POST', `/api/meetings/${late}/notice`, admin.cookie, {})).json().error).toBe(
      MEETING_MESSAGES.noticeSentAlready,
    );
    const onTime = await newMeeting();
    expect((await call('POST', `/api/meetings/${onTime}/notice`, secretariat.cookie, {})).statusCode).toBe(
      200,
    );
    const mail = await context.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like 'Notice of the%'`);
    expect(mail.length).toBeGreaterThan(1);
    expect(mail[0]?.text).toContain('How to vote remotely or in absentia');
  });

  it('reminds the voters the day before the proxy deadline and before voting opens, once each per meeting', async () => {
    await person('individual');
    const id = await newMeeting({
      proxyDeadline: '2031-06-12T09:00:00.000Z',
      votingOpensAt: '2031-06-15T01:00:00.000Z',
      votingClosesAt: '2031-06-20T04:00:00.000Z',
      startsAt: '2031-06-20T01:00:00.000Z',
    });
    await freeze(id);
    const [{ n: rollSize } = { n: 0 }] = await context.db
      .select({ n: sql<number>`count(*)::int` })
      .from(meetingRollEntries)
      .where(eq(meetingRollEntries.meetingId, id));
    const run = (date: string, dryRun = false) =>
      sendMeetingReminders({ db: context.db, publicUrl: 'https://portal.test' }, date, { dryRun });
    const subjects = async () =>
      (
        await context.db
          .select()
          .from(mailOutbox)
          .where(sql`${mailOutbox.text} like ${`%/meetings/${id}%`}`)
      ).map((mail) => mail.subject);
    expect((await run('2031-06-10')).reminders).toBe(0);
    expect((await run('2031-06-11', true)).reminders).toBe(rollSize);
    expect(await subjects()).toEqual([]);
    expect((await run('2031-06-11')).reminders).toBe(rollSize);
    expect((await run('2031-06-11')).reminders).toBe(0);
    // A run that missed the day catches up until the deadline's own day, and never sends twice.
    expect((await run('2031-06-12')).reminders).toBe(0);
    expect((await run('2031-06-14')).reminders).toBe(rollSize);
    expect((await run('2031-06-15')).reminders).toBe(0);
    const sent = await subjects();
    expect(sent.filter((subject) => subject.startsWith('Proxy deadline tomorrow'))).toHaveLength(rollSize);
    expect(sent.filter((subject) => subject.startsWith('Voting opens tomorrow'))).toHaveLength(rollSize);
  });
});
