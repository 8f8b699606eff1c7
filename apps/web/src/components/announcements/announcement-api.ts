import type {
  Announcement,
  AnnouncementCreate,
  AnnouncementItemType,
  AnnouncementListResponse,
} from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The announcement calls (docs/product-rules.md "Announcements"). Shared by the news and event
 * forms, the admin lists' "Send announcement" and the log page, so they live here rather than in
 * one feature (docs/code-style.md "Slice by feature").
 */
export const announcementKeys = {
  all: ['announcements'] as const,
  list: (page: number) => [...announcementKeys.all, 'list', page] as const,
  item: (itemType: AnnouncementItemType, itemId: string) =>
    [...announcementKeys.all, 'item', itemType, itemId] as const,
};

/** The announcement of one article or event, or null: an item is announced once (decision 052). */
export function useItemAnnouncement(itemType: AnnouncementItemType, itemId: string | undefined) {
  return useQuery({
    queryKey: announcementKeys.item(itemType, itemId ?? ''),
    queryFn: async () => {
      const response = await apiRequest<AnnouncementListResponse>('/announcements', {
        query: { item_type: itemType, item_id: itemId, limit: 1 },
      });
      return response.data.announcements[0] ?? null;
    },
    enabled: itemId !== undefined,
  });
}

/** GET /announcements: the log, a page at a time. */
export function useAnnouncementLog(page: number, limit: number) {
  return useQuery({
    queryKey: [...announcementKeys.list(page), limit],
    queryFn: async () =>
      (await apiRequest<AnnouncementListResponse>('/announcements', { query: { page, limit } })).data,
    placeholderData: keepPreviousData,
  });
}

/** POST /announcements; the caller's idempotency key makes a repeated request send nothing more. */
export function useSendAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AnnouncementCreate) =>
      (await apiRequest<{ data: Announcement }>('/announcements', { method: 'POST', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
