// An admin's changes to an account: edit, enable or disable, delete.
import {
  ADMIN_USER_MESSAGES,
  type AdminUserUpdate,
  STAFF_AREAS,
  STAFF_ROLE_MESSAGES,
  type StaffRolesUpdate,
} from '@portal/shared';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import {
  memberships,
  newsArticles,
  newsLikes,
  representatives,
  type User,
  uploadedFiles,
  userRoles,
  users,
} from '../../db/schema';
import { accountNameColumns } from '../../lib/display-name';
import { AppError, notFound, validationError } from '../../lib/errors';
import type { ImageUploads } from '../../lib/images';
import { type Viewer, viewerHolds } from '../../plugins/access';
import { changesBetween, recordAdminAction } from '../audit';
import { revokeUserSessions } from '../auth';
import { accountConflict, usernameTaken } from './account-conflicts';
import { findAdminUser } from './admin-list';

/**
 * Locks the accounts holding the admin role (in one order, so two changes never wait on each
 * other) and then the user to change, or 404; then reads who holds the admin role and is active,
 * and the user's roles, in statements of their own. Every change below starts here: two admins
 * removing each other's admin role (or disabling each other) at once are then taken one after the
 * other, and the second, reading after the first committed (PostgreSQL's READ COMMITTED gives
 * each statement a fresh snapshot), sees that it would leave no admin (decision 060).
 */
async function lockForChange(tx: DbTransaction, id: string) {
  const holdsAdmin = inArray(
    users.id,
    tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')),
  );
  await tx.select({ id: users.id }).from(users).where(holdsAdmin).orderBy(asc(users.id)).for('update');
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(holdsAdmin, eq(users.status, 'active')));
  const held = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id));
  return {
    user,
    activeAdmins: admins.map((admin) => admin.id),
    roles: held.map((row) => row.role).sort(),
  };
}

/**
 * docs/product-rules.md "Identity and roles": an admin cannot disable, delete or demote their own account,
 * nor the last active admin.
 */
function assertAdminMayGo(viewer: Viewer, user: User, activeAdmins: readonly string[]) {
  if (user.id === viewer.userId) {
    throw new AppError(403, ADMIN_USER_MESSAGES.notYourself, { code: 'self_protection' });
  }
  const othersLeft = activeAdmins.filter((adminId) => adminId !== user.id).length;
  if (activeAdmins.includes(user.id) && othersLeft === 0) {
    throw new AppError(409, ADMIN_USER_MESSAGES.lastAdmin, { code: 'last_admin' });
  }
}

/**
 * Only an administrator changes a staff account (its type, status, or existence) or makes an
 * account staff: the secretariat, who manages members' accounts, cannot promote anyone nor
 * disable an administrator (docs/product-rules.md "Staff roles").
 */
function assertMayChangeStaff(viewer: Viewer, staffAccount: boolean) {
  if (staffAccount && !viewerHolds(viewer, STAFF_AREAS.roles)) {
    throw new AppError(403, STAFF_ROLE_MESSAGES.staffAccountsAdminOnly, { code: 'forbidden' });
  }
}

/**
 * Applies a change of status inside the transaction: disabling ends every session at once (the
 * user's next request is refused and cannot be refreshed); enabling a pending account confirms it,
 * since the secretariat vouches for it.
 */
function statusChange(status: User['status'] | undefined, user: User) {
  if (!status || status === user.status) return {};
  return status === 'active' ? { status, emailConfirmedAt: user.emailConfirmedAt ?? new Date() } : { status };
}

/** The account fields an edit or a status change records in the audit log (decision 024). */
const AUDITED_USER_FIELDS = [
  'username',
  'phone',
  'type',
  'status',
  'emailConfirmedAt',
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'registeredName',
  'tradeName',
] as const;

/**
 * PUT /api/users/admin/update-profile/{id}: username, phone, type, status (the e-mail is
 * read-only). What changed is written to the audit log in the same transaction; an edit that
 * changes nothing writes no row.
 */
