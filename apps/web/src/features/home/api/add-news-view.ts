import { apiRequest } from '@/lib/api-client';

/**
 * spec 001 §7: GET /news/add-view/{id} when 'Read More' is clicked (DECISIONS.md "News": every
 * Read More, home included). Fire and forget: a failed count must never block reading.
 */
export function addNewsView(id: string) {
  apiRequest<unknown>(`/news/add-view/${encodeURIComponent(id)}`).catch(() => {
    // The view count is best effort; the article opens either way.
  });
}
