import { z } from 'zod';
import {
  type AccountNames,
  accountNameProblems,
  COMPANY_NAME_MAX_CHARS,
  NAME_SUFFIX_MAX_CHARS,
  PERSON_NAME_MAX_CHARS,
} from '../account-names';
import { optionalText } from './common';

/**
 * The name fields of every form that names an account (the membership form, admin create and edit,
 * profile edit): a person's first, middle and last name and suffix, a company's registered and
 * trade names. Each is optional here; which ones a type requires is `accountNameProblems`.
 */
export const accountNameFields = {
  firstName: optionalText('First name', PERSON_NAME_MAX_CHARS).optional(),
  middleName: optionalText('Middle name', PERSON_NAME_MAX_CHARS).optional(),
  lastName: optionalText('Last name', PERSON_NAME_MAX_CHARS).optional(),
  suffix: optionalText('Suffix', NAME_SUFFIX_MAX_CHARS).optional(),
  registeredName: optionalText('Registered company name', COMPANY_NAME_MAX_CHARS).optional(),
  tradeName: optionalText('Trade name', COMPANY_NAME_MAX_CHARS).optional(),
};

/** The names as an account's answers carry them (the profile, an admin users row): null where not given. */
export const accountNameResponseFields = {
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  suffix: z.string().nullable(),
  registeredName: z.string().nullable(),
  tradeName: z.string().nullable(),
};

/** Adds `accountNameProblems` to a schema's issues, each on its field. */
export function addAccountNameIssues(
  context: z.RefinementCtx,
  type: string | null | undefined,
  names: AccountNames,
  options?: { whenSent?: boolean },
) {
  for (const problem of accountNameProblems(type, names, options)) {
    context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  }
}
