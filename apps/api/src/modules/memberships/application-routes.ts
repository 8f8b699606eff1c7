import {
  apiErrorSchema,
  idParamsSchema,
  MEMBERSHIP_FORM_FILES,
  MEMBERSHIP_FORM_MESSAGES,
  membershipFormBodySchema,
  membershipFormResponseSchema,
  REPRESENTATIVE_LIMITS,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ImageUploads } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import { submitMembershipForm } from './application';

/** A photo per representative, for as many as a Regular company may name. */
const representativeAvatarFields = Array.from({ length: REPRESENTATIVE_LIMITS.Regular }, (_, index) =>
  MEMBERSHIP_FORM_FILES.representativeAvatar(index),
);
const form = multipartForm(membershipFormBodySchema, {
  files: Object.fromEntries(
    [MEMBERSHIP_FORM_FILES.logo, MEMBERSHIP_FORM_FILES.avatar, ...representativeAvatarFields].map((field) => [
      field,
      1,
    ]),
  ) as Record<string, number>,
});

/**
 * The membership application of spec 000 §2 "/user-forms", §7
 * (docs/product-rules.md "Membership lifecycle").
 */
export const applicationRoutes: FastifyPluginAsyncZod<{ db: Db; images: ImageUploads }> = async (
  app,
  { db, images },
) => {
  app.put(
    '/filled-form/:id',
    {
      config: { access: 'member' },
      validatorCompiler: form.validatorCompiler,
      schema: {
        tags: ['users'],
        summary:
          'Submit the membership form (multipart): type, contact details, About, membershipData (JSON text), logo or avatar, and representatives[i][firstName|lastName|preferredName|position|type|avatar]; makes or updates the one pending membership and clears isNew',
        params: idParamsSchema,
        ...form.schema,
        response: {
          200: membershipFormResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request) => {
      // Only one's own form, refused before a byte of the upload is read.
      if (request.params.id !== request.viewer?.userId) {
        throw new AppError(403, MEMBERSHIP_FORM_MESSAGES.notYourAccount, { code: 'forbidden' });
      }
      const { fields, files } = await form.read(request);
      const profile = await submitMembershipForm({ db, images }, request.params.id, fields, {
        logo: files[MEMBERSHIP_FORM_FILES.logo]?.[0],
        avatar: files[MEMBERSHIP_FORM_FILES.avatar]?.[0],
        representativeAvatars: representativeAvatarFields.map((field) => files[field]?.[0]),
      });
      return { data: { profile } };
    },
  );
};
