import type { CertificateVerificationResponse } from './schemas/cpd';
import type { DirectoryEntryResponse, DirectoryListResponse } from './schemas/directory';
import type { EventDetailResponse, EventListResponse } from './schemas/events';
import type { CardVerificationResponse } from './schemas/membership-card';
import type { NewsAuthorsResponse, NewsDetailResponse, NewsListResponse } from './schemas/news';

/** A query parameter as a call gives it: `undefined`, `null` and '' mean "not sent". */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * The query string of a call, `undefined`, `null` and '' left out: what the web app's calls send
 * (apps/web lib/api-client.ts), and what the server reads a server-rendered page's calls as.
 */
export function toQueryString(query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  return search.toString();
}

/**
 * The public reads the content pages show (/events, /news, an event, an article), each answering
 * the body of its GET route (docs/decisions/035). The pages' query options take them, so a page
 * declares its data once: in the browser they are calls over HTTP (each feature's api file); when
 * the server renders the page, they are the routes' own answers to a guest, validated and
 * serialised by the routes' schemas (apps/api modules/site-previews/content-reads.ts).
 *
 * A query the route refuses rejects, on both sides, with an error whose `body` is the route's 400
 * body (`apiErrorSchema`: `code: 'validation_error'`, `fields` naming each refused parameter), as
 * the web app's `ApiError` carries it: /events and /news send their address as it is and drop
 * what the route refuses (docs/decisions/035).
 */
export type ContentReads = {
  /** GET /api/events/retrieve-events */
  listEvents(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<EventListResponse>;
  /** GET /api/events/retrieve-events/{id} */
  getEvent(id: string, signal?: AbortSignal): Promise<EventDetailResponse>;
  /** GET /api/news/get-news */
  listNews(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<NewsListResponse>;
  /** GET /api/news/get-authors */
  listNewsAuthors(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<NewsAuthorsResponse>;
  /** GET /api/news/get-news/{id} */
  getNews(id: string, signal?: AbortSignal): Promise<NewsDetailResponse>;
  /** GET /api/verify/{token} */
  verifyCard(token: string, signal?: AbortSignal): Promise<CardVerificationResponse>;
  /** GET /api/certificates/verify/{code} */
  verifyCertificate(code: string, signal?: AbortSignal): Promise<CertificateVerificationResponse>;
  /** GET /api/directory (docs/decisions/072) */
  listDirectory(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<DirectoryListResponse>;
  /** GET /api/directory/{id} */
  getDirectoryEntry(id: string, signal?: AbortSignal): Promise<DirectoryEntryResponse>;
};
