import { describe, expect, it } from 'vitest';
import { addToDate, manilaDateString } from './dates';
import { isNewestMembershipPending, membershipStanding, paidThroughOf } from './memberships';

const membership = (status: string, created_at: string) => ({ status, created_at });

describe('isNewestMembershipPending (spec 000 §4)', () => {
  it('is false without memberships', () => {
    expect(isNewestMembershipPending([])).toBe(false);
    expect(isNewestMembershipPending(undefined)).toBe(false);
    expect(isNewestMembershipPending(null)).toBe(false);
  });

  it('is true when the newest membership by created_at is pending, whatever the list order', () => {
    expect(
      isNewestMembershipPending([
        membership('pending', '2026-02-01T00:00:00Z'),
        membership('approved', '2025-01-01T00:00:00Z'),
      ]),
    ).toBe(true);
    expect(
      isNewestMembershipPending([
        membership('approved', '2025-01-01T00:00:00Z'),
        membership('pending', '2026-02-01T00:00:00Z'),
      ]),
    ).toBe(true);
  });

  it('is false when an older membership is pending but the newest is not', () => {
    expect(
      isNewestMembershipPending([
        membership('pending', '2025-01-01T00:00:00Z'),
        membership('approved', '2026-02-01T00:00:00Z'),
      ]),
    ).toBe(false);
    expect(isNewestMembershipPending([membership('rejected', '2026-02-01T00:00:00Z')])).toBe(false);
  });

  it('compares instants, not strings, and skips unreadable dates', () => {
    expect(
      isNewestMembershipPending([
        // 01:00 in Manila on 2 Feb is 17:00 UTC on 1 Feb: earlier than the approved one.
        membership('pending', '2026-02-02T01:00:00+08:00'),
        membership('approved', '2026-02-01T18:00:00Z'),
        membership('pending', 'not a date'),
      ]),
    ).toBe(false);
  });
});

describe('membershipStanding (docs/product-rules.md "Membership lifecycle")', () => {
  const now = new Date('2026-06-01T00:00:00Z');

  it('keeps pending and rejected as they are', () => {
    expect(membershipStanding({ status: 'pending', expires_at: null }, now)).toBe('pending');
    expect(membershipStanding({ status: 'rejected', expires_at: null }, now)).toBe('rejected');
  });

  it('is active while an approved membership has not reached expires_at, expired from then on', () => {
    expect(membershipStanding({ status: 'approved', expires_at: '2026-06-01T00:00:01Z' }, now)).toBe(
      'active',
    );
    expect(membershipStanding({ status: 'approved', expires_at: '2026-06-01T00:00:00Z' }, now)).toBe(
      'expired',
    );
    expect(membershipStanding({ status: 'approved', expires_at: new Date('2025-01-01') }, now)).toBe(
      'expired',
    );
  });

  it('says an approved membership never paid awaits payment, and overdue once a statement is past due', () => {
    expect(membershipStanding({ status: 'approved', expires_at: null }, now)).toBe('awaiting_payment');
    const today = manilaDateString(now);
    expect(membershipStanding({ status: 'approved', expires_at: null, unpaid_due_on: today }, now)).toBe(
      'awaiting_payment',
    );
    const yesterday = addToDate(today, { days: -1 });
    expect(membershipStanding({ status: 'approved', expires_at: null, unpaid_due_on: yesterday }, now)).toBe(
      'overdue',
    );
    const paidAhead = new Date(now.getTime() + 86_400_000).toISOString();
    expect(
      membershipStanding({ status: 'approved', expires_at: paidAhead, unpaid_due_on: yesterday }, now),
    ).toBe('overdue');
    expect(membershipStanding({ status: 'pending', expires_at: null, unpaid_due_on: yesterday }, now)).toBe(
      'pending',
    );
  });

  it('reads the paid-through day as the Manila day before the period ends', () => {
    expect(paidThroughOf('2027-01-15T16:00:00.000Z')).toBe('2027-01-15');
    expect(paidThroughOf(null)).toBeNull();
  });
});
