import { z } from 'zod';
import { CONFIRMATION_LINK_INVALID_MESSAGE } from '../auth-messages';
import { ADDRESS_MAX_CHARS } from '../constants';
import { MEMBERSHIP_CATEGORIES, MEMBERSHIP_STATUSES, USER_STATUSES, USER_TYPES } from '../enums';
import { MEMBERSHIP_STANDINGS } from '../memberships';
import { isPasswordStrongEnough, PASSWORD_MAX_LENGTH, PASSWORD_TOO_WEAK_MESSAGE } from '../password-strength';
import { STAFF_ROLES } from '../staff-roles';
import { accountNameResponseFields } from './account-names';
import { optionalText, secretText, text } from './common';
import { consentCheckboxFields, consentFormFields } from './privacy';
import { secondFactorSummarySchema } from './two-factor';

const TIN_MESSAGE = 'TIN must be written like 123-456-789-000';

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

// 'X is required' only when the value is absent or blank; a wrong type gets its own message
// (decision 029).
export const emailField = text('Email')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

/** An e-mail address that may be left blank (blank is none), stored lowercased. */
export const optionalEmail = (label: string, invalidMessage: string) =>
  text(label)
    .trim()
    .max(254, `${label} must be at most 254 characters`)
    .refine((email) => email === '' || z.email().safeParse(email).success, invalidMessage)
    .transform((email) => email.toLowerCase() || null)
    .nullable();

/**
 * Who a statement of account bills (docs/product-rules.md "Dues"): besides the account's name
 * (`accountNameFields`), a company's billing address and e-mail, and anyone's Tax Identification
 * Number, written as the BIR prints it (123-456-789, with a branch code 000 or 00000 after it).
 * Each optional; blank is none.
 */
export const billingFields = {
  tin: optionalText('TIN', 20)
    .refine((tin) => tin === null || /^\d{3}-?\d{3}-?\d{3}(-?\d{3}|-?\d{5})?$/.test(tin), TIN_MESSAGE)
    .optional(),
  billingAddress: optionalText('Billing address', ADDRESS_MAX_CHARS).optional(),
  billingEmail: optionalEmail('Billing email', 'Please enter a valid billing email address').optional(),
};

export const usernameField = text('Username')
  .trim()
  .min(1, 'Username is required')
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(USERNAME_PATTERN, 'Username may contain only letters, numbers, dots, dashes and underscores');

export const newPasswordField = secretText('Password', 'Password is required', PASSWORD_MAX_LENGTH).refine(
  isPasswordStrongEnough,
  PASSWORD_TOO_WEAK_MESSAGE,
);

/** POST /api/auth/register (spec 000 §5, §7). */
export const registerBodySchema = z.object({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
  // The privacy notice's version (required) and the optional consents ticked (docs/decisions/065).
  ...consentFormFields,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The register form adds the confirmation, which never leaves the browser. */
export const registerFormSchema = registerBodySchema
  .omit({ noticeVersion: true, consents: true })
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password'), ...consentCheckboxFields })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** POST /api/auth/login. */
export const loginBodySchema = z.object({
  email: emailField,
  password: secretText('Password', 'Password is required', PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * POST /api/auth/confirm-email: the token of the confirmation link, sent by the page's button (a
 * mail scanner that opens the link sends nothing).
 */
export const confirmEmailBodySchema = z.object({
  token: secretText('token', CONFIRMATION_LINK_INVALID_MESSAGE, 512),
});
export type ConfirmEmailBody = z.infer<typeof confirmEmailBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({
  token: secretText('Token', 'The reset link is incomplete', 512),
  password: newPasswordField,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const resetPasswordFormSchema = resetPasswordBodySchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export const membershipSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  category: z.enum(MEMBERSHIP_CATEGORIES),
  status: z.enum(MEMBERSHIP_STATUSES),
  /**
   * Where it stands today (`membershipStanding`, docs/product-rules.md "Membership lifecycle"), as
   * the admin screens read it: the dues contract's field, on the member's own profile too.
   */
  standing: z.enum(MEMBERSHIP_STANDINGS),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The last day paid for (YYYY-MM-DD, Manila); null until the first payment. */
  paidThrough: z.string().nullable(),
  /** MEAP-YYYY-NNNN, given at the first payment in full; null before (docs/product-rules.md "Membership card"). */
  memberNumber: z.string().nullable(),
  /** The earliest due date of its unpaid statements (docs/product-rules.md "Dues"). */
  unpaidDueOn: z.string().nullable(),
  /** The last day of grace after `unpaidDueOn`: past it the membership has lapsed. */
  graceEndsOn: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** The signed-in user's profile (spec 000 §3 "User/profile"), as login and login-token return it. */
export const profileSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  /** The name the account goes by (the `displayName` rule, docs/product-rules.md "Names"). */
  displayName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  facsimile: z.string().nullable(),
  address: z.string().nullable(),
  about: z.string().nullable(),
  ...accountNameResponseFields,
  tin: z.string().nullable(),
  billingAddress: z.string().nullable(),
  billingEmail: z.string().nullable(),
  type: z.enum(USER_TYPES),
  /** 'admin' for administrators, else 'member' (docs/product-rules.md "Identity and roles"). */
  role: z.enum(['admin', 'member']),
  /** The staff roles the account holds, none for a member (docs/product-rules.md "Staff roles"). */
  roles: z.array(z.enum(STAFF_ROLES)),
  /** Two-step sign-in: on or not, and whether the account must have it (staff, decision 061). */
  secondFactor: secondFactorSummarySchema,
  status: z.enum(USER_STATUSES),
  email_confirmation: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  isNew: z.boolean(),
  /**
   * Whether announcements of news and events are e-mailed: the current consent to
   * `announcements_email` (docs/product-rules.md "Privacy").
   */
  receivesAnnouncements: z.boolean(),
  /** Whether the account has accepted the privacy notice in force (the notice strip asks until it has). */
  acceptedCurrentNotice: z.boolean(),
  memberships: z.array(membershipSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ data: z.object({ profile: profileSchema }) });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const messageResponseSchema = z.object({ data: z.object({ message: z.string() }) });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Login's errors also carry the code at `e.code` (spec 000 §7). */
export const loginErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  e: z.object({ code: z.string() }),
});
