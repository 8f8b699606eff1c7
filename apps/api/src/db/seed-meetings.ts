import { randomInt } from 'node:crypto';
import {
  displayName,
  MEETING_DEFAULTS,
  manilaDateString,
  OFFICER_POSITIONS,
  RECEIPT_ALPHABET,
  RECEIPT_LENGTH,
} from '@portal/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbTransaction } from './client';
import {
  boardMembers,
  meetingBallots,
  meetingBoardElections,
  meetingDocuments,
  meetingElectedTrustees,
  meetingNominationSeconds,
  meetingNominations,
  meetingProxies,
  meetingRollEntries,
  meetings,
  meetingVotes,
  representatives,
  users,
} from './schema';
import { demoMembers } from './seed-content';

/** Next June's voters: the members in good standing of seed-content.ts (paid and current). */
const DEMO_VOTERS = ['cordilleracopper', 'visayasgeoscience', 'mlsantos'] as const;

/**
 * Last June's roll, frozen at its record date (15 May): the demo members whose paid year covered
 * that day (seed-content.ts; the expired ones lapsed since), each company through its voting
 * representative. Seven of its members sit on the demo board and were elected then.
 */
const PAST_VOTERS = [
  'cordilleracopper',
  'mindanaonickel',
  'visayasgeoscience',
  'sierramadredrilling',
  'mlsantos',
  'avillanueva',
  'mnavarro',
  'tgomez',
] as const;
type PastVoter = (typeof PAST_VOTERS)[number];

/** Who stood last June, who nominated them, and whether the votes elected them. */
const PAST_CANDIDATES: { username: PastVoter; nominator: PastVoter; statement: string; elected: boolean }[] =
  [
    {
      username: 'cordilleracopper',
      nominator: 'mlsantos',
      statement: 'Six years on the board; I would finish the work on predictable permitting timelines.',
      elected: true,
    },
    {
      username: 'mindanaonickel',
      nominator: 'visayasgeoscience',
      statement: 'Laterite nickel in Surigao and Zamboanga; I chair the committee on critical minerals.',
      elected: true,
    },
    {
      username: 'visayasgeoscience',
      nominator: 'cordilleracopper',
      statement: 'Geophysicist and Treasurer since my election; the accounts audited on time every year.',
      elected: true,
    },
    {
      username: 'mlsantos',
      nominator: 'tgomez',
      statement: 'Eighteen years on epithermal gold; as Secretary I keep the minutes and the records.',
      elected: true,
    },
    {
      username: 'sierramadredrilling',
      nominator: 'mindanaonickel',
      statement: 'I speak for the drilling and service contractors, and for safety on remote rigs.',
      elected: true,
    },
    {
      username: 'mnavarro',
      nominator: 'cordilleracopper',
      statement: "Mineral agreements and indigenous peoples' consent: I would keep the board's advice sound.",
      elected: true,
    },
    {
      username: 'tgomez',
      nominator: 'mlsantos',
      statement: 'I teach economic geology; I would bring the universities and our scholars closer.',
      elected: true,
    },
    {
      username: 'avillanueva',
      nominator: 'visayasgeoscience',
      statement: 'A geophysicist in the Visayas; I would speak for the younger individual members.',
      elected: false,
    },
  ];

/** The member on last June's roll who did not vote. */
const PAST_ABSENT: PastVoter = 'sierramadredrilling';

/**
 * Last June's seven ballots by their candidates (at most the seven seats each): seven trustees
 * with 7 to 4 votes, and Andrea Villanueva with 2, so no tie straddles the last seat.
 */
const PAST_BALLOTS: PastVoter[][] = [
  [
    'cordilleracopper',
    'mlsantos',
    'visayasgeoscience',
    'mindanaonickel',
    'mnavarro',
    'tgomez',
    'sierramadredrilling',
  ],
  [
    'cordilleracopper',
    'mlsantos',
    'visayasgeoscience',
    'mindanaonickel',
    'mnavarro',
    'tgomez',
    'avillanueva',
  ],
  ['cordilleracopper', 'mlsantos', 'visayasgeoscience', 'mindanaonickel', 'mnavarro', 'sierramadredrilling'],
  ['cordilleracopper', 'mlsantos', 'visayasgeoscience', 'mindanaonickel', 'tgomez', 'sierramadredrilling'],
  ['cordilleracopper', 'mlsantos', 'visayasgeoscience', 'mnavarro', 'avillanueva'],
  ['cordilleracopper', 'mlsantos', 'mindanaonickel', 'mnavarro', 'tgomez'],
  ['cordilleracopper', 'visayasgeoscience', 'sierramadredrilling'],
];

