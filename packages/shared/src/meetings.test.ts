import { describe, expect, it } from 'vitest';
import { categoryVotes, formatReceipt, isLocked, noticeDaysBefore, quorumOf, votingState } from './meetings';
import { ballotInputSchema, meetingInputSchema } from './schemas/meetings';

const window = { votingOpensAt: '2027-06-01T01:00:00Z', votingClosesAt: '2027-06-19T04:00:00Z' };

describe('meetings rules', () => {
  it('opens voting at its opening time and closes it at its closing time or on certification', () => {
    expect(votingState(window, new Date('2027-06-01T00:59:59Z'))).toBe('not_open');
    expect(votingState(window, new Date('2027-06-01T01:00:00Z'))).toBe('open');
    expect(votingState(window, new Date('2027-06-19T04:00:00Z'))).toBe('closed');
    expect(
      votingState({ ...window, certifiedAt: '2027-06-02T00:00:00Z' }, new Date('2027-06-05T00:00:00Z')),
    ).toBe('closed');
    expect(isLocked(window, new Date('2027-06-01T00:59:59Z'))).toBe(false);
    expect(isLocked(window, new Date('2027-06-01T01:00:00Z'))).toBe(true);
  });

  it('needs a majority of the roll for quorum', () => {
    expect([0, 1, 2, 3, 10, 11].map(quorumOf)).toEqual([1, 1, 2, 2, 6, 6]);
  });

  it('puts Honorary and Associate members on the roll only by the setting', () => {
    const settings = { honoraryVotes: false, associateVotes: true };
    expect(categoryVotes('Regular', settings)).toBe(true);
    expect(categoryVotes('Individual', settings)).toBe(true);
    expect(categoryVotes('Associate', settings)).toBe(true);
    expect(categoryVotes('Honorary', settings)).toBe(false);
    expect(categoryVotes('Associate', { honoraryVotes: true, associateVotes: false })).toBe(false);
  });

  it('counts the notice days in whole days before the meeting', () => {
    const meeting = '2027-06-19T01:00:00Z';
    expect(noticeDaysBefore(meeting, new Date('2027-05-29T01:00:00Z'))).toBe(21);
    expect(noticeDaysBefore(meeting, new Date('2027-05-29T01:00:01Z'))).toBe(20);
  });

  it('shows a receipt in two groups of five', () => {
    expect(formatReceipt('ABCDE23456')).toBe('ABCDE-23456');
  });

  it('refuses a repeated candidate and a meeting whose voting closes before it opens', () => {
    const id = '7f1c1f0e-6a57-4c39-8d7e-0b1d4a3e2f10';
    expect(ballotInputSchema.safeParse({ candidateIds: [id, id] }).error?.issues[0]?.message).toBe(
      'Each candidate may be chosen only once',
    );
    const parsed = meetingInputSchema.safeParse({
      kind: 'annual',
      title: 'AGM',
      startsAt: '2027-06-19T01:00:00Z',
      venue: 'Makati',
      agenda: 'Election',
      procedure: 'Online',
      recordDate: '2027-05-15',
      nominationsOpenAt: '2027-04-15T01:00:00Z',
      nominationsCloseAt: '2027-05-15T09:00:00Z',
      proxyDeadline: '2027-06-12T09:00:00Z',
      correctionsCloseAt: '2027-05-31T09:00:00Z',
      votingOpensAt: '2027-06-19T04:00:00Z',
      votingClosesAt: '2027-06-19T01:00:00Z',
      challengeEndsAt: '2027-06-26T09:00:00Z',
    });
    expect(parsed.error?.issues[0]).toMatchObject({
      message: 'Voting must close after it opens',
      path: ['votingClosesAt'],
    });
  });
});
