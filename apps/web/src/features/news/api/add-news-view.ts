import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';
import { newsKeys } from './news-keys';

/**
 * spec 001 §7: GET /news/add-view/{id} when 'Read More' is clicked (docs/product-rules.md "News":
 * every Read More, home included). A write like any other: once counted, every news list is fetched
 * again (the view count is part of each article). Fire and forget: a failed count never blocks
 * reading, so its error is not shown. A plain call rather than a mutation: nothing shows its state,
 * and the news cards of the public pages need not load useMutation (first-load budget).
 */
export function useAddNewsView() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) => {
      apiRequest<unknown>(`/news/add-view/${encodeURIComponent(id)}`).then(
        () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
        () => {},
      );
    },
    [queryClient],
  );
}
