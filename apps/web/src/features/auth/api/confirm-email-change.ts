import type { ConfirmEmailChangeBody, ConfirmEmailChangeResult } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /users/confirm-email-change with the single-use token of the link sent to the new address. */
export async function confirmEmailChange(body: ConfirmEmailChangeBody) {
  return (
    await apiRequest<{ data: ConfirmEmailChangeResult }>('/users/confirm-email-change', {
      method: 'POST',
      body,
    })
  ).data;
}

export const useConfirmEmailChange = () => useMutation({ mutationFn: confirmEmailChange });
