import type { ConfirmEmailBody, ProfileResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /auth/confirm-email with the token of the confirmation link: the server activates the
 * account, sets the session cookies and answers with the profile.
 */
export async function confirmEmail(body: ConfirmEmailBody) {
  return (await apiRequest<ProfileResponse>('/auth/confirm-email', { method: 'POST', body })).data.profile;
}

export const useConfirmEmail = () => useMutation({ mutationFn: confirmEmail });
