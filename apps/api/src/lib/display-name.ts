import { type AccountNames, accountNameProblems, NAME_NOT_GIVEN } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { validationError } from './errors';

/**
 * The name an account goes by, in SQL (docs/product-rules.md "Names", decision 056): a company's
 * registered name, anyone else's "First Middle Last Suffix", "Name not given" when there is none,
 * never the username. The same rule as `displayName` in packages/shared, for queries that select
 * or sort by it; display-name.test.ts holds the two to the same answers.
 */
export const displayNameSql = sql<string>`coalesce(${givenNameSql()}, ${NAME_NOT_GIVEN})`;

/**
 * Whether the account has given no name (`hasAccountName` in packages/shared says the reverse): the
 * admin users list's "Name missing" filter.
 */
export const nameMissingSql = sql<boolean>`${givenNameSql()} is null`;

/** The name the account has given for its type, or NULL when it has given none. */
function givenNameSql() {
  return sql`nullif(case when ${users.type} = 'company'
  then btrim(${users.registeredName})
  else concat_ws(' ', nullif(btrim(${users.firstName}), ''), nullif(btrim(${users.middleName}), ''),
    nullif(btrim(${users.lastName}), ''), nullif(btrim(${users.suffix}), ''))
  end, '')`;
}

/**
 * The name columns an account of `type` is written with (decision 056): a company keeps its
 * registered and trade names and no person's name, anyone else the reverse, so a name of the
 * other type never lingers to be printed. With `whenSent` (an edit), a field left out keeps its
 * value, and the names sent are checked against the type here, where the type is known.
 */
export function accountNameColumns(
  type: string,
  names: AccountNames,
  { whenSent = false }: { whenSent?: boolean } = {},
): Partial<typeof users.$inferInsert> {
  const problems = accountNameProblems(type, names, { whenSent });
  if (problems.length > 0) throw validationError(problems);
  const own: (keyof AccountNames)[] = type === 'company' ? COMPANY_NAME_KEYS : PERSON_NAME_KEYS;
  const other = type === 'company' ? PERSON_NAME_KEYS : COMPANY_NAME_KEYS;
  // An edit writes only the names sent, and only those of the account's own type.
  if (whenSent)
    return Object.fromEntries(own.filter((key) => names[key] !== undefined).map((key) => [key, names[key]]));
  return Object.fromEntries([
    ...own.map((key) => [key, names[key] ?? null]),
    ...other.map((key) => [key, null]),
  ]);
}

const PERSON_NAME_KEYS: (keyof AccountNames)[] = ['firstName', 'middleName', 'lastName', 'suffix'];
const COMPANY_NAME_KEYS: (keyof AccountNames)[] = ['registeredName', 'tradeName'];

/** The fields of a form without its names, which `accountNameColumns` writes. */
export function withoutNames<Fields extends AccountNames>(fields: Fields): Omit<Fields, keyof AccountNames> {
  const { firstName, middleName, lastName, suffix, registeredName, tradeName, ...rest } = fields;
  return rest;
}

/** The columns `displayName` reads, for a select that names an account. */
export const accountNameSelect = {
  type: users.type,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  suffix: users.suffix,
  registeredName: users.registeredName,
  tradeName: users.tradeName,
};
