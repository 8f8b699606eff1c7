import { LogOut, UserRound } from 'lucide-react';
import { NavLink } from 'react-router';
import { accountLinks, guestLinks } from '@/config/navigation';
import { logout } from '@/lib/api-client';
import { sessionUserName, useSessionUser } from '@/lib/session-store';
import { adminLandingPath, staffRolesOf } from '@/lib/staff-access';
import { DisclosureMenu, menuLinkClasses } from './disclosure-menu';

/**
 * The account menu of spec 000 §2: Login and Register for a guest; the account's name
 * (docs/product-rules.md "Names"), Profile, Meetings and
 * Admin (admins only) and Logout for a signed-in user.
 */
export function AccountMenu({ transparent }: { transparent: boolean }) {
  const user = useSessionUser();
  const links = user ? accountLinks({ adminLanding: adminLandingPath(staffRolesOf(user)) }) : guestLinks;

  return (
    <DisclosureMenu
      align="right"
      label={user ? `Account menu for ${sessionUserName(user)}` : 'Account menu'}
      buttonClassName={`inline-flex size-10 items-center justify-center rounded-full border transition-colors ${
        transparent
          ? 'border-white/30 text-white hover:bg-white/10'
          : 'border-stone-300 text-stone-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800'
      }`}
      trigger={() => <UserRound aria-hidden="true" className="size-5" />}
    >
      {(close) => (
        <>
          {user && (
            <p className="truncate border-stone-200 border-b px-3 pt-1.5 pb-2.5 font-semibold text-sm text-stone-900">
              {sessionUserName(user)}
            </p>
          )}
          <ul className={user ? 'pt-1' : ''}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} onClick={close} className={({ isActive }) => menuLinkClasses(isActive)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {user && (
            <div className="mt-1 border-stone-200 border-t pt-1">
              <button
                type="button"
                onClick={() => {
                  close();
                  void logout();
                }}
                className={`flex w-full items-center gap-2 text-left ${menuLinkClasses()}`}
              >
                <LogOut aria-hidden="true" className="size-4" />
                Logout
              </button>
            </div>
          )}
        </>
      )}
    </DisclosureMenu>
  );
}
