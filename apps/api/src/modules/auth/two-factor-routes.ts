import {
  apiErrorSchema,
  passkeyAssertionBodySchema,
  passkeyListResponseSchema,
  passkeyRegisteredResponseSchema,
  passkeyRegistrationBodySchema,
  profileResponseSchema,
  recoveryCodesResponseSchema,
  SECOND_FACTOR_ERROR_CODES,
  secondFactorCodeBodySchema,
  secondFactorMethodsResponseSchema,
  TWO_FACTOR_MESSAGES,
  totpCodeBodySchema,
  totpEnrolmentResponseSchema,
  twoFactorStatusResponseSchema,
  webauthnOptionsResponseSchema,
} from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { verifySecondStepToken } from '../../lib/tokens';
import { authRateLimit } from '../../plugins/rate-limit';
import { clearSecondStepCookie, SECOND_STEP_COOKIE, setSessionCookies } from './cookies';
import {
  checkPasskeyAssertion,
  finishPasskeyRegistration,
  listPasskeys,
  removePasskey,
  secondFactorMethods,
  startPasskeyAssertion,
  startPasskeyRegistration,
  stepUpWithPasskey,
} from './passkeys';
import { completeSecondStep } from './service';
import type { AuthContext } from './sessions';
import {
  checkSecondFactor,
  confirmTotpEnrolment,
  readTwoFactorStatus,
  regenerateRecoveryCodes,
  SecondStepLockedError,
  startTotpEnrolment,
  stepUpSession,
  turnOffTotp,
} from './two-factor';

const codeRefusals = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };

function viewerOf(request: FastifyRequest) {
  // access: 'member' guarantees it; the check keeps the types honest.
  if (!request.viewer) throw new AppError(401, 'Authentication required', { code: 'unauthenticated' });
  return request.viewer;
}

/** The account a pending second step (the `second_step` cookie) names; 401 "Sign in again" without one. */
async function pendingUserOf(request: FastifyRequest, reply: FastifyReply, context: AuthContext) {
  const pending = request.cookies[SECOND_STEP_COOKIE];
  const userId = pending ? await verifySecondStepToken(pending, context.jwtSecret) : null;
  if (!userId) {
    clearSecondStepCookie(reply, context.config);
    throw signInAgain();
  }
  return userId;
}

const signInAgain = () =>
  new AppError(401, TWO_FACTOR_MESSAGES.signInAgain, { code: SECOND_FACTOR_ERROR_CODES.signInAgain });

