import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCESS_MATRIX, type MatrixFixture, uniqueSuffix } from './access-matrix.table';
import { createMembership, createUser, signIn } from './test/factories';
import { buildTestApp } from './test/helper';
import { accessControlledRoutes, routeKey } from './test/route-table';

// Every CSV export as a spreadsheet on Windows reads it (lib/csv.ts): found from the route table
// (each route that says it produces text/csv), requested with the access matrix's own well-formed
// request as an administrator, and read by a parser we did not write (csv-parse).

const context = await buildTestApp();
afterAll(() => context.close());
const { app, db, config } = context;

const csvRoutes = accessControlledRoutes(app).filter((route) =>
  ((route.schema as { produces?: string[] } | undefined)?.produces ?? []).includes('text/csv'),
);

describe('every CSV export', () => {
  it('is found in the route table', () => {
    expect(csvRoutes.map(routeKey)).toEqual(
      expect.arrayContaining(['GET /api/users/admin/export-csv', 'GET /api/dues/export-csv']),
    );
    expect(csvRoutes.length).toBeGreaterThanOrEqual(7);
  });

  it.each(csvRoutes.map((route) => [routeKey(route), route] as const))(
    '%s starts with the UTF-8 byte order mark and ends every line with CRLF',
    async (_key, route) => {
      const owner = await createUser(db, { type: 'company' });
      await createMembership(db, owner.id, { category: 'Regular' });
      const admin = await createUser(db, { type: 'admin' });
      const fixture: MatrixFixture = { db, config, owner, unique: uniqueSuffix() };
      const entry = ACCESS_MATRIX[routeKey(route)];
      const request = entry?.request ? await entry.request(fixture) : { url: route.url };
      const response = await app.inject({
        method: 'GET',
        url: request.url,
        headers: { ...request.headers, cookie: (await signIn(context, admin)).cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      // No bare LF and no bare CR outside the quoted cells a parser keeps.
      const rows = parse(text, {
        bom: true,
        record_delimiter: '\r\n',
        relax_column_count: false,
      }) as string[][];
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect(text.replace(/"(?:[^"]|"")*"/g, '').replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    },
  );
});

describe('GET /api/users/admin/export-csv', () => {
  it('has the display name, the TIN and the billing e-mail of each account', async () => {
    const unique = uniqueSuffix();
    const company = await createUser(db, {
      type: 'company',
      username: `csvco_${unique}`,
      registeredName: 'Parañaque Copper Corporation',
      tin: '123-456-789-000',
      billingEmail: `billing-${unique}@example.com`,
    });
    const admin = await createUser(db, { type: 'admin' });
    const response = await app.inject({
      method: 'GET',
      url: `/api/users/admin/export-csv?search=csvco_${unique}`,
      headers: { cookie: (await signIn(context, admin)).cookie },
    });
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        username: company.username,
        display_name: 'Parañaque Copper Corporation',
        tin: '123-456-789-000',
        billing_email: `billing-${unique}@example.com`,
      }),
    ]);
  });
});
