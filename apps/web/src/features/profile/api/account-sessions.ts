import type { AccountSession, AccountSessionsResponse, MessageResponse } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

const sessionsKey = () => [...profileKeys.all, 'sessions'] as const;

/** GET /auth/sessions: the signed-in user's own sessions, the most recently used first. */
export const useAccountSessions = () =>
  useQuery({
    queryKey: sessionsKey(),
    queryFn: async ({ signal }): Promise<AccountSession[]> =>
      (await apiRequest<AccountSessionsResponse>('/auth/sessions', { signal })).data,
  });

/** DELETE /auth/sessions/{id}, or POST /auth/sessions/sign-out-others without an id; the list is read again. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string | 'others') =>
      (
        await (sessionId === 'others'
          ? apiRequest<MessageResponse>('/auth/sessions/sign-out-others', { method: 'POST' })
          : apiRequest<MessageResponse>(`/auth/sessions/${encodeURIComponent(sessionId)}`, {
              method: 'DELETE',
            }))
      ).data.message,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey() }),
  });
}
