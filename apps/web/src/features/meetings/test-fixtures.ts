import type { Meeting } from '@portal/shared';

export const DAY = 86_400_000;
/** An instant `offset` milliseconds from now, as the API writes it. */
export const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/**
 * A meeting as GET /api/meetings/{id} answers it: in draft, nominations open, voting in a month,
 * no chair, nobody on the roll; each test sets what it is about.
 */
export function makeMeeting(overrides: Partial<Meeting> = {}): Meeting {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    kind: 'annual',
    title: 'Annual meeting 2027',
    startsAt: at(40 * DAY),
    venue: 'Makati Shangri-La',
    status: 'draft',
    votingState: 'not_open',
    votingOpensAt: at(30 * DAY),
    votingClosesAt: at(41 * DAY),
    onlineLink: null,
    agenda: '1. Call to order',
    procedure: 'Vote on the portal.',
    recordDate: '2027-05-01',
    nominationsOpenAt: at(-DAY),
    nominationsCloseAt: at(10 * DAY),
    proxyDeadline: at(10 * DAY),
    correctionsCloseAt: at(10 * DAY),
    challengeEndsAt: at(50 * DAY),
    seats: 7,
    seconders: 2,
    honoraryVotes: false,
    associateVotes: true,
    eventId: null,
    noticeSentAt: null,
    rollFrozenAt: null,
    rollSize: 0,
    certifiedAt: null,
    chair: null,
    chairSuggestion: null,
    candidates: [],
    nominations: [],
    me: {
      entry: null,
      notOnRollReason: null,
      hasVoted: false,
      proxyGiven: null,
      proxiesHeld: [],
      chair: false,
    },
    ...overrides,
  };
}
