import { mayOpen, STAFF_ROLE_MESSAGES } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { paths } from '@/config/paths';
import { ForbiddenPage } from '@/features/status-pages/forbidden-page';
import { ApiError } from '@/lib/api-client';
import { adminLandingPath, useStaffRoles } from '@/lib/staff-access';
import type { RouteHandle } from '../layouts/layout-parts';

/** The server's answers to a staff route the viewer's roles do not allow (apps/api/src/plugins/access.ts). */
const ROLE_REFUSALS = new Set<string>([STAFF_ROLE_MESSAGES.accessRequired, STAFF_ROLE_MESSAGES.staffOnly]);

export const isRoleRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && ROLE_REFUSALS.has(error.error);

/**
 * Each admin screen names its staff area in its route's `handle` (decision 060): a staff member
 * whose roles do not open it sees the 403 page in the admin frame, before the screen asks the
 * server for anything. /admin itself sends someone who may not open the dashboard to the first
 * screen they may (a treasurer to /admin/dues).
 *
 * The server stays the judge: when one of the screen's reads is refused for the role (roles
 * changed since this tab read the session, or a screen reading another area), the screen gives
 * way to the same 403 page rather than an endless spinner or an empty table.
 */
export function RequireStaffArea({ children }: { children?: ReactNode }) {
  const roles = useStaffRoles();
  const { pathname } = useLocation();
  const area = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.area)
    .findLast(Boolean);
  const refusedByServer = useRefusedByServer(pathname);

  if (area && !mayOpen(roles, area)) {
    const landing = adminLandingPath(roles);
    if (pathname.replace(/\/$/, '') === paths.admin && landing) return <Navigate to={landing} replace />;
    return <ForbiddenPage />;
  }
  if (refusedByServer) return <ForbiddenPage />;
  return children ?? <Outlet />;
}

/** Whether a read (a query, not a change) was refused for the viewer's role while at `pathname`. */
function useRefusedByServer(pathname: string) {
  const queryClient = useQueryClient();
  const [refusedAt, setRefusedAt] = useState<string | null>(null);
  const current = useRef(pathname);
  current.current = pathname;
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && isRoleRefusal(event.action.error)) {
          setRefusedAt(current.current);
        }
      }),
    [queryClient],
  );
  return refusedAt === pathname;
}
