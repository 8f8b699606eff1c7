import { LockKeyhole } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { useIsLoggedIn } from '@/lib/session-store';
import { StatusPage } from './status-page';

/**
 * spec 000 §2: '401 Unauthorized Access - You don't have permission to access this page.', shown to
 * a member on a staff screen (a guest on a signed-in page goes to the login instead, which brings
 * them back). A guest who lands here is also offered 'Log in'.
 */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  const isSignedIn = useIsLoggedIn();
  return (
    <StatusPage
      mark={<LockKeyhole className="size-20 stroke-[1.25] text-brand-300" />}
      title="401 Unauthorized Access"
      text="You don't have permission to access this page."
      action={
        <>
          {!isSignedIn && (
            <Link to={paths.login} className={buttonClasses({ variant: 'accent' })}>
              Log in
            </Link>
          )}
          <Link
            to={paths.home}
            className={buttonClasses({ variant: 'primary' })}
            onClick={(event) => {
              // Back in the site's own history when there is one; a visitor who landed here
              // directly (idx 0) goes home instead of leaving the site.
              const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
              if (index > 0) {
                event.preventDefault();
                navigate(-1);
              }
            }}
          >
            Go Back
          </Link>
        </>
      }
    />
  );
}
