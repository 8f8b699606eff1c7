import type { UndoEmailChangeBody, UndoEmailChangeResult } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /users/undo-email-change with the single-use token of the notice sent to the old address. */
export async function undoEmailChange(body: UndoEmailChangeBody) {
  return (
    await apiRequest<{ data: UndoEmailChangeResult }>('/users/undo-email-change', { method: 'POST', body })
  ).data;
}

export const useUndoEmailChange = () => useMutation({ mutationFn: undoEmailChange });
