import {
  apiErrorSchema,
  IMAGE_MAX_BYTES,
  REPRESENTATIVE_LIMITS,
  updateRepsBodySchema,
  updateRepsResponseSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ImageUploads } from '../../lib/images';
import { updateRepresentatives } from './service';

/**
 * The editor sends new photos inside the JSON as base64 data-URLs (spec 000 §7): room for every
 * representative of the largest company with a photo at the limit, and one over, so that a photo
 * over 5 MB reaches the check that names it instead of a bare "body too large".
 */
const BASE64_PHOTO_BYTES = Math.ceil((IMAGE_MAX_BYTES * 1.25) / 3) * 4;
export const UPDATE_REPS_BODY_LIMIT = (REPRESENTATIVE_LIMITS.Regular + 1) * BASE64_PHOTO_BYTES + 1_048_576;

/** The company representatives editor's call (spec 000 §7 "PUT /reps/update-reps"). */
export const representativeRoutes: FastifyPluginAsyncZod<{ db: Db; images: ImageUploads }> = async (
  app,
  { db, images },
) => {
  app.put(
    '/update-reps',
    {
      config: { access: 'member' },
      bodyLimit: UPDATE_REPS_BODY_LIMIT,
      schema: {
        tags: ['representatives'],
        summary:
          "Replace the signed-in company's representatives with repsData (new photos as data-URLs with hasNewAvatar)",
        body: updateRepsBodySchema,
        response: {
          200: updateRepsResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
        },
      },
    },
    async (request) => {
      if (!request.viewer) throw new AppError(401, 'Authentication required', { code: 'unauthenticated' });
      return {
        data: await updateRepresentatives({ db, images }, request.viewer.userId, request.body.repsData),
      };
    },
  );
};
