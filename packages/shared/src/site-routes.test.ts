import { describe, expect, it } from 'vitest';
import { associationFormsPath } from './site-config';
import { isSitePath, SITE_ROUTES, sitePaths } from './site-routes';

describe('isSitePath', () => {
  it('knows every page the web app serves', () => {
    for (const route of SITE_ROUTES) expect(isSitePath(route)).toBe(true);
    expect(isSitePath(associationFormsPath)).toBe(true);
  });

  it('matches as the router does: any case, a trailing slash, a query or hash, escaped letters', () => {
    for (const address of ['/About', '/about/', '/about?tab=1', '/about#team', '/%61bout', '/admin/board/']) {
      expect(isSitePath(address)).toBe(true);
    }
  });

  it('refuses addresses with no page, including pages not built yet', () => {
    for (const address of [
      '/no-such-page',
      '/about/more',
      '/admin/nothing',
      '/%E0%A4%A',
      sitePaths.events,
      sitePaths.eventDetail('e1'),
      sitePaths.news,
      sitePaths.newsArticle('n1'),
      sitePaths.profile,
    ]) {
      expect(isSitePath(address)).toBe(false);
    }
  });
});
