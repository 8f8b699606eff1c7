import type { MyPrivacyRequest, PrivacyRequestListQuery, PrivacyRequestListResponse } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const keys = {
  all: ['privacy-requests'] as const,
  list: (query: PrivacyRequestListQuery) => [...keys.all, 'list', query] as const,
};

/** GET /privacy/admin/requests: a page of members' privacy requests. */
export function usePrivacyRequests(query: PrivacyRequestListQuery) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<PrivacyRequestListResponse>('/privacy/admin/requests', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

type Answer = { id: string; decision: 'approve' | 'reject'; text?: string };

/**
 * POST /privacy/admin/requests/{id}/approve or /reject. An erasure's approval may first ask
 * "Confirm it's you" (the api client's step-up, decision 061).
 */
export function useAnswerPrivacyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision, text }: Answer) =>
      (
        await apiRequest<{ data: MyPrivacyRequest }>(
          `/privacy/admin/requests/${encodeURIComponent(id)}/${decision}`,
          {
            method: 'POST',
            body: decision === 'reject' ? { reason: text } : text ? { answer: text } : {},
          },
        )
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
