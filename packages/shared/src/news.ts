import { NEWS_DESCRIPTION_PREVIEW_CHARS } from './constants';
import type { NewsStatus } from './enums';

// What the news pages show besides their data, apart from the Zod schemas (schemas/news.ts), so
// that the public pages do not load Zod.

/**
 * The public list's status filter (spec 001 §4): draft and published, published by default. Only
 * admins are shown it (docs/decisions/026); everyone else only ever receives published articles.
 */
export const PUBLIC_NEWS_STATUSES = ['published', 'draft'] as const satisfies readonly NewsStatus[];
export const PUBLIC_NEWS_DEFAULT_STATUS = 'published' satisfies NewsStatus;

/** The messages of the news screens (spec 001 §2, §5, §8), quoted exactly. */
export const NEWS_MESSAGES = {
  notFound: 'Article not found',
  loadFailed: 'Failed to load article',
  loading: 'Loading article...',
  backToNews: 'Back to News',
  noArticles: 'No news articles found',
  noContent: 'Content not available for this article.',
  requiredFields: 'Please fill in all required fields',
  onlyImages: 'Please select only image files',
  createFailed: 'Failed to create news article. Please try again.',
  updateFailed: 'Failed to update news article. Please try again.',
  deleteFailed: 'failed deleting article',
  deleteConfirm: 'Are you sure you want to delete this news article?',
} as const;

/** The public list's description, cut at 200 characters (spec 001 §9) with an ellipsis when cut. */
export function newsDescriptionPreview(description: string | null): string {
  if (!description) return '';
  return description.length > NEWS_DESCRIPTION_PREVIEW_CHARS
    ? `${description.slice(0, NEWS_DESCRIPTION_PREVIEW_CHARS).trimEnd()}…`
    : description;
}
