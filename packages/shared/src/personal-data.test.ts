import { describe, expect, it } from 'vitest';
import { maskPrcNumber } from './personal-data';

describe('maskPrcNumber', () => {
  it('keeps the last two digits and the length', () => {
    expect(maskPrcNumber('0012367')).toBe('•••••67');
    expect(maskPrcNumber('1234567')).toHaveLength(7);
  });

  it('hides a number of two characters or fewer whole, and leaves nothing of an empty one', () => {
    expect(maskPrcNumber('12')).toBe('••');
    expect(maskPrcNumber('7')).toBe('•');
    expect(maskPrcNumber('')).toBe('');
  });

  it('never contains the hidden digits', () => {
    expect(maskPrcNumber('9876543')).not.toMatch(/[98765]/);
  });
});
