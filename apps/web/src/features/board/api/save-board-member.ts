import {
  BOARD_MEMBER_IMAGE_FIELD,
  BOARD_MEMBER_REMOVE_IMAGE_FIELD,
  type BoardMember,
  type BoardMemberCreate,
  type BoardMemberResponse,
} from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { boardKeys } from './board-keys';

export type SaveBoardMemberInput = {
  /** Absent to create a member. */
  id?: string;
  fields: BoardMemberCreate;
  /** A new picture; without one, an edited member keeps its current image (spec 001 §5). */
  image?: File | null;
  /** Removes the current picture (edit only); a new image sent with it wins. */
  removeImage?: boolean;
};

const updatePath = (id: string) => `/boards/admin/update-board-member/${encodeURIComponent(id)}`;

/** POST create-board-member, or PUT update-board-member/{id} (multipart); every board list is read again after. */
export function useSaveBoardMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields, image, removeImage }: SaveBoardMemberInput) => {
      const body = toFormData({
        ...fields,
        [BOARD_MEMBER_IMAGE_FIELD]: image ?? undefined,
        [BOARD_MEMBER_REMOVE_IMAGE_FIELD]: id && removeImage && !image ? true : undefined,
      });
      const response = id
        ? await apiRequest<BoardMemberResponse>(updatePath(id), { method: 'PUT', body })
        : await apiRequest<BoardMemberResponse>('/boards/admin/create-board-member', {
            method: 'POST',
            body,
          });
      return response.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardKeys.all }),
  });
}

/**
 * The status badge (spec 001 §4, docs/product-rules.md "Board"): the update call with is_active
 * alone. On success the member is replaced in the cached pages at once, then the lists are read
 * again.
 */
export function useToggleBoardMemberStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (member: BoardMember) => {
      const response = await apiRequest<BoardMemberResponse>(updatePath(member.id), {
        method: 'PUT',
        body: toFormData({ is_active: !member.is_active }),
      });
      return response.data;
    },
    onSuccess: (updated) => {
      queryClient.setQueriesData<{ boardMembers: BoardMember[] }>(
        { queryKey: boardKeys.adminLists() },
        (page) =>
          page && {
            ...page,
            boardMembers: page.boardMembers.map((member) => (member.id === updated.id ? updated : member)),
          },
      );
      return queryClient.invalidateQueries({ queryKey: boardKeys.all });
    },
  });
}
