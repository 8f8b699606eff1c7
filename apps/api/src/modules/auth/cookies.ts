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

/** Where the refresh token is sent: only to the routes that use it (refresh, logout, login-token). */
export const REFRESH_COOKIE_PATH = '/api/auth';

export type IssuedTokens = {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires: the client may refresh shortly before. */
  accessExpiresAt: Date;
};

const baseOptions = (config: Config) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: config.publicUrl.startsWith('https://'),
});

export function setSessionCookies(reply: FastifyReply, config: Config, tokens: IssuedTokens) {
  const refreshMaxAge = config.auth.refreshTokenTtlDays * 86_400;
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    ...baseOptions(config),
    path: '/',
    maxAge: config.auth.accessTokenTtlSeconds,
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...baseOptions(config),
    path: REFRESH_COOKIE_PATH,
    maxAge: refreshMaxAge,
  });
  reply.setCookie(SESSION_MARKER_COOKIE, '1', { ...baseOptions(config), path: '/', maxAge: refreshMaxAge });
}

export function clearSessionCookies(reply: FastifyReply, config: Config) {
  reply.clearCookie(ACCESS_COOKIE, { ...baseOptions(config), path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...baseOptions(config), path: REFRESH_COOKIE_PATH });
  reply.clearCookie(SESSION_MARKER_COOKIE, { ...baseOptions(config), path: '/' });
}
