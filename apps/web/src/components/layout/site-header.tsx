import { siteConfig } from '@portal/shared';
import { Menu, Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { homeLink, navGroups } from '@/config/navigation';
import { paths } from '@/config/paths';
import {
  useDuesToPay,
  useIsLoggedIn,
  useNameMissing,
  useNeedsApplication,
  useNoticeToAccept,
} from '@/lib/session-store';
import { AccountMenu } from './account-menu';
import { LogoLockup } from './logo';
import { NameMissingStrip } from './name-missing-strip';
import { NavDropdown } from './nav-dropdown';
import { PrivacyNoticeStrip } from './privacy-notice-strip';

// The dialogs load on first use: Radix Dialog is not needed to show a page (first-load budget).
const loadSearchModal = () => import('./search-modal');
const loadMobileMenu = () => import('./mobile-menu');
const SearchModal = lazy(() => loadSearchModal().then((m) => ({ default: m.SearchModal })));
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
// Only a signed-in user sees the bell, and only a new account or one with dues to pay the call
// under the header: loaded for them alone, not for guests (first-load budget).
const NotificationBell = lazy(() =>
  import('./notification-bell').then((m) => ({ default: m.NotificationBell })),
);
const CompleteApplicationStrip = lazy(() =>
  import('./complete-application-call').then((m) => ({ default: m.CompleteApplicationStrip })),
);

/** How far the page scrolls before the header turns solid over the home hero. */
const SOLID_AFTER_PX = 24;

function useScrolledPast(offset: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > offset);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [offset]);
  return scrolled;
}

/**
 * spec 000 §2 "Header": transparent with white text over the home hero, white with a shadow once
 * scrolled or on any other page. Fixed, so inner pages start below it (PageHeader's top padding).
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const signedIn = useIsLoggedIn();
  const needsApplication = useNeedsApplication();
  const nameMissing = useNameMissing();
  const noticeToAccept = useNoticeToAccept();
  const duesToPay = useDuesToPay();
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // Once opened, a dialog stays mounted (closed) so its closing animation and focus return work.
  const [searchUsed, setSearchUsed] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const openSearch = () => {
    setSearchUsed(true);
    setSearchOpen(true);
  };
  const openMenu = () => {
    setMenuUsed(true);
    setMenuOpen(true);
  };
  const transparent = pathname === paths.home && !scrolled && !menuOpen;

  // Ctrl/Cmd+K opens the search from anywhere, as on most documentation-style sites.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearchUsed(true);
        setSearchOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const iconButton = `inline-flex size-10 items-center justify-center rounded-full transition-colors ${
    transparent ? 'text-white hover:bg-white/10' : 'text-stone-700 hover:bg-brand-50 hover:text-brand-800'
  }`;

  return (
    <header
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300 ${
        transparent ? 'bg-transparent' : 'bg-white/95 shadow-md shadow-stone-900/5 backdrop-blur'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:h-20 lg:px-8">
        <Link to={paths.home} className="mr-auto rounded-md" aria-label={`${siteConfig.acronym} home`}>
          <LogoLockup
            tone={transparent ? 'light' : 'dark'}
            nameClassName="hidden min-[360px]:block max-sm:max-w-[12rem] lg:hidden xl:block xl:max-w-none"
          />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <NavLink
            to={homeLink.to}
            end
            className={({ isActive }) =>
              `rounded-md px-3 py-2 font-medium text-[0.9375rem] transition-colors ${
                transparent
                  ? 'text-white/90 hover:text-white'
                  : isActive
                    ? 'text-brand-700'
                    : 'text-stone-700 hover:text-brand-700'
              }`
            }
          >
            {homeLink.label}
          </NavLink>
          {navGroups.map((group) => (
            <NavDropdown key={group.label} group={group} transparent={transparent} />
          ))}
        </nav>

        <div className="flex items-center gap-1 lg:ml-4 lg:gap-2">
          <button
            type="button"
            onClick={openSearch}
            // Fetch the dialog's code while the pointer approaches, so it opens without a wait.
            onPointerEnter={loadSearchModal}
            onFocus={loadSearchModal}
            aria-label={`Search ${siteConfig.acronym}`}
            className={iconButton}
          >
            <Search aria-hidden="true" className="size-5" />
          </button>
          {/* Every signed-in user has the bell; its dot marks what waits (docs/product-rules.md "Profile"). */}
          {signedIn && (
            <Suspense fallback={null}>
              <NotificationBell buttonClassName={iconButton} />
            </Suspense>
          )}
          <div className="hidden lg:block">
            <AccountMenu transparent={transparent} />
          </div>
          <button
            type="button"
            onClick={openMenu}
            onPointerEnter={loadMobileMenu}
            aria-label="Open menu"
            className={`${iconButton} lg:hidden`}
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>
        </div>
      </div>

      {noticeToAccept && <PrivacyNoticeStrip />}
      {nameMissing && <NameMissingStrip />}
      {(needsApplication || duesToPay) && (
        <Suspense fallback={null}>
          <CompleteApplicationStrip />
        </Suspense>
      )}

      <Suspense fallback={null}>
        {searchUsed && <SearchModal open={searchOpen} onOpenChange={setSearchOpen} />}
        {menuUsed && <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />}
      </Suspense>
    </header>
  );
}
