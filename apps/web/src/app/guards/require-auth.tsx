import { type ReactNode, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { isAdmin, useSessionStore, useSessionUser } from '@/lib/session-store';
import { twoStepSetupPath } from '@/lib/two-factor';

type RequireAuthProps = {
  /** 'admin' admits administrators only (spec 000 §6); without it any signed-in user. */
  requiredRole?: 'admin';
  /** The protected content; as a layout route it renders the child route instead. */
  children?: ReactNode;
};

/**
 * The protected wrapper of spec 000 §2: whoever lacks the required state is sent to
 * /unauthorized. The server enforces access on every call; this only spares the user a page
 * they cannot use.
 *
 * Someone who was admitted and then signs out here (Logout, or a session that ran out) goes to
 * /login rather than being told they were never allowed in; so does someone whose session the
 * server refused before this page opened (a reload checks it, possibly before a lazy page loads).
 */
export function RequireAuth({ requiredRole, children }: RequireAuthProps) {
  const user = useSessionUser();
  const sessionLost = useSessionStore((state) => state.sessionLost);
  const location = useLocation();
  // /unauthorized offers a guest 'Log in' and brings them back here afterwards.
  const from = { from: `${location.pathname}${location.search}` };
  const [admittedOnEntry] = useState(() => user !== null && (requiredRole !== 'admin' || isAdmin(user)));

  if (!user) {
    const to = admittedOnEntry || sessionLost ? paths.login : paths.unauthorized;
    return <Navigate to={to} state={from} replace />;
  }
  if (requiredRole === 'admin' && !isAdmin(user)) return <Navigate to={paths.unauthorized} replace />;
  // Staff set up two-step sign-in before any admin screen opens (decision 061); the server refuses
  // their staff calls until then, so the screen would only fail.
  if (requiredRole === 'admin' && user.secondFactor?.required && !user.secondFactor.enrolled) {
    return <Navigate to={twoStepSetupPath(`${location.pathname}${location.search}`)} replace />;
  }
  return children ?? <Outlet />;
}
