import type { RecoveryCodes, TotpEnrolment } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { markTwoStepEnrolled, twoFactorStatusKey } from '@/lib/two-factor';

/** POST /auth/2fa/totp/enrol: a new secret to put in the authenticator app (decision 061). */
export const useStartTotpEnrolment = () =>
  useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: TotpEnrolment }>('/auth/2fa/totp/enrol', { method: 'POST' })).data,
  });

/**
 * POST /auth/2fa/totp/confirm: the app's first code turns two-step sign-in on; the ten recovery
 * codes come back, shown once.
 */
export function useConfirmTotpEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await apiRequest<{ data: RecoveryCodes }>('/auth/2fa/totp/confirm', {
          method: 'POST',
          body: { code },
        })
      ).data.recoveryCodes,
    onSuccess: () => {
      markTwoStepEnrolled();
      return queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
    },
  });
}
