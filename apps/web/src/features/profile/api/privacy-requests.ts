import type { CorrectionRequestBody, ErasureRequestBody, MyPrivacyRequest } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

const requestKeys = { mine: () => [...profileKeys.all, 'privacy-requests'] as const };

/** GET /me/privacy-requests: the person's erasure and correction requests, newest first. */
export function useMyPrivacyRequests() {
  return useQuery({
    queryKey: requestKeys.mine(),
    queryFn: async () => (await apiRequest<{ data: MyPrivacyRequest[] }>('/me/privacy-requests')).data,
  });
}

function useCreateRequest<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) =>
      (await apiRequest<{ data: MyPrivacyRequest }>(path, { method: 'POST', body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.mine() }),
  });
}

/** POST /me/erasure-requests ("Delete my account"). */
export const useRequestErasure = () => useCreateRequest<ErasureRequestBody>('/me/erasure-requests');

/** POST /me/correction-requests ("Correct my data"). */
export const useRequestCorrection = () => useCreateRequest<CorrectionRequestBody>('/me/correction-requests');
