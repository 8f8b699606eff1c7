import { z } from 'zod';
import {
  ABOUT_MAX_CHARS,
  ADDRESS_MAX_CHARS,
  APPLICATION_REJECTION_REASON_MAX_CHARS,
  MAX_APPLICATIONS_PER_DECISION,
  PAGE_SIZES,
  PHONE_MAX_CHARS,
  REPRESENTATIVE_LIMITS,
} from '../constants';
import { MEMBERSHIP_CATEGORIES, MEMBERSHIP_STATUSES, USER_STATUSES, USER_TYPES } from '../enums';
import { MEMBERSHIP_STANDINGS } from '../memberships';
import { representativeRuleProblem } from '../representatives';
import { STAFF_ROLES } from '../staff-roles';
import { accountNameFields, accountNameResponseFields, addAccountNameIssues } from './account-names';
import { billingFields, profileSchema, registerBodySchema } from './auth';
import { optionalText, paginationSchema, requiredChoice } from './common';
import { addressPartsSchema, representativeFieldsSchema } from './members';
import { representativeSchema } from './profile';
import { optionalIdFilter, pageQuerySchema, searchQuerySchema, sortOrderSchema } from './query';

/**
 * The admin users screen's texts (spec 000 §8 "Admin users", exact), its confirmations, and the
 * server's refusals of the self-protection rules (docs/product-rules.md "Identity and roles").
 */
export const ADMIN_USER_MESSAGES = {
  updated: 'User updated successfully!',
  deleted: 'User deleted successfully!',
  enabled: 'User enabled successfully!',
  disabled: 'User disabled successfully!',
  updateFailed: 'Error updating user. Please try again.',
  deleteFailed: 'Error deleting user. Please try again.',
  statusFailed: 'Error updating user status. Please try again.',
  membershipsLoadFailed: 'Failed to load memberships. Please try again.',
  membershipUpdated: 'Membership updated successfully!',
  membershipUpdateFailed: 'Failed to update membership. Please try again.',
  membershipDeleted: 'Membership deleted successfully!',
  membershipDeleteFailed: 'Failed to delete membership. Please try again.',
  noUsers: 'No users found',
  userNotFound: 'User not found',
  membershipNotFound: 'Membership not found',
  notYourself: 'You cannot disable, delete or demote your own account',
  lastAdmin: 'The last active administrator cannot be disabled, deleted or demoted',
  emailReadOnly: 'The e-mail address cannot be changed here',
} as const;

/** spec 000 §2 "Admin users": the columns the table sorts by; created_at is the default. */
export const ADMIN_USER_SORT_FIELDS = ['created_at', 'username', 'type', 'status'] as const;
export type AdminUserSortField = (typeof ADMIN_USER_SORT_FIELDS)[number];

/** The admin users list's name filter: only "missing" (decision 056). */
export const ADMIN_USER_NAME_FILTERS = ['missing'] as const;

/** A filter select's "All" arrives as '' (or 'all'): no filter. */
const optionalFilter = <Values extends readonly [string, ...string[]]>(values: Values, message: string) =>
  z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(values, message).optional(),
  );

/**
 * GET /api/users/get-all (spec 000 §7): page, limit, sortBy, sortOrder, search (username and
 * e-mail), type, status; plus the dashboard's filters (decision 014): `membership`, the newest
 * membership's standing (pending applications, active members…), `category`, and `id`, one
 * account exactly (a recent item's link, decision 024).
 */
