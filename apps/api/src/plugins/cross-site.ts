import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes data (spec: `add-view`, `toggle-status`, `logout`) is guarded like a POST. */
    changesState?: boolean;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request may change data: any unsafe method, and the GETs that say they do. */
export const changesState = (request: FastifyRequest) =>
  !safeMethods.has(request.method) || request.routeOptions.config?.changesState === true;

/**
 * Refuses state-changing requests that a browser sends on behalf of another site
 * (docs/architecture.md "Accounts and sessions"). Browsers say where a request comes from in
 * Sec-Fetch-Site, or failing that in Origin; a client that sends neither is not a browser acting
 * for someone else, so it has no ambient credentials to abuse.
 */
export const crossSitePlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const ownOrigin = new URL(config.publicUrl).origin;

  const isCrossSite = (request: FastifyRequest) => {
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
    const origin = request.headers.origin;
    if (!origin) return false;
    // Behind a proxy or on another port in development the public URL may differ from the Host.
    return origin !== ownOrigin && origin !== `${request.protocol}://${request.host}`;
  };

  app.addHook('onRequest', async (request) => {
    if (changesState(request) && isCrossSite(request)) {
      throw new AppError(403, 'Cross-site request refused', { code: 'cross_site_request' });
    }
  });
});
