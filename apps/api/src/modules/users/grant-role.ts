// `npm run user:grant -- --email E --role R` (cli.ts): an operator's way to give an account a staff role.
import { parseArgs } from 'node:util';
import { displayName, STAFF_ROLE_MESSAGES, STAFF_ROLES, type StaffRole } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAuditLog, userRoles, users } from '../../db/schema';
import { accountNameSelect } from '../../lib/display-name';
import { AppError } from '../../lib/errors';
import { changesBetween } from '../audit';

export const GRANT_USAGE = `Usage: grant --email E --role ${STAFF_ROLES.join('|')}`;

/** Who the audit log names for a change made from the command line (no signed-in actor). */
export const COMMAND_LINE_ACTOR = 'Command line (user:grant)';

/** `--email E --role R`: a role that does not exist is refused with the API's message (400). */
export function parseGrantArguments(options: readonly string[]): { email: string; role: StaffRole } {
  let values: { email?: string; role?: string };
  try {
    ({ values } = parseArgs({
      args: [...options],
      options: { email: { type: 'string' }, role: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new AppError(400, `${error instanceof Error ? error.message : error}\n${GRANT_USAGE}`);
  }
  if (!values.email || !values.role) throw new AppError(400, GRANT_USAGE);
  const role = STAFF_ROLES.find((known) => known === values.role);
  if (!role) throw new AppError(400, `${STAFF_ROLE_MESSAGES.unknownRole}\n${GRANT_USAGE}`, { field: 'role' });
  return { email: values.email.trim().toLowerCase(), role };
}

/**
 * Gives the account with `email` one more staff role (docs/product-rules.md "Staff roles"): it
 * becomes a staff account (type `admin`, decision 060), and the change is in the audit log like one
 * made on the admin screen. Granting a role already held changes nothing.
 */
export async function grantStaffRole(db: Db, input: { email: string; role: StaffRole }) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, email: users.email, type: users.type })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email))
      .for('update');
    if (!user) throw new AppError(404, `No account has the e-mail ${input.email}.`);
    const before = (await tx.select().from(userRoles).where(eq(userRoles.userId, user.id)))
      .map((row) => row.role)
      .sort();
    if (before.includes(input.role)) return { user, roles: before, granted: false };
    const after = [...before, input.role].sort();
    await tx.insert(userRoles).values({ userId: user.id, role: input.role });
    if (user.type !== 'admin') {
      await tx.update(users).set({ type: 'admin', updatedAt: new Date() }).where(eq(users.id, user.id));
    }
    const [named] = await tx.select(accountNameSelect).from(users).where(eq(users.id, user.id));
    await tx.insert(adminAuditLog).values({
      actorId: null,
      actorUsername: COMMAND_LINE_ACTOR,
      actorDisplayName: COMMAND_LINE_ACTOR,
      actorEmail: '',
      userId: user.id,
      username: user.username,
      displayName: named ? displayName(named) : user.username,
      email: user.email,
      action: 'roles_changed',
      changes: {
        ...changesBetween(['roles'], { roles: before.join(', ') }, { roles: after.join(', ') }),
        ...changesBetween(['type'], user, { type: 'admin' }),
      },
    });
    return { user, roles: after, granted: true };
  });
}
