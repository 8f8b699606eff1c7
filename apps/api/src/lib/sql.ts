import { getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%", not everything. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** `numeric` columns arrive as strings from both drivers. */
export const toNumberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/** Postgres `time` is HH:MM:SS; the site shows minutes. */
export const toMinutes = (value: string | null) => (value ? value.slice(0, 5) : null);

/**
 * A column named with its table ("dues_statements"."id"), for a correlated subquery in a select
 * list: there drizzle writes a column's name alone, which inside the subquery would name the
 * subquery's own column of that name.
 */
export const qualifiedColumn = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
