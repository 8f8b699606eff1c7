import { apiRequest, buildApiUrl, type QueryValue } from '@/lib/api-client';

/**
 * Downloads the users CSV (GET /users/admin/export-csv) for `filters`. The browser downloads it
 * itself, streamed to disk, so 100,000 rows never sit in the page's memory; but a plain link
 * would be sent with whatever access token the cookie holds, and after the token's 15 minutes
 * the download would fail silently. So the session is made sure of first through the api client,
 * which renews an expired token (spec 000 §8) or signs out as the protocol says; only then is
 * the file asked for.
 */
export async function downloadUsersCsv(filters: Record<string, QueryValue>) {
  await apiRequest('/auth/session');
  const link = document.createElement('a');
  link.href = buildApiUrl('/users/admin/export-csv', filters);
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
