import { type BoardMember, boardMemberListResponseSchema } from '@portal/shared';
import { answer } from '@/test/fake-api';
import { json } from '@/test/fixtures';

let nextId = 0;

/** A board member as GET /boards/get-board-members returns it; unique per call. */
export const makeBoardMember = (overrides: Partial<BoardMember>): BoardMember => ({
  id: `00000000-0000-4000-8000-${String(++nextId).padStart(12, '0')}`,
  name: 'Member',
  title: 'Geologist',
  position: 'Trustee',
  description: null,
  trustee_since: null,
  display_order: null,
  is_active: true,
  image_path: null,
  image_variants: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export { json };

/** GET /boards/get-board-members's answer, checked against the route's schema (test/fake-api.ts). */
export const listOf = (boardMembers: BoardMember[]) =>
  answer(boardMemberListResponseSchema, {
    data: {
      boardMembers,
      pagination: {
        page: 1,
        limit: 100,
        total: boardMembers.length,
        totalPages: 1,
        hasNext: false,
        hasPrev: false,
      },
    },
  });
