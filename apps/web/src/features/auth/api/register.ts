import type { MessageResponse, RegisterBody } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** spec 000 §7: POST /auth/register with username, email and password; a message comes back. */
export async function register(body: RegisterBody) {
  const response = await apiRequest<MessageResponse>('/auth/register', { method: 'POST', body });
  return response.data.message;
}

export const useRegister = () => useMutation({ mutationFn: register });
