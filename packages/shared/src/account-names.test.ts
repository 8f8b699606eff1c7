import { describe, expect, it } from 'vitest';
import {
  accountNameProblems,
  DISPLAY_NAME_CASES,
  displayName,
  hasAccountName,
  NAME_MESSAGES,
} from './account-names';
import { CURRENT_NOTICE_VERSION } from './privacy';
import { membershipFormBodySchema } from './schemas/members';

describe('displayName', () => {
  it.each(DISPLAY_NAME_CASES)('$label → $expected', ({ account, expected }) => {
    expect(displayName(account)).toBe(expected);
  });

  it('is never the username', () => {
    const account = { type: 'individual', username: 'jdc', firstName: null, lastName: null };
    expect(displayName(account)).toBe(NAME_MESSAGES.notGiven);
    expect(hasAccountName(account)).toBe(false);
  });
});

describe('accountNameProblems', () => {
  it('asks an individual for first and last name, a company for its registered name', () => {
    expect(accountNameProblems('individual', {}).map((problem) => problem.message)).toEqual([
      NAME_MESSAGES.firstNameRequired,
      NAME_MESSAGES.lastNameRequired,
    ]);
    expect(accountNameProblems('company', { firstName: 'Ana' })).toEqual([
      { field: 'registeredName', message: NAME_MESSAGES.registeredNameRequired },
    ]);
    // An edit that leaves the names out keeps them; one that blanks them is refused.
    expect(accountNameProblems('individual', {}, { whenSent: true })).toEqual([]);
    expect(accountNameProblems('individual', { firstName: null }, { whenSent: true })).toHaveLength(1);
  });
});

describe('the membership form names', () => {
  const base = {
    type: 'individual',
    membershipData: JSON.stringify({ category: 'Individual' }),
    noticeVersion: CURRENT_NOTICE_VERSION,
  };
  const errorOf = (body: Record<string, unknown>, field: string) => {
    const result = membershipFormBodySchema.safeParse({ ...base, ...body });
    return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
  };

  it('refuses a missing, blank, too long or control-character name with its field message', () => {
    expect(errorOf({ lastName: 'Cruz' }, 'firstName')).toBe('First name is required');
    expect(errorOf({ firstName: '   ', lastName: 'Cruz' }, 'firstName')).toBe('First name is required');
    expect(errorOf({ firstName: 'a'.repeat(101), lastName: 'Cruz' }, 'firstName')).toBe(
      'First name must be at most 100 characters',
    );
    expect(errorOf({ firstName: 'Ana\u0007', lastName: 'Cruz' }, 'firstName')).toMatch(/First name/);
    expect(errorOf({ type: 'company', membershipData: '{"category":"Regular"}' }, 'registeredName')).toBe(
      'Registered company name is required',
    );
    expect(
      membershipFormBodySchema.safeParse({ ...base, firstName: ' Ana ', lastName: 'Cruz' }).data,
    ).toMatchObject({
      firstName: 'Ana',
      lastName: 'Cruz',
    });
  });
});
