import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPesos, formatTime } from './format';

describe('formatPesos (DECISIONS.md "Money")', () => {
  it('formats pesos with the sign, thousands separators and 2 decimals', () => {
    expect(formatPesos(15000)).toBe('₱15,000.00');
    expect(formatPesos(8000.5)).toBe('₱8,000.50');
  });

  it('accepts decimal strings from the API', () => {
    expect(formatPesos('3000.00')).toBe('₱3,000.00');
  });

  it("is 'Free' when the price is 0 or absent", () => {
    expect(formatPesos(0)).toBe('Free');
    expect(formatPesos('0.00')).toBe('Free');
    expect(formatPesos(null)).toBe('Free');
    expect(formatPesos(undefined)).toBe('Free');
  });
});

describe('dates in Asia/Manila', () => {
  it('shows an instant on its Manila calendar day', () => {
    // 20:30 UTC on 1 June is 04:30 on 2 June in Manila (UTC+8).
    expect(formatDate('2025-06-01T20:30:00Z')).toBe('June 2, 2025');
    expect(formatDateTime('2025-06-01T20:30:00Z')).toBe('June 2, 2025 at 4:30 AM');
  });

  it('shows a bare calendar date as that day, whatever the time zone', () => {
    expect(formatDate('2025-06-02')).toBe('June 2, 2025');
  });

  it('gives an empty string for empty or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('formats wall-clock times of events', () => {
    expect(formatTime('08:30')).toBe('8:30 AM');
    expect(formatTime('14:05:00')).toBe('2:05 PM');
    expect(formatTime('00:15')).toBe('12:15 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime(null)).toBe('');
    expect(formatTime('25:00')).toBe('');
  });
});
