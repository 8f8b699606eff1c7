import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../constants';

/**
 * The error body of every failed API call (ARCHITECTURE.md "API contract"). A validation error
 * (`code: 'validation_error'`) names the first failing field in `field` (a dotted path such as
 * `representatives.0.firstName`, as the form names it) and every failing one in `fields`, each
 * with its first message; `error` is the first field's message. A refused rule may name its
 * field too (a taken e-mail on `email`).
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string().optional(),
  code: z.string().optional(),
  field: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
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

/**
 * Control characters no one types: NUL (which PostgreSQL refuses in text), the rest of C0 except
 * tab and line breaks, DEL and C1. Every free-text field and query parameter refuses them, so a
 * stray byte is the sender's 400 naming the field, never the server's 500.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);
export const controlCharactersMessage = (label: string) => `${label} must not contain control characters`;

export const searchQuerySchema = z
  .string('Search must be text')
  .trim()
  .max(200, 'Search must be at most 200 characters')
  .refine(hasNoControlCharacters, controlCharactersMessage('Search'))
  .optional()
  .transform((value) => (value ? value : undefined));

export const sortOrderSchema = z.enum(['asc', 'desc'], 'Sort order must be asc or desc').default('desc');

/** Query strings carry booleans as text. */
export const booleanQuerySchema = (message: string) =>
  z.enum(['true', 'false'], message).transform((value) => value === 'true');

export const idParamsSchema = z.object({ id: z.uuid('Invalid id') });

// Form field helpers: HTML forms and multipart bodies send every value as text, and a blank
// optional field is the only way a form can say "no value", so blanks become null.

/** Text that must not be blank, trimmed, at most `max` characters. */
export const requiredText = (label: string, requiredMessage: string, max = 200) =>
  z
    // Missing is "X is required"; a number or a list where text belongs is another mistake.
    .string({ error: (issue) => (issue.input == null ? requiredMessage : `${label} must be text`) })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoControlCharacters, controlCharactersMessage(label));

/** Optional text, trimmed; blank is stored as null. */
export const optionalText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoControlCharacters, controlCharactersMessage(label))
    .transform((value) => value || null)
    .nullable();

/** A real calendar day written YYYY-MM-DD, between 1900 and 2100. */
export const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  const year = date.getUTCFullYear();
  return date.toISOString().startsWith(value) && year >= 1900 && year <= 2100;
};

/** An optional YYYY-MM-DD date; blank is null. */
export const optionalDate = (message: string) =>
  z
    .string(message)
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), message)
    .transform((value) => value || null)
    .nullable();

/** A number as a person writes it: digits, an optional sign and decimals (not `0x10`, `1e3`, `Infinity`). */
const DECIMAL_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** An optional number sent as text (or as a number by a JSON client); blank is null. */
export const optionalNumber = (number: z.ZodNumber) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return null;
    // Anything else stays text, which the number schema refuses with its own message.
    return DECIMAL_NUMBER.test(text) ? Number(text) : text;
  }, number.nullable());

/** A checkbox value, or the text 'true' / 'false' of a form field. */
export const formBoolean = (message: string) =>
  z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean(message));
