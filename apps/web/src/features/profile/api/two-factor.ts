import type { RecoveryCodes, TwoFactorStatus } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { twoFactorStatusKey } from '@/lib/two-factor';

/** GET /auth/2fa: whether two-step sign-in is on, the recovery codes left, and whether it must be. */
export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: twoFactorStatusKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: TwoFactorStatus }>('/auth/2fa', { signal })).data,
  });

/** POST /auth/2fa/recovery-codes: ten new codes, the old ones void (asks "Confirm it's you" when due). */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: RecoveryCodes }>('/auth/2fa/recovery-codes', { method: 'POST' })).data
        .recoveryCodes,
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
  });
}

/** DELETE /auth/2fa/totp: two-step sign-in off (members only; staff must keep it). */
export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/auth/2fa/totp', { method: 'DELETE' }),
    onSuccess: () => {
      const { user, setUser } = useSessionStore.getState();
      if (user)
        setUser({
          ...user,
          secondFactor: { required: user.secondFactor?.required ?? false, enrolled: false },
        });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
  });
}
