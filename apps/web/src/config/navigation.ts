import { siteConfig } from '@portal/shared';
import { paths } from './paths';

/** The header menus of spec 000 §2 "Header", shared by the desktop bar and the mobile menu. */

export type NavLink = { label: string; to: string };
export type NavGroup = { label: string; links: readonly NavLink[] };

export const homeLink: NavLink = { label: 'Home', to: paths.home };

export const navGroups: readonly NavGroup[] = [
  {
    label: 'About',
    links: [
      { label: `About ${siteConfig.acronym}`, to: paths.about },
      { label: 'Board of Trustees', to: paths.boardOfTrustees },
      { label: 'Affiliations', to: paths.affiliations },
    ],
  },
  {
    label: 'Industry News',
    links: [
      { label: 'Events', to: paths.events },
      { label: 'News', to: paths.news },
      { label: "Member's News", to: paths.membersNews },
    ],
  },
  {
    label: 'More',
    links: [
      { label: 'Membership', to: paths.membership },
      { label: "Ronnie's Corner", to: paths.ronniesCorner },
      { label: 'MGB Guidelines and Forms', to: paths.mgbGuidelines },
      { label: `${siteConfig.acronym} Forms`, to: paths.associationForms },
    ],
  },
];

export const guestLinks: readonly NavLink[] = [
  { label: 'Login', to: paths.login },
  { label: 'Register', to: paths.register },
];

/**
 * The admin sidebar of spec 000 §2 "Admin area". `built` is false for a screen a later piece of
 * work adds: the entry is shown (the secretariat sees the whole area) but not linked, and the
 * dashboard does not link its figures there, so no link leads to a missing page.
 */
export type AdminSection = 'dashboard' | 'users' | 'events' | 'news' | 'board';
export type AdminNavLink = NavLink & { section: AdminSection; built: boolean };

export const adminNavigation: readonly AdminNavLink[] = [
  { section: 'dashboard', label: 'Dashboard', to: paths.admin, built: true },
  { section: 'users', label: 'Users', to: paths.adminUsers, built: false },
  { section: 'events', label: 'Events', to: paths.adminEvents, built: false },
  { section: 'news', label: 'News', to: paths.adminNews, built: false },
  { section: 'board', label: 'Meet Our Board', to: paths.adminBoard, built: true },
];

/** A link to an admin list, with filters, when that list exists; `null` while it does not. */
export function adminListLink(section: AdminSection, filters: Record<string, string> = {}): string | null {
  const entry = adminNavigation.find((link) => link.section === section);
  if (!entry?.built) return null;
  const query = new URLSearchParams(filters).toString();
  return query ? `${entry.to}?${query}` : entry.to;
}