export async function updateUser(db: Db, viewer: Viewer, id: string, input: AdminUserUpdate) {
  try {
    await db.transaction(async (tx) => {
      const { user, activeAdmins, roles } = await lockForChange(tx, id);
      if (input.email !== undefined && input.email !== user.email.toLowerCase()) {
        throw validationError([{ field: 'email', message: ADMIN_USER_MESSAGES.emailReadOnly }]);
      }
      const demoted = user.type === 'admin' && input.type !== undefined && input.type !== 'admin';
      const promoted = user.type !== 'admin' && input.type === 'admin';
      const disabled = input.status !== undefined && input.status !== 'active';
      assertMayChangeStaff(viewer, roles.length > 0 || user.type === 'admin' || promoted);
      if (user.type === 'admin' && (demoted || disabled)) assertAdminMayGo(viewer, user, activeAdmins);
      if (input.username && input.username.toLowerCase() !== user.username.toLowerCase()) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(sql`lower(${users.username})`, input.username.toLowerCase()), ne(users.id, id)))
          .limit(1);
        if (taken) throw usernameTaken();
      }
      const [updated] = await tx
        .update(users)
        .set({
          ...(input.username !== undefined && { username: input.username }),
          ...(input.phone !== undefined && { phone: input.phone }),
          ...(input.type !== undefined && { type: input.type }),
          ...statusChange(input.status, user),
          // The names of the account's type as it is after this edit (decision 056).
          ...accountNameColumns(input.type ?? user.type, input, { whenSent: true }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      if (input.status && input.status !== 'active') await revokeUserSessions(tx, id);
      // The account's type says whether it is staff (decision 060): made an admin through the
      // type, it holds the admin role; made a member again, it holds none.
      if (promoted) await tx.insert(userRoles).values({ userId: id, role: 'admin' }).onConflictDoNothing();
      if (demoted) await tx.delete(userRoles).where(eq(userRoles.userId, id));
      const after = promoted ? ['admin'] : demoted ? [] : roles;
      const changes = {
        ...changesBetween(AUDITED_USER_FIELDS, user, updated ?? null),
        ...changesBetween(['roles'], { roles: roles.join(', ') }, { roles: after.join(', ') }),
      };
      if (Object.keys(changes).length > 0) {
        await recordAdminAction(tx, viewer, { action: 'user_updated', user, changes });
      }
    });
  } catch (error) {
    throw accountConflict(error) ?? error;
  }
  return findAdminUser(db, id);
}

/**
 * GET /api/users/admin/toggle-status/{id} (spec 000 §4 "Admin toggles active and inactive"): an
 * inactive account is enabled, any other (active, or pending its confirmation) disabled. Enabling
 * gives back what disabling took: an account whose e-mail was never confirmed is `pending` again,
 * still unconfirmed (docs/product-rules.md "Identity and roles").
 */