/** A locked second step tells the client, besides the message, when to ask again. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SecondStepLockedError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}

/**
 * Two-step sign-in (decision 061), under /api/auth/2fa. Open to every
 * signed-in account, staff without it included: this is where they set it up.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<AuthContext> = async (app, context) => {
  const { db, config } = context;

  app.get(
    '/',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: 'Whether two-step sign-in is on, the recovery codes left, and whether it is required',
        response: { 200: twoFactorStatusResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await readTwoFactorStatus(db, viewerOf(request).userId) }),
  );

  app.post(
    '/totp/enrol',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: 'Start setting up an authenticator app: a new secret, confirmed by its first code',
        response: { 200: totpEnrolmentResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await startTotpEnrolment(db, viewerOf(request).userId) }),
  );

  app.post(
    '/totp/confirm',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: 'Confirm the new secret with a code: two-step sign-in is on; ten recovery codes, shown once',
        body: totpCodeBodySchema,
        response: { 200: recoveryCodesResponseSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => ({ data: await confirmTotpEnrolment(db, viewerOf(request), request.body.code) }),
  );

  app.post(
    '/verify',
    {
      // The pending cookie, not a session, says who is signing in; a stale session cookie of the
      // same browser must not turn this into 'Invalid or expired token'.
      config: { access: 'public', ignoresViewer: true, rateLimit: authRateLimit(config) },
      schema: {
        tags: ['auth'],
        summary: 'The second step of sign-in: a code from the authenticator app or a recovery code',
        body: secondFactorCodeBodySchema,
        response: { 200: profileResponseSchema, 403: apiErrorSchema, ...codeRefusals },
      },
    },
    async (request, reply) => {
      const pending = request.cookies[SECOND_STEP_COOKIE];
      const userId = pending ? await verifySecondStepToken(pending, context.jwtSecret) : null;
      if (!userId) {
        clearSecondStepCookie(reply, config);
        throw signInAgain();
      }
      const signedIn = await withRetryAfter(reply, () =>
        completeSecondStep(context, userId, (id) => checkSecondFactor(db, id, request.body.code), {
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        }),
      );
      if (!signedIn) {
        clearSecondStepCookie(reply, config);
        throw signInAgain();
      }
      clearSecondStepCookie(reply, config);
      setSessionCookies(reply, config, signedIn.tokens);
      return { data: { profile: signedIn.profile } };
    },
  );

  app.post(
    '/step-up',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: 'Confirm it is you with a code before a sensitive action (valid 15 minutes)',
        body: secondFactorCodeBodySchema,
        response: { 204: z.null().describe('Checked'), 409: apiErrorSchema, ...codeRefusals },
      },
    },
    async (request, reply) => {
      await withRetryAfter(reply, () => stepUpSession(db, viewerOf(request), request.body.code));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/recovery-codes',
    {
      config: { access: 'member', stepUp: true },
      schema: {
        tags: ['auth'],
        summary: 'Ten new recovery codes, shown once; the old ones stop working',
        response: {
          200: recoveryCodesResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => ({ data: await regenerateRecoveryCodes(db, viewerOf(request)) }),
  );

  app.delete(
    '/totp',
    {
      config: { access: 'member', stepUp: true },
      schema: {
        tags: ['auth'],
        summary: 'Turn two-step sign-in off (members only: staff must keep it)',
        response: {
          204: z.null().describe('Turned off'),
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await turnOffTotp(db, viewerOf(request));
      return reply.status(204).send(null);
    },
  );

  // Passkeys (decision 061, "Passkeys"): a second factor of their own beside the app.

  app.get(
    '/methods',
    {
      // Asked by the second step of sign-in, before there is a session: the pending cookie says who.
      config: { access: 'public', ignoresViewer: true, rateLimit: authRateLimit(config) },
      schema: {
        tags: ['auth'],
        summary: 'The second-step methods of the account signing in: an authenticator app, passkeys',
        response: { 200: secondFactorMethodsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = await pendingUserOf(request, reply, context);
      return { data: { methods: await secondFactorMethods(db, userId) } };
    },
  );

  app.post(
    '/verify/passkey-options',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit: authRateLimit(config) },
      schema: {
        tags: ['auth'],
        summary: 'Options of a passkey ceremony for the second step of sign-in (valid 5 minutes)',
        response: { 200: webauthnOptionsResponseSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = await pendingUserOf(request, reply, context);
      return { data: await startPasskeyAssertion(db, config, userId, 'sign_in') };
    },
  );

  app.post(
    '/verify/passkey',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit: authRateLimit(config) },
      schema: {
        tags: ['auth'],
        summary: 'The second step of sign-in with a passkey',
        body: passkeyAssertionBodySchema,
        response: { 200: profileResponseSchema, 403: apiErrorSchema, ...codeRefusals },
      },
    },
    async (request, reply) => {
      const userId = await pendingUserOf(request, reply, context);
      const signedIn = await withRetryAfter(reply, () =>
        completeSecondStep(
          context,
          userId,
          (id) => checkPasskeyAssertion(db, config, id, 'sign_in', request.body.response),
          { userAgent: request.headers['user-agent'], ip: request.ip },
        ),
      );
      clearSecondStepCookie(reply, config);
      if (!signedIn) throw signInAgain();
      setSessionCookies(reply, config, signedIn.tokens);
      return { data: { profile: signedIn.profile } };
    },
  );

  app.post(
    '/step-up/passkey-options',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: 'Options of a passkey ceremony to confirm it is you before a sensitive action',
        response: { 200: webauthnOptionsResponseSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await startPasskeyAssertion(db, config, viewerOf(request).userId, 'step_up'),
    }),
  );

  app.post(
    '/step-up/passkey',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: 'Confirm it is you with a passkey before a sensitive action (valid 15 minutes)',
        body: passkeyAssertionBodySchema,
        response: { 204: z.null().describe('Checked'), ...codeRefusals },
      },
    },
    async (request, reply) => {
      await withRetryAfter(reply, () =>
        stepUpWithPasskey(db, config, viewerOf(request), request.body.response),
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/passkeys',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: 'The passkeys of the signed-in account, oldest first',
        response: { 200: passkeyListResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await listPasskeys(db, viewerOf(request).userId) }),
  );

  app.post(
    '/passkeys/options',
    {
      // Adding a factor to an account that has one is a sensitive change: a fresh check first.
      config: { access: 'member', stepUp: true },
      schema: {
        tags: ['auth'],
        summary: 'Options of a passkey registration ceremony (valid 5 minutes)',
        response: {
          200: webauthnOptionsResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => ({ data: await startPasskeyRegistration(db, config, viewerOf(request).userId) }),
  );

  app.post(
    '/passkeys',
    {
      config: { access: 'member', stepUp: true },
      schema: {
        tags: ['auth'],
        summary: 'Register a passkey; the first second factor of an account comes with ten recovery codes',
        body: passkeyRegistrationBodySchema,
        response: {
          201: passkeyRegisteredResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const registered = await finishPasskeyRegistration(db, config, viewerOf(request), request.body);
      return reply.status(201).send({ data: registered });
    },
  );

  app.delete(
    '/passkeys/:id',
    {
      config: { access: 'member', stepUp: true },
      schema: {
        tags: ['auth'],
        summary: 'Remove a passkey (staff must keep a second factor)',
        params: z.object({ id: z.uuid('Passkey not found') }),
        response: {
          204: z.null().describe('Removed'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await removePasskey(db, viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
