import { describe, expect, it } from 'vitest';
import { associationFormsPath } from './site-config';
import { isSitePath, SITE_ROUTES, sitePaths } from './site-routes';

describe('isSitePath', () => {
  it('knows every page the web app serves', () => {
    for (const route of SITE_ROUTES) expect(isSitePath(route)).toBe(true);
    expect(isSitePath(associationFormsPath)).toBe(true);
    expect(isSitePath(sitePaths.eventDetail('0b1c4bd5-7f51-4c36-9a51-8b53a4f0a2d1'))).toBe(true);
    expect(isSitePath(`${sitePaths.events}?event_type=Training&page=2`)).toBe(true);
  });

  it('matches as the router does: any case, a trailing slash, a query or hash, escaped letters', () => {
    for (const address of [
      '/About',
      '/about/',
      '/about?tab=1',
      '/about#team',
      '/%61bout',
      '/admin/board/',
      sitePaths.news,
      sitePaths.newsArticle('n1'),
    ]) {
      expect(isSitePath(address)).toBe(true);
    }
  });

  it('refuses addresses with no page, including pages not built yet', () => {
    for (const address of [
      '/no-such-page',
      '/about/more',
      '/admin/nothing',
      '/%E0%A4%A',
      `${sitePaths.eventDetail('e1')}/more`,
      `${sitePaths.newsArticle('n1')}/more`,
      `${sitePaths.profile}/nothing`,
    ]) {
      expect(isSitePath(address)).toBe(false);
    }
  });
});
