import { describe, expect, it } from 'vitest';
import { companyVotingLine, VOTING_SUSPENDED_TEXT } from './dues';

describe('the line a company reads on its voting rights', () => {
  it('names who votes while the membership is in good standing', () => {
    expect(companyVotingLine('active', 'Ana Cruz')).toBe(
      'Voting rights: active — Ana Cruz votes for the company',
    );
    expect(companyVotingLine('active', null)).toBe(
      'Voting rights: active — name a voting representative to cast the vote',
    );
  });

  it('says why not otherwise, and nothing without a membership', () => {
    for (const standing of ['awaiting_payment', 'overdue', 'lapsed']) {
      expect(companyVotingLine(standing, 'Ana Cruz')).toBe(VOTING_SUSPENDED_TEXT);
    }
    expect(companyVotingLine('pending', 'Ana Cruz')).toMatch(/^Voting rights: from the approval/);
    expect(companyVotingLine('expired', 'Ana Cruz')).toMatch(/expired/);
    expect(companyVotingLine(undefined, 'Ana Cruz')).toBeNull();
    expect(companyVotingLine('rejected', 'Ana Cruz')).toBeNull();
  });
});
