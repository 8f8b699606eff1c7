import { mayOpen, type StaffArea, type StaffRole } from '@portal/shared';
import { adminNavigation } from '@/config/navigation';
import { isAdmin, type SessionUser, useSessionUser } from './session-store';

/**
 * The staff roles the signed-in user holds (decision 060). A session remembered from before roles
 * existed was an administrator's (migration 0031 made every such account one), so it reads as `admin`
 * until the next sign-in or refresh brings the real list.
 */
export function staffRolesOf(user: SessionUser | null): readonly StaffRole[] {
  return user?.roles ?? (isAdmin(user) ? ['admin'] : []);
}

export const useStaffRoles = () => staffRolesOf(useSessionUser());

/** Whether the signed-in user's roles open `area` (the same STAFF_AREAS the server enforces). */
export const useMayOpen = (area: StaffArea) => mayOpen(useStaffRoles(), area);

/**
 * Where "Admin" takes a staff member: the first screen of the admin menu their roles open for
 * their work, so a treasurer, who may not open the dashboard and only reads the users list, lands
 * on /admin/dues, and the election committee on /admin/meetings. `null` when no built screen is
 * theirs.
 */
export function adminLandingPath(roles: readonly string[]): string | null {
  const open = adminNavigation.filter((entry) => entry.built && mayOpen(roles, entry.area));
  const readOnly = (entry: (typeof open)[number]) => entry.area === 'usersRead' && !mayOpen(roles, 'users');
  return (open.find((entry) => !readOnly(entry)) ?? open[0])?.to ?? null;
}
