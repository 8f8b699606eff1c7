import type { boardMemberListQuerySchema } from '@portal/shared';
import type { ListQuery } from '@/components/admin-list/use-list-params';

export type AdminBoardQuery = ListQuery<typeof boardMemberListQuerySchema>;

/**
 * Every cache key of the board's data, from one place: a write invalidates `boardKeys.all`, which
 * covers the public page and every page and filter of the admin table.
 */
export const boardKeys = {
  all: ['board-members'] as const,
  public: () => [...boardKeys.all, 'public'] as const,
  adminLists: () => [...boardKeys.all, 'admin'] as const,
  adminList: (query: AdminBoardQuery) => [...boardKeys.adminLists(), query] as const,
};
