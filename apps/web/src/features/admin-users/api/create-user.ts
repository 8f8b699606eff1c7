import {
  type AccountNames,
  type AdminCreateUserResponse,
  CREATE_USER_IMAGE_FIELDS,
  type MembershipCategory,
  representativeField,
} from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type FormDataValue, toFormData } from '@/lib/form-data';
import { userKeys } from './user-keys';

/** Blank optional text is null, sent blank. */
export type NewRepresentative = {
  firstName: string;
  lastName: string;
  preferredName: string | null;
  position: string | null;
  email: string | null;
  type: 'voting' | 'non-voting' | null;
  avatar: File | null;
};

export type NewUserInput = AccountNames & {
  type: 'company' | 'individual';
  username: string;
  email: string;
  phone: string | null;
  facsimile: string | null;
  address: string;
  about: string | null;
  tin?: string | null;
  billingAddress?: string | null;
  billingEmail?: string | null;
  category: MembershipCategory;
  /** The company's logo or the individual's avatar. */
  picture: File | null;
  representatives: NewRepresentative[];
};

/**
 * POST /users/admin/create-user (spec 001 §7): multipart, membershipData as JSON text, and each
 * representative's fields by index (`representatives[0][firstName]`). Facsimile is sent and
 * stored (docs/product-rules.md "Membership lifecycle").
 */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ picture, representatives, category, ...fields }: NewUserInput) => {
      const pictureField =
        fields.type === 'company' ? CREATE_USER_IMAGE_FIELDS.logo : CREATE_USER_IMAGE_FIELDS.avatar;
      const representativeFields: Record<string, FormDataValue> = {};
      if (fields.type === 'company') {
        representatives.forEach(({ avatar, ...representative }, index) => {
          for (const [name, value] of Object.entries(representative)) {
            representativeFields[representativeField(index, name)] = value;
          }
          representativeFields[representativeField(index, 'avatar')] = avatar ?? undefined;
        });
      }
      const body = toFormData({
        ...fields,
        membershipData: JSON.stringify({ category }),
        [pictureField]: picture ?? undefined,
        ...representativeFields,
      });
      const response = await apiRequest<AdminCreateUserResponse>('/users/admin/create-user', {
        method: 'POST',
        body,
      });
      return response.data.user;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
