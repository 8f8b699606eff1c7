import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../constants';

/**
 * The query parameters of the lists: the API composes its list query schemas from these, and the
 * admin lists read their address with those schemas, so each parameter is declared once, with the
 * same messages.
 */

// ---------------------------------------------------------------------------------------------
// Control characters: every text field and query parameter of the API refuses the ones no one
// types. PostgreSQL refuses NUL in text, so without them a stray byte is a 500 for anyone,
// guests included. apps/api/src/route-schemas.test.ts walks every route's schemas and
// fails on a string declared without this guard (decision 029).

/** Every C0 control character (tab and line breaks included), DEL and C1. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, less tab and line breaks, which a person types into a multi-line field (About, content). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export type TextLines = 'single' | 'multi';

export const hasNoControlCharacters = (value: string, lines: TextLines = 'single') =>
  !(lines === 'multi' ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
export const controlCharactersMessage = (label: string) => `${label} must not contain control characters`;

/** The guards the helpers attach: how the route schema test tells a declared text from a bare string. */
const textGuards = new WeakSet<object>();
export const isTextGuard = (check: unknown) =>
  typeof check === 'object' && check !== null && textGuards.has(check);

/** The check that refuses control characters in `label`'s text (common.ts `text` uses it too). */
export function controlCharacterGuard(label: string, lines: TextLines) {
  const guard = z.refine<string>(
    (value) => hasNoControlCharacters(value, lines),
    controlCharactersMessage(label),
  );
  textGuards.add(guard);
  return guard;
}

/**
 * A query parameter's text: `${label} is required` when absent, `typeMessage` for another type
 * (a repeated parameter arrives as a list), without control characters. As common.ts `text`.
 */
const queryString = (label: string, typeMessage = `${label} must be text`) =>
  z
    .string({ error: (issue) => (issue.input == null ? `${label} is required` : typeMessage) })
    .check(controlCharacterGuard(label, 'single'));

// ---------------------------------------------------------------------------------------------
// The parameters

/** An optional query parameter of free text, trimmed; blank is absent. */
export const queryText = (label: string, max = 200) =>
  queryString(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const searchQuerySchema = queryText('Search');

/**
 * A whole number in a query string, written as a person writes one: decimal digits, so `0x10`,
 * `1e3`, ` 5` or `+5` are the sender's 400 rather than a page nobody asked for; `-5`
 * is read, and refused as below the minimum. A repeated parameter arrives as a list and is
 * refused the same way.
 */
export const queryInteger = (label: string, { min, max }: { min: number; max?: number }) => {
  const notWhole = `${label} must be a whole number`;
  const upTo = max ?? Number.MAX_SAFE_INTEGER;
  return queryString(label, notWhole)
    .regex(/^-?\d{1,15}$/, notWhole)
    .transform(Number)
    .pipe(
      z.number().min(min, `${label} must be at least ${min}`).max(upTo, `${label} must be at most ${upTo}`),
    );
};

export const pageQuerySchema = (defaultLimit: number) => ({
  page: queryInteger('Page', { min: 1 }).default(1),
  limit: queryInteger('Limit', { min: 1, max: MAX_PAGE_LIMIT }).default(defaultLimit),
});

export const sortOrderSchema = z.enum(['asc', 'desc'], 'Sort order must be asc or desc').default('desc');

/** An optional choice of a fixed list; anything else gets `message`. */
export const queryChoice = <const Values extends readonly [string, ...string[]]>(
  values: Values,
  message: string,
) => z.enum(values, message).optional();

/** Query strings carry booleans as text. */
export const booleanQuerySchema = (message: string) =>
  z.enum(['true', 'false'], message).transform((value) => value === 'true');

/** A list filter naming one record exactly (the dashboard's link to a recent item); blank is none. */
export const optionalIdFilter = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.uuid('Invalid id').optional(),
);
