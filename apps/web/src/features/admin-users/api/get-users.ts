import type { AdminUserListResponse } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type AdminUsersQuery, userKeys } from './user-keys';

/** GET /api/users/get-all with the address's page, sort, search and filters (spec 000 §7). */
export const adminUsersQueryOptions = (query: AdminUsersQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: async ({ signal }) => {
      const body = await apiRequest<AdminUserListResponse>('/users/get-all', { query, signal });
      return body.data;
    },
    // Paging and filtering keep the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminUsers = (query: AdminUsersQuery) => useQuery(adminUsersQueryOptions(query));
