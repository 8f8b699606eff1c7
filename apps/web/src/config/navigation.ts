import { isSitePath, type StaffArea, siteConfig } from '@portal/shared';
import { paths } from './paths';

/**
 * The site's menus: the header of spec 000 §2 (desktop bar and mobile menu), the account menu,
 * the footer and the admin sidebar.
 *
 * Until a page exists its links are not shown: every list here keeps only the links whose page
 * the router serves (SITE_ROUTES in packages/shared). The issue that builds /events, /news or
 * /profile adds its route there, and its links appear in every menu at once.
 */

export type NavLink = { label: string; to: string };
export type NavGroup = { label: string; links: readonly NavLink[] };

const servedLinks = (links: readonly NavLink[]) => links.filter((link) => isSitePath(link.to));

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
      { label: 'Member directory', to: paths.directory },
      { label: "Ronnie's Corner", to: paths.ronniesCorner },
      { label: 'MGB Guidelines and Forms', to: paths.mgbGuidelines },
      { label: `${siteConfig.acronym} Forms`, to: paths.associationForms },
    ],
  },
]
  .map((group) => ({ ...group, links: servedLinks(group.links) }))
  .filter((group) => group.links.length > 0);

export const guestLinks: readonly NavLink[] = servedLinks([
  { label: 'Login', to: paths.login },
  { label: 'Register', to: paths.register },
]);

/**
 * The signed-in user's links of spec 000 §2: Profile, Meetings, and Admin for staff. `adminLanding` is the
 * first admin screen the viewer's roles open (lib/staff-access.ts), `null` for a member.
 */
export function accountLinks({ adminLanding }: { adminLanding: string | null }): readonly NavLink[] {
  return servedLinks([
    { label: 'Profile', to: paths.profile },
    // The annual meeting and the election (decision 071): where a member names a proxy and votes.
    { label: 'Meetings', to: paths.meetings },
    ...(adminLanding ? [{ label: 'Admin', to: adminLanding }] : []),
  ]);
}

/** The footer's two columns (spec 000 §2 "Footer"). */
export const footerQuickLinks: readonly NavLink[] = servedLinks([
  { label: `About ${siteConfig.acronym}`, to: paths.about },
  { label: 'Board of Trustees', to: paths.boardOfTrustees },
  { label: 'Events', to: paths.events },
  { label: 'News', to: paths.news },
  { label: 'Membership', to: paths.membership },
]);

export const footerResourceLinks: readonly NavLink[] = servedLinks([
  { label: 'MGB Guidelines and Forms', to: paths.mgbGuidelines },
  { label: `${siteConfig.acronym} Forms`, to: paths.associationForms },
  { label: "Member's News", to: paths.membersNews },
  { label: "Ronnie's Corner", to: paths.ronniesCorner },
  { label: 'Affiliations', to: paths.affiliations },
]);

/**
 * The admin sidebar of spec 000 §2 "Admin area". A screen a later piece of work adds is listed
 * (the secretariat sees the whole area) but not linked, and the dashboard does not link its
 * figures there.
 */
export type AdminSection =
  | 'dashboard'
  | 'users'
  | 'dues'
  | 'events'
  | 'cpd'
  | 'news'
  | 'announcements'
  | 'board'
  | 'jobs'
  | 'privacy'
  | 'breaches'
  | 'directory'
  | 'meetings';
/** `area`: the staff roles that may open the screen (STAFF_AREAS, decision 060): the sidebar lists only those. */
export type AdminNavLink = NavLink & { section: AdminSection; area: StaffArea; built: boolean };

export const adminNavigation: readonly AdminNavLink[] = (
  [
    { section: 'dashboard', area: 'dashboard', label: 'Dashboard', to: paths.admin },
    { section: 'users', area: 'usersRead', label: 'Users', to: paths.adminUsers },
    { section: 'dues', area: 'dues', label: 'Dues', to: paths.adminDues },
    { section: 'events', area: 'events', label: 'Events', to: paths.adminEvents },
    { section: 'cpd', area: 'events', label: 'CPD', to: paths.adminCpd },
    { section: 'news', area: 'news', label: 'News', to: paths.adminNews },
    { section: 'announcements', area: 'announcements', label: 'Announcements', to: paths.adminAnnouncements },
    { section: 'board', area: 'board', label: 'Meet Our Board', to: paths.adminBoard },
    { section: 'jobs', area: 'scheduledWork', label: 'Scheduled work', to: paths.adminJobs },
    {
      section: 'privacy',
      area: 'privacyRequests',
      label: 'Privacy requests',
      to: paths.adminPrivacyRequests,
    },
    {
      section: 'breaches',
      area: 'privacyBreaches',
      label: 'Breach register',
      to: paths.adminPrivacyBreaches,
    },
    { section: 'directory', area: 'directory', label: 'Member directory', to: paths.adminDirectory },
    { section: 'meetings', area: 'meetings', label: 'Annual meeting', to: paths.adminMeetings },
  ] as const
).map((entry) => ({ ...entry, built: isSitePath(entry.to) }));

/** A link to an admin list, with filters, when that list exists; `null` while it does not. */
export function adminListLink(section: AdminSection, filters: Record<string, string> = {}): string | null {
  const entry = adminNavigation.find((link) => link.section === section);
  if (!entry?.built) return null;
  const query = new URLSearchParams(filters).toString();
  return query ? `${entry.to}?${query}` : entry.to;
}
