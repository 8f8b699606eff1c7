import type { BoardMemberListResponse } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type AdminBoardQuery, boardKeys } from './board-keys';

/** GET /api/boards/get-board-members with no parameters: every active member (spec 001 §7). */
export const publicBoardMembersQueryOptions = () =>
  queryOptions({
    queryKey: boardKeys.public(),
    queryFn: async ({ signal }) => {
      const body = await apiRequest<BoardMemberListResponse>('/boards/get-board-members', { signal });
      return body.data.boardMembers;
    },
  });

export const usePublicBoardMembers = () => useQuery(publicBoardMembersQueryOptions());

/**
 * The admin call (spec 001 §7, §9): page, search, position and is_active (only when set) as the
 * address has them; the position goes as the filter spells it ('Vice-President'), which the
 * server compares with any spelling. The server's page size is the spec's 10.
 */
export const adminBoardMembersQueryOptions = (query: AdminBoardQuery) =>
  queryOptions({
    queryKey: boardKeys.adminList(query),
    queryFn: async ({ signal }) => {
      const body = await apiRequest<BoardMemberListResponse>('/boards/get-board-members', { query, signal });
      return body.data;
    },
    // Paging and filtering keep the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminBoardMembers = (query: AdminBoardQuery) =>
  useQuery(adminBoardMembersQueryOptions(query));
