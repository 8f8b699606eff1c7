import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE, SESSION_MARKER_COOKIE } from './cookies';
import { type AuthContext, resolveViewer } from './sessions';

/**
 * Sets `request.viewer` from the access-token cookie. A request that carries a session which no
 * longer signs anyone in (an invalid, expired or revoked access token, a disabled user, or the
 * session marker without an access token) is marked, and plugins/access.ts answers it 'Invalid
 * or expired token' whatever the route's access: the client then refreshes and repeats the
 * request (spec 000 §8), where serving it as a guest would silently drop an admin's view of a
 * public list. A request without any session cookie is a guest.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, context: AuthContext) => {
    app.addHook('onRequest', async (request) => {
      // Only routes that declare an access level look at the viewer (the API and the protected
      // downloads); the SPA's assets and uploads skip the database lookup, and so do the public
      // routes that say they ignore it.
      const { access, ignoresViewer } = request.routeOptions.config ?? {};
      if (!access || ignoresViewer) return;
      const accessToken = request.cookies[ACCESS_COOKIE];
      if (accessToken) {
        request.viewer = await resolveViewer(context, accessToken);
        request.sessionTokenInvalid = request.viewer === null;
      } else {
        // The access cookie expires with its token; the marker says a session may still be
        // refreshed (cookies.ts).
        request.sessionTokenInvalid = request.cookies[SESSION_MARKER_COOKIE] !== undefined;
      }
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
