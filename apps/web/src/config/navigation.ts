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
