import type { NewsDetail, NewsLikeAction, NewsLikeResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { newsKeys } from './news-keys';

/**
 * POST /news/like/{id} (spec 001 §4 "Like toggle"): the liked flag and the count change at once
 * on the cached article; on failure both are put back (spec 001 §8: the failure is only logged).
 */
export function useLikeNews(id: string) {
  const queryClient = useQueryClient();
  const key = newsKeys.article(id);
  return useMutation({
    mutationFn: (action: NewsLikeAction) =>
      apiRequest<NewsLikeResponse>(`/news/like/${encodeURIComponent(id)}`, {
        method: 'POST',
        body: { action },
      }),
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NewsDetail>(key);
      if (previous) {
        queryClient.setQueryData<NewsDetail>(key, {
          ...previous,
          isLiked: action === 'like',
          likes: Math.max(0, previous.likes + (action === 'like' ? 1 : -1)),
        });
      }
      return { previous };
    },
    onError: (error, _action, context) => {
      console.error('Failed to update the like', error);
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: ({ data }) => {
      const current = queryClient.getQueryData<NewsDetail>(key);
      if (current) queryClient.setQueryData<NewsDetail>(key, { ...current, ...data });
    },
  });
}
