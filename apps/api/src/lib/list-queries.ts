import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * The filters a request sets, out of a list's `conditions` (each written with a placeholder of
 * the filter's own name): their values for the placeholders, a number naming the set (short
 * enough for a statement name; PostgreSQL cuts names at 63 bytes), and the WHERE clause of it.
 */
export function selectFilters<Filters extends Record<string, unknown>>(
  conditions: Record<keyof Filters, SQL>,
  filters: Filters,
) {
  const present = (Object.keys(conditions) as (keyof Filters & string)[]).filter(
    (key) => filters[key] !== undefined,
  );
  let shape = 0;
  for (const key of present) shape |= 1 << Object.keys(conditions).indexOf(key);
  return {
    shape,
    values: Object.fromEntries(present.map((key) => [key, filters[key]])),
    where: () => and(...present.map((key) => conditions[key])),
  };
}

/**
 * Where one page of a list starts, for its statement's WHERE, LIMIT and OFFSET. The first page
 * reads its rows straight off the sort index. A later page first picks its ids from the sort
 * index alone (an index-only scan: each sort index ends in the id), then reads just those rows;
 * a plain OFFSET would read every skipped row from the table (page 500 of 8 reads 4 000 rows).
 */
export function pageWindow(
  db: Db,
  table: PgTable & { id: PgColumn },
  { where, order, skipsRows }: { where: SQL | undefined; order: SQL[]; skipsRows: boolean },
) {
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  if (!skipsRows) return { where, limit, offset };
  const ids = db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { where: sql`${table.id} = any(array(${ids}))`, limit, offset: 0 };
}
