import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../constants';

/** The error body of every failed API call (ARCHITECTURE.md "API contract"). */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string().optional(),
  code: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** spec 001 §3 "Pagination object". */
export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function buildPagination(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}

export const pageQuerySchema = (defaultLimit: number) => ({
  page: z.coerce
    .number('Page must be a number')
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .default(1),
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_PAGE_LIMIT, `Limit must be at most ${MAX_PAGE_LIMIT}`)
    .default(defaultLimit),
});

export const searchQuerySchema = z
  .string()
  .trim()
  .max(200, 'Search must be at most 200 characters')
  .optional()
  .transform((value) => (value ? value : undefined));

export const sortOrderSchema = z.enum(['asc', 'desc'], 'Sort order must be asc or desc').default('desc');

/** Query strings carry booleans as text. */
export const booleanQuerySchema = (message: string) =>
  z.enum(['true', 'false'], message).transform((value) => value === 'true');

export const idParamsSchema = z.object({ id: z.uuid('Invalid id') });
