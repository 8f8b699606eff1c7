import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatPesos,
  formatTime,
  formatTimeOfDay,
} from './format';

describe('formatPesos (docs/product-rules.md "Money, dates and content")', () => {
  it('formats pesos with the sign, thousands separators and 2 decimals', () => {
    expect(formatPesos(15000)).toBe('₱15,000.00');
    expect(formatPesos(8000.5)).toBe('₱8,000.50');
    expect(formatPesos(1234567.891)).toBe('₱1,234,567.89');
    expect(formatPesos(999)).toBe('₱999.00');
  });

  it('gives the same text as Intl in en-PH', () => {
    const pesos = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });
    for (let centavos = 1; centavos < 100_000_000_000; centavos = Math.ceil(centavos * 1.37) + 3) {
      expect(formatPesos(centavos / 100)).toBe(pesos.format(centavos / 100));
    }
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
    expect(formatDateTime('2025-06-01T04:05:00Z')).toBe('June 1, 2025 at 12:05 PM');
    expect(formatDateTime('2025-12-31T16:00:00Z')).toBe('January 1, 2026 at 12:00 AM');
    expect(formatTimeOfDay('2025-06-01T20:30:00Z')).toBe('4:30 AM');
    expect(formatTimeOfDay('not a date')).toBe('');
  });

  it('shows a bare calendar date as that day, whatever the time zone', () => {
    expect(formatDate('2025-06-02')).toBe('June 2, 2025');
    expect(formatMonthYear('2025-09-30')).toBe('Sep 2025');
    expect(formatMonthYear('not a date')).toBe('');
  });

  it('gives the same text as Intl in en-US and Asia/Manila', () => {
    const dateTime = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Manila',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    for (
      let instant = Date.UTC(2024, 0, 1, 3, 7);
      instant < Date.UTC(2026, 0, 1);
      instant += 37 * 3_600_000
    ) {
      // Intl may put a narrow no-break space before AM/PM; the site writes a plain space.
      expect(formatDateTime(new Date(instant))).toBe(dateTime.format(instant).replace('\u202f', ' '));
    }
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
