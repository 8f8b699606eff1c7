import { describe, expect, it } from 'vitest';
import { manilaDateString } from './dates';

describe('manilaDateString', () => {
  it('uses the Manila calendar date, eight hours ahead of UTC', () => {
    expect(manilaDateString(new Date('2026-03-01T15:59:00Z'))).toBe('2026-03-01');
    expect(manilaDateString(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });
});
