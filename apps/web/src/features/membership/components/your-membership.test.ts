import { membershipStanding } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { joiningSteps } from './your-membership';

const membership = (status: string, expiresAt: string | null = null) => ({
  id: 'm1',
  userId: 'u1',
  category: 'Regular' as const,
  status: status as 'pending',
  standing: membershipStanding({ status, expires_at: expiresAt }),
  startsAt: null,
  expiresAt,
  paidThrough: null,
  memberNumber: null,
  unpaidDueOn: null,
  graceEndsOn: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
const now = new Date('2026-06-01T00:00:00Z');

describe('joiningSteps', () => {
  it('points a new account to the form', () => {
    expect(joiningSteps({ isNew: true, memberships: [] }, now).map((step) => step.state)).toEqual([
      'done',
      'next',
    ]);
  });

  it('says a sent application is pending', () => {
    const steps = joiningSteps({ isNew: false, memberships: [membership('pending')] }, now);
    expect(steps.map((step) => step.state)).toEqual(['done', 'done', 'waiting']);
    expect(steps[2]?.text).toContain('pending');
  });

  it('says until when an approved membership is active, and offers renewal once expired', () => {
    const active = joiningSteps(
      { isNew: false, memberships: [membership('approved', '2027-01-15T00:00:00Z')] },
      now,
    );
    expect(active[2]).toMatchObject({ title: 'Membership active', state: 'done' });
    expect(active[2]?.text).toMatch(/active until .*2027/);
    const expired = joiningSteps(
      { isNew: false, memberships: [membership('approved', '2026-01-15T00:00:00Z')] },
      now,
    );
    expect(expired[2]).toMatchObject({ title: 'Renew your membership', state: 'next' });
  });
});
