import { STAFF_ROLES } from '@portal/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from './test/factories';
import { buildTestApp } from './test/helper';
import { accessControlledRoutes, routeKey } from './test/route-table';

// Decision 060: every staff route × every staff role its declaration leaves out answers 403,
// generated from the route table, so a route added later is swept without anyone remembering to.
const context = await buildTestApp();
afterAll(() => context.close());
const staffRoutes = accessControlledRoutes(context.app).filter((route) => route.config.access === 'staff');
const cookies = Object.fromEntries(
  await Promise.all(
    STAFF_ROLES.map(async (role) => {
      const user = await createUser(context.db, { roles: [role] });
      return [role, (await signIn(context, user)).cookie] as const;
    }),
  ),
);

const cells = staffRoutes.flatMap((route) =>
  STAFF_ROLES.filter((role) => !(route.config.roles ?? []).includes(role)).map((role) => ({ route, role })),
);

describe('the staff role sweep', () => {
  it('covers every staff route', () => {
    expect(staffRoutes.length).toBeGreaterThan(60);
    expect(cells.length).toBeGreaterThan(staffRoutes.length);
  });

  it.each(cells.map((cell) => [routeKey(cell.route), cell.role, cell] as const))(
    '%s refuses %s',
    async (_key, role, { route }) => {
      const response = await context.app.inject({
        method: route.method as InjectOptions['method'],
        url: route.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000'),
        headers: { cookie: cookies[role] ?? '', 'sec-fetch-site': 'same-origin' },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect({ status: response.statusCode }).toEqual({ status: 403 });
    },
  );
});
