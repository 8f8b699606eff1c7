import { describe, expect, it } from 'vitest';
import { addToDate, manilaDateString } from './dates';
import { isGoodStanding, membershipStanding } from './memberships';

describe('grace and lapse (docs/decisions/042-scheduled-renewals.md)', () => {
  const now = new Date('2026-06-15T04:00:00Z');
  const today = manilaDateString(now);
  const paidBefore = '2026-06-01T00:00:00Z';
  const standing = (dueDaysAgo: number, graceDays: number) => {
    const due = addToDate(today, { days: -dueDaysAgo });
    return membershipStanding(
      {
        status: 'approved',
        expires_at: paidBefore,
        unpaid_due_on: due,
        grace_ends_on: addToDate(due, { days: graceDays }),
      },
      now,
    );
  };

  it('is overdue through the last day of grace and lapsed the day after', () => {
    expect(standing(1, 30)).toBe('overdue');
    expect(standing(30, 30)).toBe('overdue');
    expect(standing(31, 30)).toBe('lapsed');
    expect(standing(1, 0)).toBe('lapsed');
  });

  it('keeps good standing through the grace for a membership paid before; never when lapsed', () => {
    const membership = (expiresAt: string | null, dueDaysAgo: number) => {
      const due = addToDate(today, { days: -dueDaysAgo });
      return {
        status: 'approved',
        expires_at: expiresAt,
        unpaid_due_on: due,
        grace_ends_on: addToDate(due, { days: 30 }),
      };
    };
    expect(isGoodStanding(membership(paidBefore, 1), now)).toBe(true);
    expect(isGoodStanding(membership(paidBefore, 30), now)).toBe(true);
    expect(isGoodStanding(membership(null, 1), now)).toBe(false);
    expect(isGoodStanding(membership(paidBefore, 31), now)).toBe(false);
  });
});
