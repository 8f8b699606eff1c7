import {
  apiErrorSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  confirmEmailChangeBodySchema,
  confirmEmailChangeResponseSchema,
  messageResponseSchema,
  PROFILE_MESSAGES,
  profileResponseSchema,
  text,
  undoEmailChangeBodySchema,
  undoEmailChangeResponseSchema,
  updateProfileSchema,
  userDataResponseSchema,
} from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { ImageUploads } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import { authRateLimit } from '../../plugins/rate-limit';
import { type AuthContext, setSessionCookies } from '../auth';
import {
  changePassword,
  confirmEmailChange,
  emailChangeLink,
  getUserData,
  requestEmailChange,
  undoEmailChange,
  updateProfile,
} from './profile-service';

/** An individual's avatar or a company's logo (spec 000 §7), one image either way. */
const profileForm = multipartForm(updateProfileSchema, { files: { avatar: 1, logo: 1 } });
const uploadErrors = { 400: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };

const confirmQuerySchema = z.object({ token: text('Token').max(512).optional() });

function viewerId(request: FastifyRequest) {
  // access: 'member' guarantees a viewer; the check keeps the types honest.
  if (!request.viewer) throw new AppError(401, 'Authentication required', { code: 'unauthenticated' });
  return request.viewer.userId;
}

/**
 * The signed-in user's own profile (spec 000 §7 "GET /users/", "PUT /users/update-profile") and
 * account changes (password, e-mail: docs/product-rules.md "Accounts"). Every route acts on the
 * session's user: none takes a user id, so nobody reaches another user's profile through them.
 */
export const profileRoutes: FastifyPluginAsyncZod<AuthContext & { images: ImageUploads }> = async (
  app,
  context,
) => {
  const { db, config, images } = context;
  const rateLimit = authRateLimit(config);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/',
    {
      config: { access: 'member' },
      schema: {
        tags: ['users'],
        summary: "The signed-in user's profile, company representatives and memberships with their standing",
        response: { 200: userDataResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getUserData(db, viewerId(request)),
  );

  app.put(
    '/update-profile',
    {
      config: { access: 'member' },
      validatorCompiler: profileForm.validatorCompiler,
      schema: {
        tags: ['users'],
        summary:
          'Change username, phone, facsimile, address, about and the avatar (individual) or logo (company); multipart',
        ...profileForm.schema,
        response: { 200: profileResponseSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const { fields, files } = await profileForm.read(request);
      const picture = files.logo[0] ?? files.avatar[0];
      const profile = await updateProfile({ db, images }, viewerId(request), fields, picture);
      return { data: { profile } };
    },
  );

  app.put(
    '/change-password',
    {
      config: { access: 'member', rateLimit },
      schema: {
        tags: ['users'],
        summary: 'Change the password (the current one required); ends every other session',
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const tokens = await changePassword(context, viewerId(request), request.body, {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      setSessionCookies(reply, config, tokens);
      return { data: { message: PROFILE_MESSAGES.passwordChanged } };
    },
  );

  app.post(
    '/change-email',
    {
      config: { access: 'member', rateLimit },
      schema: {
        tags: ['users'],
        summary: 'Send a confirmation link to a new e-mail address; it replaces the old one once opened',
        body: changeEmailBodySchema,
        response: {
          200: messageResponseSchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const data = await requestEmailChange(context, viewerId(request), request.body);
      app.mailWorker.poke();
      return { data };
    },
  );

  app.get(
    '/confirm-email-change',
    {
      // Links mailed before decision 075 reached the e-mail change point here: opening one now
      // spends nothing and lands on the page whose button confirms.
      config: { access: 'public', ignoresViewer: true, rateLimit },
      schema: {
        tags: ['users'],
        summary: 'An e-mail change link mailed before: redirects to its confirmation page, changing nothing',
        querystring: confirmQuerySchema,
        response: { 302: z.null().describe('Redirect'), 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      return reply.redirect(emailChangeLink(config.publicUrl, token), 302);
    },
  );

  app.post(
    '/confirm-email-change',
    {
      // The page posts the token from the new address's link when its button is pressed; a GET of
      // the link (a mail scanner) changes nothing (decision 075). The token is the credential.
      config: { access: 'public', ignoresViewer: true, rateLimit },
      schema: {
        tags: ['users'],
        summary: 'Confirm an e-mail change with the token mailed to the new address',
        body: confirmEmailChangeBodySchema,
        response: {
          200: confirmEmailChangeResponseSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => ({ data: await confirmEmailChange(db, request.body.token, config.publicUrl) }),
  );

  app.post(
    '/undo-email-change',
    {
      // The page posts the token from the notice's link when its button is pressed; a GET of the
      // link (a mail scanner) changes nothing. The token is the credential.
      config: { access: 'public', ignoresViewer: true, rateLimit },
      schema: {
        tags: ['users'],
        summary:
          'Undo an e-mail change from the link sent to the old address: restores it and ends every session',
        body: undoEmailChangeBodySchema,
        response: {
          200: undoEmailChangeResponseSchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => ({ data: await undoEmailChange(context, request.body.token) }),
  );
};
