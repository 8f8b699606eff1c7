import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { newsKeys } from './news-keys';

/**
 * spec 001 §7: GET /news/add-view/{id} when 'Read More' is clicked (DECISIONS.md "News": every
 * Read More, home included). A write like any other: once counted, every news list is fetched
 * again (the view count is part of each article). Fire and forget: a failed count never blocks
 * reading, so its error is not shown.
 */
export function useAddNewsView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(`/news/add-view/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
