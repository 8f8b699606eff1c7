import { z } from 'zod';
import { controlCharacterGuard, type TextLines } from './query';

/**
 * The error body of every failed API call (docs/architecture.md "API contract"). A validation error
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

// ---------------------------------------------------------------------------------------------
// Text: every text field and query parameter of the API is declared with one of the helpers
// below (`text`, `requiredText`, `optionalText`, `secretText`) or of query.ts (`queryText` and
// the other query parameters), which refuse the control characters no one types (query.ts says
// why). apps/api/src/route-schemas.test.ts walks every route's schemas and fails on a string
// declared any other way (decision 029).

/**
 * The base of every text value: a string, or `${label} is required` when it is absent (a missing
 * value and a wrong type are different mistakes: a number or a list where text belongs is
 * `${label} must be text`), without control characters (`lines: 'multi'` allows tab and line
 * breaks). Not trimmed: chain `.trim()` where blanks do not count.
 */
export const text = (
  label: string,
  {
    lines = 'single',
    requiredMessage = `${label} is required`,
    typeMessage = `${label} must be text`,
  }: { lines?: TextLines; requiredMessage?: string; typeMessage?: string } = {},
) =>
  z
    .string({ error: (issue) => (issue.input == null ? requiredMessage : typeMessage) })
    .check(controlCharacterGuard(label, lines));

/** A secret or token compared as it is sent (a password, a link's token): never trimmed. */
export const secretText = (label: string, requiredMessage: string, max: number) =>
  text(label, { requiredMessage })
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * One of a fixed list: `${label} is required` when absent or blank, and the list named for any
 * other value (a wrong type or an unknown choice is not a missing one).
 */
export const requiredChoice = <const Values extends readonly [string, ...string[]]>(
  values: Values,
  label: string,
) =>
  z.enum(values, {
    error: (issue) =>
      issue.input == null || issue.input === ''
        ? `${label} is required`
        : `${label} must be one of ${values.join(', ')}`,
  });

export const idParamsSchema = z.object({ id: z.uuid('Invalid id') });

/** Every length refusal of a text field, written once: 'About must be at most 5000 characters'. */
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * A form field longer than the server reads at all (the multipart field limit) on a form whose
 * schema sets no shorter limit of its own; where the schema has one, its `tooLongMessage` is used.
 */
export const FIELD_TOO_LONG_MESSAGE = 'This field is too long';

// Form field helpers: HTML forms and multipart bodies send every value as text, and a blank
// optional field is the only way a form can say "no value", so blanks become null.

/** Text that must not be blank, trimmed, at most `max` characters. */
export const requiredText = (
  label: string,
  requiredMessage: string,
  max = 200,
  lines: TextLines = 'single',
) =>
  text(label, { requiredMessage, lines }).trim().min(1, requiredMessage).max(max, tooLongMessage(label, max));

/** Optional text, trimmed; blank is stored as null. */
export const optionalText = (label: string, max: number, lines: TextLines = 'single') =>
  text(label, { lines })
    .trim()
    .max(max, tooLongMessage(label, max))
    .transform((value) => value || null)
    .nullable();

/** A real calendar day written YYYY-MM-DD, between 1900 and 2100. */
export const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // Month 13 is no date at all (toISOString would throw); 30 February rolls over to March.
  if (Number.isNaN(date.getTime())) return false;
  const year = date.getUTCFullYear();
  return date.toISOString().startsWith(value) && year >= 1900 && year <= 2100;
};

/** An optional YYYY-MM-DD date; blank is null. */
export const optionalDate = (label: string, message: string) =>
  text(label, { requiredMessage: message, typeMessage: message })
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
