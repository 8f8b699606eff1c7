import type { ProfileResponse } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The signed-in reader's profile with their memberships (GET /auth/session), for /membership. */
export function useOwnProfile(enabled: boolean) {
  return useQuery({
    queryKey: ['membership', 'own-profile'],
    queryFn: async () => (await apiRequest<ProfileResponse>('/auth/session')).data.profile,
    enabled,
  });
}
