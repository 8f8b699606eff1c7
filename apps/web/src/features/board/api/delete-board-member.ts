import type { BoardMemberDeleteResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { boardKeys } from './board-keys';

/** DELETE /boards/admin/delete-board-member/{id}; the server removes the member's image files too. */
export function useDeleteBoardMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<BoardMemberDeleteResponse>(`/boards/admin/delete-board-member/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardKeys.all }),
  });
}
