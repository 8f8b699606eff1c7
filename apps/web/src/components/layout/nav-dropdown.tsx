import { ChevronDown } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import type { NavGroup } from '@/config/navigation';
import { DisclosureMenu, menuLinkClasses } from './disclosure-menu';

/** One of the header's hover dropdowns (About, Industry News, More; spec 000 §2 "Header"). */
export function NavDropdown({ group, transparent }: { group: NavGroup; transparent: boolean }) {
  const { pathname } = useLocation();
  const isActive = group.links.some((link) => pathname === link.to);

  return (
    <DisclosureMenu
      openOnHover
      buttonClassName={`inline-flex items-center gap-1 rounded-md px-3 py-2 font-medium text-[0.9375rem] transition-colors ${
        transparent
          ? 'text-white/90 hover:text-white'
          : isActive
            ? 'text-brand-700'
            : 'text-stone-700 hover:text-brand-700'
      }`}
      trigger={(open) => (
        <>
          {group.label}
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform duration-200 ${open ? 'rotate-180' : ''}`}
          />
        </>
      )}
    >
      {(close) => (
        <ul>
          {group.links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                onClick={close}
                className={({ isActive }) => menuLinkClasses(isActive)}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </DisclosureMenu>
  );
}
