import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('accepts a page of this site, with its query', () => {
    expect(safeReturnPath('/members-news')).toBe('/members-news');
    expect(safeReturnPath('/user-forms?step=2')).toBe('/user-forms?step=2');
  });

  it('refuses other sites, tricks and pages that are not ours', () => {
    for (const value of [
      'https://evil.example/members-news',
      '//evil.example/members-news',
      '/\\evil.example',
      'javascript:alert(1)',
      'members-news',
      '/no-such-page',
      '/login',
      '',
      null,
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it('builds the login address with the page to return to', () => {
    expect(loginPathReturningTo('/members-news')).toBe('/login?redirect=%2Fmembers-news');
    expect(loginPathReturningTo('//evil.example')).toBe('/login');
  });
});
