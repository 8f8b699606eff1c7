/**
 * The name an account goes by wherever people read it (docs/product-rules.md "Names"): a company's
 * registered name, a person's full name, both kept in `registeredName`; the username stands in
 * while that is blank. The API's SQL twin is `accountDisplayNameSql` (apps/api users module).
 */
export function accountDisplayName(account: { registeredName: string | null; username: string }): string {
  return account.registeredName?.trim() || account.username;
}
