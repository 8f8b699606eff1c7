import { DISPLAY_NAME_CASES, displayName } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createUser } from '../test/factories';
import { buildTestApp } from '../test/helper';
import { displayNameSql } from './display-name';

let context: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

describe('displayNameSql', () => {
  // The SQL twin answers what `displayName` answers, on the same cases (decision 056).
  it.each(DISPLAY_NAME_CASES)('agrees with displayName: $label', async ({ account, expected }) => {
    const { type, ...names } = account;
    const user = await createUser(context.db, {
      type: type as 'individual' | 'company',
      firstName: null,
      lastName: null,
      registeredName: null,
      ...names,
    });
    const [row] = await context.db
      .select({ name: displayNameSql, stored: users.displayName })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.name).toBe(expected);
    // The stored twin the directory sorts by (schema/users.ts) says the same.
    expect(row?.stored).toBe(expected);
    expect(displayName(account)).toBe(expected);
  });
});
