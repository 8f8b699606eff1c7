import { siteConfig } from './site-config';
import { isSitePath, sitePaths } from './site-routes';

/**
 * The site search of spec 000 §2 "Search modal": a fixed list of pages matched on the client.
 * Pure functions, so the rules are tested once here and the modal only renders them.
 */

/** spec 000 §3 "Search entry (client-side)". */
export type SearchPage = {
  title: string;
  path: string;
  description: string;
  keywords: readonly string[];
};

const { acronym, name } = siteConfig;

const PUBLIC_PAGES: readonly SearchPage[] = [
  {
    title: 'Home',
    path: sitePaths.home,
    description: `Welcome to the ${name}: upcoming events, latest news and our trusted partners.`,
    keywords: ['home', 'main', 'start', 'welcome', acronym],
  },
  {
    title: 'About',
    path: sitePaths.about,
    description: `Who we are: a non-stock, non-profit association run by volunteer trustees and a secretariat.`,
    keywords: ['about', 'about us', 'history', 'mission', 'trustees', 'officers', 'secretariat', acronym],
  },
  {
    title: 'Events',
    path: sitePaths.events,
    description: 'Conferences, workshops, seminars, trainings and monthly meetings of the association.',
    keywords: [
      'events',
      'calendar',
      'conference',
      'workshop',
      'seminar',
      'training',
      'meeting',
      'monthly meeting',
    ],
  },
  {
    title: 'Industry News',
    path: sitePaths.news,
    description: 'News and articles on mineral exploration and the mining industry in the Philippines.',
    keywords: ['news', 'articles', 'updates', 'industry', 'press'],
  },
  {
    title: 'Membership',
    path: sitePaths.membership,
    description: 'Membership categories, annual fees, benefits and how to apply.',
    keywords: [
      'membership',
      'join',
      'member',
      'apply',
      'fees',
      'regular',
      'associate',
      'individual',
      'application form',
    ],
  },
  {
    title: 'Affiliations',
    path: sitePaths.affiliations,
    description: 'Partner organisations and institutions we work with.',
    keywords: [
      'affiliations',
      'partners',
      'organizations',
      'organisations',
      'MGB',
      'DENR',
      'chamber of mines',
    ],
  },
  {
    title: 'Board of Trustees',
    path: sitePaths.boardOfTrustees,
    description: 'The trustees and officers who lead the association.',
    keywords: [
      'board',
      'trustees',
      'officers',
      'president',
      'vice president',
      'secretary',
      'treasurer',
      'leadership',
    ],
  },
  {
    title: 'Privacy Notice',
    path: sitePaths.privacy,
    description: 'What personal information we keep, why, for how long, and your rights over it.',
    keywords: [
      'privacy',
      'data privacy',
      'personal information',
      'consent',
      'data protection officer',
      'DPO',
    ],
  },
  {
    title: "Ronnie's Corner",
    path: sitePaths.ronniesCorner,
    description: 'Articles on mining law and regulation from our law specialist.',
    keywords: ['ronnie', 'corner', 'law', 'legal', 'articles', 'mining law', 'regulation'],
  },
  {
    title: 'MGB Guidelines and Forms',
    path: sitePaths.mgbGuidelines,
    description: 'Mines and Geosciences Bureau guidelines, application forms, work programs and manuals.',
    keywords: [
      'MGB',
      'MGB forms',
      'guidelines',
      'forms',
      'mines and geosciences bureau',
      'permits',
      'work program',
      'documents',
      'downloads',
    ],
  },
  {
    title: `${acronym} Forms`,
    path: sitePaths.associationForms,
    description: 'Association standards, forms and meeting documents to download.',
    keywords: [`${acronym} forms`, 'forms', 'standards', 'meeting documents', 'documents', 'downloads'],
  },
  {
    title: 'Member directory',
    path: sitePaths.directory,
    description: 'Companies and professionals of the association, listed by their own choice.',
    keywords: [
      'directory',
      'member directory',
      'members',
      'companies',
      'professionals',
      'geologist',
      'drilling',
      'assaying',
      'commodity',
      'province',
    ],
  },
  {
    title: 'Member News',
    path: sitePaths.membersNews,
    description: 'Announcements for members of the association.',
    keywords: ['member news', "member's news", 'members news', 'announcements', 'members', 'news'],
  },
];

const PROFILE_PAGE: SearchPage = {
  title: 'Profile',
  path: sitePaths.profile,
  description: 'Your account, membership status and company representatives.',
  keywords: ['profile', 'account', 'my account', 'settings', 'representatives', 'membership status'],
};

const GUEST_PAGES: readonly SearchPage[] = [
  {
    title: 'Login',
    path: sitePaths.login,
    description: 'Sign in to your member account.',
    keywords: ['login', 'log in', 'sign in', 'account'],
  },
  {
    title: 'Register',
    path: sitePaths.register,
    description: 'Create an account to apply for membership.',
    keywords: ['register', 'sign up', 'create account', 'join'],
  },
];

/**
 * The searchable pages: Profile for a signed-in user, otherwise Login and Register (spec 000 §2).
 * A page the web app does not serve yet is left out (site-routes.ts), so no result leads to a
 * missing page; it is found once its route is added.
 */
export function getSearchPages({ isLoggedIn }: { isLoggedIn: boolean }): SearchPage[] {
  return [...PUBLIC_PAGES, ...(isLoggedIn ? [PROFILE_PAGE] : GUEST_PAGES)].filter((page) =>
    isSitePath(page.path),
  );
}

/**
 * Pages whose title, description or keywords contain the query, case-insensitively. The query is
 * trimmed and an empty one matches nothing (spec 000 §2). A query of several words matches when
 * every word is found, so "mgb application forms" still finds the MGB page; pages whose title
 * contains the whole query come first, so Enter opens the most likely page.
 */
export function searchPages(query: string, pages: readonly SearchPage[]): SearchPage[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const words = needle.split(/\s+/);

  const matches = pages.filter((page) => {
    const haystack = [page.title, page.description, ...page.keywords].join('\n').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const titleMatches = matches.filter((page) => page.title.toLowerCase().includes(needle));
  return [...titleMatches, ...matches.filter((page) => !titleMatches.includes(page))];
}

/** Shown while the query is empty; each one is a query that finds something (spec 000 §2). */
export const SEARCH_SUGGESTIONS: readonly string[] = [
  'MGB forms',
  `${acronym} forms`,
  'membership',
  'events',
  'news',
];
