import { z } from 'zod';
import { text } from './common';

/** What the site search finds beyond the fixed page list (spec 000 §2): its kinds, as the modal labels them. */
export const SITE_SEARCH_TYPES = ['event', 'news', 'document'] as const;
export type SiteSearchType = (typeof SITE_SEARCH_TYPES)[number];
export const SITE_SEARCH_TYPE_LABELS: Record<SiteSearchType, string> = {
  event: 'Event',
  news: 'News',
  document: 'Document',
};
/** The most results the server answers for one query. */
export const SITE_SEARCH_LIMIT = 12;

export const siteSearchQuerySchema = z.object({
  q: text('Search').trim().min(1, 'Search is required').max(200, 'Search must be at most 200 characters'),
});

export const siteSearchResultSchema = z.object({
  type: z.enum(SITE_SEARCH_TYPES),
  title: z.string(),
  description: z.string(),
  /** A page of the site (`/news/{id}`) or a document's download address. */
  path: z.string(),
  /** The day it is about (YYYY-MM-DD, Manila): an event's first day, an article's publication; null for a document. */
  date: z.string().nullable(),
});
export type SiteSearchResult = z.infer<typeof siteSearchResultSchema>;

export const siteSearchResponseSchema = z.object({
  data: z.object({ results: z.array(siteSearchResultSchema) }),
});
export type SiteSearchResponse = z.infer<typeof siteSearchResponseSchema>;
