import { describe, expect, it } from 'vitest';
import { getSearchPages, SEARCH_SUGGESTIONS, searchPages } from './search-pages';
import { associationFormsPath, siteConfig } from './site-config';
import { isSitePath } from './site-routes';

const titles = (pages: { title: string }[]) => pages.map((page) => page.title);

describe('getSearchPages (spec 000 §2)', () => {
  const fixedPages = [
    'Home',
    'About',
    'Events',
    'Industry News',
    'Membership',
    'Affiliations',
    'Board of Trustees',
    'Privacy Notice',
    "Ronnie's Corner",
    'MGB Guidelines and Forms',
    `${siteConfig.acronym} Forms`,
    'Member directory',
    'Member News',
  ];

  it('lists the fixed pages plus Login and Register for a guest', () => {
    expect(titles(getSearchPages({ isLoggedIn: false }))).toEqual([...fixedPages, 'Login', 'Register']);
  });

  it('lists the fixed pages and Profile, without Login and Register, when logged in', () => {
    expect(titles(getSearchPages({ isLoggedIn: true }))).toEqual([...fixedPages, 'Profile']);
  });

  it('offers only pages the web app serves (site-routes.ts), so no result leads to a missing page', () => {
    for (const isLoggedIn of [true, false]) {
      for (const page of getSearchPages({ isLoggedIn })) expect(isSitePath(page.path)).toBe(true);
    }
  });

  it('gives every page a path, a description and keywords', () => {
    for (const page of getSearchPages({ isLoggedIn: false })) {
      expect(page.path).toMatch(/^\//);
      expect(page.description.length).toBeGreaterThan(0);
      expect(page.keywords.length).toBeGreaterThan(0);
    }
  });

  it('links the association forms page to the path built from the acronym', () => {
    const page = getSearchPages({ isLoggedIn: false }).find((entry) => entry.path === associationFormsPath);
    expect(page?.title).toBe(`${siteConfig.acronym} Forms`);
  });
});

describe('searchPages', () => {
  const pages = getSearchPages({ isLoggedIn: false });

  it('ignores an empty or blank query', () => {
    expect(searchPages('', pages)).toEqual([]);
    expect(searchPages('   ', pages)).toEqual([]);
  });

  it('trims the query', () => {
    expect(titles(searchPages('  affiliations  ', pages))).toEqual(['Affiliations']);
  });

  it('matches the title case-insensitively', () => {
    expect(titles(searchPages('bOARD of TRUSTEES', pages))).toContain('Board of Trustees');
  });

  it('matches the description', () => {
    expect(titles(searchPages('work programs', pages))).toEqual(['MGB Guidelines and Forms']);
  });

  it('matches the keywords', () => {
    expect(titles(searchPages('sign up', pages))).toEqual(['Register']);
  });

  it('puts pages whose title contains the query first', () => {
    // Home ('latest news') comes before Member News in the index, but not in the results.
    expect(titles(searchPages('news', pages))).toEqual(['Industry News', 'Member News', 'Home']);
  });

  it('finds nothing for an unknown word', () => {
    expect(searchPages('zzzz-not-a-page', pages)).toEqual([]);
  });

  it('does not offer Login to a signed-in user', () => {
    expect(titles(searchPages('login', getSearchPages({ isLoggedIn: true })))).toEqual([]);
  });
});

describe('SEARCH_SUGGESTIONS', () => {
  it('are the suggestions of spec 000 §2', () => {
    expect(SEARCH_SUGGESTIONS).toEqual([
      'MGB forms',
      `${siteConfig.acronym} forms`,
      'membership',
      'events',
      'news',
    ]);
  });

  it('each find at least one page', () => {
    for (const suggestion of SEARCH_SUGGESTIONS) {
      expect(searchPages(suggestion, getSearchPages({ isLoggedIn: false })).length).toBeGreaterThan(0);
    }
  });

  it('open the page they name first', () => {
    const pages = getSearchPages({ isLoggedIn: false });
    expect(searchPages('MGB forms', pages)[0]?.title).toBe('MGB Guidelines and Forms');
    expect(searchPages(`${siteConfig.acronym} forms`, pages)[0]?.title).toBe(`${siteConfig.acronym} Forms`);
  });
});
