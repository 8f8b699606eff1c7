import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE, SESSION_MARKER_COOKIE } from '../modules/auth/cookies';
import { type AuthContext, resolveViewer } from '../modules/auth/sessions';

/**
 * Sets `request.viewer` from the access-token cookie. A token that is invalid, expired, or whose
 * session was revoked (or whose user was disabled) leaves the viewer null and marks the request,
 * so that protected routes answer 'Invalid or expired token' and the client refreshes (spec 000
 * §8). Public routes never fail because of a bad cookie: they just see a guest.
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
        // refreshed (modules/auth/cookies.ts).
        request.sessionTokenInvalid = request.cookies[SESSION_MARKER_COOKIE] !== undefined;
      }
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
