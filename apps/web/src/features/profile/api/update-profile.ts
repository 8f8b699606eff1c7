import type { Profile, ProfileResponse, UpdateProfile } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { useSessionStore } from '@/lib/session-store';
import { toSessionUser } from '@/lib/session-user';
import { profileKeys } from './profile-keys';

export type UpdateProfileInput = {
  fields: Pick<
    UpdateProfile,
    | 'username'
    | 'phone'
    | 'facsimile'
    | 'address'
    | 'about'
    | 'firstName'
    | 'middleName'
    | 'lastName'
    | 'suffix'
    | 'registeredName'
    | 'tradeName'
    | 'tin'
    | 'billingAddress'
    | 'billingEmail'
  >;
  /** A new avatar (individual) or logo (company); without one the current picture stays. */
  picture: File | null;
  type: Profile['type'];
};

/**
 * PUT /users/update-profile (multipart, spec 000 §7). The header's username comes from the
 * session, so the stored user is replaced with the answer; the profile is read again after.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, picture, type }: UpdateProfileInput) => {
      const body = toFormData({
        ...fields,
        [type === 'company' ? 'logo' : 'avatar']: picture ?? undefined,
      });
      const response = await apiRequest<ProfileResponse>('/users/update-profile', { method: 'PUT', body });
      return response.data.profile;
    },
    onSuccess: (profile) => {
      useSessionStore.getState().setUser(toSessionUser(profile));
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
