import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  formBoolean,
  isCalendarDate,
  optionalDate,
  optionalNumber,
  optionalText,
  requiredText,
} from './common';
import { pageQuerySchema, queryText, searchQuerySchema } from './query';

describe('form field helpers', () => {
  it('requires non-blank text and bounds its length', () => {
    const name = requiredText('Name', 'Name is required', 5);
    expect(name.parse('  Ana ')).toBe('Ana');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse('Ana Cruz').error?.issues[0]?.message).toBe('Name must be at most 5 characters');
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Name must be text');
    expect(name.safeParse(['Ana']).error?.issues[0]?.message).toBe('Name must be text');
  });

  it('refuses NUL and the other control characters no one types, in text and in a search', () => {
    const name = requiredText('Name', 'Name is required');
    const note = optionalText('Note', 100);
    for (const character of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']) {
      expect(name.safeParse(`Ana${character}`).error?.issues[0]?.message).toBe(
        'Name must not contain control characters',
      );
      expect(note.safeParse(`a${character}b`).error?.issues[0]?.message).toBe(
        'Note must not contain control characters',
      );
      expect(searchQuerySchema.safeParse(character).error?.issues[0]?.message).toBe(
        'Search must not contain control characters',
      );
    }
  });

  // A single-line field refuses tab and line breaks too; a multi-line one (About,
  // description, content) takes them, as a person types them.
  it('refuses tab and line breaks in single-line text only', () => {
    const name = requiredText('Name', 'Name is required');
    const about = optionalText('About', 100, 'multi');
    for (const character of ['\t', '\n', '\r']) {
      expect(name.safeParse(`Ana${character}Cruz`).error?.issues[0]?.message).toBe(
        'Name must not contain control characters',
      );
      expect(optionalText('Note', 100).safeParse(`a${character}b`).success).toBe(false);
      expect(queryText('Author').safeParse(`a${character}b`).success).toBe(false);
    }
    expect(about.parse('line one\r\n\tline two')).toBe('line one\r\n\tline two');
    expect(about.safeParse('line\u0000').error?.issues[0]?.message).toBe(
      'About must not contain control characters',
    );
  });

  it("says 'required' only when the value is absent, and 'must be text' for another type", () => {
    const name = requiredText('Name', 'Name is required');
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse(null).error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse('').error?.issues[0]?.message).toBe('Name is required');
    for (const wrongType of [42, true, ['Ana'], { name: 'Ana' }]) {
      expect(name.safeParse(wrongType).error?.issues[0]?.message).toBe('Name must be text');
    }
  });

  // z.coerce once took `0x10` as 16 and `1e3` as 1000.
  it('reads page and limit only as plain decimal integers', () => {
    const query = z.object(pageQuerySchema(20));
    expect(query.parse({})).toEqual({ page: 1, limit: 20 });
    expect(query.parse({ page: '3', limit: '05' })).toEqual({ page: 3, limit: 5 });
    for (const notPlain of ['0x10', '1e3', '1.0', ' 5', '+5', '-1', '', 'Infinity', '0b11', '1_000']) {
      expect(query.safeParse({ page: notPlain }).error?.issues[0]?.message, notPlain).toMatch(
        /^Page must be/,
      );
    }
    expect(query.safeParse({ page: ['1', '2'] }).error?.issues[0]?.message).toBe(
      'Page must be a whole number',
    );
    expect(query.safeParse({ page: '0' }).error?.issues[0]?.message).toBe('Page must be at least 1');
    expect(query.safeParse({ limit: '1000' }).error?.issues[0]?.message).toBe('Limit must be at most 100');
  });

  it('turns blank optional text, dates and numbers into null', () => {
    expect(optionalText('Note', 10).parse('  ')).toBeNull();
    expect(optionalText('Note', 10).safeParse(5).error?.issues[0]?.message).toBe('Note must be text');
    const since = optionalDate('Since', 'Invalid date');
    expect(since.parse('')).toBeNull();
    expect(since.parse('2020-02-29')).toBe('2020-02-29');
    expect(since.safeParse('2021-02-29').error?.issues[0]?.message).toBe('Invalid date');
    const order = optionalNumber(z.number('Not a number').int('Whole').min(0, 'Too small'));
    expect(order.parse(' ')).toBeNull();
    expect(order.parse(' 7 ')).toBe(7);
    expect(order.parse(3)).toBe(3);
    expect(order.safeParse('seven').error?.issues[0]?.message).toBe('Not a number');
    expect(order.safeParse('1.5').error?.issues[0]?.message).toBe('Whole');
    for (const notWritten of ['0x10', '1e3', 'Infinity', '0b11', '1_000']) {
      expect(order.safeParse(notWritten).error?.issues[0]?.message).toBe('Not a number');
    }
  });

  it('reads a form boolean from its text', () => {
    const flag = formBoolean('Must be true or false');
    expect(flag.parse('true')).toBe(true);
    expect(flag.parse(false)).toBe(false);
    expect(flag.safeParse('yes').error?.issues[0]?.message).toBe('Must be true or false');
  });
});

describe('isCalendarDate', () => {
  it.each(['2026-02-28', '2024-02-29', '1900-01-01'])('accepts %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each(['2026-02-30', '2026-13-01', '2026-00-10', '2025-02-29', '26-01-01', '2101-01-01', ''])(
    'refuses %s without throwing',
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
    },
  );
});
