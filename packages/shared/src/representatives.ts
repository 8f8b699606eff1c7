import { REPRESENTATIVE_LIMITS } from './constants';

/** spec 000 §5: a Regular company may name up to 4 representatives, every other company up to 2. */
export function maxRepresentatives(category: string | null | undefined): number {
  return category === 'Regular' ? REPRESENTATIVE_LIMITS.Regular : REPRESENTATIVE_LIMITS.other;
}

export const REPRESENTATIVE_RULE_MESSAGES = {
  atLeastOne: 'At least one representative is required',
  tooMany: (category: string, max: number) => `${category} members may have up to ${max} representatives`,
  oneVoting: 'Only one voting representative is allowed',
  votingRequired: 'Choose one voting representative',
} as const;

/**
 * The list-wide representative rules (spec 000 §5, docs/product-rules.md "Representatives"), the
 * same for the membership form, the representatives editor and admin create-user, on both sides:
 * the first broken rule's message, or null when the list is allowed. `representatives` is the list
 * that will be kept (soft-deleted ones left out).
 *
 * `votingRequired`: the list must have its voting representative, not only at most one. The
 * forms that name a company's whole list (the membership form, admin create-user) ask for it, and
 * the server holds the membership form to it; stored lists may have none (types set to none
 * before voting existed, shown as "Other"), so the representatives editor does not.
 */
export function representativeRuleProblem(
  category: string,
  representatives: readonly { type?: string | null }[],
  { votingRequired = false }: { votingRequired?: boolean } = {},
): string | null {
  if (representatives.length < REPRESENTATIVE_LIMITS.minimum) return REPRESENTATIVE_RULE_MESSAGES.atLeastOne;
  const max = maxRepresentatives(category);
  if (representatives.length > max) return REPRESENTATIVE_RULE_MESSAGES.tooMany(category, max);
  const voting = representatives.filter((representative) => representative.type === 'voting').length;
  if (voting > REPRESENTATIVE_LIMITS.maxVoting) return REPRESENTATIVE_RULE_MESSAGES.oneVoting;
  if (votingRequired && voting === 0) return REPRESENTATIVE_RULE_MESSAGES.votingRequired;
  return null;
}

/** spec 000 §5: the first default representative is voting, added ones non-voting. */
export function defaultRepresentativeType(index: number): 'voting' | 'non-voting' {
  return index === 0 ? 'voting' : 'non-voting';
}

/**
 * The type of a representative added to a list (spec 000 §5): non-voting, unless no one kept on
 * the list votes (the first one, or after the voting one was removed), since a list has one voting
 * representative.
 */
export function addedRepresentativeType(kept: readonly { type?: string | null }[]): 'voting' | 'non-voting' {
  return kept.some((representative) => representative.type === 'voting') ? 'non-voting' : 'voting';
}

/** spec 000 §3: the address is house no., street, city and postal code joined by ', ', blanks skipped. */
export function buildAddress(parts: {
  houseNo?: string | null;
  street?: string | null;
  city?: string | null;
  postalCode?: string | null;
}): string {
  return [parts.houseNo, parts.street, parts.city, parts.postalCode]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
}
