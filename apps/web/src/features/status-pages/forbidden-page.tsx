import { ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { adminNavigation } from '@/config/navigation';
import { paths } from '@/config/paths';
import { adminLandingPath, useStaffRoles } from '@/lib/staff-access';
import { StatusPage } from './status-page';

export const FORBIDDEN_TITLE = '403 Access Denied';
export const FORBIDDEN_TEXT = 'Your staff role does not open this screen.';

/**
 * An admin screen the viewer's staff roles do not open (docs/product-rules.md "Staff roles",
 * decision 060): reached by a direct link or a bookmark, or because the server answered 403 while
 * the screen loaded. It offers the first screen the roles do open instead.
 */
export function ForbiddenPage() {
  const landing = adminLandingPath(useStaffRoles());
  const landingLabel = adminNavigation.find((entry) => entry.to === landing)?.label;
  return (
    <StatusPage
      compact
      mark={<ShieldX className="size-20 stroke-[1.25] text-brand-300" />}
      title={FORBIDDEN_TITLE}
      text={FORBIDDEN_TEXT}
      action={
        landing ? (
          <Link to={landing} className={buttonClasses({ variant: 'primary' })}>
            Go to {landingLabel}
          </Link>
        ) : (
          <Link to={paths.home} className={buttonClasses({ variant: 'primary' })}>
            Go to Home
          </Link>
        )
      }
    />
  );
}
