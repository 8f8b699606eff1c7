import { mayOpen, STAFF_ROLE_LABELS } from '@portal/shared';
import {
  ArrowLeft,
  BookUser,
  CalendarDays,
  Clock,
  GraduationCap,
  Landmark,
  LayoutDashboard,
  LogOut,
  Megaphone,
  Newspaper,
  ReceiptText,
  ShieldAlert,
  ShieldCheck,
  UsersRound,
  Vote,
} from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { type AdminSection, adminNavigation } from '@/config/navigation';
import { paths } from '@/config/paths';
import { logout } from '@/lib/api-client';
import { sessionUserName, useSessionUser } from '@/lib/session-store';
import { adminLandingPath, staffRolesOf } from '@/lib/staff-access';
import { LogoMark } from './logo';

const sectionIcons: Record<AdminSection, typeof LayoutDashboard> = {
  dashboard: LayoutDashboard,
  users: UsersRound,
  dues: ReceiptText,
  events: CalendarDays,
  cpd: GraduationCap,
  news: Newspaper,
  announcements: Megaphone,
  board: Landmark,
  jobs: Clock,
  privacy: ShieldCheck,
  breaches: ShieldAlert,
  directory: BookUser,
  meetings: Vote,
};

const itemClasses = 'flex items-center gap-3 rounded-lg px-3 py-2.5 text-[0.9375rem] font-medium';

/**
 * The admin sidebar of spec 000 §2 "Admin area": the sections, a link back to the website and
 * the signed-in admin. The same content sits in the fixed column on desktop and in the slide-in
 * drawer on phones; `onNavigate` closes the drawer.
 */
export function AdminSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSessionUser();
  // A staff member sees the screens their roles open (decision 060); the server refuses the rest.
  const roles = staffRolesOf(user);

  return (
    <div className="flex h-full flex-col bg-brand-950 text-brand-100">
      <Link
        to={adminLandingPath(roles) ?? paths.admin}
        onClick={onNavigate}
        className="flex h-16 shrink-0 items-center gap-3 border-white/10 border-b px-5"
      >
        <LogoMark className="size-9 rounded-[8px] ring-1 ring-white/15" />
        <span className="flex flex-col leading-tight">
          <span className="font-display font-semibold text-lg text-white">Admin</span>
          {/* Whose workspace it is: the roles held (a treasurer's is not the secretariat's). */}
          <span className="text-brand-200 text-xs">
            {roles.length > 0 ? roles.map((role) => STAFF_ROLE_LABELS[role]).join(' · ') : 'Staff workspace'}
          </span>
        </span>
      </Link>

      <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-5">
        <ul className="space-y-1">
          {adminNavigation
            .filter((entry) => mayOpen(roles, entry.area))
            .map((entry) => {
              const Icon = sectionIcons[entry.section];
              return (
                <li key={entry.section}>
                  {entry.built ? (
                    <NavLink
                      to={entry.to}
                      end={entry.to === paths.admin}
                      onClick={onNavigate}
                      className={({ isActive }) =>
                        `${itemClasses} transition-colors ${
                          isActive
                            ? 'bg-white/10 text-white'
                            : 'text-brand-100 hover:bg-white/5 hover:text-white'
                        }`
                      }
                    >
                      <Icon aria-hidden="true" className="size-5 shrink-0" />
                      {entry.label}
                    </NavLink>
                  ) : (
                    // A screen of a later release: listed so the area reads whole, not a dead link.
                    <span aria-disabled="true" className={`${itemClasses} cursor-default text-brand-300`}>
                      <Icon aria-hidden="true" className="size-5 shrink-0" />
                      {entry.label}
                      <span className="ml-auto rounded-full border border-brand-300/40 px-2 py-0.5 text-[0.6875rem] text-brand-200">
                        Soon
                      </span>
                    </span>
                  )}
                </li>
              );
            })}
        </ul>
      </nav>

      <div className="space-y-1 border-white/10 border-t px-3 py-4">
        <Link
          to={paths.home}
          onClick={onNavigate}
          className={`${itemClasses} text-brand-100 transition-colors hover:bg-white/5 hover:text-white`}
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          Back to Website
        </Link>
        {user && (
          <div className="flex items-center gap-3 px-3 pt-3">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-400 font-semibold text-brand-950"
            >
              {sessionUserName(user).slice(0, 1).toUpperCase()}
            </span>
            <span className="min-w-0 flex-1 truncate font-medium text-sm text-white">
              {sessionUserName(user)}
            </span>
            <button
              type="button"
              onClick={() => {
                onNavigate?.();
                void logout();
              }}
              aria-label="Logout"
              title="Logout"
              className="inline-flex size-9 items-center justify-center rounded-lg text-brand-100 hover:bg-white/10 hover:text-white focus-visible:outline-white"
            >
              <LogOut aria-hidden="true" className="size-5" />
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