export const adminUserListQuerySchema = z.object({
  ...pageQuerySchema(PAGE_SIZES.adminUsers),
  sortBy: z
    .enum(ADMIN_USER_SORT_FIELDS, `Sort by must be one of ${ADMIN_USER_SORT_FIELDS.join(', ')}`)
    .default('created_at'),
  sortOrder: sortOrderSchema,
  search: searchQuerySchema,
  type: optionalFilter(USER_TYPES, `Type must be one of ${USER_TYPES.join(', ')}`),
  status: optionalFilter(USER_STATUSES, `Status must be one of ${USER_STATUSES.join(', ')}`),
  membership: optionalFilter(
    MEMBERSHIP_STANDINGS,
    `Membership must be one of ${MEMBERSHIP_STANDINGS.join(', ')}`,
  ),
  category: optionalFilter(
    MEMBERSHIP_CATEGORIES,
    `Category must be one of ${MEMBERSHIP_CATEGORIES.join(', ')}`,
  ),
  /** "Name missing": the accounts that have given no name yet, for the secretariat to fill in (decision 056). */
  name: optionalFilter(ADMIN_USER_NAME_FILTERS, `Name must be one of ${ADMIN_USER_NAME_FILTERS.join(', ')}`),
  id: optionalIdFilter,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/**
 * A membership as the admin screens read it, with its standing
 * (docs/product-rules.md "Membership lifecycle").
 */
export const adminMembershipSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  category: z.enum(MEMBERSHIP_CATEGORIES),
  status: z.enum(MEMBERSHIP_STATUSES),
  standing: z.enum(MEMBERSHIP_STANDINGS),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  paidThrough: z.string().nullable(),
  memberNumber: z.string().nullable(),
  /** Whether a live membership card exists (docs/product-rules.md "Membership card"). */
  hasCard: z.boolean(),
  unpaidDueOn: z.string().nullable(),
  /** The last day of grace after `unpaidDueOn`: past it the membership has lapsed. */
  graceEndsOn: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminMembership = z.infer<typeof adminMembershipSchema>;

/** A row of the admin users table: the account and its newest membership. */
export const adminUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  /** The name the account goes by (`displayName`, docs/product-rules.md "Names"). */
  display_name: z.string(),
  /** The names themselves, which the edit dialog edits. */
  ...accountNameResponseFields,
  email: z.string(),
  phone: z.string().nullable(),
  facsimile: z.string().nullable(),
  address: z.string().nullable(),
  type: z.enum(USER_TYPES),
  /** The staff roles the account holds (docs/product-rules.md "Staff roles"). */
  roles: z.array(z.enum(STAFF_ROLES)),
  status: z.enum(USER_STATUSES),
  isNew: z.boolean(),
  avatarUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  email_confirmation: z.string().nullable(),
  membership: adminMembershipSchema.nullable().describe('The newest membership, by created_at'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListResponseSchema = z.object({
  data: paginationSchema.extend({ users: z.array(adminUserSchema) }),
});
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

export const adminUserResponseSchema = z.object({ data: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

export const idResponseSchema = z.object({ data: z.object({ id: z.uuid() }) });
export type IdResponse = z.infer<typeof idResponseSchema>;

const { username: usernameField, email: emailField } = registerBodySchema.shape;

/**
 * PUT /api/users/admin/update-profile/{id} (spec 000 §7): username, email (read-only: sent back
 * as it is), phone, type, status. A field left out keeps its value.
 */
export const adminUserUpdateSchema = z.object({
  username: usernameField.optional(),
  email: emailField.optional(),
  phone: optionalText('Phone', PHONE_MAX_CHARS).optional(),
  type: z.enum(USER_TYPES, `Type must be one of ${USER_TYPES.join(', ')}`).optional(),
  status: z.enum(USER_STATUSES, `Status must be one of ${USER_STATUSES.join(', ')}`).optional(),
  // The names (decision 056): a field left out keeps its value; the server checks the ones sent
  // against the account's type (`accountNameProblems`).
  ...accountNameFields,
});
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

/**
 * The admin status filter's choices after All, in this order
 * (docs/product-rules.md "Identity and roles").
 */
export const USER_STATUS_FILTERS = ['active', 'inactive', 'pending'] as const;

/** The user dialog's statuses (spec 000 §2: active and inactive). */
export const ADMIN_DIALOG_STATUSES = ['active', 'inactive'] as const;

/** GET /api/memberships/{userId}: every membership of the user, newest first. */
export const userIdParamsSchema = z.object({ userId: z.uuid('Invalid id') });
export const membershipListResponseSchema = z.object({
  data: z.object({ memberships: z.array(adminMembershipSchema) }),
});
export type MembershipListResponse = z.infer<typeof membershipListResponseSchema>;

/** PUT /api/memberships/update/{id} (spec 000 §7: status pending, approved or rejected). */
export const membershipUpdateSchema = z.object({
  status: z.enum(MEMBERSHIP_STATUSES, `Status must be one of ${MEMBERSHIP_STATUSES.join(', ')}`),
});
export type MembershipUpdate = z.infer<typeof membershipUpdateSchema>;

export const membershipResponseSchema = z.object({ data: adminMembershipSchema });
export type MembershipResponse = z.infer<typeof membershipResponseSchema>;

/**
 * Reviewing applications (docs/product-rules.md "Reviewing applications"): the panel's and the
 * bulk decision's texts. Not the specification's: it has only the memberships select.
 */
export const APPLICATION_REVIEW_MESSAGES = {
  loadFailed: 'Failed to load the application. Please try again.',
  reasonRequired: 'A reason is required',
  idsRequired: 'Choose at least one application',
  tooMany: `At most ${MAX_APPLICATIONS_PER_DECISION} applications can be decided at once`,
  repeatedId: 'Each application can be listed once',
  decisionInvalid: 'Decision must be approved or rejected',
  alreadyDecided: 'This application was already decided by another administrator.',
  failed: 'The applications could not be decided. Please try again.',
} as const;

/** What an administrator decides of a pending application. */
export const APPLICATION_DECISIONS = ['approved', 'rejected'] as const;
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number];

/**
 * What became of each application in a decision: decided as asked, already decided before (not
 * pending any more: nothing changed), or no such membership.
 */
export const APPLICATION_DECISION_OUTCOMES = [
  'approved',
  'rejected',
  'already_decided',
  'not_found',
] as const;
export type ApplicationDecisionOutcome = (typeof APPLICATION_DECISION_OUTCOMES)[number];

/**
 * POST /api/memberships/decisions (admin): approve or reject pending applications by membership
 * id, one or many; a rejection carries the reason e-mailed to each applicant.
 */
export const applicationDecisionSchema = z
  .strictObject({
    ids: z
      .array(z.uuid('Invalid id'), APPLICATION_REVIEW_MESSAGES.idsRequired)
      .min(1, APPLICATION_REVIEW_MESSAGES.idsRequired)
      .max(MAX_APPLICATIONS_PER_DECISION, APPLICATION_REVIEW_MESSAGES.tooMany)
      .refine((ids) => new Set(ids).size === ids.length, APPLICATION_REVIEW_MESSAGES.repeatedId),
    status: z.enum(APPLICATION_DECISIONS, APPLICATION_REVIEW_MESSAGES.decisionInvalid),
    reason: optionalText('Reason', APPLICATION_REJECTION_REASON_MAX_CHARS, 'multi').optional(),
  })
  .superRefine((body, context) => {
    if (body.status === 'rejected' && !body.reason) {
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: APPLICATION_REVIEW_MESSAGES.reasonRequired,
      });
    }
  });
export type ApplicationDecisionInput = z.input<typeof applicationDecisionSchema>;

export const applicationDecisionResponseSchema = z.object({
  data: z.object({
    results: z.array(z.object({ id: z.uuid(), outcome: z.enum(APPLICATION_DECISION_OUTCOMES) })),
  }),
});
export type ApplicationDecisionResponse = z.infer<typeof applicationDecisionResponseSchema>;

/**
 * GET /api/memberships/application/{id} (admin): a membership with what its applicant submitted on
 * the membership form — contact, address, about, billing, picture and representatives.
 */
export const membershipApplicationSchema = z.object({
  membership: adminMembershipSchema,
  applicant: profileSchema.pick({
    id: true,
    username: true,
    email: true,
    phone: true,
    facsimile: true,
    address: true,
    about: true,
    firstName: true,
    middleName: true,
    lastName: true,
    suffix: true,
    registeredName: true,
    tradeName: true,
    tin: true,
    billingAddress: true,
    billingEmail: true,
    type: true,
    status: true,
    avatarUrl: true,
    logoUrl: true,
    created_at: true,
  }),
  representatives: z.array(representativeSchema),
});
export type MembershipApplication = z.infer<typeof membershipApplicationSchema>;
export const membershipApplicationResponseSchema = z.object({ data: membershipApplicationSchema });
export type MembershipApplicationResponse = z.infer<typeof membershipApplicationResponseSchema>;

/** spec 001 §8 "Admin create user", exact. */
export const CREATE_USER_MESSAGES = {
  missingFields: 'Please fill in all required fields',
  failed: 'Failed to create user',
  created: 'User Created!',
  /** What stays above the emptied form once 'User Created!' has gone, with a link to the account. */
  createdNotice: (name: string) => `User created: ${name}.`,
  viewAccount: 'View the account',
  categoryForCompany: 'A company is a Regular or an Associate member',
} as const;

/** The types an admin creates (spec 001 §3): a company or an individual member. */
export const CREATABLE_USER_TYPES = ['company', 'individual'] as const;
export const COMPANY_CATEGORIES = ['Regular', 'Associate'] as const;

/** The multipart field of a company's logo, an individual's avatar, and representative i's photo. */
export const CREATE_USER_IMAGE_FIELDS = { logo: 'logo', avatar: 'avatar' } as const;
export const representativeField = (index: number, name: string) => `representatives[${index}][${name}]`;

/** membershipData travels as JSON text (spec 001 §7); the form sends it as an object. */
const membershipDataSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.object(
    { category: requiredChoice(MEMBERSHIP_CATEGORIES, 'Category') },
    'Membership data must be an object with a category',
  ),
);

/**
 * POST /api/users/admin/create-user (spec 001 §3, §5, §7; docs/product-rules.md "Representatives",
 * "Accounts"): type, username and e-mail required; a company is Regular or Associate with 1 to 4
 * (Regular) or 2 representatives, at most one voting; an individual is always in the Individual
 * category and has none (any sent are ignored).
 */
export const adminCreateUserSchema = z
  .object({
    type: requiredChoice(CREATABLE_USER_TYPES, 'Type'),
    username: registerBodySchema.shape.username,
    email: registerBodySchema.shape.email,
    phone: optionalText('Phone', PHONE_MAX_CHARS).default(null),
    facsimile: optionalText('Facsimile', PHONE_MAX_CHARS).default(null),
    address: optionalText('Address', ADDRESS_MAX_CHARS).default(null),
    about: optionalText('About', ABOUT_MAX_CHARS, 'multi').default(null),
    ...accountNameFields,
    ...billingFields,
    membershipData: membershipDataSchema.optional(),
    representatives: z.array(representativeFieldsSchema).max(REPRESENTATIVE_LIMITS.Regular).default([]),
  })
  // The name the type goes by is required (decision 056).
  .superRefine((input, context) => addAccountNameIssues(context, input.type, input))
  .transform((input, context) => {
    if (input.type === 'individual') {
      return { ...input, membershipData: { category: 'Individual' as const }, representatives: [] };
    }
    const category = input.membershipData?.category;
    if (category !== 'Regular' && category !== 'Associate') {
      context.addIssue({
        code: 'custom',
        path: ['membershipData', 'category'],
        message: CREATE_USER_MESSAGES.categoryForCompany,
      });
      return z.NEVER;
    }
    const problem = representativeRuleProblem(category, input.representatives);
    if (problem) {
      context.addIssue({ code: 'custom', path: ['representatives'], message: problem });
      return z.NEVER;
    }
    return { ...input, membershipData: { category } };
  });
export type AdminCreateUserInput = z.input<typeof adminCreateUserSchema>;

/**
 * The create-user form as the page holds it (spec 001 §3, §5): every field POST
 * /users/admin/create-user checks, checked the same way in the browser, with the address in its
 * four parts (`buildAddress` joins them) and the category chosen beside the type. A company names
 * its voting representative; an individual names no one, so the rows typed before choosing
 * individual are not checked.
 */
const adminCreateUserFormFields = z
  .object({
    type: requiredChoice(CREATABLE_USER_TYPES, 'Type'),
    username: registerBodySchema.shape.username,
    email: registerBodySchema.shape.email,
    phone: optionalText('Phone', PHONE_MAX_CHARS),
    facsimile: optionalText('Facsimile', PHONE_MAX_CHARS),
    ...addressPartsSchema.shape,
    about: optionalText('About', ABOUT_MAX_CHARS, 'multi'),
    ...accountNameFields,
    ...billingFields,
    category: z.enum(COMPANY_CATEGORIES, CREATE_USER_MESSAGES.categoryForCompany),
    representatives: z.array(representativeFieldsSchema),
  })
  .superRefine((form, context) => {
    addAccountNameIssues(context, form.type, form);
    if (form.type !== 'company') return;
    const problem = representativeRuleProblem(form.category, form.representatives, { votingRequired: true });
    if (problem) context.addIssue({ code: 'custom', path: ['representatives'], message: problem });
  });

export const adminCreateUserFormSchema = z.preprocess(
  (form: z.input<typeof adminCreateUserFormFields>) =>
    typeof form === 'object' && form !== null && form.type !== 'company'
      ? { ...form, representatives: [] }
      : form,
  adminCreateUserFormFields,
);
export type AdminCreateUserForm = z.output<typeof adminCreateUserFormSchema>;
export type AdminCreateUser = z.output<typeof adminCreateUserSchema>;

export const adminCreateUserResponseSchema = z.object({
  data: z.object({ user: adminUserSchema, message: z.string() }),
});
export type AdminCreateUserResponse = z.infer<typeof adminCreateUserResponseSchema>;
