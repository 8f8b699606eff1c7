import * as z from 'zod/mini';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants';
import { EVENT_TYPES, NEWS_STATUSES } from '../enums';

/**
 * The query parameters of the lists, written with `zod/mini`: its functions are imported one by
 * one, so a page that reads its filters from the address (/events, /news) loads only what they
 * use, where the chainable `zod` of the other schemas loads all of Zod (docs/decisions/030). The
 * API composes its list query schemas from these, so each parameter is declared once, with the
 * same messages. Both builds share Zod's core: mini and classic schemas nest in each other.
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
  z.pipe(
    z.optional(
      queryString(label).check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
    ),
    z.transform((value) => (value ? value : undefined)),
  );

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
  return z.pipe(
    z.pipe(queryString(label, notWhole).check(z.regex(/^-?\d{1,15}$/, notWhole)), z.transform(Number)),
    z
      .number()
      .check(
        z.minimum(min, `${label} must be at least ${min}`),
        z.maximum(upTo, `${label} must be at most ${upTo}`),
      ),
  );
};

export const pageQuerySchema = (defaultLimit: number) => ({
  page: z._default(queryInteger('Page', { min: 1 }), 1),
  limit: z._default(queryInteger('Limit', { min: 1, max: MAX_PAGE_LIMIT }), defaultLimit),
});

export const sortOrderSchema = z._default(z.enum(['asc', 'desc'], 'Sort order must be asc or desc'), 'desc');

/** An optional choice of a fixed list; anything else gets `message`. */
export const queryChoice = <const Values extends readonly [string, ...string[]]>(
  values: Values,
  message: string,
) => z.optional(z.enum(values, message));

/** Query strings carry booleans as text. */
export const booleanQuerySchema = (message: string) =>
  z.pipe(
    z.enum(['true', 'false'], message),
    z.transform((value) => value === 'true'),
  );

/** A list filter naming one record exactly (the dashboard's link to a recent item); blank is none. */
export const optionalIdFilter = z.pipe(
  z.transform((value: unknown) => (value === '' ? undefined : value)),
  z.optional(z.uuid('Invalid id')),
);

// ---------------------------------------------------------------------------------------------
// The public lists' filters as the address carries them (/events?search=…&event_type=…&page=2)

/** /events: GET /api/events/retrieve-events takes these and more (schemas/events.ts). */
export const publicEventFiltersSchema = z.object({
  page: pageQuerySchema(PAGE_SIZES.publicEvents).page,
  search: searchQuerySchema,
  event_type: queryChoice(EVENT_TYPES, 'Invalid event type'),
  is_registration_required: z.optional(booleanQuerySchema('is_registration_required must be true or false')),
});

/**
 * /news: GET /api/news/get-news takes these and more (schemas/news.ts). The status is an admin's
 * choice (docs/decisions/026); the server gives anyone else published articles only.
 */
export const publicNewsFiltersSchema = z.object({
  page: pageQuerySchema(PAGE_SIZES.publicNews).page,
  search: searchQuerySchema,
  status: queryChoice(NEWS_STATUSES, 'Invalid status'),
  author: queryText('Author'),
});
