import type {
  ApplicationDecision,
  ApplicationDecisionResponse,
  MembershipApplicationResponse,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** GET /memberships/application/{id}: the application under review, as the applicant submitted it. */
export const useMembershipApplication = (membershipId: string) =>
  useQuery({
    queryKey: userKeys.application(membershipId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<MembershipApplicationResponse>(
          `/memberships/application/${encodeURIComponent(membershipId)}`,
          { signal },
        )
      ).data,
    staleTime: 0,
  });

export type ApplicationDecisionRequest = { ids: string[]; status: ApplicationDecision; reason?: string };

/**
 * POST /memberships/decisions: approve or reject applications, one or many, each answered with
 * what became of it. The users table, its membership column and every open editor are read again.
 */
export function useDecideApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ApplicationDecisionRequest) =>
      (
        await apiRequest<ApplicationDecisionResponse>('/memberships/decisions', {
          method: 'POST',
          body: request,
        })
      ).data.results,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
