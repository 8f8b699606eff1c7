import type { BoardMemberListQuery, BoardMemberListResponse } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The admin table's filters as the query string carries them (is_active only when set). The
 * position goes as the filter spells it ('Vice-President'); the server compares any spelling.
 */
export type AdminBoardFilters = Pick<BoardMemberListQuery, 'page' | 'search' | 'is_active'> & {
  position?: string;
};

const boardMembersKey = ['board-members'] as const;

/** GET /api/boards/get-board-members with no parameters: every active member (spec 001 §7). */
export const publicBoardMembersQueryOptions = () =>
  queryOptions({
    queryKey: [...boardMembersKey, 'public'],
    queryFn: async ({ signal }) => {
      const body = await apiRequest<BoardMemberListResponse>('/boards/get-board-members', { signal });
      return body.data.boardMembers;
    },
  });

export const usePublicBoardMembers = () => useQuery(publicBoardMembersQueryOptions());

/** The admin call: page, limit 10, search, position and is_active (spec 001 §7, §9). */
export const adminBoardMembersQueryOptions = (filters: AdminBoardFilters) =>
  queryOptions({
    queryKey: [...boardMembersKey, 'admin', filters],
    queryFn: async ({ signal }) => {
      const body = await apiRequest<BoardMemberListResponse>('/boards/get-board-members', {
        query: {
          page: filters.page,
          search: filters.search,
          position: filters.position,
          is_active: filters.is_active,
        },
        signal,
      });
      return body.data;
    },
    // Paging and filtering keep the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminBoardMembers = (filters: AdminBoardFilters) =>
  useQuery(adminBoardMembersQueryOptions(filters));

/** After any change, every board list (the admin table and the public page) is read again. */
export const boardMembersQueryKey = boardMembersKey;
