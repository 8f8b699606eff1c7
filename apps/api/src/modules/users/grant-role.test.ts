import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { STAFF_ROLE_MESSAGES } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, userRoles, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { COMMAND_LINE_ACTOR, GRANT_USAGE, grantStaffRole, parseGrantArguments } from './grant-role';

// `npm run user:grant -- --email E --role R` (cli.ts 'grant'), docs/product-rules.md "Staff roles".
let context: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

const refusalOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('user:grant', () => {
  it('grants the role: the account becomes staff, holds it in its next request, and the change is logged', async () => {
    const member = await createUser(context.db, { type: 'individual', email: 'Tess.Reyes@example.com' });
    const input = parseGrantArguments(['--email', ' tess.reyes@EXAMPLE.com', '--role', 'treasurer']);
    expect(input).toEqual({ email: 'tess.reyes@example.com', role: 'treasurer' });
    const result = await grantStaffRole(context.db, input);
    expect(result).toMatchObject({ granted: true, roles: ['treasurer'], user: { id: member.id } });

    const [row] = await context.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.type).toBe('admin');
    const session = await context.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: (await signIn(context, { ...member, type: 'admin' })).cookie },
    });
    expect(session.json().data.profile.roles).toEqual(['treasurer']);
    const [logged] = await context.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.userId, member.id), eq(adminAuditLog.action, 'roles_changed')));
    expect(logged).toMatchObject({
      actorId: null,
      actorDisplayName: COMMAND_LINE_ACTOR,
      changes: { roles: { from: '', to: 'treasurer' }, type: { from: 'individual', to: 'admin' } },
    });

    // A second role is added beside the first; one already held changes nothing.
    await grantStaffRole(context.db, { email: 'tess.reyes@example.com', role: 'secretariat' });
    const again = await grantStaffRole(context.db, { email: 'tess.reyes@example.com', role: 'treasurer' });
    expect(again).toMatchObject({ granted: false, roles: ['secretariat', 'treasurer'] });
    const held = await context.db.select().from(userRoles).where(eq(userRoles.userId, member.id));
    expect(held.map((grant) => grant.role).sort()).toEqual(['secretariat', 'treasurer']);
  });

  it('refuses a role that does not exist, or a missing argument, with a 400 and the usage', () => {
    const unknown = refusalOf(() => parseGrantArguments(['--email', 'a@example.com', '--role', 'janitor']));
    expect(unknown).toBeInstanceOf(AppError);
    expect(unknown).toMatchObject({
      statusCode: 400,
      error: `${STAFF_ROLE_MESSAGES.unknownRole}\n${GRANT_USAGE}`,
    });
    expect(refusalOf(() => parseGrantArguments(['--role', 'treasurer']))).toMatchObject({
      statusCode: 400,
      error: GRANT_USAGE,
    });
    expect(
      refusalOf(() => parseGrantArguments(['--email', 'a@example.com', '--role', 'admin', '--force'])),
    ).toMatchObject({ statusCode: 400, error: expect.stringContaining(GRANT_USAGE) });
  });

  it('says no account has an unknown e-mail, and grants nothing', async () => {
    const refused = await grantStaffRole(context.db, { email: 'nobody@example.com', role: 'admin' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      statusCode: 404,
      error: 'No account has the e-mail nobody@example.com.',
    });
  });

  it('exits non-zero with the message when run as the command', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'grant-'));
    try {
      const apiRoot = resolve(import.meta.dirname, '../../..');
      const failure = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli.ts', 'grant', '--email', 'a@example.com', '--role', 'janitor'],
        { cwd: apiRoot, env: { ...process.env, DATA_DIR: dataDir } },
      ).then(
        () => null,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(STAFF_ROLE_MESSAGES.unknownRole);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
