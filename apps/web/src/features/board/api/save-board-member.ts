import {
  BOARD_MEMBER_IMAGE_FIELD,
  type BoardMember,
  type BoardMemberCreate,
  type BoardMemberResponse,
} from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { boardMembersQueryKey } from './get-board-members';

/** The multipart body of create and update (spec 001 §7): every field as text, the image beside. */
function toFormData(fields: Partial<BoardMemberCreate>, image?: File | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    // A blank optional field clears it on the server.
    form.append(name, value === null ? '' : String(value));
  }
  if (image) form.append(BOARD_MEMBER_IMAGE_FIELD, image);
  return form;
}

export type SaveBoardMemberInput = {
  /** Absent to create a member. */
  id?: string;
  fields: BoardMemberCreate;
  /** A new picture; without one, an edited member keeps its current image (spec 001 §5). */
  image?: File | null;
};

/** POST create-board-member, or PUT update-board-member/{id}; every board list is read again after. */
export function useSaveBoardMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields, image }: SaveBoardMemberInput) => {
      const body = toFormData(fields, image);
      const response = id
        ? await apiRequest<BoardMemberResponse>(
            `/boards/admin/update-board-member/${encodeURIComponent(id)}`,
            {
              method: 'PUT',
              body,
            },
          )
        : await apiRequest<BoardMemberResponse>('/boards/admin/create-board-member', {
            method: 'POST',
            body,
          });
      return response.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardMembersQueryKey }),
  });
}

/**
 * The status badge (spec 001 §4, DECISIONS.md "Board"): the update call with is_active alone. On
 * success the member is replaced in the cached page at once, then the lists are read again.
 */
export function useToggleBoardMemberStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (member: BoardMember) => {
      const response = await apiRequest<BoardMemberResponse>(
        `/boards/admin/update-board-member/${encodeURIComponent(member.id)}`,
        { method: 'PUT', body: toFormData({ is_active: !member.is_active }) },
      );
      return response.data;
    },
    onSuccess: (updated) => {
      queryClient.setQueriesData<{ boardMembers: BoardMember[] }>(
        { queryKey: [...boardMembersQueryKey, 'admin'] },
        (page) =>
          page && {
            ...page,
            boardMembers: page.boardMembers.map((member) => (member.id === updated.id ? updated : member)),
          },
      );
      return queryClient.invalidateQueries({ queryKey: boardMembersQueryKey });
    },
  });
}
