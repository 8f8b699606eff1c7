import {
  holdsAnyRole,
  MEMBERS_AREA_MESSAGES,
  SECOND_FACTOR_ERROR_CODES,
  SECOND_FACTOR_FRESH_MS,
  STAFF_ROLE_MESSAGES,
  STAFF_ROLES,
  type StaffRole,
  TWO_FACTOR_MESSAGES,
} from '@portal/shared';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import vary from 'vary';
import { AppError, invalidToken } from '../lib/errors';

/**
 * Who may call a route. Every API route declares one where it is defined
 * (docs/code-style.md "Deny by default"): anyone; anyone signed in; a member in good standing
 * (`members-area`: the members' area files, the card; staff too, decision 057); staff holding
 * one of the route's `roles` (`staff`, decision 060).
 */
export type RouteAccess = 'public' | 'member' | 'members-area' | 'staff';

export type AccessOptions = {
  /** The one rule for good standing on the server (modules/membership-standing `userInGoodStanding`). */
  inGoodStanding: (userId: string) => Promise<boolean>;
};

/**
 * `roles`: the staff roles the viewer holds, none for a member (decision 060). `sessionId`: the
 * session the request signs in with (the profile marks it "This device").
 */
export type Viewer = {
  userId: string;
  roles: readonly StaffRole[];
  sessionId?: string;
  /**
   * Two-step sign-in (decision 061): whether the account has it on, and when this session last
   * passed it. Absent counts as off: a staff route then refuses.
   */
  secondFactor?: { enrolled: boolean; checkedAt: Date | null };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Who may call a `staff` route: one of `STAFF_AREAS` of @portal/shared, so the admin menu and
     * the server read the same list. Required there, refused elsewhere.
     */
    roles?: readonly StaffRole[];
    /** What a `members-area` route says to a member not in good standing (a default otherwise). */
    membersAreaRefusal?: string;
    /**
     * A public route that never reads `request.viewer` (login, refresh, logout, health…) is spared
     * the session lookup of modules/auth/session-plugin.ts, a database query, and is answered
     * even when the request carries a session that no longer works.
     */
    ignoresViewer?: boolean;
    /**
     * A sensitive action (decision 061): refused 403 `second_factor_stale` when the session last
     * passed the second factor more than SECOND_FACTOR_FRESH_MS ago. A function decides from the
     * validated request (a payment is sensitive only above the balance); it runs only for an
     * account that has two-step sign-in on.
     */
    stepUp?: boolean | ((request: FastifyRequest) => boolean | Promise<boolean>);
    /**
     * What a guest's answer of a public read may be kept as, when not SHARED_FOR_A_MINUTE: the
     * member directory's reads must drop a withdrawn entry within the minute (decision 072).
     */
    guestCacheControl?: string;
  }
  interface FastifyInstance {
    /**
     * Every route as it was declared (HEAD twins and the OpenAPI UI aside), in registration order:
     * the access-control matrix, the fuzz test and the route schema test are generated from it, so
     * a route added later is covered without anyone remembering to (decision 029).
     */
    readonly routeTable: readonly DeclaredRoute[];
  }
  interface FastifyRequest {
    /** The signed-in user, or null for a guest. Set from the session by modules/auth/session-plugin.ts. */
    viewer: Viewer | null;
    /** A session cookie came with the request but no longer signs anyone in (modules/auth/session-plugin.ts). */
    sessionTokenInvalid: boolean;
  }
}

export type DeclaredRoute = {
  method: string;
  url: string;
  config: FastifyContextConfig;
  schema: FastifySchema | undefined;
};

/** The Cache-Control of an answer no cache may keep. */
export const NOT_STORED = 'private, no-store';
/**
 * The Cache-Control of what every guest is shown (public lists and records, the content pages): a
 * shared cache or the browser may keep it a minute and serve it while it asks again for five more,
 * with the ETag (@fastify/etag) making the asking cheap (a 304).
 */
export const SHARED_FOR_A_MINUTE = 'public, max-age=60, stale-while-revalidate=300';
/** A minute and not a second more: no stale copy is served while a cache asks again (decision 072). */
export const SHARED_FOR_ONE_MINUTE_ONLY = 'public, max-age=60';

/** Whether the viewer holds one of `allowed` (a list of `STAFF_AREAS`); false for guests. */
export const viewerHolds = (
  viewer: Pick<Viewer, 'roles'> | null | undefined,
  allowed: readonly StaffRole[],
) => holdsAnyRole(viewer?.roles, allowed);

/** Whether the viewer holds one of `allowed` (a list of `STAFF_AREAS`): staff views of a public read. */
export const requestHolds = (request: FastifyRequest, allowed: readonly StaffRole[]) =>
  viewerHolds(request.viewer, allowed);

/**
 * Refuses to register an API route that does not say who may call it, and enforces the stated
 * access on every request: guests get 401, anyone not holding one of a staff route's roles 403, and members not
 * in good standing 403 on `members-area` routes, so no handler checks the standing by hand.
 */