/**
 * Roll entries of `usernames` as `freezeRoll` would write them (service.ts `entriesFor`): a
 * company through its voting representative, an individual by their own name, each in the
 * category of its demo membership.
 */
async function rollEntries(
  tx: DbTransaction,
  meetingId: string,
  usernames: readonly string[],
  userIdOf: (username: string) => string,
) {
  const ids = usernames.map(userIdOf);
  const people = await tx.select().from(users).where(inArray(users.id, ids));
  const reps = await tx
    .select()
    .from(representatives)
    .where(and(inArray(representatives.userId, ids), eq(representatives.type, 'voting')));
  return usernames.map((username) => {
    const person = people.find((row) => row.id === userIdOf(username));
    // Sierra Madre's application this year was refused; its category is the one it applied in.
    const applied = demoMembers.find((member) => member.username === username)?.memberships;
    const category = (applied?.find((membership) => membership.state.startsWith('approved')) ?? applied?.[0])
      ?.category;
    if (!person || !category) throw new Error(`Demo voter ${username} is missing`);
    const rep = reps.find((row) => row.userId === person.id);
    const memberName = displayName(person);
    return {
      meetingId,
      userId: person.id,
      kind: person.type === 'company' ? ('company' as const) : ('individual' as const),
      category,
      memberName,
      voterName: rep ? `${rep.firstName} ${rep.lastName}` : memberName,
    };
  });
}

const receipt = () =>
  Array.from({ length: RECEIPT_LENGTH }, () => RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)]).join('');
const manila = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);

const AGENDA = [
  '1. Call to order and proof of notice',
  '2. Determination of quorum',
  '3. Approval of the minutes of the last annual meeting',
  "4. The President's report and the audited financial statements",
  '5. Election of the seven trustees',
  '6. Other matters',
  '7. Adjournment',
].join('\n');
const PROCEDURE =
  'Members in good standing vote on the portal from the opening of voting until it closes, or on the tablet at the venue. A member who cannot attend may name a proxy on the portal before the proxy deadline; the corporate secretary validates proxies. Each voter receives a receipt code and finds it among the published ballots after certification.';

/** The year of the demo's certified meeting: this June once June is over, else last June. */
export function demoPastMeetingYear(now: Date) {
  const today = manilaDateString(now);
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) > 6 ? year : year - 1;
}
export const demoPastMeetingTitle = (year: number) => `${year} Annual Meeting of Members`;

/** A private file already stored, for a row to name (the demo's minutes and resolution, decision 078). */
type StoredDocument = { reference: string; byteSize: number };

/**
 * The meetings of the demo (docs/decisions/071 and 078): last June's annual meeting with certified
 * results, its ballots published by receipt code, its seven trustees applied to the board and the
 * four officers recorded; and next June's with its roll published, two nominations (one seconded
 * and accepted) and a validated proxy.
 */
