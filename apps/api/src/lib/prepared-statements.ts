import type { Db } from '../db/client';

const statementsOf = new WeakMap<Db, Map<string, unknown>>();

/**
 * The prepared statement `name` of this database, prepared on first use. For the queries that
 * run on every request (a list page, a session check, a refresh): building a query with Drizzle
 * costs about as much CPU as running it, and planning it costs PostgreSQL as much again. A
 * prepared statement is built once per process, parsed once per connection, and planned once for
 * all when PostgreSQL finds a generic plan as good (it keeps planning each call where the values
 * matter, such as a search pattern or an offset).
 *
 * A name must always stand for the same SQL (PostgreSQL keeps it per connection), and the names
 * must be finite: one per query shape, such as which filters a list request sets. PostgreSQL
 * cuts names at 63 bytes.
 */
export function prepared<Statement>(db: Db, name: string, prepare: (name: string) => Statement): Statement {
  let statements = statementsOf.get(db);
  if (!statements) {
    statements = new Map();
    statementsOf.set(db, statements);
  }
  if (!statements.has(name)) statements.set(name, prepare(name));
  return statements.get(name) as Statement;
}
