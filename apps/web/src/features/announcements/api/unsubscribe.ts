import type { MessageResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /announcements/unsubscribe?token=…: the same call a mail client's one-click makes
 * (RFC 8058), sent when the person confirms on the page; no session needed.
 */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: async (token: string) =>
      (await apiRequest<MessageResponse>('/announcements/unsubscribe', { method: 'POST', query: { token } }))
        .data,
  });
}
