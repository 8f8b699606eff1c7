import type { Representative, RepresentativeInput } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** PUT /reps/update-reps (spec 000 §7): the whole list, new photos as data-URLs with hasNewAvatar. */
export function useUpdateRepresentatives() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (repsData: RepresentativeInput[]) => {
      const response = await apiRequest<{ data: Representative[] }>('/reps/update-reps', {
        method: 'PUT',
        body: { repsData },
      });
      return response.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
