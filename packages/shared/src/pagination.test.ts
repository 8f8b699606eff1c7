import { describe, expect, it } from 'vitest';
import { adminPageNumbers, publicPageNumbers, showingText } from './pagination';

describe('adminPageNumbers (up to 5 page buttons)', () => {
  it('shows every page when there are five or fewer', () => {
    expect(adminPageNumbers(1, 1)).toEqual([1]);
    expect(adminPageNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(adminPageNumbers(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the current page in the middle of five, and the window inside the pages', () => {
    expect(adminPageNumbers(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(adminPageNumbers(3, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(adminPageNumbers(4, 20)).toEqual([2, 3, 4, 5, 6]);
    expect(adminPageNumbers(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(adminPageNumbers(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('treats an empty list as one page and clamps a page past the end', () => {
    expect(adminPageNumbers(1, 0)).toEqual([1]);
    expect(adminPageNumbers(9, 3)).toEqual([1, 2, 3]);
  });
});

describe("showingText ('Showing x to y of z …', spec 001 §2)", () => {
  it('counts the rows of the page shown, with the noun passed in', () => {
    expect(showingText({ page: 1, limit: 10, total: 23, noun: 'members' })).toBe(
      'Showing 1 to 10 of 23 members',
    );
    expect(showingText({ page: 3, limit: 10, total: 23, noun: 'members' })).toBe(
      'Showing 21 to 23 of 23 members',
    );
    expect(showingText({ page: 2, limit: 8, total: 16, noun: 'events' })).toBe(
      'Showing 9 to 16 of 16 events',
    );
  });

  it('says 0 to 0 for an empty list, and never counts past the total on a page past the end', () => {
    expect(showingText({ page: 1, limit: 10, total: 0, noun: 'users' })).toBe('Showing 0 to 0 of 0 users');
    expect(showingText({ page: 5, limit: 10, total: 23, noun: 'members' })).toBe(
      'Showing 23 to 23 of 23 members',
    );
  });
});

describe('publicPageNumbers', () => {
  it('shows first, last and current ±1 with ellipses for longer gaps', () => {
    expect(publicPageNumbers(1, 1)).toEqual([1]);
    expect(publicPageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(publicPageNumbers(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(publicPageNumbers(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(publicPageNumbers(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
    // A gap of one page shows the page instead of an ellipsis.
    expect(publicPageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
  });
});
