import { describe, expect, it } from 'vitest';
import { electedBySeats, gisDueOn, OFFICER_POSITIONS } from './meeting-after';

const votes = (...counts: number[]) => counts.map((count, index) => ({ id: `c${index}`, votes: count }));

describe('after the annual meeting', () => {
  it('elects the candidates with the most votes to the seats', () => {
    const { elected, tie } = electedBySeats(votes(5, 9, 7, 1), 2);
    expect(elected.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(tie).toBeNull();
  });

  it('elects everyone when there are no more candidates than seats', () => {
    expect(electedBySeats(votes(0, 3), 7).elected).toHaveLength(2);
  });

  it('returns a tie at the last seat for a person to resolve, electing only those above it', () => {
    const { elected, tie } = electedBySeats(votes(9, 4, 4, 4, 1), 3);
    expect(elected.map((c) => c.id)).toEqual(['c0']);
    expect(tie).toEqual({ votes: 4, needed: 2, candidates: votes(9, 4, 4, 4, 1).slice(1, 4) });
  });

  it('sees no tie when the equal votes all fit within the seats', () => {
    const { elected, tie } = electedBySeats(votes(4, 4, 1), 2);
    expect(elected).toHaveLength(2);
    expect(tie).toBeNull();
  });

  it('counts the GIS deadline 30 days after the meeting, across months', () => {
    expect(gisDueOn('2026-06-20')).toBe('2026-07-20');
    expect(gisDueOn('2027-01-31')).toBe('2027-03-02');
  });

  it('has the four officers of spec 000', () => {
    expect(OFFICER_POSITIONS).toEqual(['President', 'Vice President', 'Secretary', 'Treasurer']);
  });
});
