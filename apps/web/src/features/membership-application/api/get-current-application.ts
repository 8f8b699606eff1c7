import type { UserData } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * What a member who has applied before holds now (GET /users/, spec 000 §7): the form of a
 * renewal starts from it, so sending it again changes only what they change (docs/decisions/023).
 */
export function useCurrentApplication(enabled: boolean) {
  return useQuery({
    queryKey: ['membership-application', 'current'],
    queryFn: ({ signal }) => apiRequest<UserData>('/users/', { signal }),
    enabled,
    // Always the data as it is now: a form started from an old copy would write the old values back.
    staleTime: 0,
    gcTime: 0,
  });
}