export const accessPlugin = fp(async (app: FastifyInstance, options: AccessOptions) => {
  app.decorateRequest('viewer', null);
  app.decorateRequest('sessionTokenInvalid', false);
  const routeTable: DeclaredRoute[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    // The OpenAPI UI's own routes are public documentation.
    if (route.url.startsWith('/api/docs') || route.method === 'HEAD') return;
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, config: route.config ?? {}, schema: route.schema });
    }
    if (!route.url.startsWith('/api/')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} must declare config.access`);
    }
    const { access, roles } = route.config;
    if (access === 'staff') {
      if (!roles || roles.length === 0 || roles.some((role) => !STAFF_ROLES.includes(role))) {
        throw new Error(`Route ${route.method} ${route.url} must declare config.roles (STAFF_AREAS)`);
      }
    } else if (roles !== undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares roles but is not a staff route`);
    }
    if (route.config.stepUp && (route.config.access === 'public' || !route.config.access)) {
      throw new Error(`Route ${route.method} ${route.url} asks for a step-up but has no viewer`);
    }
    if (route.config.ignoresViewer && route.config.access !== 'public') {
      throw new Error(`Route ${route.method} ${route.url} needs the viewer to enforce its access`);
    }
  });

  // Before the body is read (preParsing runs after the session is read in onRequest): a guest is
  // told to sign in, not that the form they could not send is incomplete, and a body nobody may
  // send is not waited for.
  app.addHook('preParsing', async (request) => {
    // The exact text on which the client refreshes and retries (spec 000 §8), on public routes
    // too: a route whose answer depends on the viewer must not answer a lapsed admin as a guest.
    if (request.sessionTokenInvalid) {
      throw invalidToken();
    }
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (!request.viewer) {
      throw new AppError(401, 'Authentication required', { code: 'unauthenticated' });
    }
    if (access === 'staff') {
      if (request.viewer.roles.length === 0) {
        throw new AppError(403, STAFF_ROLE_MESSAGES.staffOnly, { code: 'forbidden' });
      }
      if (!viewerHolds(request.viewer, request.routeOptions.config.roles ?? [])) {
        throw new AppError(403, STAFF_ROLE_MESSAGES.accessRequired, { code: 'forbidden' });
      }
      // Staff sign in with a second factor (decision 061); until it is set up, only the
      // accounts and 2fa routes (not staff routes) answer them.
      if (!request.viewer.secondFactor?.enrolled) {
        throw new AppError(403, TWO_FACTOR_MESSAGES.required, {
          code: SECOND_FACTOR_ERROR_CODES.required,
          message: TWO_FACTOR_MESSAGES.required,
        });
      }
    }
    if (
      access === 'members-area' &&
      request.viewer.roles.length === 0 &&
      !(await options.inGoodStanding(request.viewer.userId))
    ) {
      const message =
        request.routeOptions.config.membersAreaRefusal ?? MEMBERS_AREA_MESSAGES.notInGoodStanding;
      throw new AppError(403, message, { code: 'not_in_good_standing' });
    }
  });

  // After validation, so a step-up that depends on the body reads it validated. An account
  // without two-step sign-in has nothing to step up with: staff routes refused it above, and
  // the 2fa routes that ask for a step-up answer it themselves ("not turned on").
  app.addHook('preHandler', async (request) => {
    const { stepUp } = request.routeOptions.config;
    if (!stepUp || !request.viewer?.secondFactor?.enrolled) return;
    if (typeof stepUp === 'function' && !(await stepUp(request))) return;
    const checkedAt = request.viewer.secondFactor.checkedAt;
    if (checkedAt && Date.now() - checkedAt.getTime() <= SECOND_FACTOR_FRESH_MS) return;
    throw new AppError(403, TWO_FACTOR_MESSAGES.stale, {
      code: SECOND_FACTOR_ERROR_CODES.stale,
      message: TWO_FACTOR_MESSAGES.stale,
    });
  });

  // An answer that depends on who asks (an admin's list with drafts, a member's file, a profile)
  // must not be kept by a shared cache or the browser's disk. A public read asked without any
  // cookie is the guest's answer, the same for every guest: caches may share it, keyed by the
  // Cookie header, so a signed-in reader's request is never answered with it. Set last, so that
  // no file sender's default wins.
  app.addHook('onSend', async (request, reply) => {
    const { access, ignoresViewer, changesState, guestCacheControl } = request.routeOptions.config;
    if (!access || ignoresViewer) return;
    reply.header('vary', vary.append(String(reply.getHeader('vary') ?? ''), 'Cookie'));
    const guestsRead =
      access === 'public' &&
      !changesState &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      request.headers.cookie === undefined &&
      reply.statusCode === 200;
    reply.header('cache-control', guestsRead ? (guestCacheControl ?? SHARED_FOR_A_MINUTE) : NOT_STORED);
  });
});
