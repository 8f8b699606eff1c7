import { siteConfig } from '@portal/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { SiteFooter } from './site-footer';

afterEach(() => {
  vi.useRealTimers();
});

describe('SiteFooter', () => {
  it("shows the copyright of the current year in Manila, already the new one on Manila's New Year", () => {
    // 17:00 UTC on 31 December is midnight in Manila.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-12-31T17:00:00Z') });
    renderWithRouter(<SiteFooter />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© 2028 ${siteConfig.name}`);
  });
});
