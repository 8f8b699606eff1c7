import { z } from 'zod';
import { ABOUT_MAX_CHARS, ADDRESS_MAX_CHARS, PHONE_MAX_CHARS } from '../constants';
import { REPRESENTATIVE_TYPES } from '../enums';
import { accountNameFields } from './account-names';
import {
  billingFields,
  emailField,
  membershipSchema,
  newPasswordField,
  profileSchema,
  usernameField,
} from './auth';
import { optionalText, secretText, text } from './common';
import { REPRESENTATIVE_NAME_MESSAGES, representativeFieldsSchema } from './members';

/**
 * The profile's own texts (spec 000 §8 "Profile"; the rest are ours,
 * docs/product-rules.md "Identity and roles").
 */
export const PROFILE_MESSAGES = {
  loadFailed: 'Unable to load profile data',
  updateFailed: 'Error updating profile',
  updated: 'Profile updated',
  typeChange: 'The membership type cannot be changed here',
  statusChange: 'The account status cannot be changed here',
  wrongPassword: 'The current password is incorrect',
  passwordChanged: 'Your password has been changed.',
  currentPasswordRequired: 'Current password is required',
  emailUnchanged: 'This is already your email address',
  emailChangeSent: (email: string) =>
    `We have sent a confirmation link to ${email}. Your email address changes once you confirm it there.`,
  emailChanged: 'Your email address has been changed.',
  emailChangeLinkInvalid: 'This email change link is invalid or has expired.',
} as const;

/** The representatives editor's messages (spec 000 §8 "Representatives"), each a title and a text. */
export const REPRESENTATIVE_EDITOR_MESSAGES = {
  invalidImage: 'Invalid Image',
  imageProcessingTitle: 'Image Processing Error',
  imageProcessing: (name: string) => `Failed to process image for ${name}. Please try again.`,
  updateFailedTitle: 'Update Failed',
  updateFailed: 'Error updating company representatives. Please try again.',
  updated: 'Company representatives updated',
  notCompany: 'Only company members have representatives',
  unknownRepresentative: 'This representative does not belong to your company',
  repeatedRepresentative: 'This representative is listed twice',
  ...REPRESENTATIVE_NAME_MESSAGES,
} as const;

/** A representative as the profile and the editor read it (spec 000 §3 "Representative"). */
export const representativeSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string().nullable(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  /** Null is shown as "Other" (docs/product-rules.md "Representatives"). */
  type: z.enum(REPRESENTATIVE_TYPES).nullable(),
  avatarUrl: z.string().nullable(),
  created_at: z.string(),
});
export type Representative = z.infer<typeof representativeSchema>;

/**
 * A membership on the profile: its standing read at the time of the answer
 * (docs/product-rules.md "Membership lifecycle"), as on the session's profile.
 */
export const profileMembershipSchema = membershipSchema;
export type ProfileMembership = z.infer<typeof profileMembershipSchema>;

/** GET /api/users/ (spec 000 §7: "userData with data, companyReps, membershipData"). */
export const userDataResponseSchema = z.object({
  data: profileSchema,
  companyReps: z.array(representativeSchema),
  membershipData: z.array(profileMembershipSchema),
});
export type UserData = z.infer<typeof userDataResponseSchema>;

/**
 * PUT /api/users/update-profile (spec 000 §5 "Profile edit: username required"), multipart; the
 * avatar (individual) or logo (company) travels beside these. `type` may be sent, as the spec's
 * client does, but only as the user's own type; `status` never
 * (docs/product-rules.md "Identity and roles"), and any other field is refused rather than ignored.
 */
export const updateProfileSchema = z.strictObject({
  username: usernameField,
  phone: optionalText('Phone', PHONE_MAX_CHARS).optional(),
  facsimile: optionalText('Facsimile', PHONE_MAX_CHARS).optional(),
  address: optionalText('Address', ADDRESS_MAX_CHARS).optional(),
  about: optionalText('About', ABOUT_MAX_CHARS, 'multi').optional(),
  // A member edits their name here; the server checks the ones sent against their type (decision 056).
  ...accountNameFields,
  ...billingFields,
  type: text('Type').optional(),
  status: z
    .unknown()
    .refine((value) => value === undefined, PROFILE_MESSAGES.statusChange)
    .optional(),
});
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

/** The profile form's fields (the file is picked beside them). */
export const profileFormSchema = updateProfileSchema.pick({
  username: true,
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
});

/**
 * One entry of PUT /api/reps/update-reps's `repsData` (spec 000 §7): an existing representative
 * has its id, an added one none; `isDeleted` removes it; a new photo is a data-URL in `avatarUrl`
 * with `hasNewAvatar: true`, and `avatarUrl: null` removes the photo.
 */
export const representativeInputSchema = z.object({
  id: z.uuid('Invalid id').optional(),
  // One representative's fields are read the same way by every form that names one.
  firstName: representativeFieldsSchema.shape.firstName,
  lastName: representativeFieldsSchema.shape.lastName,
  preferredName: representativeFieldsSchema.shape.preferredName,
  position: representativeFieldsSchema.shape.position,
  email: representativeFieldsSchema.shape.email,
  type: z.enum(REPRESENTATIVE_TYPES, 'Type must be voting or non-voting').nullable().optional(),
  /** An existing photo's address, or a new one as a data-URL (bounded by the route's body limit). */
  avatarUrl: text('Avatar').nullable().optional(),
  hasNewAvatar: z.boolean().optional(),
  isDeleted: z.boolean().optional(),
});
export type RepresentativeInput = z.infer<typeof representativeInputSchema>;

export const updateRepsBodySchema = z.object({
  repsData: z.array(representativeInputSchema, 'repsData must be a list').max(20, 'Too many representatives'),
});
export type UpdateRepsBody = z.infer<typeof updateRepsBodySchema>;

export const updateRepsResponseSchema = z.object({ data: z.array(representativeSchema) });

/** PUT /api/users/change-password. */
export const changePasswordBodySchema = z.object({
  currentPassword: secretText('Current password', PROFILE_MESSAGES.currentPasswordRequired, 200),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** POST /api/users/change-email: the new address gets a link; the old one stays until it is opened. */
export const changeEmailBodySchema = z.object({
  email: emailField,
  currentPassword: changePasswordBodySchema.shape.currentPassword,
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/**
 * POST /api/users/undo-email-change: the link mailed to the old address after a change
 * (docs/product-rules.md "Accounts"). The page sends it only when its button is pressed.
 */
export const undoEmailChangeBodySchema = z.object({
  token: secretText('Token', 'The link is incomplete', 512),
});
export type UndoEmailChangeBody = z.infer<typeof undoEmailChangeBodySchema>;

export const undoEmailChangeResponseSchema = z.object({
  data: z.object({
    message: z.string(),
    email: z.string().describe('The address the account has again'),
    resetPasswordUrl: z.string().describe('A single-use link to choose a new password (1 hour)'),
  }),
});
export type UndoEmailChangeResult = z.infer<typeof undoEmailChangeResponseSchema>['data'];

/**
 * POST /api/users/confirm-email-change: the link mailed to the new address opens a page whose
 * button sends its token (docs/decisions/075): a mail scanner that opens the link changes nothing.
 */
export const confirmEmailChangeBodySchema = z.object({
  token: secretText('Token', 'The link is incomplete', 512),
});
export type ConfirmEmailChangeBody = z.infer<typeof confirmEmailChangeBodySchema>;

export const confirmEmailChangeResponseSchema = z.object({
  data: z.object({
    message: z.string(),
    email: z.string().describe('The address the account now has'),
  }),
});
export type ConfirmEmailChangeResult = z.infer<typeof confirmEmailChangeResponseSchema>['data'];

export const CONFIRM_EMAIL_CHANGE_MESSAGES = {
  title: 'Confirm your new e-mail address',
  intro: 'Press the button to make this address the e-mail address of your account.',
  button: 'Confirm the new address',
  missingToken: 'This link is incomplete. Please open it again from the e-mail.',
  toProfile: 'Go to my profile',
} as const;

export const UNDO_EMAIL_CHANGE_MESSAGES = {
  title: 'Undo the e-mail change',
  intro:
    'Your account’s e-mail address was changed. If you did not make this change, undo it: your previous address is restored and the account is signed out on every device.',
  button: 'Undo the change',
  done: (email: string) =>
    `Your e-mail address is ${email} again, and the account has been signed out everywhere. Choose a new password now: whoever changed the address may know the old one.`,
  resetPassword: 'Choose a new password',
  linkInvalid: 'This link is invalid, has expired or has already been used',
  addressTaken: 'Your previous address now belongs to another account. Please write to the secretariat.',
  missingToken: 'This link is incomplete. Please open it again from the e-mail.',
} as const;
