import { z } from 'zod';
import { ABOUT_MAX_CHARS, ADDRESS_MAX_CHARS, PHONE_MAX_CHARS } from '../constants';
import { type MembershipCategory, REPRESENTATIVE_TYPES, SELECTABLE_MEMBERSHIP_CATEGORIES } from '../enums';
import { representativeRuleProblem } from '../representatives';
import { accountNameFields, addAccountNameIssues } from './account-names';
import { billingFields, optionalEmail, profileSchema } from './auth';
import { optionalText, requiredText, text, tooLongMessage } from './common';
import { consentCheckboxFields, consentFormFields } from './privacy';

/**
 * The two kinds of member the form makes of a registered user
 * (docs/product-rules.md "Identity and roles").
 */
export const APPLICANT_TYPES = ['individual', 'company'] as const;
export type ApplicantType = (typeof APPLICANT_TYPES)[number];

export const MEMBERSHIP_FORM_MESSAGES = {
  /** spec 000 §8: the form's failure alert and success dialog, exact. */
  failed: 'Failed.',
  success: 'Update Successful! You will be redirected to the homepage shortly...',
  typeInvalid: 'Membership type must be individual or company',
  categoryRequired: 'Please choose a membership category',
  individualCategory: 'Individual members apply in the Individual category',
  companyCategory: 'Companies apply as Regular or Associate members',
  individualRepresentatives: 'Individual members have no representatives',
  membershipDataInvalid: 'Membership data must be valid JSON',
  statusNotAllowed: 'Status cannot be set on the membership form',
  notYourAccount: 'You can only submit the membership form for your own account',
  adminCannotApply: 'Administrators do not apply for membership',
  unknownField: (names: readonly string[]) => `Unknown field: ${names.join(', ')}`,
  logoForCompanies: 'Only company members send a logo; individuals send a profile photo',
  avatarForIndividuals: 'Only individual members send a profile photo; companies send a logo',
  representativeAvatarWithoutRepresentative: 'A photo was sent for a representative who is not on the form',
} as const;
const messages = MEMBERSHIP_FORM_MESSAGES;

/** A blank choice of a select is "none". */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** spec 000 §5: first and last name are required. */
export const REPRESENTATIVE_NAME_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
} as const;

/**
 * One representative's fields (spec 000 §3 "Representative", §5): first and last name required,
 * preferred name, position and e-mail optional, type voting, non-voting or none ("Other"). The membership
 * form, the representatives editor and admin create-user all read a representative with it.
 */
export const representativeFieldsSchema = z.object({
  firstName: requiredText('First name', REPRESENTATIVE_NAME_MESSAGES.firstNameRequired, 100),
  lastName: requiredText('Last name', REPRESENTATIVE_NAME_MESSAGES.lastNameRequired, 100),
  preferredName: optionalText('Preferred name', 100).optional(),
  position: optionalText('Position', 200).optional(),
  /** Where the company's dues reminders also go when this is its voting representative. */
  email: optionalEmail('Email', 'Please enter a valid email address').optional(),
  type: z
    .preprocess(blankToNull, z.enum(REPRESENTATIVE_TYPES, 'Type must be voting or non-voting').nullable())
    .optional(),
});
export type RepresentativeFields = z.output<typeof representativeFieldsSchema>;
export type RepresentativeFieldsInput = z.input<typeof representativeFieldsSchema>;

/**
 * A representative on the membership form: its fields, and the id of the company's current
 * representative it stands for when the form was started from the company's data (a renewal).
 * With an id the representative is updated and keeps its photo unless a new one is sent; without
 * one it is added (docs/decisions/023).
 */
export const applicationRepresentativeSchema = representativeFieldsSchema.extend({
  id: z.preprocess(blankToNull, z.uuid('Invalid id').nullable()).optional(),
});
export type ApplicationRepresentative = z.output<typeof applicationRepresentativeSchema>;

/** `membershipData` of the form (spec 000 §3): the chosen category; `userId` names the applicant. */
export const membershipDataSchema = z.object({
  category: z.enum(SELECTABLE_MEMBERSHIP_CATEGORIES, messages.categoryRequired),
  userId: text('User id').max(100).optional(),
});
export type MembershipData = z.output<typeof membershipDataSchema>;

/** `membershipData` travels as JSON text in the multipart form (spec 000 §7). */
const membershipDataText = text('Membership data', { typeMessage: messages.membershipDataInvalid })
  .max(1_000, messages.membershipDataInvalid)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: messages.membershipDataInvalid });
      return z.NEVER;
    }
  })
  .pipe(membershipDataSchema);

/**
 * The text fields of PUT /api/users/filled-form/{id} (spec 000 §7), with the representatives'
 * `representatives[i][field]` names nested into a list (lib/multipart.ts). Username and e-mail
 * are read-only on the form: sent, but never changed by it. Nothing else may come with it: a
 * status or any unknown field is refused rather than ignored, so a client learns its mistake.
 * The rules between fields (type and category, the representatives) are
 * `membershipApplicationProblems`, which the form runs too.
 */
