// Kept apart from the Zod schemas: the public board page needs these rules, not Zod.
import { BOARD_DESCRIPTION_PREVIEW_CHARS, MISSING_DISPLAY_ORDER } from './constants';
import { BOARD_POSITIONS, type BoardPosition } from './enums';

/** The board strings of spec 001 §2, §5 and §8, exact. */
export const BOARD_MESSAGES = {
  createFailed: 'Failed to create board member. Please try again.',
  updateFailed: 'Failed to update board member. Please try again.',
  deleteFailed: 'Failed to delete board member. Please try again.',
  statusFailed: 'Failed to update member status. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this board member?',
  noMembers: 'No board members found',
  noTrustees: 'No trustees available at this time',
  notFound: 'Board member not found',
} as const;

/**
 * The officers of 'Executive Leadership', in the order the page shows them
 * (docs/product-rules.md "Board").
 */
export const EXECUTIVE_POSITIONS = [
  'President',
  'Vice President',
  'Treasurer',
  'Secretary',
] as const satisfies readonly BoardPosition[];

/**
 * Positions compare case- and punctuation-insensitively (docs/product-rules.md "Board"): the forms
 * say 'Vice President', the admin filter 'Vice-President', the public page also 'vice-president'.
 */
export const boardPositionKey = (position: string) => position.toLowerCase().replace(/[^a-z]/g, '');

const positionsByKey = new Map<string, BoardPosition>(
  BOARD_POSITIONS.map((position) => [boardPositionKey(position), position]),
);

/** The canonical spelling of a position ('vice-president' → 'Vice President'), or null if unknown. */
export function canonicalBoardPosition(position: string | null | undefined): BoardPosition | null {
  return positionsByKey.get(boardPositionKey(position ?? '')) ?? null;
}

type GroupableMember = { position: string; display_order: number | null; is_active?: boolean };

export type BoardGroups<Member> = {
  /** 'Executive Leadership': President, Vice President, Treasurer, Secretary. */
  executives: Member[];
  /** 'Board Trustees'. */
  trustees: Member[];
  /** The general members group: position Member, and any position the site does not know. */
  members: Member[];
};

const orderOf = (member: GroupableMember) => member.display_order ?? MISSING_DISPLAY_ORDER;

/**
 * The public page's grouping (spec 001 §4): inactive members are left out; officers in the
 * executive order; trustees and members by display_order ascending, a missing order counting as
 * 999. The sort is stable, so members with equal orders keep the order they came in.
 */
export function groupBoardMembers<Member extends GroupableMember>(
  members: readonly Member[],
): BoardGroups<Member> {
  const groups: BoardGroups<Member> = { executives: [], trustees: [], members: [] };
  for (const member of members) {
    if (member.is_active === false) continue;
    const position = canonicalBoardPosition(member.position);
    if (position && (EXECUTIVE_POSITIONS as readonly string[]).includes(position)) {
      groups.executives.push(member);
    } else if (position === 'Trustee') {
      groups.trustees.push(member);
    } else {
      groups.members.push(member);
    }
  }
  const rank = (member: Member) =>
    (EXECUTIVE_POSITIONS as readonly string[]).indexOf(canonicalBoardPosition(member.position) ?? '');
  groups.executives.sort((a, b) => rank(a) - rank(b) || orderOf(a) - orderOf(b));
  groups.trustees.sort((a, b) => orderOf(a) - orderOf(b));
  groups.members.sort((a, b) => orderOf(a) - orderOf(b));
  return groups;
}

/** The admin table's description: the first 50 characters plus an ellipsis (spec 001 §9). */
export function boardDescriptionPreview(description: string | null | undefined): string {
  const characters = [...(description?.trim() ?? '')];
  if (characters.length <= BOARD_DESCRIPTION_PREVIEW_CHARS) return characters.join('');
  return `${characters.slice(0, BOARD_DESCRIPTION_PREVIEW_CHARS).join('')}...`;
}

/**
 * The detail modal's label for `trustee_since` (docs/product-rules.md "Board"): 'Trustee Since' for
 * trustees, '{position} Since' for everyone else ('President Since', 'Member Since').
 */
export function boardSinceLabel(position: string): string {
  return `${canonicalBoardPosition(position) ?? position.trim()} Since`;
}
