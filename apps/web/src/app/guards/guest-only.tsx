import { type ReactNode, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/lib/session-store';

/**
 * The guest wrapper of spec 000 §2: a signed-in user opening /login or /register goes to /.
 *
 * Decided once, on arrival: signing in on the login page itself must not be cut short here, or
 * the page's own redirect (to /user-forms for a new account, spec 000 §4) would never happen.
 * The router mounts one instance per route (keyed), so moving from /login to /register decides
 * afresh.
 */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const [signedInOnArrival] = useState(() => useSessionStore.getState().user !== null);
  if (signedInOnArrival) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}
