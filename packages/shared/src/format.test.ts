import { describe, expect, it } from 'vitest';
import {
  formatCentavos,
  formatClockTime,
  formatCount,
  formatDate,
  formatDateTime,
  formatDocumentDate,
  formatDocumentDateRange,
  formatHundredths,
  formatMonthYear,
  formatPesos,
  formatSortableDateTime,
  formatTime,
  formatTimeOfDay,
  formatTwoDecimals,
  formatWeekdayDate,
  formatWeekdayDateTime,
} from './format';

// Intl is the oracle here, never the implementation (format.ts says why): each format is checked
// against what Intl writes for the same instant in Asia/Manila.
const manila = (options: Intl.DateTimeFormatOptions, locale = 'en-PH') =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Manila', ...options });
// Some ICU versions put a narrow no-break space before AM/PM; the site writes a plain space.
const plain = (text: string) => text.replaceAll('\u202f', ' ');
/** An instant every 37 hours over three years, so every hour of the day and both year ends come up. */
const instants = () => {
  const all: number[] = [];
  for (let instant = Date.UTC(2024, 0, 1, 3, 7, 5); instant < Date.UTC(2027, 0, 1); instant += 37 * 3_600_000)
    all.push(instant);
  return all;
};

describe('counts', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1,000'],
    [1_204, '1,204'],
    [1_234_567, '1,234,567'],
    [-1_204, '-1,204'],
  ])('writes %i as %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it('gives the same text as Intl in en-PH', () => {
    const count = new Intl.NumberFormat('en-PH');
    for (let value = 1; value < 10_000_000_000; value = Math.ceil(value * 1.7) + 1)
      expect(formatCount(value)).toBe(count.format(value));
  });
});

describe('hundredths', () => {
  it.each([
    [0, '0.00', '0'],
    [5, '0.05', '0.05'],
    [150, '1.50', '1.5'],
    [200, '2.00', '2'],
    [1_225, '12.25', '12.25'],
    [-5, '-0.05', '-0.05'],
    [-150, '-1.50', '-1.5'],
    [123_456_789, '1234567.89', '1234567.89'],
  ])('writes %i as %s and %s', (hundredths, fixed, trimmed) => {
    expect(formatTwoDecimals(hundredths)).toBe(fixed);
    expect(formatHundredths(hundredths)).toBe(trimmed);
  });

  it('refuses fractions of a hundredth', () => {
    expect(() => formatTwoDecimals(1.5)).toThrow(RangeError);
  });
});

describe('centavos (docs/product-rules.md "Money, dates and content")', () => {
  it.each([
    [0, '₱0.00'],
    [1, '₱0.01'],
    [99, '₱0.99'],
    [100, '₱1.00'],
    [1_500_000, '₱15,000.00'],
    [123_456_789, '₱1,234,567.89'],
    [-1, '-₱0.01'],
    [-500, '-₱5.00'],
    [-123_456_789, '-₱1,234,567.89'],
    [900_719_925_474_099, '₱9,007,199,254,740.99'],
  ])('formats %i centavos as %s', (centavos, expected) => {
    expect(formatCentavos(centavos)).toBe(expected);
  });

  it('refuses fractions of a centavo', () => {
    expect(() => formatCentavos(10.5)).toThrow(RangeError);
    expect(() => formatCentavos(Number.NaN)).toThrow(RangeError);
  });
});

