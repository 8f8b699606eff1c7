import type { MembershipCard } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

const cardKey = () => [...profileKeys.all, 'membership-card'] as const;

/** GET /members/card: the signed-in member's card, asked only while they are in good standing. */
export const useMembershipCard = (enabled: boolean) =>
  useQuery({
    queryKey: cardKey(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: MembershipCard }>('/members/card', { signal })).data,
    enabled,
  });

/** POST /members/card: a new card; the old one's QR code stops working. */
export function useRegenerateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: MembershipCard }>('/members/card', { method: 'POST' })).data,
    onSuccess: (card) => queryClient.setQueryData(cardKey(), card),
  });
}
