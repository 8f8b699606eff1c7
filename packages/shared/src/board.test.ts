import { describe, expect, it } from 'vitest';
import {
  BOARD_MESSAGES,
  boardDescriptionPreview,
  boardSinceLabel,
  canonicalBoardPosition,
  groupBoardMembers,
} from './board';
import {
  BOARD_DESCRIPTION_PREVIEW_CHARS,
  BOARD_SKELETON,
  MISSING_DISPLAY_ORDER,
  PAGE_SIZES,
} from './constants';
import {
  BOARD_FIELD_MESSAGES,
  boardMemberCreateSchema,
  boardMemberListQuerySchema,
  boardMemberUpdateSchema,
} from './schemas/board';

describe('board constants (spec 001 §9)', () => {
  it('pages the admin table by 10, shows 4 officers and 8 trustees as skeletons, previews 50 characters', () => {
    expect(PAGE_SIZES.adminBoard).toBe(10);
    expect(BOARD_SKELETON).toEqual({ officers: 4, trustees: 8 });
    expect(BOARD_DESCRIPTION_PREVIEW_CHARS).toBe(50);
    expect(MISSING_DISPLAY_ORDER).toBe(999);
  });

  it('keeps the exact §8 and §5 strings', () => {
    expect(BOARD_MESSAGES).toMatchObject({
      createFailed: 'Failed to create board member. Please try again.',
      updateFailed: 'Failed to update board member. Please try again.',
      deleteFailed: 'Failed to delete board member. Please try again.',
      statusFailed: 'Failed to update member status. Please try again.',
      deleteConfirm: 'Are you sure you want to delete this board member?',
      noMembers: 'No board members found',
      noTrustees: 'No trustees available at this time',
    });
  });
});

describe('canonicalBoardPosition (docs/product-rules.md "Board")', () => {
  it('compares case- and punctuation-insensitively and answers the form spelling', () => {
    for (const spelling of [
      'Vice-President',
      'vice-president',
      'Vice President',
      'VICE_PRESIDENT',
      ' vice  president ',
    ]) {
      expect(canonicalBoardPosition(spelling), spelling).toBe('Vice President');
    }
    expect(canonicalBoardPosition('trustee')).toBe('Trustee');
    expect(canonicalBoardPosition('Treasurer.')).toBe('Treasurer');
  });

  it('knows only the six form positions', () => {
    expect(canonicalBoardPosition('Chairman')).toBeNull();
    expect(canonicalBoardPosition('')).toBeNull();
    expect(canonicalBoardPosition(null)).toBeNull();
    expect(canonicalBoardPosition('Vice')).toBeNull();
  });
});

describe('groupBoardMembers (spec 001 §2, §4)', () => {
  const member = (name: string, position: string, display_order: number | null = null, is_active = true) => ({
    name,
    position,
    display_order,
    is_active,
  });
  const names = (list: { name: string }[]) => list.map((entry) => entry.name);

  it('puts officers in Executive Leadership in the order President, Vice President, Treasurer, Secretary', () => {
    const groups = groupBoardMembers([
      member('Sec', 'Secretary', 1),
      member('Tre', 'treasurer', 2),
      member('VP', 'vice-president', 3),
      member('Pres', 'PRESIDENT', 4),
    ]);
    expect(names(groups.executives)).toEqual(['Pres', 'VP', 'Tre', 'Sec']);
    expect(groups.trustees).toEqual([]);
    expect(groups.members).toEqual([]);
  });

  it('sorts trustees by display_order, a missing order counting as 999', () => {
    const groups = groupBoardMembers([
      member('No order', 'Trustee', null),
      member('Last', 'Trustee', 1000),
      member('Second', 'trustee', 5),
      member('First', 'Trustee', 0),
      member('At 999', 'Trustee', 999),
    ]);
    // Stable: 'No order' (999) came before 'At 999', so it stays before it.
    expect(names(groups.trustees)).toEqual(['First', 'Second', 'No order', 'At 999', 'Last']);
  });

  it('puts Member and unknown positions in the general members group, by display_order', () => {
    const groups = groupBoardMembers([
      member('Adviser', 'Technical Adviser', 2),
      member('Plain', 'Member', null),
      member('Chair', 'Chairman', 1),
    ]);
    expect(names(groups.members)).toEqual(['Chair', 'Adviser', 'Plain']);
    expect(groups.executives).toEqual([]);
  });

  it('leaves inactive members out', () => {
    const groups = groupBoardMembers([
      member('Active', 'Trustee', 1),
      member('Retired', 'Trustee', 2, false),
      member('Old president', 'President', 1, false),
    ]);
    expect(names(groups.trustees)).toEqual(['Active']);
    expect(groups.executives).toEqual([]);
  });
});

