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

/**
 * DELETE /auth/2fa/totp: the authenticator app off (staff only while a passkey remains). With
 * `passkeysLeft`, two-step sign-in stays on through them.
 */
export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_: { passkeysLeft: boolean }) => apiRequest<void>('/auth/2fa/totp', { method: 'DELETE' }),
    onSuccess: (_answer, { passkeysLeft }) => {
      const { user, setUser } = useSessionStore.getState();
      if (user && !passkeysLeft)
        setUser({
          ...user,
          secondFactor: { required: user.secondFactor?.required ?? false, enrolled: false },
        });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
  });
}
