import { apiRequest, buildApiUrl, type QueryValue } from './api-client';

/**
 * Downloads a file the API serves to the signed-in person (a CSV export, a statement's PDF). The
 * browser downloads it itself, streamed to disk; but a plain link would be sent with whatever
 * access token the cookie holds, and after the token's 15 minutes the download would fail
 * silently. So the session is made sure of first through the api client, which renews an expired
 * token (spec 000 §8) or signs out as the protocol says; only then is the file asked for.
 */
export async function downloadWithSession(path: string, query?: Record<string, QueryValue>) {
  await apiRequest('/auth/session');
  const link = document.createElement('a');
  link.href = buildApiUrl(path, query);
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
