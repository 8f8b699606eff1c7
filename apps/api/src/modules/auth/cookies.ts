import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
/**
 * The access cookie lives only as long as its token, and the refresh cookie is sent to
 * /api/auth only. Without a third cookie, a request made after the access token ran out would
 * carry no cookie at all and be answered 'Authentication required', on which the client does not
 * refresh (spec 000 §8): every session would end after ACCESS_TOKEN_TTL_SECONDS of use. This
 * marker (no secret in it) lives as long as the refresh token and tells the server "this browser
 * had a session", so the answer is 'Invalid or expired token' and the client refreshes.
 */
export const SESSION_MARKER_COOKIE = 'has_session';

/** Where the refresh token is sent: only to the routes that use it (refresh, logout, and confirm-email, which sets it). */
export const REFRESH_COOKIE_PATH = '/api/auth';

export type IssuedTokens = {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires: the client may refresh shortly before. */
  accessExpiresAt: Date;
};

const DAY_SECONDS = 86_400;

/**
 * HttpOnly, SameSite=Strict, and Secure when the site is served over HTTPS
 * (docs/architecture.md "Accounts and sessions").
 */
const cookieFlags = (config: Config) =>
  ({ httpOnly: true, sameSite: 'strict', secure: config.publicUrl.startsWith('https://') }) as const;

/** The three cookies of a session; a refresh sets them all again, so the marker's lifetime slides too. */
export function setSessionCookies(reply: FastifyReply, config: Config, tokens: IssuedTokens) {
  const flags = cookieFlags(config);
  const refreshMaxAge = config.auth.refreshTokenTtlDays * DAY_SECONDS;
  reply
    .setCookie(ACCESS_COOKIE, tokens.accessToken, {
      ...flags,
      path: '/',
      maxAge: config.auth.accessTokenTtlSeconds,
    })
    .setCookie(REFRESH_COOKIE, tokens.refreshToken, {
      ...flags,
      path: REFRESH_COOKIE_PATH,
      maxAge: refreshMaxAge,
    })
    .setCookie(SESSION_MARKER_COOKIE, '1', { ...flags, path: '/', maxAge: refreshMaxAge });
}

export function clearSessionCookies(reply: FastifyReply, config: Config) {
  const flags = cookieFlags(config);
  reply
    .clearCookie(ACCESS_COOKIE, { ...flags, path: '/' })
    .clearCookie(REFRESH_COOKIE, { ...flags, path: REFRESH_COOKIE_PATH })
    .clearCookie(SESSION_MARKER_COOKIE, { ...flags, path: '/' });
}

/**
 * "Pending second step" (decision 061): after a right password for an account with two-step
 * sign-in, this cookie alone is set (no session), holding a short-lived signed token that names
 * the account. It is sent only to the 2fa routes, which complete the sign-in with a code.
 */
export const SECOND_STEP_COOKIE = 'second_step';
const SECOND_STEP_COOKIE_PATH = '/api/auth/2fa';

export function setSecondStepCookie(reply: FastifyReply, config: Config, token: string, maxAge: number) {
  reply.setCookie(SECOND_STEP_COOKIE, token, {
    ...cookieFlags(config),
    path: SECOND_STEP_COOKIE_PATH,
    maxAge,
  });
}

export function clearSecondStepCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SECOND_STEP_COOKIE, { ...cookieFlags(config), path: SECOND_STEP_COOKIE_PATH });
}
