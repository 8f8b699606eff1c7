import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { NEWS_STATUSES } from '../enums';
import { pageQuerySchema, paginationSchema, searchQuerySchema } from './common';

/** GET /api/news/get-news (spec 001 §7). */
export const newsListQuerySchema = z.object({
  ...pageQuerySchema(PAGE_SIZES.publicNews),
  search: searchQuerySchema,
  status: z.enum(NEWS_STATUSES, 'Invalid status').optional(),
  author: z.string().trim().max(200, 'Author must be at most 200 characters').optional(),
});
export type NewsListQuery = z.infer<typeof newsListQuerySchema>;

export const newsArticleSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  content: z.string().nullable(),
  status: z.enum(NEWS_STATUSES),
  author: z.string().nullable(),
  image_gallery: z.array(z.string()),
  likes: z.number().int(),
  views: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/** A list item: everything but the rich-text body, which only the article page shows. */
export const newsSummarySchema = newsArticleSchema.omit({ content: true });
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsListResponseSchema = z.object({
  data: z.object({
    news: z.array(newsSummarySchema),
    pagination: paginationSchema,
  }),
});
export type NewsListResponse = z.infer<typeof newsListResponseSchema>;

export const newsViewResponseSchema = z.object({ data: z.object({ views: z.number().int() }) });
