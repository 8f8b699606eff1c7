import { getSearchPages } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('knows every page the site search can open (packages/shared cannot import this file)', () => {
    const known = new Set(Object.values(paths).filter((value): value is string => typeof value === 'string'));
    for (const isLoggedIn of [true, false]) {
      for (const page of getSearchPages({ isLoggedIn })) expect(known).toContain(page.path);
    }
  });
});
