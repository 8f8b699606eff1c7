import type { ForgotPasswordBody, MessageResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /auth/forgot-password (docs/product-rules.md "Accounts"): the same message whether or not
 * the e-mail belongs to an account, so the answer reveals nothing.
 */
export async function requestPasswordReset(body: ForgotPasswordBody) {
  const response = await apiRequest<MessageResponse>('/auth/forgot-password', { method: 'POST', body });
  return response.data.message;
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
