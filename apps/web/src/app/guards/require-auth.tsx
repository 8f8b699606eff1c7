import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { loginPathReturningTo } from '@/lib/return-path';
import { isAdmin, useSessionUser } from '@/lib/session-store';
import { twoStepSetupPath } from '@/lib/two-factor';

type RequireAuthProps = {
  /** 'admin' admits administrators only (spec 000 §6); without it any signed-in user. */
  requiredRole?: 'admin';
  /** The protected content; as a layout route it renders the child route instead. */
  children?: ReactNode;
};

/**
 * The protected wrapper of spec 000 §2. A signed-out visitor (one following an e-mail's link to
 * /profile#dues, one whose session ran out or who signed out here) goes to /login, which brings
 * them back to the same address, `#anchor` included, once signed in (docs/product-rules.md
 * "Accounts"; the specification's /unauthorized told them only that they may not look). A
 * signed-in member on an admin screen is sent to /unauthorized. The server enforces access on
 * every call; this only spares the user a page they cannot use.
 */
export function RequireAuth({ requiredRole, children }: RequireAuthProps) {
  const user = useSessionUser();
  const location = useLocation();

  if (!user) {
    // The login page's chunk may still be on its way: the screen's height is kept meanwhile, so the
    // footer does not show at the top and then jump down when the form comes (a layout shift of
    // 0.87 on a phone, docs/decisions/035).
    return (
      <>
        <div className="min-h-dvh" />
        <Navigate
          to={loginPathReturningTo(`${location.pathname}${location.search}${location.hash}`)}
          replace
        />
      </>
    );
  }
  if (requiredRole === 'admin' && !isAdmin(user)) return <Navigate to={paths.unauthorized} replace />;
  // Staff set up two-step sign-in before any admin screen opens (decision 061); the server refuses
  // their staff calls until then, so the screen would only fail.
  if (requiredRole === 'admin' && user.secondFactor?.required && !user.secondFactor.enrolled) {
    return <Navigate to={twoStepSetupPath(`${location.pathname}${location.search}`)} replace />;
  }
  return children ?? <Outlet />;
}
