import { siteConfig } from '@portal/shared';
import { Link, Outlet } from 'react-router';
import { LogoLockup } from '@/components/layout/logo';
import { paths } from '@/config/paths';
import { useDocumentTitle } from './layout-parts';

/**
 * A page that stands alone: the association's name and a way home, the page, no navigation. For
 * /verify/{token}, opened by a stranger scanning a member's card at the door: on a phone, the
 * answer is all the screen should hold, and the server renders it on every scan (rendering the
 * site's header and footer was most of that work, docs/decisions/043).
 */
export function StandaloneLayout() {
  useDocumentTitle();
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <header className="border-stone-200 border-b bg-white">
        <div className="mx-auto flex h-16 max-w-md items-center px-4">
          <Link to={paths.home} className="rounded-md" aria-label={`${siteConfig.acronym} home`}>
            <LogoLockup tone="dark" />
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
