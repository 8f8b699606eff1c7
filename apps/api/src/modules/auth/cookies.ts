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

type SessionCookieLines = { set: (tokens: IssuedTokens) => string[]; clear: string[] };
const linesByConfig = new WeakMap<Config, SessionCookieLines>();

/**
 * The Set-Cookie lines of a session, written here rather than through @fastify/cookie's
 * `setCookie`: their attributes depend on the configuration only, so they are joined once, and a
 * refresh (which sets all three) does not build and validate three option objects each time. The
 * values need no encoding: base64url tokens, a JWT (base64url and dots) and '1'.
 */
function sessionCookieLines(config: Config): SessionCookieLines {
  let lines = linesByConfig.get(config);
  if (!lines) {
    const flags = `; HttpOnly${config.publicUrl.startsWith('https://') ? '; Secure' : ''}; SameSite=Strict`;
    const refreshMaxAge = config.auth.refreshTokenTtlDays * 86_400;
    const access = `; Max-Age=${config.auth.accessTokenTtlSeconds}; Path=/${flags}`;
    const refresh = `; Max-Age=${refreshMaxAge}; Path=${REFRESH_COOKIE_PATH}${flags}`;
    const marker = `${SESSION_MARKER_COOKIE}=1; Max-Age=${refreshMaxAge}; Path=/${flags}`;
    const cleared = (name: string, path: string) =>
      `${name}=; Max-Age=0; Path=${path}; Expires=Thu, 01 Jan 1970 00:00:00 GMT${flags}`;
    lines = {
      set: (tokens) => [
        `${ACCESS_COOKIE}=${tokens.accessToken}${access}`,
        `${REFRESH_COOKIE}=${tokens.refreshToken}${refresh}`,
        marker,
      ],
      clear: [
        cleared(ACCESS_COOKIE, '/'),
        cleared(REFRESH_COOKIE, REFRESH_COOKIE_PATH),
        cleared(SESSION_MARKER_COOKIE, '/'),
      ],
    };
    linesByConfig.set(config, lines);
  }
  return lines;
}

export function setSessionCookies(reply: FastifyReply, config: Config, tokens: IssuedTokens) {
  reply.header('set-cookie', sessionCookieLines(config).set(tokens));
}

export function clearSessionCookies(reply: FastifyReply, config: Config) {
  reply.header('set-cookie', sessionCookieLines(config).clear);
}
