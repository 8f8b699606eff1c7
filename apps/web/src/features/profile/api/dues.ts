import type { DuesStatementListResponse, DuesStatementView } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
