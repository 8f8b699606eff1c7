import { describe, expect, it } from 'vitest';
import { displayName } from './account-names';
import {
  erasedAccountNames,
  erasedEmail,
  erasedUsername,
  formatFormerMemberNumber,
  formerMemberName,
} from './privacy-requests';

describe('the erased account placeholder (docs/decisions/068)', () => {
  it('numbers by year and four digits', () => {
    expect(formatFormerMemberNumber(2026, 42)).toBe('2026-0042');
    expect(formatFormerMemberNumber(2027, 12345)).toBe('2027-12345');
  });

  it('is what the display-name rule answers for either account type', () => {
    const names = erasedAccountNames('2026-0042');
    for (const type of ['individual', 'company', 'user'])
      expect(displayName({ type, ...names })).toBe('Former member 2026-0042');
    expect(formerMemberName('2026-0042')).toBe('Former member 2026-0042');
  });

  it('gives a unique username and an address that cannot receive mail', () => {
    expect(erasedUsername('2026-0042')).toBe('former-member-2026-0042');
    expect(erasedEmail('2026-0042')).toBe('former-member-2026-0042@erased.invalid');
    expect(erasedEmail('2026-0042', 'billing')).toBe('former-member-2026-0042+billing@erased.invalid');
  });
});
