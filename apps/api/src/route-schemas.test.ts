import { isTextGuard } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test/helper';
import {
  accessControlledRoutes,
  definitionOf,
  REQUEST_PARTS,
  requestSchema,
  routeKey,
  stringsIn,
} from './test/route-table';

/** String formats whose own pattern already refuses every control character. */
const SAFE_FORMATS = new Set(['uuid', 'guid', 'email']);

let context: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

// NUL once reached SQL through text fields declared with a bare z.string() (the news author
// filter, URL fields, representatives' names, the site search). Every text field and query
// parameter is declared with the shared helpers of packages/shared/src/schemas/common.ts, which
// refuse control characters; this walks every route's schemas so a new field cannot forget
// (decision 029).
describe('every text a route takes', () => {
  it('is declared with the shared text helpers (no bare z.string())', () => {
    const bare: string[] = [];
    let checked = 0;
    for (const route of accessControlledRoutes(context.app)) {
      for (const part of REQUEST_PARTS) {
        const schema = requestSchema(route, part);
        if (!schema) continue;
        for (const found of stringsIn(schema)) {
          checked++;
          const def = definitionOf(found.schema);
          const guarded = (def.checks ?? []).some(isTextGuard);
          if (!guarded && !(def.format && SAFE_FORMATS.has(def.format))) {
            bare.push(`${routeKey(route)} ${part}.${found.path || '(whole)'}`);
          }
        }
      }
    }
    expect(
      bare,
      'Declare these with text(), requiredText(), optionalText(), queryText() or secretText() from packages/shared/src/schemas/common.ts',
    ).toEqual([]);
    // The walk reaches the fields (a walker that found nothing would pass anything).
    expect(checked).toBeGreaterThan(100);
  });

  it('finds a bare string when there is one', async () => {
    const { z } = await import('zod');
    const { requiredText } = await import('@portal/shared');
    const schema = z.object({
      name: requiredText('Name', 'Name is required'),
      note: z.string().trim().optional(),
    });
    const unguarded = stringsIn(schema).filter(
      (found) => !(definitionOf(found.schema).checks ?? []).some(isTextGuard),
    );
    expect(unguarded.map((found) => found.path)).toEqual(['note']);
  });
});
