import { ADMIN_MAX_PAGE_BUTTONS } from './constants';

/**
 * The page buttons of an admin table (spec 000 §9, spec 001 §9): at most five consecutive page
 * numbers, the current page as near the middle as the ends allow.
 */
export function adminPageNumbers(
  page: number,
  totalPages: number,
  maxButtons = ADMIN_MAX_PAGE_BUTTONS,
): number[] {
  const count = Math.min(maxButtons, Math.max(totalPages, 1));
  const current = Math.min(Math.max(page, 1), Math.max(totalPages, 1));
  const first = Math.max(1, Math.min(current - Math.floor(count / 2), Math.max(totalPages, 1) - count + 1));
  return Array.from({ length: count }, (_, index) => first + index);
}

/**
 * The footer of an admin table: 'Showing x to y of z {noun}' (spec 001 §2 writes it for the
 * board as 'Showing x to y of z members'; users, events and news pass their own noun).
 */
export function showingText({
  page,
  limit,
  total,
  noun,
}: {
  page: number;
  limit: number;
  total: number;
  noun: string;
}): string {
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * limit + 1);
  const to = Math.min(total, page * limit);
  return `Showing ${from} to ${to} of ${total} ${noun}`;
}

/**
 * The page buttons of a public list (spec 001 §9): the first, the last and the current page ±1,
 * with an ellipsis for every gap of more than one page (a gap of exactly one shows that page).
 */
export function publicPageNumbers(page: number, totalPages: number): (number | 'ellipsis')[] {
  const last = Math.max(totalPages, 1);
  const current = Math.min(Math.max(page, 1), last);
  const shown = [...new Set([1, current - 1, current, current + 1, last])]
    .filter((number) => number >= 1 && number <= last)
    .sort((a, b) => a - b);
  const result: (number | 'ellipsis')[] = [];
  for (const [index, number] of shown.entries()) {
    const previous = shown[index - 1];
    if (previous !== undefined && number - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && number - previous > 2) result.push('ellipsis');
    result.push(number);
  }
  return result;
}
