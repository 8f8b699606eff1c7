import type { DuesStatementListResponse, DuesStatementView } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { profileKeys } from './profile-keys';

const duesKey = () => [...profileKeys.all, 'dues'] as const;

/** GET /dues/statements: the signed-in member's statements, newest first, and how to pay them. */
export const useOwnStatements = () =>
  useQuery({
    queryKey: duesKey(),
    queryFn: async ({ signal }) => {
      const body = await apiRequest<DuesStatementListResponse>('/dues/statements', {
        query: { limit: 100 },
        signal,
      });
      return body.data;
    },
  });

export type ProofInput = {
  statementId: string;
  fields: { method: string; reference: string; amount: number; paid_on: string };
  file: File;
};

/** POST /dues/statements/{id}/proof (multipart): a payment with its proof, for the secretariat to verify. */
export function useSubmitProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ statementId, fields, file }: ProofInput) => {
      const body = toFormData({ ...fields, file });
      const response = await apiRequest<{ data: DuesStatementView }>(
        `/dues/statements/${statementId}/proof`,
        {
          method: 'POST',
          body,
        },
      );
      return response.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/**
 * POST /dues/statements/{id}/checkout: the gateway's payment page for the statement's balance,
 * where the member is sent; they come back to /profile?payment=done#dues.
 */
export const useStartCheckout = () =>
  useMutation({
    mutationFn: async (statementId: string) =>
      (
        await apiRequest<{ data: { url: string } }>(`/dues/statements/${statementId}/checkout`, {
          method: 'POST',
        })
      ).data.url,
    onSuccess: (url) => window.location.assign(url),
  });

/**
 * Back from the gateway's page (`?payment=done`): the member's pending online payments are asked
 * about at once (POST /dues/checkouts/check), so the receipt shows without waiting for the
 * gateway's notification.
 */
export function useConfirmReturnedPayment(returned: boolean) {
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: async () =>
      (
        await apiRequest<{ data: { checked: number; applied: number } }>('/dues/checkouts/check', {
          method: 'POST',
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
  const { mutate } = check;
  useEffect(() => {
    if (returned) mutate();
  }, [returned, mutate]);
  /** Whether the payment the member came back from is recorded already. */
  return (check.data?.applied ?? 0) > 0;
}
