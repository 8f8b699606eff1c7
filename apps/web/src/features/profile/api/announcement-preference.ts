import type { AnnouncementPreference } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** PUT /announcements/preference: whether this account receives announcements; the profile is read again. */
export function useAnnouncementPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AnnouncementPreference) =>
      (
        await apiRequest<{ data: AnnouncementPreference }>('/announcements/preference', {
          method: 'PUT',
          body,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
