import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, check, customType, timestamp } from 'drizzle-orm/pg-core';

/**
 * `column in ('a', 'b', …)` for a CHECK constraint, built from an enum list of @portal/shared so
 * the database and the API schemas accept the same values. The values are inlined as literals:
 * drizzle-kit writes a check's SQL verbatim into the migration, where a bound parameter ($1)
 * would be meaningless.
 */
export function checkIn(name: string, column: AnyPgColumn, values: readonly string[]) {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return check(name, sql`${column} in (${sql.raw(literals)})`);
}

/** A CHECK that a nullable number column is not negative; null passes, as SQL checks do. */
export function checkNotNegative(name: string, column: AnyPgColumn): ReturnType<typeof check> {
  return check(name, sql`${column} >= 0` as SQL);
}

export const createdAt = (name = 'created_at') =>
  timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** `$onUpdate` keeps updated_at honest for every drizzle update without each service setting it. */
export const updatedAt = (name = 'updated_at') =>
  timestamp(name, { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Text compared byte by byte (collation "C"), for values that are codes rather than words, such as
 * token hashes: the database's default collation would compare every index entry through the
 * locale's rules (strcoll), which costs more and orders hex digits no better.
 */
export const bytewiseText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });
