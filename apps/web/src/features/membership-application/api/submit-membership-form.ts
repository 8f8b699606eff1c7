import {
  buildAddress,
  consentBodyOf,
  MEMBERSHIP_FORM_FILES,
  type MembershipApplicationForm,
  type ProfileResponse,
} from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type FormDataValue, toFormData } from '@/lib/form-data';

export type MembershipFormSubmission = {
  user: { id: string; username: string; email?: string };
  form: MembershipApplicationForm;
  /** The logo (company) or profile photo (individual). */
  picture: File | null;
  /** A photo per representative, by position; null for none. */
  representativePhotos: (File | null)[];
  /** The stored address of a renewal, kept when the address parts are left blank. */
  currentAddress?: string | null;
};

/**
 * The address the form sends: built from its parts (spec 000 §3), or on a renewal whose parts were
 * left blank the stored one, which the form cannot split back into parts (docs/decisions/023).
 */
export function addressToSend(
  parts: Parameters<typeof buildAddress>[0],
  currentAddress: string | null | undefined,
): string {
  return buildAddress(parts) || currentAddress || '';
}

/**
 * The multipart body of spec 000 §7's PUT /users/filled-form/{id}: the contact details with the
 * address built from its parts, membershipData as JSON text, the picture under the field of the
 * type, and each representative's fields as `representatives[i][field]`, with its id when it is
 * one of the company's current representatives.
 */
export function membershipFormData({
  user,
  form,
  picture,
  representativePhotos,
  currentAddress,
}: MembershipFormSubmission) {
  const isCompany = form.type === 'company';
  const consent = consentBodyOf(form);
  const fields: Record<string, FormDataValue> = {
    username: user.username,
    email: user.email,
    type: form.type,
    phone: form.phone,
    facsimile: form.facsimile,
    address: addressToSend(form, currentAddress),
    about: form.about,
    tin: form.tin,
    // The names of the type chosen (decision 056): a person's, or a company's.
    ...(isCompany
      ? { registeredName: form.registeredName, tradeName: form.tradeName }
      : {
          firstName: form.firstName,
          middleName: form.middleName,
          lastName: form.lastName,
          suffix: form.suffix,
        }),
    ...(isCompany
      ? {
          billingAddress: form.billingAddress,
          billingEmail: form.billingEmail,
        }
      : {}),
    membershipData: JSON.stringify({ category: form.category, userId: user.id }),
    noticeVersion: consent.noticeVersion,
    [isCompany ? MEMBERSHIP_FORM_FILES.logo : MEMBERSHIP_FORM_FILES.avatar]: picture ?? undefined,
  };
  // The optional consents ticked, as a list (`consents[0]`, …); none ticked sends none.
  consent.consents.forEach((purpose, index) => {
    fields[`consents[${index}]`] = purpose;
  });
  if (isCompany) {
    form.representatives.forEach((representative, index) => {
      const name = (field: string) => `representatives[${index}][${field}]`;
      // A current representative is named by its id, so it keeps its photo (docs/decisions/023).
      fields[name('id')] = representative.id ?? undefined;
      fields[name('firstName')] = representative.firstName;
      fields[name('lastName')] = representative.lastName;
      fields[name('preferredName')] = representative.preferredName;
      fields[name('position')] = representative.position;
      fields[name('email')] = representative.email;
      fields[name('type')] = representative.type;
      fields[MEMBERSHIP_FORM_FILES.representativeAvatar(index)] = representativePhotos[index] ?? undefined;
    });
  }
  return toFormData(fields);
}

/** Sends the membership form; answers the profile as it now is (isNew cleared, a pending membership). */
export function useSubmitMembershipForm() {
  return useMutation({
    mutationFn: async (submission: MembershipFormSubmission) => {
      const response = await apiRequest<ProfileResponse>(
        `/users/filled-form/${encodeURIComponent(submission.user.id)}`,
        { method: 'PUT', body: membershipFormData(submission) },
      );
      return response.data.profile;
    },
  });
}
