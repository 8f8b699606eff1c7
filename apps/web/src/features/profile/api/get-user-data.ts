import type { UserData } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** GET /users/ (spec 000 §7): the profile, the company's representatives and the memberships. */
export const getUserData = (signal?: AbortSignal) => apiRequest<UserData>('/users/', { signal });

export function useUserData() {
  return useQuery({ queryKey: profileKeys.userData(), queryFn: ({ signal }) => getUserData(signal) });
}
