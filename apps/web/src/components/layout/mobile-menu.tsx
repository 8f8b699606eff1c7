import * as Dialog from '@radix-ui/react-dialog';
import { LogOut, X } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { useReturnFocus } from '@/components/ui/dialog';
import { accountLinks, guestLinks, homeLink, navGroups } from '@/config/navigation';
import { paths } from '@/config/paths';
import { logout } from '@/lib/api-client';
import { sessionUserName, useSessionUser } from '@/lib/session-store';
import { adminLandingPath, staffRolesOf } from '@/lib/staff-access';
import { LogoLockup } from './logo';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-[0.9375rem] transition-colors ${
    isActive ? 'bg-brand-50 font-semibold text-brand-800' : 'text-stone-700 hover:bg-stone-100'
  }`;

/**
 * The slide-in menu below lg (spec 000 §2 "Mobile"): every page, then the account links. A Radix
 * Dialog, so focus stays inside while open and Escape or the close button returns it.
 */
export function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const user = useSessionUser();
  const close = () => onOpenChange(false);
  const returnFocus = useReturnFocus();

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50 data-[state=open]:animate-[fade-in_200ms_ease-out] lg:hidden" />
        <Dialog.Content
          {...returnFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col bg-white shadow-2xl focus:outline-none data-[state=open]:animate-[slide-in-right_250ms_ease-out] lg:hidden"
        >
          <div className="flex h-16 items-center justify-between border-stone-200 border-b px-4">
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <Dialog.Description className="sr-only">All pages of the site</Dialog.Description>
            <Link to={paths.home} onClick={close} className="rounded-md">
              <LogoLockup tone="dark" nameClassName="hidden" />
            </Link>
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-10 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>

          {/* One scrolling column: the account block follows the links instead of being pinned
              below them, so on a short screen (a phone on its side) it never covers them. */}
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            <nav aria-label="Mobile" className="px-4 py-4">
              <NavLink to={homeLink.to} end onClick={close} className={linkClasses}>
                {homeLink.label}
              </NavLink>
              {navGroups.map((group) => (
                <div key={group.label} className="mt-5">
                  <p className="px-3 pb-1.5 font-semibold text-stone-500 text-xs uppercase tracking-widest">
                    {group.label}
                  </p>
                  <ul>
                    {group.links.map((link) => (
                      <li key={link.to}>
                        <NavLink to={link.to} end onClick={close} className={linkClasses}>
                          {link.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </nav>

            <div className="border-stone-200 border-t px-4 py-4">
              {user ? (
                <div className="space-y-1">
                  <p className="truncate px-3 pb-1 font-semibold text-sm text-stone-900">
                    {sessionUserName(user)}
                  </p>
                  {accountLinks({ adminLanding: adminLandingPath(staffRolesOf(user)) }).map((link) => (
                    <NavLink key={link.to} to={link.to} onClick={close} className={linkClasses}>
                      {link.label}
                    </NavLink>
                  ))}
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      void logout();
                    }}
                    className={`flex w-full items-center gap-2 text-left ${linkClasses({ isActive: false })}`}
                  >
                    <LogOut aria-hidden="true" className="size-4" />
                    Logout
                  </button>
                </div>
              ) : (
                <div className="grid grid-cols-2 gap-3">
                  {guestLinks.map((link, index) => (
                    <Link
                      key={link.to}
                      to={link.to}
                      onClick={close}
                      className={buttonClasses({ variant: index === 0 ? 'secondary' : 'primary' })}
                    >
                      {link.label}
                    </Link>
                  ))}
                </div>
              )}
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
