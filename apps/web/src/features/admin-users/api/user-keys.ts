import type { adminUserListQuerySchema } from '@portal/shared';
import type { ListQuery } from '@/components/admin-list/use-list-params';

export type AdminUsersQuery = ListQuery<typeof adminUserListQuerySchema>;

/**
 * Every cache key of the admin users screen: a change to a user or a membership invalidates
 * `userKeys.all`, which covers every page and filter of the table, every memberships editor and
 * every user's history.
 */
export const userKeys = {
  all: ['admin-users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: AdminUsersQuery) => [...userKeys.lists(), query] as const,
  memberships: (userId: string) => [...userKeys.all, 'memberships', userId] as const,
  audit: (userId: string, page: number) => [...userKeys.all, 'audit', userId, page] as const,
  application: (membershipId: string) => [...userKeys.all, 'application', membershipId] as const,
};