export async function toggleUserStatus(db: Db, viewer: Viewer, id: string) {
  await db.transaction(async (tx) => {
    const { user, activeAdmins, roles } = await lockForChange(tx, id);
    const enabling = user.status === 'inactive';
    assertMayChangeStaff(viewer, roles.length > 0 || user.type === 'admin');
    if (!enabling) assertAdminMayGo(viewer, user, activeAdmins);
    const status = enabling ? (user.emailConfirmedAt ? 'active' : 'pending') : 'inactive';
    const [updated] = await tx
      .update(users)
      .set({ status, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!enabling) await revokeUserSessions(tx, id);
    await recordAdminAction(tx, viewer, {
      action: enabling ? 'user_enabled' : 'user_disabled',
      user,
      changes: changesBetween(AUDITED_USER_FIELDS, user, updated ?? null),
    });
  });
  return findAdminUser(db, id);
}

/** What a deletion records of the account it removes. */
const DELETED_USER_FIELDS = ['username', 'email', 'type', 'status', 'phone', 'facsimile', 'address'] as const;

/**
 * DELETE /api/users/admin/delete-user/{id}, decision 020: the account goes with everything that is
 * only theirs (sessions, e-mail links, representatives, memberships, event registrations, likes,
 * their pictures); records others need stay (news they wrote keeps its author text and loses
 * only the link to the account). The likes they gave are taken off the articles' counts in the
 * same transaction; the files go once it has committed.
 */
export async function deleteUser(
  { db, images }: { db: Db; images: ImageUploads },
  viewer: Viewer,
  id: string,
) {
  const removedFiles = await db.transaction(async (tx) => {
    const { user, activeAdmins, roles } = await lockForChange(tx, id);
    assertMayChangeStaff(viewer, roles.length > 0 || user.type === 'admin');
    assertAdminMayGo(viewer, user, activeAdmins);
    await tx
      .update(newsArticles)
      .set({ likes: sql`greatest(${newsArticles.likes} - 1, 0)` })
      .where(
        inArray(
          newsArticles.id,
          tx.select({ id: newsLikes.article_id }).from(newsLikes).where(eq(newsLikes.user_id, id)),
        ),
      );
    const reps = await tx
      .select({ id: representatives.id, avatarUrl: representatives.avatarUrl })
      .from(representatives)
      .where(eq(representatives.userId, id));
    // Pictures recorded with the user or a representative as owner, or named by their URL.
    const owners = [id, ...reps.map((rep) => rep.id)];
    const paths = [user.avatarUrl, user.logoUrl, ...reps.map((rep) => rep.avatarUrl)].filter(
      (path): path is string => Boolean(path),
    );
    // Recorded before the rows go, with what the account was (decision 024): the row keeps the
    // user's id, username and e-mail, so the deletion stays in their history.
    const [owned] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(memberships)
      .where(eq(memberships.userId, id));
    await recordAdminAction(tx, viewer, {
      action: 'user_deleted',
      user,
      changes: changesBetween(
        [...DELETED_USER_FIELDS, 'memberships', 'representatives'],
        { ...user, memberships: owned?.count ?? 0, representatives: reps.length },
        null,
      ),
    });
    const released = await tx
      .delete(uploadedFiles)
      .where(
        or(
          inArray(uploadedFiles.ownerId, owners),
          paths.length > 0 ? inArray(uploadedFiles.publicPath, paths) : undefined,
        ),
      )
      .returning({ publicPath: uploadedFiles.publicPath, variants: uploadedFiles.variants });
    await tx.delete(users).where(eq(users.id, id));
    return released.flatMap((file) => [
      file.publicPath,
      ...file.variants.map((variant) => variant.publicPath),
    ]);
  });
  await images.removeFiles(removedFiles);
  return { id };
}

/**
 * PUT /api/users/admin/{id}/roles (admins only, docs/product-rules.md "Staff roles"): the staff
 * roles the account holds afterwards. An admin cannot take the admin role from themselves, nor
 * from the last active admin; two admins taking it from each other at once leave one (see
 * `lockForChange`). The account's type follows: `admin` while it holds a role, `user` once it
 * holds none. The change is in the audit log, in the same transaction; one that changes nothing
 * writes no row.
 */
export async function setUserRoles(db: Db, viewer: Viewer, id: string, input: StaffRolesUpdate) {
  return db.transaction(async (tx) => {
    const { user, activeAdmins, roles } = await lockForChange(tx, id);
    const next = [...input.roles].sort();
    if (roles.includes('admin') && !next.includes('admin')) assertAdminMayGo(viewer, user, activeAdmins);
    const removed = roles.filter((role) => !next.includes(role));
    const added = next.filter((role) => !roles.includes(role));
    if (removed.length > 0) {
      await tx.delete(userRoles).where(and(eq(userRoles.userId, id), inArray(userRoles.role, removed)));
    }
    if (added.length > 0) {
      await tx.insert(userRoles).values(added.map((role) => ({ userId: id, role })));
    }
    const type = next.length > 0 ? 'admin' : user.type === 'admin' ? 'user' : user.type;
    if (type !== user.type) {
      await tx.update(users).set({ type, updatedAt: new Date() }).where(eq(users.id, id));
    }
    if (removed.length > 0 || added.length > 0) {
      await recordAdminAction(tx, viewer, {
        action: 'roles_changed',
        user,
        changes: {
          ...changesBetween(['roles'], { roles: roles.join(', ') }, { roles: next.join(', ') }),
          ...changesBetween(['type'], user, { type }),
        },
      });
    }
    return { id, roles: next };
  });
}

/**
 * Whether an edit of the account `id` to `type` makes it staff or a member again: that grants or
 * removes roles, as PUT /admin/{id}/roles does, so it asks for the same fresh second factor
 * (decision 061). An account that is not there is left to the edit itself to refuse.
 */
export async function changesStaffType(db: Db, id: string, type: string | undefined) {
  if (type === undefined) return false;
  const [user] = await db.select({ type: users.type }).from(users).where(eq(users.id, id)).limit(1);
  return user !== undefined && (user.type === 'admin') !== (type === 'admin');
}
