import type { AdminAuditListResponse } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** GET /users/admin/audit/{userId}: what admins changed on the user, newest first (decision 024). */
export const userAuditQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: userKeys.audit(userId, page),
    queryFn: async ({ signal }) => {
      const body = await apiRequest<AdminAuditListResponse>(
        `/users/admin/audit/${encodeURIComponent(userId)}`,
        { query: { page }, signal },
      );
      return body.data;
    },
    // The next page replaces this one only once it has arrived.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useUserAudit = (userId: string, page: number) => useQuery(userAuditQueryOptions(userId, page));
