import type { ChangeEmailBody, ChangePasswordBody, MessageResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PUT /users/change-password: the server ends every other session and renews this one's cookies. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) =>
      (await apiRequest<MessageResponse>('/users/change-password', { method: 'PUT', body })).data.message,
  });
}

/** POST /users/change-email: a link goes to the new address; the old one stays until it is opened. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (body: ChangeEmailBody) =>
      (await apiRequest<MessageResponse>('/users/change-email', { method: 'POST', body })).data.message,
  });
}