export async function insertDemoMeetings(
  tx: DbTransaction,
  {
    now,
    userIdOf,
    boardAdmin,
    documents,
  }: {
    now: Date;
    userIdOf: (username: string) => string;
    /** Who applied last June's election to the board (the demo's administrator). */
    boardAdmin: { id: string; name: string };
    documents?: { minutes: StoredDocument; resolution: StoredDocument };
  },
) {
  const today = manilaDateString(now);
  const pastYear = demoPastMeetingYear(now);
  const nextYear = pastYear + 1;
  const settings = {
    seats: MEETING_DEFAULTS.seats,
    seconders: MEETING_DEFAULTS.seconders,
    honoraryVotes: MEETING_DEFAULTS.honoraryVotes,
    associateVotes: MEETING_DEFAULTS.associateVotes,
    venue: 'Makati Shangri-La, Ayala Avenue, Makati City',
    onlineLink: 'https://meet.example.com/meap-agm',
    agenda: AGENDA,
    procedure: PROCEDURE,
  };

  // Last June: certified, applied to the board and its officers recorded (decision 078).
  const [past] = await tx
    .insert(meetings)
    .values({
      ...settings,
      kind: 'annual',
      title: demoPastMeetingTitle(pastYear),
      startsAt: manila(`${pastYear}-06-20`, '09:00'),
      recordDate: `${pastYear}-05-15`,
      nominationsOpenAt: manila(`${pastYear}-04-15`, '09:00'),
      nominationsCloseAt: manila(`${pastYear}-05-15`, '17:00'),
      proxyDeadline: manila(`${pastYear}-06-13`, '17:00'),
      correctionsCloseAt: manila(`${pastYear}-05-31`, '17:00'),
      votingOpensAt: manila(`${pastYear}-06-01`, '09:00'),
      votingClosesAt: manila(`${pastYear}-06-20`, '12:00'),
      challengeEndsAt: manila(`${pastYear}-06-27`, '17:00'),
      status: 'certified',
      noticeSentAt: manila(`${pastYear}-05-20`, '10:00'),
      rollFrozenAt: manila(`${pastYear}-05-16`, '10:00'),
      certifiedAt: manila(`${pastYear}-06-20`, '15:00'),
    })
    .returning();
  if (!past) throw new Error('Demo meeting not created');
  const pastRoll = await tx
    .insert(meetingRollEntries)
    .values(await rollEntries(tx, past.id, PAST_VOTERS, userIdOf))
    .returning();
  const entryOf = (username: string) => {
    const entry = pastRoll.find((row) => row.userId === userIdOf(username));
    if (!entry) throw new Error(`Demo voter ${username} is not on the roll`);
    return entry;
  };
  const pastCandidates = await tx
    .insert(meetingNominations)
    .values(
      PAST_CANDIDATES.map((candidate, index) => ({
        meetingId: past.id,
        nomineeEntryId: entryOf(candidate.username).id,
        nominatorEntryId: entryOf(candidate.nominator).id,
        statement: candidate.statement,
        acceptedAt: manila(`${pastYear}-04-${20 + index}`, '10:00'),
        status: 'valid' as const,
        createdAt: manila(`${pastYear}-04-${16 + index}`, '10:00'),
      })),
    )
    .returning();
  const candidateOf = (username: string) => {
    const row = pastCandidates.find((candidate) => candidate.nomineeEntryId === entryOf(username).id);
    if (!row) throw new Error(`Demo candidate ${username} is missing`);
    return row;
  };
  for (const candidate of pastCandidates) {
    const seconders = pastRoll
      .filter((entry) => entry.id !== candidate.nomineeEntryId && entry.id !== candidate.nominatorEntryId)
      .slice(0, MEETING_DEFAULTS.seconders);
    await tx
      .insert(meetingNominationSeconds)
      .values(seconders.map((entry) => ({ nominationId: candidate.id, entryId: entry.id })));
  }
  await tx
    .insert(meetingVotes)
    .values(
      pastRoll
        .filter((entry) => entry.userId !== userIdOf(PAST_ABSENT))
        .map((entry) => ({ entryId: entry.id, meetingId: past.id, castBy: 'voter' as const })),
    );
  await tx.insert(meetingBallots).values(
    PAST_BALLOTS.map((choice) => ({
      meetingId: past.id,
      receipt: receipt(),
      candidateIds: choice.map((username) => candidateOf(username).id).sort(),
    })),
  );

  // The board admin applied it once the challenge window ended, and recorded the officers the
  // trustees chose at their organisational meeting: the board's records as seed-content.ts has
  // them, so every trustee keeps their record, position and date (after-service.ts applyElection).
  const board = await tx
    .select({ id: boardMembers.id, name: boardMembers.name, position: boardMembers.position })
    .from(boardMembers)
    .where(eq(boardMembers.is_active, true));
  const votes = new Map<string, number>();
  for (const ballot of PAST_BALLOTS)
    for (const username of ballot) votes.set(username, (votes.get(username) ?? 0) + 1);
  const elected = PAST_CANDIDATES.filter((candidate) => candidate.elected);
  await tx.insert(meetingBoardElections).values({
    meetingId: past.id,
    appliedAt: manila(`${pastYear}-06-30`, '10:00'),
    appliedBy: boardAdmin.id,
    appliedByName: boardAdmin.name,
    officersRecordedAt: manila(`${pastYear}-07-03`, '16:00'),
  });
  await tx.insert(meetingElectedTrustees).values(
    elected.map((candidate) => {
      const nomination = candidateOf(candidate.username);
      const name = entryOf(candidate.username).voterName;
      const record = board.find((member) => member.name === name);
      if (!record) throw new Error(`Demo trustee ${name} is not on the board`);
      const office = OFFICER_POSITIONS.find((position) => position === record.position) ?? null;
      return {
        meetingId: past.id,
        nominationId: nomination.id,
        name,
        votes: votes.get(candidate.username) ?? 0,
        boardMemberId: record.id,
        officerPosition: office,
      };
    }),
  );

  // Its minutes and resolution, published to the members' area (decision 078).
  if (documents) {
    await tx.insert(meetingDocuments).values([
      {
        meetingId: past.id,
        kind: 'minutes' as const,
        title: `Minutes of the ${past.title}`,
        fileReference: documents.minutes.reference,
        byteSize: documents.minutes.byteSize,
        createdAt: manila(`${pastYear}-07-06`, '10:00'),
      },
      {
        meetingId: past.id,
        kind: 'resolution' as const,
        title: 'Resolution No. 1: Approval of the audited financial statements',
        fileReference: documents.resolution.reference,
        byteSize: documents.resolution.byteSize,
        createdAt: manila(`${pastYear}-07-06`, '10:05'),
      },
    ]);
  }

  // Next June: the roll published, nominations open.
  const [next] = await tx
    .insert(meetings)
    .values({
      ...settings,
      kind: 'annual',
      title: `${nextYear} Annual Meeting of Members`,
      startsAt: manila(`${nextYear}-06-19`, '09:00'),
      recordDate: today,
      nominationsOpenAt: new Date(now.getTime() - 86_400_000),
      nominationsCloseAt: manila(`${nextYear}-05-15`, '17:00'),
      proxyDeadline: manila(`${nextYear}-06-12`, '17:00'),
      correctionsCloseAt: manila(`${nextYear}-05-31`, '17:00'),
      votingOpensAt: manila(`${nextYear}-06-01`, '09:00'),
      votingClosesAt: manila(`${nextYear}-06-19`, '12:00'),
      challengeEndsAt: manila(`${nextYear}-06-26`, '17:00'),
      rollFrozenAt: now,
    })
    .returning();
  if (!next) throw new Error('Demo meeting not created');
  const [copper, visayas, santos] = await tx
    .insert(meetingRollEntries)
    .values(await rollEntries(tx, next.id, DEMO_VOTERS, userIdOf))
    .returning();
  if (!copper || !visayas || !santos) throw new Error('Demo roll not created');
  const [seconded] = await tx
    .insert(meetingNominations)
    .values({
      meetingId: next.id,
      nomineeEntryId: copper.id,
      nominatorEntryId: copper.id,
      statement:
        'Thirty years in copper-gold exploration in the Cordillera; I would work for clearer permitting timelines.',
      acceptedAt: now,
    })
    .returning();
  if (!seconded) throw new Error('Demo nomination not created');
  await tx.insert(meetingNominationSeconds).values([
    { nominationId: seconded.id, entryId: visayas.id },
    { nominationId: seconded.id, entryId: santos.id },
  ]);
  await tx.insert(meetingNominations).values({
    meetingId: next.id,
    nomineeEntryId: visayas.id,
    nominatorEntryId: santos.id,
    statement: 'A geoscience consultancy serving the Visayas; would represent the Associate members.',
  });
  await tx.insert(meetingProxies).values({
    meetingId: next.id,
    grantorEntryId: santos.id,
    holderEntryId: copper.id,
    scope: 'election',
    status: 'valid',
  });
}