describe('prices in pesos', () => {
  it('formats pesos with the sign, thousands separators and 2 decimals', () => {
    expect(formatPesos(15000)).toBe('₱15,000.00');
    expect(formatPesos(8000.5)).toBe('₱8,000.50');
    expect(formatPesos(1234567.891)).toBe('₱1,234,567.89');
    expect(formatPesos(999)).toBe('₱999.00');
    expect(formatPesos(-1500)).toBe('-₱1,500.00');
  });

  it('gives the same text as Intl in en-PH', () => {
    const pesos = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });
    for (let centavos = 1; centavos < 100_000_000_000; centavos = Math.ceil(centavos * 1.37) + 3) {
      expect(formatPesos(centavos / 100)).toBe(pesos.format(centavos / 100));
      expect(formatCentavos(centavos)).toBe(pesos.format(centavos / 100));
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

describe('dates and times in Asia/Manila', () => {
  it('shows an instant on its Manila calendar day', () => {
    // 20:30 UTC on 1 June is 04:30 on 2 June in Manila (UTC+8).
    expect(formatDate('2025-06-01T20:30:00Z')).toBe('June 2, 2025');
    expect(formatDateTime('2025-06-01T20:30:00Z')).toBe('June 2, 2025 at 4:30 AM');
    expect(formatTimeOfDay(new Date('2025-06-01T20:30:00Z'))).toBe('4:30 AM');
  });

  it('writes midnight, noon and the turn of the year', () => {
    // Manila's midnight of 1 January 2026 is 16:00 UTC on 31 December.
    expect(formatDateTime('2025-12-31T16:00:00Z')).toBe('January 1, 2026 at 12:00 AM');
    expect(formatDateTime('2025-12-31T15:59:00Z')).toBe('December 31, 2025 at 11:59 PM');
    expect(formatDateTime('2025-06-01T04:00:00Z')).toBe('June 1, 2025 at 12:00 PM');
    expect(formatDateTime('2025-06-01T04:05:00Z')).toBe('June 1, 2025 at 12:05 PM');
    expect(formatClockTime('2025-12-31T16:00:00Z')).toBe('12:00:00 AM');
    expect(formatClockTime('2025-06-01T04:00:09Z')).toBe('12:00:09 PM');
    expect(formatSortableDateTime('2025-12-31T16:00:00Z')).toBe('2026-01-01 00:00');
    expect(formatSortableDateTime('2025-06-01T04:00:00Z')).toBe('2025-06-01 12:00');
    expect(formatWeekdayDateTime('2025-12-31T16:00:00Z')).toBe('Thursday, January 1, 2026 at 12:00 AM');
  });

  it('shows a bare calendar date as that day, whatever the time zone', () => {
    expect(formatDate('2025-06-02')).toBe('June 2, 2025');
    expect(formatDate('2026-12-31')).toBe('December 31, 2026');
    expect(formatWeekdayDate('2026-11-21')).toBe('Saturday, November 21, 2026');
    expect(formatMonthYear('2025-09-30')).toBe('Sep 2025');
    expect(formatMonthYear('not a date')).toBe('');
  });

  it('gives an empty string for empty or invalid values', () => {
    for (const value of [null, undefined, '', 'not a date', '2026-02-31'])
      expect([
        formatDate(value),
        formatDateTime(value),
        formatTimeOfDay(value),
        formatClockTime(value),
      ]).toEqual(['', '', '', '']);
  });

  it('writes every calendar day as Intl writes it in en-PH', () => {
    const long = new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'UTC' });
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      expect(formatDate(new Date(day).toISOString().slice(0, 10))).toBe(long.format(day));
    }
  });

  it('gives the same text as Intl for every format with a time', () => {
    const dateTime = manila({ dateStyle: 'long', timeStyle: 'short' });
    const weekdayDateTime = manila({ dateStyle: 'full', timeStyle: 'short' });
    const weekdayDate = manila({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, 'en-US');
    const clock = manila({ hour: 'numeric', minute: '2-digit', second: '2-digit' }, 'en-US');
    const timeOfDay = manila({ hour: 'numeric', minute: '2-digit' });
    const sortable = manila({ dateStyle: 'short', timeStyle: 'short' }, 'sv-SE');
    for (const instant of instants()) {
      const at = new Date(instant);
      expect(formatDateTime(at)).toBe(plain(dateTime.format(at)));
      expect(formatWeekdayDateTime(at)).toBe(plain(weekdayDateTime.format(at)));
      expect(formatWeekdayDate(at)).toBe(weekdayDate.format(at));
      expect(formatClockTime(at)).toBe(plain(clock.format(at)));
      expect(formatTimeOfDay(at)).toBe(plain(timeOfDay.format(at)));
      expect(formatSortableDateTime(at)).toBe(sortable.format(at));
    }
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

describe('dates as the PDF documents print them', () => {
  it('writes the day first', () => {
    expect(formatDocumentDate('2026-11-27')).toBe('27 November 2026');
    expect(formatDocumentDate('2027-01-01')).toBe('1 January 2027');
    expect(formatDocumentDate('2026-12-31')).toBe('31 December 2026');
  });

  it('refuses anything but a real calendar date', () => {
    for (const value of ['2026-02-31', '27/11/2026', '', '2026-11-27T00:00:00Z'])
      expect(() => formatDocumentDate(value)).toThrow(RangeError);
  });

  it('writes a range of days once per month and year', () => {
    expect(formatDocumentDateRange('2026-10-15', null)).toBe('15 October 2026');
    expect(formatDocumentDateRange('2026-10-15', '2026-10-15')).toBe('15 October 2026');
    expect(formatDocumentDateRange('2026-10-15', '2026-10-16')).toBe('15–16 October 2026');
    expect(formatDocumentDateRange('2026-10-30', '2026-11-02')).toBe('30 October – 2 November 2026');
    expect(formatDocumentDateRange('2026-12-30', '2027-01-02')).toBe('30 December 2026 – 2 January 2027');
  });
});
