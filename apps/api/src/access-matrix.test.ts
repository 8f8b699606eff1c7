import type { StaffRole } from '@portal/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ACCESS_MATRIX,
  firstRepresentativeOf,
  MATRIX_TOTP_SECRET,
  type MatrixAnswer,
  type MatrixEntry,
  type MatrixFixture,
  uniqueSuffix,
} from './access-matrix.table';
import { hashPassword } from './lib/passwords';
import type { DeclaredRoute } from './plugins/access';
import { createMembership, createUser, signIn, TEST_PASSWORD } from './test/factories';
import { buildTestApp } from './test/helper';
import { accessControlledRoutes, routeKey } from './test/route-table';

// Decision 029: every route × guest, member, another member, admin, with the answer declared once
// per route in access-matrix.table.ts. Real database, real sessions, requests sent as our pages
// send them (decision 029).

// The account limits would answer 429 long before the matrix is through.
const context = await buildTestApp({ AUTH_RATE_LIMIT: '100000' });
afterAll(() => context.close());
const { app, db, config } = context;
const routes = accessControlledRoutes(app);
const passwordHash = await hashPassword(TEST_PASSWORD);

type Role = 'guest' | 'member' | 'anotherMember' | 'admin';
const ROLES: readonly Role[] = ['guest', 'member', 'anotherMember', 'admin'];
/** A staff member holding only this role (decision 060), besides the four callers above. */
type StaffOnly = Exclude<StaffRole, 'admin'>;

/** A company member with a representative: the owner of the data, or another member. */
async function createCompanyMember(withActiveMembership: boolean) {
  const member = await createUser(db, { password: null, passwordHash, type: 'company' });
  await firstRepresentativeOf(db, member.id);
  if (withActiveMembership) await createMembership(db, member.id, { category: 'Regular' });
  return member;
}

/** What a browser on our own pages sends with every call (plugins/cross-site.ts). */
function browserHeaders(route: DeclaredRoute, site: 'same-origin' | 'cross-site'): Record<string, string> {
  const origin = site === 'same-origin' ? config.publicUrl : 'https://attacker.example';
  return {
    'sec-fetch-site': site,
    'user-agent': 'Mozilla/5.0 (access matrix)',
    ...(route.method === 'GET' ? {} : { origin }),
  };
}

/** Sends the route's well-formed request as `role`, on fresh data made for this one request. */
async function send(
  route: DeclaredRoute,
  entry: MatrixEntry,
  role: Role | StaffOnly,
  site: 'same-origin' | 'cross-site',
) {
  const owner = await createCompanyMember(true);
  const viewer =
    role === 'member'
      ? owner
      : role === 'anotherMember'
        ? await createCompanyMember(false)
        : role === 'admin'
          ? await createUser(db, {
              password: null,
              passwordHash,
              type: 'admin',
              totpSecret: MATRIX_TOTP_SECRET,
            })
          : role === 'guest'
            ? null
            : await createUser(db, { password: null, passwordHash, roles: [role] });
  const fixture: MatrixFixture = { db, config, owner, unique: uniqueSuffix() };
  const request = entry.request ? await entry.request(fixture) : { url: route.url };
  const session = viewer ? (await signIn({ db, config }, viewer)).cookie : undefined;
  // A request's own cookie (a pending second step) travels beside the viewer's session.
  const cookie = [request.headers?.cookie, session].filter(Boolean).join('; ');
  const response = await app.inject({
    method: route.method as InjectOptions['method'],
    url: request.url,
    payload: request.payload,
    headers: { ...browserHeaders(route, site), ...request.headers, ...(cookie ? { cookie } : {}) },
  });
  return { response, owner };
}

/** Whether an answer is of the declared class; the reason when it is not. */
function mismatch(
  answer: MatrixAnswer,
  response: LightMyRequestResponse,
  owner: { id: string; email: string },
) {
  const { statusCode: status } = response;
  const body = response.body.slice(0, 300);
  const ok = status >= 200 && status < 400;
  const matches = {
    ok,
    unauthenticated: status === 401 && response.json().code === 'unauthenticated',
    forbidden: status === 403,
    'not-found': status === 404,
    refused: status === 400 || status === 409,
    'own-data-only': ok && !response.body.includes(owner.id) && !response.body.includes(owner.email),
  }[answer];
  return matches ? null : `expected ${answer}, got ${status} ${body}`;
}

