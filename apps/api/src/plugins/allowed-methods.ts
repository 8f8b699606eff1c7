import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay, { type HTTPMethod } from 'find-my-way';

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route takes at this path (`/api/boards/admin/update-board-member/1` → PUT). */
    allowedMethods(path: string): string[];
  }
}

/**
 * Keeps a second router of every route's pattern, the one Fastify itself uses (find-my-way), so the
 * not-found handler can tell "no such address" (404) from "not with this method" (405 with Allow):
 * Fastify's own `hasRoute` compares patterns, not addresses. Register before any route.
 */
export const allowedMethodsPlugin = fp(
  async (app: FastifyInstance) => {
    const routes = FindMyWay();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        routes.on(method.toUpperCase() as HTTPMethod, route.url, () => {});
      }
    });
    app.decorate('allowedMethods', (path: string) =>
      HTTP_METHODS.filter((method) => routes.find(method, path) !== null),
    );
  },
  { name: 'allowed-methods' },
);
