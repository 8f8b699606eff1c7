import { describe, expect, it } from 'vitest';
import { manilaDateString, SITE_TIME_ZONE, SITE_UTC_OFFSET_MINUTES } from './dates';

describe('manilaDateString', () => {
  it('uses the Manila calendar date, eight hours ahead of UTC', () => {
    expect(manilaDateString(new Date('2026-03-01T15:59:00Z'))).toBe('2026-03-01');
    expect(manilaDateString(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });
});

describe('SITE_UTC_OFFSET_MINUTES', () => {
  it("is the site time zone's offset on every day of the years the site shows", () => {
    const wallClock = new Intl.DateTimeFormat('en-US', {
      timeZone: SITE_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    for (let day = Date.UTC(1991, 0, 1); day < Date.UTC(2040, 0, 1); day += 86_400_000) {
      const parts = Object.fromEntries(
        wallClock.formatToParts(day).map((part) => [part.type, Number(part.value)]),
      );
      const asUtc = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute);
      expect((asUtc - day) / 60_000).toBe(SITE_UTC_OFFSET_MINUTES);
    }
  });
});