/** The declaration a new route needs, as a starting point to paste and check. */
function suggestedDeclaration(route: DeclaredRoute) {
  const hasInput = route.url.includes(':') || (route.method !== 'GET' && route.method !== 'DELETE');
  const answers = {
    public: "guest: 'ok', member: 'ok', admin: 'ok'",
    member:
      "guest: 'unauthenticated', member: 'ok', anotherMember: '<forbidden | not-found | own-data-only | ok>', admin: 'ok'",
    'members-area':
      "guest: 'unauthenticated', member: 'ok', anotherMember: '<forbidden: not in good standing>', admin: 'ok'",
    staff: "guest: 'unauthenticated', member: 'forbidden', admin: 'ok'",
  }[route.config.access ?? 'public'];
  const request = hasInput ? ', request: async ({ db, owner, unique }) => ({ url, payload })' : '';
  return `  '${routeKey(route)}': { ${answers}${request} },`;
}

describe('the access-control matrix', () => {
  it('declares every route that says who may call it, and no route that is gone', () => {
    const missing = routes.filter((route) => !ACCESS_MATRIX[routeKey(route)]);
    expect(
      missing.map(routeKey),
      `Routes without an access-matrix declaration. Add to apps/api/src/access-matrix.table.ts (ACCESS_MATRIX) what each caller must get:\n${missing.map(suggestedDeclaration).join('\n')}\n`,
    ).toEqual([]);
    const known = new Set(routes.map(routeKey));
    expect(
      Object.keys(ACCESS_MATRIX).filter((key) => !known.has(key)),
      'Declarations of routes that no longer exist',
    ).toEqual([]);
  });

  it("says what another member gets on every route about a member's own data", () => {
    const undeclared = routes.filter(
      (route) =>
        (route.config.access === 'member' || route.config.access === 'members-area') &&
        ACCESS_MATRIX[routeKey(route)]?.anotherMember === undefined,
    );
    expect(
      undeclared.map(routeKey),
      'Member routes need `anotherMember` in apps/api/src/access-matrix.table.ts: what another signed-in member gets when sending the request made for the owner',
    ).toEqual([]);
  });

  const cells = routes.flatMap((route) => {
    const entry = ACCESS_MATRIX[routeKey(route)];
    if (!entry) return [];
    return ROLES.filter((role) => entry[role] !== undefined).map((role) => ({ route, entry, role }));
  });

  it.each(cells.map((cell) => [routeKey(cell.route), cell.role, cell] as const))(
    '%s as %s',
    async (_key, role, cell) => {
      const answer = cell.entry[role] as MatrixAnswer;
      const { response, owner } = await send(cell.route, cell.entry, role, 'same-origin');
      expect(mismatch(answer, response, owner)).toBeNull();
    },
  );

  // Decision 060: a staff route answers each role it names as it answers an administrator, to the
  // same request (a treasurer's dues, a secretariat's events); role-sweep.test.ts proves that the
  // roles it leaves out get 403.
  const namedRoleCells = routes.flatMap((route) => {
    const entry = ACCESS_MATRIX[routeKey(route)];
    if (!entry || route.config.access !== 'staff') return [];
    return (route.config.roles ?? [])
      .filter((role): role is StaffOnly => role !== 'admin')
      .map((role) => ({ route, entry, role }));
  });
  it.each(namedRoleCells.map((cell) => [routeKey(cell.route), cell.role, cell] as const))(
    '%s as %s answers as it does an administrator',
    async (_key, role, cell) => {
      const { response, owner } = await send(cell.route, cell.entry, role, 'same-origin');
      expect(mismatch(cell.entry.admin, response, owner)).toBeNull();
    },
  );

  // The same requests sent for another site by a signed-in admin's browser: every call that can
  // change data is refused before it does (docs/architecture.md "Accounts and sessions").
  const stateChanging = routes.filter(
    (route) =>
      ACCESS_MATRIX[routeKey(route)] && (route.method !== 'GET' || route.config.changesState === true),
  );
  it.each(stateChanging.map((route) => [routeKey(route), route] as const))(
    '%s is refused when another site sends it',
    async (_key, route) => {
      const { response } = await send(
        route,
        ACCESS_MATRIX[routeKey(route)] as MatrixEntry,
        'admin',
        'cross-site',
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('cross_site_request');
    },
  );

  it('covers the routes and roles it says', () => {
    console.info(
      `access matrix: ${routes.length} routes, ${cells.length} route × role cells, ${stateChanging.length} cross-site refusals`,
    );
    expect(cells.length).toBeGreaterThanOrEqual(routes.length * 3);
    // Every dues route is the treasurer's (docs/product-rules.md "Staff roles").
    const duesRoutes = routes.filter(
      (route) => route.config.access === 'staff' && route.url.startsWith('/api/dues'),
    );
    const treasurers = new Set(
      namedRoleCells.filter((cell) => cell.role === 'treasurer').map((cell) => routeKey(cell.route)),
    );
    expect(duesRoutes.length).toBeGreaterThan(10);
    expect(duesRoutes.map(routeKey).filter((key) => !treasurers.has(key))).toEqual([]);
  });
});