describe('board display rules', () => {
  it('previews the first 50 characters of a description plus an ellipsis', () => {
    const long = 'Geologist with thirty years in porphyry copper exploration across Luzon.';
    expect(boardDescriptionPreview(long)).toBe(`${long.slice(0, 50)}...`);
    expect(boardDescriptionPreview('x'.repeat(50))).toBe('x'.repeat(50));
    expect(boardDescriptionPreview(null)).toBe('');
    // Characters, not UTF-16 units: an accented or astral character is never cut in half.
    expect(boardDescriptionPreview(`${'ñ'.repeat(49)}🪨🪨`)).toBe(`${'ñ'.repeat(49)}🪨...`);
  });

  it("labels trustee_since 'Trustee Since' for trustees and '{position} Since' otherwise", () => {
    expect(boardSinceLabel('trustee')).toBe('Trustee Since');
    expect(boardSinceLabel('Vice-President')).toBe('Vice President Since');
    expect(boardSinceLabel('Member')).toBe('Member Since');
    expect(boardSinceLabel(' Adviser ')).toBe('Adviser Since');
  });
});

describe('board member form schema (spec 001 §5)', () => {
  const errors = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

  it('requires name, title and position with their messages', () => {
    expect(errors(boardMemberCreateSchema.safeParse({ name: '  ', title: '' }))).toEqual({
      name: 'Name is required',
      title: 'Title is required',
      position: 'Position is required',
    });
  });

  it('stores the canonical position and defaults the optional fields, is_active to true', () => {
    expect(
      boardMemberCreateSchema.parse({ name: ' Ana Cruz ', title: 'Geologist', position: 'vice-president' }),
    ).toEqual({
      name: 'Ana Cruz',
      title: 'Geologist',
      position: 'Vice President',
      description: null,
      trustee_since: null,
      display_order: null,
      is_active: true,
    });
  });

  it('reads multipart text: numbers, dates and booleans', () => {
    expect(
      boardMemberCreateSchema.parse({
        name: 'A',
        title: 'T',
        position: 'Trustee',
        description: '',
        trustee_since: '2020-02-29',
        display_order: '0',
        is_active: 'false',
      }),
    ).toMatchObject({ description: null, trustee_since: '2020-02-29', display_order: 0, is_active: false });
  });

  it('refuses bad optional values with the field message', () => {
    const base = { name: 'A', title: 'T', position: 'Trustee' };
    const messageFor = (field: string, value: unknown) =>
      errors(boardMemberCreateSchema.safeParse({ ...base, [field]: value }))[field];
    expect(messageFor('position', 'Chairman')).toBe(BOARD_FIELD_MESSAGES.positionInvalid);
    expect(messageFor('display_order', '-1')).toBe('Display order must be 0 or more');
    expect(messageFor('display_order', 'ten')).toBe('Display order must be a number');
    expect(messageFor('display_order', '1.5')).toBe('Display order must be a whole number');
    expect(messageFor('trustee_since', '2021-02-29')).toBe(BOARD_FIELD_MESSAGES.trusteeSinceInvalid);
    expect(messageFor('trustee_since', 'last June')).toBe(BOARD_FIELD_MESSAGES.trusteeSinceInvalid);
    expect(messageFor('is_active', 'yes')).toBe('Active must be true or false');
  });

  it('updates only the fields sent, a blank optional field clearing its value', () => {
    expect(boardMemberUpdateSchema.parse({ is_active: 'false' })).toEqual({ is_active: false });
    expect(boardMemberUpdateSchema.parse({ description: ' ', display_order: '', trustee_since: '' })).toEqual(
      {
        description: null,
        display_order: null,
        trustee_since: null,
      },
    );
    expect(errors(boardMemberUpdateSchema.safeParse({ name: '' }))).toEqual({ name: 'Name is required' });
  });

  it('reads the admin list query, any position spelling and an empty "All" filter', () => {
    expect(boardMemberListQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(
      boardMemberListQuerySchema.parse({ position: 'Vice-President', is_active: 'false' }),
    ).toMatchObject({
      position: 'Vice President',
      is_active: false,
    });
    expect(boardMemberListQuerySchema.parse({ position: '' }).position).toBeUndefined();
  });
});
