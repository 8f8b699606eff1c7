import {
  accountSessionsResponseSchema,
  apiErrorSchema,
  CONFIRM_EMAIL_LINK_ERROR,
  CONFIRMATION_LINK_INVALID_MESSAGE,
  confirmEmailBodySchema,
  forgotPasswordBodySchema,
  idParamsSchema,
  loginBodySchema,
  loginErrorSchema,
  messageResponseSchema,
  profileResponseSchema,
  REFRESH_UNAVAILABLE_MESSAGE,
  registerBodySchema,
  resetPasswordBodySchema,
  SECOND_STEP_TTL_SECONDS,
  SESSION_ERRORS,
  SESSION_MESSAGES,
  secondFactorRequiredResponseSchema,
  text,
} from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { signSecondStepToken } from '../../lib/tokens';
import { NOT_STORED } from '../../plugins/access';
import {
  authRateLimit,
  loginAddressRateLimit,
  loginRateLimits,
  perEmailRateLimit,
} from '../../plugins/rate-limit';
import {
  ACCESS_COOKIE,
  clearSessionCookies,
  REFRESH_COOKIE,
  setSecondStepCookie,
  setSessionCookies,
} from './cookies';
import { AUTH_MESSAGES } from './messages';
import { loadProfile } from './profile';
import {
  confirmationLink,
  confirmEmail,
  LoginRefusedError,
  logIn,
  registerUser,
  resendConfirmation,
  resetPassword,
  sendPasswordReset,
} from './service';
import {
  type AuthContext,
  endSession,
  listUserSessions,
  revokeOtherSessions,
  revokeOwnSession,
  rotateRefreshToken,
} from './sessions';
import { twoFactorRoutes } from './two-factor-routes';

/** GET /refresh's answer; the spec leaves it "not shown" (spec 000 §7). */
export const refreshResponseSchema = z.object({
  data: z.object({ expiresAt: z.string().describe('When the new access token expires (ISO 8601)') }),
});

/** A refused login carries `e.code`; the same statuses also answer a cross-site or rate-limited call. */
const loginRefusalSchema = z.union([loginErrorSchema, apiErrorSchema]);

/** How soon a client may try a refresh again after the server failed it (503). */
const REFRESH_RETRY_AFTER_SECONDS = 5;

const confirmEmailQuerySchema = z.object({ token: text('Token').max(512).optional() });

const metadataOf = (request: FastifyRequest) => ({
  userAgent: request.headers['user-agent'],
  ip: request.ip,
});

/**
 * The accounts and session calls of spec 000 §7 and the e-mail link flows
 * (docs/product-rules.md "Accounts").
 */
