import { randomInt } from 'node:crypto';
import {
  displayName,
  MEETING_DEFAULTS,
  manilaDateString,
  RECEIPT_ALPHABET,
  RECEIPT_LENGTH,
} from '@portal/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbTransaction } from './client';
import {
  meetingBallots,
  meetingDocuments,
  meetingNominationSeconds,
  meetingNominations,
  meetingProxies,
  meetingRollEntries,
  meetings,
  meetingVotes,
  representatives,
  users,
} from './schema';

/** The demo voters: the members in good standing of seed-content.ts (paid and current). */
const DEMO_VOTERS = ['cordilleracopper', 'visayasgeoscience', 'mlsantos'] as const;

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

/**
 * The meetings of the demo (docs/decisions/071): last June's annual meeting with certified results
 * and its ballots published by receipt code, and next June's with its roll published, two
 * nominations (one seconded and accepted) and a validated proxy.
 */
/** The year of the demo's certified meeting: this June once June is over, else last June. */
export function demoPastMeetingYear(now: Date) {
  const today = manilaDateString(now);
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) > 6 ? year : year - 1;
}
export const demoPastMeetingTitle = (year: number) => `${year} Annual Meeting of Members`;

/** A private file already stored, for a row to name (the demo's minutes and resolution, decision 078). */
type StoredDocument = { reference: string; byteSize: number };

export async function insertDemoMeetings(
  tx: DbTransaction,
  {
    now,
    userIdOf,
    documents,
  }: {
    now: Date;
    userIdOf: (username: string) => string;
    documents?: { minutes: StoredDocument; resolution: StoredDocument };
  },
) {
  const today = manilaDateString(now);
  const pastYear = demoPastMeetingYear(now);
  const nextYear = pastYear + 1;
  const voterIds = DEMO_VOTERS.map(userIdOf);
  const people = await tx.select().from(users).where(inArray(users.id, voterIds));
  const reps = await tx
    .select()
    .from(representatives)
    .where(and(inArray(representatives.userId, voterIds), eq(representatives.type, 'voting')));
  const rollOf = (meetingId: string) =>
    DEMO_VOTERS.map((username) => {
      const person = people.find((row) => row.id === userIdOf(username));
      if (!person) throw new Error(`Demo voter ${username} is missing`);
      const rep = reps.find((row) => row.userId === person.id);
      const memberName = displayName(person);
      return {
        meetingId,
        userId: person.id,
        kind: person.type === 'company' ? ('company' as const) : ('individual' as const),
        category:
          person.type === 'company'
            ? username === 'visayasgeoscience'
              ? ('Associate' as const)
              : ('Regular' as const)
            : ('Individual' as const),
        memberName,
        voterName: rep ? `${rep.firstName} ${rep.lastName}` : memberName,
      };
    });
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

  // Last June: certified.
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
  const pastRoll = await tx.insert(meetingRollEntries).values(rollOf(past.id)).returning();
  const pastCandidates = await tx
    .insert(meetingNominations)
    .values(
      pastRoll.map((entry, index) => ({
        meetingId: past.id,
        nomineeEntryId: entry.id,
        nominatorEntryId: entry.id,
        statement: 'A member of the association for over a decade, standing for the board again.',
        acceptedAt: manila(`${pastYear}-04-${20 + index}`, '10:00'),
        status: 'valid' as const,
      })),
    )
    .returning();
  for (const candidate of pastCandidates) {
    const seconders = pastRoll.filter((entry) => entry.id !== candidate.nomineeEntryId);
    await tx
      .insert(meetingNominationSeconds)
      .values(seconders.map((entry) => ({ nominationId: candidate.id, entryId: entry.id })));
  }
  await tx
    .insert(meetingVotes)
    .values(pastRoll.map((entry) => ({ entryId: entry.id, meetingId: past.id, castBy: 'voter' as const })));
  const ids = pastCandidates.map((candidate) => candidate.id);
  await tx.insert(meetingBallots).values(
    [ids, ids.slice(0, 2), [ids[0], ids[2]]].map((choice) => ({
      meetingId: past.id,
      receipt: receipt(),
      candidateIds: choice.filter((id): id is string => id !== undefined).sort(),
    })),
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
  const [copper, visayas, santos] = await tx.insert(meetingRollEntries).values(rollOf(next.id)).returning();
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