export const membershipFormBodySchema = z
  .strictObject(
    {
      username: text('Username').max(100, tooLongMessage('Username', 100)).optional(),
      email: text('Email').max(254, tooLongMessage('Email', 254)).optional(),
      type: z.enum(APPLICANT_TYPES, messages.typeInvalid),
      phone: optionalText('Phone', PHONE_MAX_CHARS).optional(),
      facsimile: optionalText('Facsimile', PHONE_MAX_CHARS).optional(),
      address: optionalText('Address', ADDRESS_MAX_CHARS).optional(),
      about: optionalText('About', ABOUT_MAX_CHARS, 'multi').optional(),
      ...accountNameFields,
      ...billingFields,
      membershipData: membershipDataText,
      representatives: z.array(applicationRepresentativeSchema).max(20).default([]),
      // The privacy notice's version (required) and the optional consents ticked (docs/decisions/065).
      ...consentFormFields,
      status: z.never(messages.statusNotAllowed).optional(),
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? messages.unknownField(issue.keys) : undefined),
    },
    // The name the type goes by is required (decision 056): an individual's first and last name, a
    // company's registered name.
  )
  .superRefine((body, context) => addAccountNameIssues(context, body.type, body));
export type MembershipFormBody = z.output<typeof membershipFormBodySchema>;

/** The file fields of the form: the logo (company) or avatar (individual), a photo per representative. */
export const MEMBERSHIP_FORM_FILES = {
  logo: 'logo',
  avatar: 'avatar',
  representativeAvatar: (index: number) => `representatives[${index}][avatar]`,
} as const;

type ApplicationValues = {
  type: string;
  category: string | null | undefined;
  representatives: readonly { type?: string | null }[];
};

/**
 * The rules between the form's fields (spec 000 §4, §5; docs/product-rules.md "Representatives"),
 * on both sides: an individual applies as Individual with no representatives, a company as Regular
 * or Associate with 1 to 4 (Regular) or 1 to 2 (Associate) representatives, one voting at most.
 * Each problem names its field: `category` or `representatives`.
 */
export function membershipApplicationProblems(
  values: ApplicationValues,
  { votingRequired = false }: { votingRequired?: boolean } = {},
): { field: 'category' | 'representatives'; message: string }[] {
  const problems: { field: 'category' | 'representatives'; message: string }[] = [];
  const { type, category } = values;
  if (type === 'individual') {
    if (category && category !== 'Individual') {
      problems.push({ field: 'category', message: messages.individualCategory });
    }
    if (values.representatives.length > 0) {
      problems.push({ field: 'representatives', message: messages.individualRepresentatives });
    }
  } else if (type === 'company') {
    if (category === 'Individual') problems.push({ field: 'category', message: messages.companyCategory });
    const problem = representativeRuleProblem(category ?? '', values.representatives, { votingRequired });
    if (problem) problems.push({ field: 'representatives', message: problem });
  }
  return problems;
}

/**
 * An address as the forms take it (spec 000 §3, spec 001 §3): house no., street, city and postal
 * code, each optional; `buildAddress` joins them into the one line that is sent. Together they
 * stay under ADDRESS_MAX_CHARS.
 */
export const addressPartsSchema = z.object({
  houseNo: optionalText('House no.', 100),
  street: optionalText('Street', 150),
  city: optionalText('City', 100),
  postalCode: optionalText('Postal code', 20),
});
export type AddressPartsInput = z.input<typeof addressPartsSchema>;
export type AddressParts = z.output<typeof addressPartsSchema>;

/**
 * The membership form as the page holds it (spec 000 §2 "/user-forms", §3): the address in four
 * parts (`buildAddress` joins them), the category beside the type. Blank selects are ''. A
 * company names its voting representative here.
 */
export const membershipApplicationFormSchema = z
  .object({
    type: z.enum(APPLICANT_TYPES, 'Please choose individual or company membership'),
    category: z.enum(SELECTABLE_MEMBERSHIP_CATEGORIES, messages.categoryRequired),
    phone: optionalText('Phone', PHONE_MAX_CHARS),
    facsimile: optionalText('Facsimile', PHONE_MAX_CHARS),
    ...addressPartsSchema.shape,
    about: optionalText('About', ABOUT_MAX_CHARS, 'multi'),
    ...accountNameFields,
    ...billingFields,
    representatives: z.array(applicationRepresentativeSchema),
    ...consentCheckboxFields,
  })
  .superRefine((form, context) => {
    addAccountNameIssues(context, form.type, form);
    const representatives = form.type === 'company' ? form.representatives : [];
    const problems = membershipApplicationProblems({ ...form, representatives }, { votingRequired: true });
    for (const problem of problems) {
      context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }
  });
export type MembershipApplicationForm = z.output<typeof membershipApplicationFormSchema>;
export type MembershipApplicationFormInput = z.input<typeof membershipApplicationFormSchema>;

/** The answer of PUT /api/users/filled-form/{id}: the profile as it now is (isNew cleared, pending). */
export const membershipFormResponseSchema = z.object({ data: z.object({ profile: profileSchema }) });

/**
 * spec 000 §3, §4: the package chosen with 'Select Plan' (localStorage `preferredPackage`)
 * prefills the form: Individual gives an individual, Regular or Associate a company in that
 * category. Anything else prefills nothing.
 */
export function prefillFromPreferredPackage(
  preferredPackage: string | null | undefined,
): { type: ApplicantType; category: MembershipCategory } | null {
  switch (preferredPackage?.trim()) {
    case 'Individual':
      return { type: 'individual', category: 'Individual' };
    case 'Regular':
      return { type: 'company', category: 'Regular' };
    case 'Associate':
      return { type: 'company', category: 'Associate' };
    default:
      return null;
  }
}
