import type { ConsentChange, MyConsents } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

const consentKeys = { mine: () => [...profileKeys.all, 'consents'] as const };

/** GET /me/consents: each consent's current state and the notice version accepted. */
export function useMyConsents() {
  return useQuery({
    queryKey: consentKeys.mine(),
    queryFn: async () => (await apiRequest<{ data: MyConsents }>('/me/consents')).data,
  });
}

/** PUT /me/consents/{purpose}: gives or withdraws one; the answer is the new state of all. */
export function useChangeConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ purpose, given }: ConsentChange & { purpose: string }) =>
      (
        await apiRequest<{ data: MyConsents }>(`/me/consents/${encodeURIComponent(purpose)}`, {
          method: 'PUT',
          body: { given },
        })
      ).data,
    onSuccess: (consents) => {
      queryClient.setQueryData(consentKeys.mine(), consents);
      // The profile's own copy (receivesAnnouncements) is read again.
      void queryClient.invalidateQueries({ queryKey: profileKeys.userData() });
    },
  });
}
