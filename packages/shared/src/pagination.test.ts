import { describe, expect, it } from 'vitest';
import { adminPageNumbers } from './pagination';

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