export const authRoutes: FastifyPluginAsyncZod<AuthContext> = async (app, context) => {
  const { db, config } = context;
  const rateLimit = authRateLimit(config);

  // Work that must not change the answer's timing (forgot-password) finishes after the answer;
  // closing the app waits for it, so nothing is cut off mid-transaction.
  const backgroundWork = new Set<Promise<void>>();
  const runAfterAnswer = (request: FastifyRequest, work: () => Promise<void>) => {
    const task: Promise<void> = work()
      .catch((error) => request.log.error({ err: error }, 'background account work failed'))
      .finally(() => backgroundWork.delete(task));
    backgroundWork.add(task);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...backgroundWork]);
  });

  // The outbox worker polls anyway; a poke sends a committed mail at once (lib/mail).
  const sendQueuedMail = () => app.mailWorker.poke();

  // Answers here carry tokens, profiles or session cookies: no cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', NOT_STORED);
  });

  app.post(
    '/register',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Create an account; a confirmation link is e-mailed',
        body: registerBodySchema,
        response: { 201: messageResponseSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const data = await registerUser(context, request.body);
      sendQueuedMail();
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/confirm-email',
    {
      // The address confirmation links had before they opened the page itself: sent on to the
      // page, which asks for a click. Opening it confirms nothing, so a mail scanner's visit
      // spends no link and receives no session.
      config: { access: 'public', ignoresViewer: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'An older confirmation link: redirects to the /confirm-email page, which confirms on a click',
        querystring: confirmEmailQuerySchema,
        response: { 302: z.null().describe('Redirect'), 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      return reply.redirect(
        token ? confirmationLink(config.publicUrl, token) : `${config.publicUrl}/confirm-email`,
        302,
      );
    },
  );

  app.post(
    '/confirm-email',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          "Confirm the e-mail address with the link's token: activates the account and signs it in (cookies)",
        body: confirmEmailBodySchema,
        response: { 200: profileResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const confirmed = await confirmEmail(context, request.body.token, metadataOf(request));
      if (!confirmed) {
        throw new AppError(400, CONFIRMATION_LINK_INVALID_MESSAGE, { code: CONFIRM_EMAIL_LINK_ERROR });
      }
      setSessionCookies(reply, config, confirmed.tokens);
      return { data: { profile: confirmed.profile } };
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit: loginAddressRateLimit(config) },
      preHandler: loginRateLimits(app, config),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; sets the session cookies',
        body: loginBodySchema,
        response: {
          200: z.union([profileResponseSchema, secondFactorRequiredResponseSchema]),
          401: loginRefusalSchema,
          403: loginRefusalSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const signedIn = await logIn(context, request.body, metadataOf(request));
        if ('secondFactorFor' in signedIn) {
          // No session yet: only the pending second step, which POST /2fa/verify completes.
          const token = await signSecondStepToken(signedIn.secondFactorFor, context.jwtSecret, {
            ttlSeconds: SECOND_STEP_TTL_SECONDS,
          });
          setSecondStepCookie(reply, config, token, SECOND_STEP_TTL_SECONDS);
          return { data: { secondFactor: 'required' as const } };
        }
        setSessionCookies(reply, config, signedIn.tokens);
        return { data: { profile: signedIn.profile } };
      } catch (error) {
        if (!(error instanceof LoginRefusedError)) throw error;
        return reply
          .status(error.statusCode)
          .send({ error: error.message, code: error.code, e: { code: error.code } });
      }
    },
  );

  app.get(
    '/refresh',
    {
      // Rotates tokens, so guarded like a POST; the client calls it from its own pages only.
      config: { access: 'public', changesState: true, ignoresViewer: true },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and issue a new access token (cookies)',
        response: {
          200: refreshResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema.describe(
            'The refresh token is unknown, expired or used: the cookies are cleared',
          ),
          503: apiErrorSchema.describe(
            'The session could not be renewed now; retry after Retry-After seconds',
          ),
        },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) {
        clearSessionCookies(reply, config);
        throw new AppError(400, SESSION_ERRORS.missingTokens, { code: 'missing_tokens' });
      }
      let tokens: Awaited<ReturnType<typeof rotateRefreshToken>>;
      try {
        tokens = await rotateRefreshToken(context, presented);
      } catch (error) {
        // Only the token's own fault ends the session (401, 'Failed to refresh token').
        if (error instanceof AppError) {
          clearSessionCookies(reply, config);
          throw error;
        }
        // Anything else is the server's (the database restarting, a dropped connection): the
        // token was not used (its transaction rolled back), so the cookies stay and the client
        // tries again later, still signed in.
        request.log.error({ err: error }, 'refresh failed for a reason other than the token');
        reply.header('retry-after', String(REFRESH_RETRY_AFTER_SECONDS));
        throw new AppError(503, REFRESH_UNAVAILABLE_MESSAGE, { code: 'refresh_unavailable' });
      }
      setSessionCookies(reply, config, tokens);
      return { data: { expiresAt: tokens.accessExpiresAt.toISOString() } };
    },
  );

  app.get(
    '/logout',
    {
      config: { access: 'public', changesState: true, ignoresViewer: true },
      schema: {
        tags: ['auth'],
        summary: 'End the session on the server and clear its cookies',
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await endSession(context, {
        refreshToken: request.cookies[REFRESH_COOKIE],
        accessToken: request.cookies[ACCESS_COOKIE],
      });
      clearSessionCookies(reply, config);
      return { data: { message: AUTH_MESSAGES.loggedOut } };
    },
  );

  app.get(
    '/session',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's profile",
        response: { 200: profileResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: { profile: await loadProfile(db, viewerOf(request).userId) } }),
  );

  // The user's own sessions (docs/product-rules.md "Accounts"): every query is bounded to the
  // viewer's user id, so another user's session is simply not found.
  app.get(
    '/sessions',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's sessions that still sign in, most recently used first",
        response: { 200: accountSessionsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const rows = await listUserSessions(context, viewer.userId);
      return {
        data: rows.map((row) => ({
          id: row.id,
          userAgent: row.userAgent,
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          current: row.id === viewer.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: "End one of the signed-in user's sessions; its next request is refused",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(await revokeOwnSession(db, viewerOf(request).userId, request.params.id))) {
        throw notFound(SESSION_MESSAGES.notFound);
      }
      return { data: { message: SESSION_MESSAGES.signedOut } };
    },
  );

  app.post(
    '/sessions/sign-out-others',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: 'End every session of the signed-in user except this one',
        response: { 200: messageResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const count = viewer.sessionId ? await revokeOtherSessions(db, viewer.userId, viewer.sessionId) : 0;
      return { data: { message: SESSION_MESSAGES.othersSignedOut(count) } };
    },
  );

  await app.register(twoFactorRoutes, { ...context, prefix: '/2fa' });

  app.post(
    '/forgot-password',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link; the answer is the same whether or not the account exists',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { body } = request;
      runAfterAnswer(request, async () => {
        if (await sendPasswordReset(context, body)) sendQueuedMail();
      });
      return { data: { message: AUTH_MESSAGES.forgotPasswordSent } };
    },
  );

  const limitResendPerEmail = perEmailRateLimit(app, config, 'resend-confirmation');
  app.post(
    '/resend-confirmation',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit },
      preHandler: limitResendPerEmail((request) => (request.body as { email: string }).email),
      schema: {
        tags: ['auth'],
        summary:
          'E-mail a new confirmation link to an unconfirmed account; the answer is the same whether or not it exists',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { body } = request;
      runAfterAnswer(request, async () => {
        if (await resendConfirmation(context, body)) sendQueuedMail();
      });
      return { data: { message: AUTH_MESSAGES.confirmationResent } };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset or invitation link; ends every session',
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => ({ data: await resetPassword(context, request.body) }),
  );
};

function viewerOf(request: FastifyRequest) {
  // access: 'member' guarantees it; the check keeps the types honest.
  if (!request.viewer) throw new AppError(401, 'Authentication required', { code: 'unauthenticated' });
  return request.viewer;
}
