import { describe, expect, it } from 'vitest';
import {
  addedRepresentativeType,
  buildAddress,
  defaultRepresentativeType,
  maxRepresentatives,
  representativeRuleProblem,
} from './representatives';

const reps = (...types: (string | null)[]) => types.map((type) => ({ type }));

describe('representative rules (spec 000 §5)', () => {
  it('allows Regular up to 4 and every other category up to 2', () => {
    expect(maxRepresentatives('Regular')).toBe(4);
    expect(maxRepresentatives('Associate')).toBe(2);
    expect(maxRepresentatives('Individual')).toBe(2);
    expect(representativeRuleProblem('Regular', reps('voting', 'non-voting', null, 'non-voting'))).toBeNull();
    expect(representativeRuleProblem('Regular', reps('voting', null, null, null, null))).toBe(
      'Regular members may have up to 4 representatives',
    );
    expect(representativeRuleProblem('Associate', reps('voting', null))).toBeNull();
    expect(representativeRuleProblem('Associate', reps('voting', null, null))).toBe(
      'Associate members may have up to 2 representatives',
    );
  });

  it('keeps at least one and allows one voting at most', () => {
    expect(representativeRuleProblem('Regular', [])).toBe('At least one representative is required');
    expect(representativeRuleProblem('Regular', reps('voting', 'voting'))).toBe(
      'Only one voting representative is allowed',
    );
    expect(representativeRuleProblem('Regular', reps('non-voting', null))).toBeNull();
  });

  it('asks for the voting one only where the whole list is named (votingRequired)', () => {
    expect(representativeRuleProblem('Regular', reps('non-voting', null), { votingRequired: true })).toBe(
      'Choose one voting representative',
    );
    expect(
      representativeRuleProblem('Regular', reps('non-voting', 'voting'), { votingRequired: true }),
    ).toBeNull();
    // The other rules come first: their message says more.
    expect(representativeRuleProblem('Regular', [], { votingRequired: true })).toBe(
      'At least one representative is required',
    );
  });

  it('makes the first representative voting and added ones non-voting', () => {
    expect([0, 1, 2].map(defaultRepresentativeType)).toEqual(['voting', 'non-voting', 'non-voting']);
  });

  it('makes an added representative voting only while no one kept votes', () => {
    expect(addedRepresentativeType([])).toBe('voting');
    expect(addedRepresentativeType(reps('voting'))).toBe('non-voting');
    expect(addedRepresentativeType(reps('non-voting', null))).toBe('voting');
  });
});

describe('buildAddress (spec 000 §3)', () => {
  it('joins the parts with ", " and skips blanks', () => {
    expect(buildAddress({ houseNo: '12', street: 'Ayala Ave', city: 'Makati', postalCode: '1226' })).toBe(
      '12, Ayala Ave, Makati, 1226',
    );
    expect(buildAddress({ houseNo: ' ', street: 'Ayala Ave', city: '', postalCode: '1226' })).toBe(
      'Ayala Ave, 1226',
    );
    expect(buildAddress({})).toBe('');
  });
});
