import type { ResetPasswordBody } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/reset-password with the single-use token from the e-mailed link. */
export async function resetPassword(body: ResetPasswordBody) {
  await apiRequest<unknown>('/auth/reset-password', { method: 'POST', body });
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
