import { randomUUID } from 'node:crypto';
import { MEETING_MESSAGES, quorumOf, type StaffRole } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  boardMembers,
  meetingBallots,
  meetingNominations,
  meetings,
  meetingVotes,
} from '../../db/schema';
import { createMeetingWithRoll, createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

/*
 * "The chair" as a proxy holder (docs/decisions/071, "The chair as a proxy holder"): the meeting
 * names its chair, a voter gives their proxy to the chair, and whoever chairs the meeting when
 * voting opens casts it.
 */

let context: Awaited<ReturnType<typeof buildTestApp>>;
type Person = { id: string; name: string; cookie: string };

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

/** An individual member in good standing (`member`), or an account with no membership. */
async function account(first: string, last: string, { member = true } = {}): Promise<Person> {
  const user = await createUser(context.db, {
    type: 'individual',
    firstName: first,
    lastName: last,
    password: null,
  });
  if (member) await createMembership(context.db, user.id, { category: 'Individual' });
  return { id: user.id, name: `${first} ${last}`, cookie: (await signIn(context, user)).cookie };
}
async function staff(roles: StaffRole[]): Promise<Person> {
  const user = await createUser(context.db, { roles, password: null });
  return { id: user.id, name: 'Staff', cookie: (await signIn(context, user)).cookie };
}

let secretariat: Person;
let committee: Person;

beforeAll(async () => {
  context = await buildTestApp();
  secretariat = await staff(['secretariat']);
  committee = await staff(['election_committee']);
});
afterAll(async () => context?.close());

/** A meeting whose roll is `voters`, with one validated candidate (the first voter). */
async function meetingOf(voters: Person[]) {
  const { meeting, entries } = await createMeetingWithRoll(context.db, voters);
  const first = entries[0];
  if (!first) throw new Error('no roll');
  const [nomination] = await context.db
    .insert(meetingNominations)
    .values({
      meetingId: meeting.id,
      nomineeEntryId: first.id,
      nominatorEntryId: first.id,
      statement: 'Twenty years in exploration.',
      acceptedAt: new Date(),
      status: 'valid',
    })
    .returning();
  const entryOf = (who: Person) => entries.find((entry) => entry.userId === who.id)?.id as string;
  return { id: meeting.id, candidateId: nomination?.id as string, entryOf };
}

const openVotingNow = (id: string) =>
  context.db
    .update(meetings)
    .set({ votingOpensAt: new Date(Date.now() - 60_000), votingClosesAt: new Date(Date.now() + 86_400_000) })
    .where(eq(meetings.id, id));

const nameChair = (id: string, userId: string | null, who = secretariat) =>
  call('PUT', `/api/meetings/${id}/chair`, who.cookie, { userId });

/** Files `grantor`'s proxy to the chair and has the secretariat validate it; answers the proxy's id. */
async function proxyToChair(id: string, grantor: Person) {
  const filed = await call('POST', `/api/meetings/${id}/proxies`, grantor.cookie, {
    holderId: 'chair',
    scope: 'all',
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const proxyId = filed.json().data.id as string;
  const valid = await call('PUT', `/api/proxies/${proxyId}/validation`, secretariat.cookie, { valid: true });
  expect(valid.statusCode, valid.body).toBe(200);
  return proxyId;
}

const ballot = (id: string, who: Person, body: { candidateIds: string[]; onBehalfOf?: string }) =>
  call('POST', `/api/meetings/${id}/ballots`, who.cookie, body);

describe('the chair of a meeting', () => {
  it('is named by the secretariat, suggested from the board’s President, audited, fixed once voting opens', async () => {
    const president = await account('Rosalinda', `Aquino ${randomUUID().slice(0, 6)}`);
    const other = await account('Ben', 'Lim');
    await context.db
      .insert(boardMembers)
      .values({ name: ` ${president.name.toUpperCase()} `, title: 'President', position: 'president' });
    const { id } = await meetingOf([president, other]);

    const asStaff = (await call('GET', `/api/meetings/${id}`, secretariat.cookie)).json().data;
    expect(asStaff.chair).toBeNull();
    expect(asStaff.chairSuggestion).toEqual({ userId: president.id, name: president.name });
    expect((await call('GET', `/api/meetings/${id}`, other.cookie)).json().data.chairSuggestion).toBeNull();

    expect((await nameChair(id, other.id, other)).statusCode).toBe(403);
    expect((await nameChair(id, other.id, committee)).statusCode).toBe(403);
    const unknown = await nameChair(id, randomUUID());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: MEETING_MESSAGES.chairNotAccount, field: 'userId' });
    const malformed = await call('PUT', `/api/meetings/${id}/chair`, secretariat.cookie, { userId: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Choose the chair');

    const named = await nameChair(id, president.id);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.chair).toEqual({ userId: president.id, name: president.name });
    const [row] = await context.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'meeting_chair_named'), eq(adminAuditLog.actorId, secretariat.id)));
    expect(row?.changes).toEqual({ chair: { from: null, to: president.name } });
    // Members read who chairs the meeting.
    expect((await call('GET', `/api/meetings/${id}`, other.cookie)).json().data.chair.name).toBe(
      president.name,
    );

    await openVotingNow(id);
    const locked = await nameChair(id, other.id);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe(MEETING_MESSAGES.locked);
  });

  it('holds proxies filed to "chair": revocable, one in force per voter, validated, never the chair’s own', async () => {
    const [chair, grantor] = [await account('Carmen', 'Chair'), await account('Gina', 'Grantor')];
    const { id } = await meetingOf([chair, grantor]);
    expect((await nameChair(id, chair.id)).statusCode).toBe(200);

    const empty = await call('POST', `/api/meetings/${id}/proxies`, grantor.cookie, {
      holderId: '',
      scope: 'all',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Choose the proxy holder: the chair or a voter on the roll');
    const own = await call('POST', `/api/meetings/${id}/proxies`, chair.cookie, {
      holderId: 'chair',
      scope: 'all',
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ error: MEETING_MESSAGES.proxyToChairAsChair, field: 'holderId' });

    const filed = await call('POST', `/api/meetings/${id}/proxies`, grantor.cookie, {
      holderId: 'chair',
      scope: 'election',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().data).toMatchObject({
      holder: null,
      toChair: true,
      scope: 'election',
      status: 'filed',
    });
    const again = await call('POST', `/api/meetings/${id}/proxies`, grantor.cookie, {
      holderId: 'chair',
      scope: 'all',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(MEETING_MESSAGES.proxyAlreadyFiled);
    expect((await call('DELETE', `/api/proxies/${filed.json().data.id}`, grantor.cookie)).statusCode).toBe(
      204,
    );

    const proxyId = await proxyToChair(id, grantor);
    const seen = (await call('GET', `/api/meetings/${id}`, grantor.cookie)).json().data.me.proxyGiven;
    expect(seen).toMatchObject({ id: proxyId, toChair: true, holder: null, status: 'valid' });
    const listed = (await call('GET', `/api/meetings/${id}/proxies`, secretariat.cookie)).json().data;
    // The revoked one stays listed beside the one in force.
    expect(
      listed
        .filter((proxy: { toChair: boolean }) => proxy.toChair)
        .map((proxy: { status: string }) => proxy.status)
        .sort(),
    ).toEqual(['revoked', 'valid']);
    // The CHECK constraint: a proxy names exactly one of a voter and the chair.
    await expect(
      context.db.execute(sql`update meeting_proxies set to_chair = false where id = ${proxyId}`),
    ).rejects.toThrow();
  });

  it('lets the chair, on the roll or not, cast each ballot they carry, once; anyone else is refused', async () => {
    const chair = await account('Paz', 'Presiding', { member: false });
    const [g1, g2, voter] = [
      await account('Ana', 'One'),
      await account('Ben', 'Two'),
      await account('Cy', 'Three'),
    ];
    const { id, candidateId, entryOf } = await meetingOf([g1, g2, voter]);
    expect((await nameChair(id, chair.id)).statusCode).toBe(200);
    await proxyToChair(id, g1);
    await proxyToChair(id, g2);
    await openVotingNow(id);

    const me = (await call('GET', `/api/meetings/${id}`, chair.cookie)).json().data.me;
    expect(me.chair).toBe(true);
    expect(me.entry).toBeNull();
    expect(
      me.proxiesHeld.map(
        (held: { proxy: { grantor: { id: string }; toChair: boolean }; hasVoted: boolean }) => [
          held.proxy.grantor.id,
          held.proxy.toChair,
          held.hasVoted,
        ],
      ),
    ).toEqual([
      [entryOf(g1), true, false],
      [entryOf(g2), true, false],
    ]);
    expect((await call('GET', `/api/meetings/${id}`, voter.cookie)).json().data.me).toMatchObject({
      chair: false,
      proxiesHeld: [],
    });

    const refused = await ballot(id, voter, { candidateIds: [candidateId], onBehalfOf: entryOf(g1) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MEETING_MESSAGES.noProxyForVoter);
    // Not on the roll: the chair has no ballot of their own.
    expect((await ballot(id, chair, { candidateIds: [] })).statusCode).toBe(403);

    expect(
      (await ballot(id, chair, { candidateIds: [candidateId], onBehalfOf: entryOf(g1) })).statusCode,
    ).toBe(201);
    const twice = await ballot(id, chair, { candidateIds: [], onBehalfOf: entryOf(g1) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(MEETING_MESSAGES.alreadyVoted);
    expect((await ballot(id, chair, { candidateIds: [], onBehalfOf: entryOf(g2) })).statusCode).toBe(201);
    const votes = await context.db.select().from(meetingVotes).where(eq(meetingVotes.meetingId, id));
    expect(votes.map((vote) => vote.castBy)).toEqual(['proxy', 'proxy']);
    const after = (await call('GET', `/api/meetings/${id}`, chair.cookie)).json().data.me.proxiesHeld;
    expect(after.map((held: { hasVoted: boolean }) => held.hasVoted)).toEqual([true, true]);
  });

  it('counts one ballot when a voter and the chair vote for them at the same moment', async () => {
    const chair = await account('Rey', 'Chair');
    const grantor = await account('Lea', 'Grantor');
    const { id, candidateId, entryOf } = await meetingOf([chair, grantor]);
    expect((await nameChair(id, chair.id)).statusCode).toBe(200);
    await proxyToChair(id, grantor);
    await openVotingNow(id);
    const answers = await Promise.all([
      ballot(id, grantor, { candidateIds: [candidateId] }),
      ballot(id, chair, { candidateIds: [], onBehalfOf: entryOf(grantor) }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error).toBe(
      MEETING_MESSAGES.alreadyVoted,
    );
    const [counted] = await context.db
      .select({ n: sql<number>`count(*)::int` })
      .from(meetingBallots)
      .where(eq(meetingBallots.meetingId, id));
    expect(counted?.n).toBe(1);
    // The chair's own ballot is separately counted.
    expect((await ballot(id, chair, { candidateIds: [candidateId] })).statusCode).toBe(201);
  });

  it('counts valid proxies to the chair in the quorum', async () => {
    const voters = [await account('Q', 'One'), await account('Q', 'Two'), await account('Q', 'Three')];
    const [a, b] = voters as [Person, Person, Person];
    const { id } = await meetingOf(voters);
    await proxyToChair(id, a);
    const filed = await call('POST', `/api/meetings/${id}/proxies`, b.cookie, {
      holderId: 'chair',
      scope: 'all',
    });
    expect(filed.statusCode).toBe(201);
    const quorum = (await call('GET', `/api/meetings/${id}/quorum`, secretariat.cookie)).json().data;
    // Only the validated one counts; two of three would be a majority, one is not.
    expect(quorum).toMatchObject({
      rollSize: 3,
      byProxy: 1,
      represented: 1,
      needed: quorumOf(3),
      reached: false,
    });
  });

  it('refuses to open voting while validated proxies to the chair wait for a chair to be named', async () => {
    const [grantor, chair] = [await account('Open', 'Grantor'), await account('Open', 'Chair')];
    const { id } = await meetingOf([grantor, chair]);
    await proxyToChair(id, grantor);
    const refused = await call('POST', `/api/meetings/${id}/voting/open`, secretariat.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(MEETING_MESSAGES.chairNeeded(1));
    expect(MEETING_MESSAGES.chairNeeded(1)).toBe(
      'Name the chair of the meeting first: 1 validated proxy is given to the chair',
    );
    expect((await nameChair(id, chair.id)).statusCode).toBe(200);
    const opened = await call('POST', `/api/meetings/${id}/voting/open`, secretariat.cookie);
    expect(opened.statusCode, opened.body).toBe(204);
  });
});
