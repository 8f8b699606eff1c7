import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';

/**
 * The name an account goes by, in SQL (docs/product-rules.md "Names"): the registered name (a
 * company's, or a person's full name), the username while that is blank. The same rule as
 * `accountDisplayName` in packages/shared, for queries that select or sort by it.
 */
export const accountDisplayNameSql = sql<string>`coalesce(nullif(btrim(${users.registeredName}), ''), ${users.username})`;
