import type { ForgotPasswordBody, MessageResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /auth/resend-confirmation: a new confirmation link for an account whose e-mail is not
 * confirmed yet; the answer is the same whether or not there is such an account.
 */
export async function resendConfirmation(body: ForgotPasswordBody) {
  const response = await apiRequest<MessageResponse>('/auth/resend-confirmation', { method: 'POST', body });
  return response.data.message;
}

export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
