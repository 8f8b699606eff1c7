import type {
  DuesStatementListResponse,
  IdResponse,
  MembershipListResponse,
  MembershipResponse,
  MembershipStatus,
} from '@portal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** GET /memberships/{userId}: the user's memberships, newest first. */
export const userMembershipsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.memberships(userId),
    queryFn: async ({ signal }) => {
      const body = await apiRequest<MembershipListResponse>(`/memberships/${encodeURIComponent(userId)}`, {
        signal,
      });
      return body.data.memberships;
    },
    staleTime: 0,
  });

export const useUserMemberships = (userId: string) => useQuery(userMembershipsQueryOptions(userId));

/** Membership changes show in the table's membership column too: every users query is read again. */
function useMembershipMutation<Input, Result>(mutationFn: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** PUT /memberships/update/{id}: pending, approved (starts the 12-month period) or rejected. */
export const useUpdateMembership = () =>
  useMembershipMutation(async ({ id, status }: { id: string; status: MembershipStatus }) => {
    const body = await apiRequest<MembershipResponse>(`/memberships/update/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: { status },
    });
    return body.data;
  });

/** DELETE /memberships/delete/{id}. */
export const useDeleteMembership = () =>
  useMembershipMutation(async (id: string) => {
    const body = await apiRequest<IdResponse>(`/memberships/delete/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    });
    return body.data;
  });

/** DELETE /members/cards/{membershipId}: the card's QR code stops working (in the audit log). */
export const useRevokeCard = () =>
  useMembershipMutation(async (membershipId: string) => {
    await apiRequest<null>(`/members/cards/${encodeURIComponent(membershipId)}`, { method: 'DELETE' });
  });

/** GET /dues/statements?userId=…: the member's newest statements, for their details. */
export const useUserStatements = (userId: string) =>
  useQuery({
    queryKey: [...userKeys.memberships(userId), 'statements'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<DuesStatementListResponse>('/dues/statements', {
          query: { userId, limit: 5 },
          signal,
        })
      ).data,
    staleTime: 0,
  });
