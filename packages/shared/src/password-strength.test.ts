import { describe, expect, it } from 'vitest';
import { isPasswordStrongEnough, scorePassword } from './password-strength';

describe('scorePassword (spec 000 §5)', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 1, 'Weak'],
    ['abcdefgh', 2, 'Fair'],
    ['abcdefgH', 3, 'Good'],
    ['abcdefH1', 4, 'Strong'],
    ['abcdeH1!', 5, 'Very Strong'],
    ['ABC1!', 3, 'Good'],
  ])('scores %j as %i (%s)', (password, score, label) => {
    expect(scorePassword(password)).toMatchObject({ score, label });
  });

  it('lists what is missing, in the order of the rules', () => {
    expect(scorePassword('abc').missing).toEqual([
      'at least 8 characters',
      'an uppercase letter',
      'a number',
      'a special character',
    ]);
    expect(scorePassword('abcdeH1!').missing).toEqual([]);
  });

  it('accepts Good and above only', () => {
    expect(isPasswordStrongEnough('abcdefgh')).toBe(false);
    expect(isPasswordStrongEnough('abcdefgH')).toBe(true);
  });
});
