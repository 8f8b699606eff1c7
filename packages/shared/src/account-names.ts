// The name rules themselves, free of Zod: the site header reads them on every page, where no
// schema may be built before the page's Zod settings (apps/web/src/zod-config.ts). The form
// fields and their issues are in schemas/account-names.ts.

/** The longest part of a person's name (first, middle, last) and of a suffix (docs/product-rules.md "Names"). */
export const PERSON_NAME_MAX_CHARS = 100;
export const NAME_SUFFIX_MAX_CHARS = 20;
/** A company's registered and trade names: as long as the registered name always was (decision 049). */
export const COMPANY_NAME_MAX_CHARS = 200;

/** The names' texts (docs/product-rules.md "Names"). */
export const NAME_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  registeredNameRequired: 'Registered company name is required',
  /** What a document or screen prints for an account that has given no name: never its username. */
  notGiven: 'Name not given',
  /** The notice on every page for a signed-in account without a name. */
  missingNotice: 'Add your name: it is printed on your card, receipts and certificates',
} as const;

/** The name the account goes by, printed on its card, receipts and certificates (decision 056). */
export const NAME_NOT_GIVEN = NAME_MESSAGES.notGiven;

export type AccountNames = {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  suffix?: string | null;
  registeredName?: string | null;
  tradeName?: string | null;
};

/**
 * The names a type requires (decision 056): a company its registered name, anyone else a first and
 * a last name. `whenSent` checks only the fields that came (a profile or admin edit that leaves
 * the names out keeps them); a field sent blank is still refused.
 */
export function accountNameProblems(
  type: string | null | undefined,
  names: AccountNames,
  { whenSent = false }: { whenSent?: boolean } = {},
): { field: 'firstName' | 'lastName' | 'registeredName'; message: string }[] {
  const missing = (value: string | null | undefined) => (whenSent ? value === null : !value);
  if (type === 'company') {
    return missing(names.registeredName)
      ? [{ field: 'registeredName', message: NAME_MESSAGES.registeredNameRequired }]
      : [];
  }
  const problems: { field: 'firstName' | 'lastName'; message: string }[] = [];
  if (missing(names.firstName))
    problems.push({ field: 'firstName', message: NAME_MESSAGES.firstNameRequired });
  if (missing(names.lastName)) problems.push({ field: 'lastName', message: NAME_MESSAGES.lastNameRequired });
  return problems;
}

/** A person's full name, "First Middle Last Suffix", from the parts given; '' when none is. */
export function personFullName(names: AccountNames): string {
  return [names.firstName, names.middleName, names.lastName, names.suffix]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * The name an account goes by wherever people read it (docs/product-rules.md "Names", decision
 * 056): a company's registered name, anyone else's full name; "Name not given" when there is none,
 * never the username (which only the admin users screens show, as a second line). The API's SQL
 * twin is `displayNameSql` (apps/api users module); a test holds the two to the same answers.
 */
export function displayName(account: AccountNames & { type: string }): string {
  const name = account.type === 'company' ? (account.registeredName?.trim() ?? '') : personFullName(account);
  return name || NAME_NOT_GIVEN;
}

/** Whether the account has given the name its type goes by (the missing-name notice, decision 056). */
export function hasAccountName(account: AccountNames & { type: string }): boolean {
  const name = account.type === 'company' ? (account.registeredName?.trim() ?? '') : personFullName(account);
  return name !== '';
}

/**
 * The cases `displayName` and its SQL twin (`displayNameSql`, apps/api) are both tested on, so
 * that the two give the same answer (decision 056).
 */
export const DISPLAY_NAME_CASES: {
  label: string;
  account: AccountNames & { type: string };
  expected: string;
}[] = [
  {
    label: 'full name',
    account: { type: 'individual', firstName: 'Maria Lourdes', middleName: 'Reyes', lastName: 'Santos' },
    expected: 'Maria Lourdes Reyes Santos',
  },
  {
    label: 'no middle name',
    account: { type: 'individual', firstName: 'Ramon', lastName: 'Torres' },
    expected: 'Ramon Torres',
  },
  {
    label: 'suffix',
    account: {
      type: 'individual',
      firstName: 'Jose',
      middleName: 'P.',
      lastName: 'Dela Cruz',
      suffix: 'Jr.',
    },
    expected: 'Jose P. Dela Cruz Jr.',
  },
  {
    label: 'company',
    account: {
      type: 'company',
      registeredName: 'Cordillera Exploration Inc.',
      tradeName: 'CordEx',
      firstName: 'Ana',
    },
    expected: 'Cordillera Exploration Inc.',
  },
  { label: 'no name', account: { type: 'individual', registeredName: 'Old Name' }, expected: NAME_NOT_GIVEN },
  {
    label: 'company without a name',
    account: { type: 'company', firstName: 'Ana', lastName: 'Cruz' },
    expected: NAME_NOT_GIVEN,
  },
];

/**
 * Whom an e-mail greets: the name the account goes by, or, for an account that has not given one
 * yet, its username rather than "Name not given" (a greeting is not a document, decision 056).
 */
export function greetingName(account: AccountNames & { type: string; username: string }): string {
  return hasAccountName(account) ? displayName(account) : account.username;
}
