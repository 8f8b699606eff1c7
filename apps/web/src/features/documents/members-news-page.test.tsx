import type { Membership } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderWithRouter } from '@/test/render';
import { MembersNewsPage } from './members-news-page';

const member = { id: '00000000-0000-4000-8000-000000000001', username: 'juan' };
const YEAR = 365 * 86_400_000;

const membership = (overrides: Partial<Membership>): Membership => ({
  id: '00000000-0000-4000-8000-000000000002',
  userId: member.id,
  category: 'Individual',
  status: 'approved',
  standing: 'active',
  startsAt: new Date(Date.now() - YEAR / 2).toISOString(),
  expiresAt: new Date(Date.now() + YEAR / 2).toISOString(),
  paidThrough: null,
  memberNumber: null,
  unpaidDueOn: null,
  graceEndsOn: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

function signInWith(memberships: Membership[]) {
  useSessionStore.setState({ user: member });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ data: { profile: { id: member.id, username: 'juan', memberships } } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null });
});

const firstDownload = () => screen.getAllByRole('link', { name: /^Download/ })[0] as HTMLElement;

describe('MembersNewsPage: the notice matches the reader', () => {
  it('tells a guest to log in, and explains instead of downloading, offering to log in and come back', async () => {
    const { router } = renderWithRouter(<MembersNewsPage />, { path: '/members-news' });
    const returning = '/login?redirect=%2Fmembers-news';
    expect(screen.getByRole('heading', { name: 'For members with an active membership' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', returning);
    const user = userEvent.setup();
    await user.click(firstDownload());
    const modal = await screen.findByRole('alertdialog', { name: 'Download Unavailable' });
    expect(within(modal).getByText(/Log in with your member account to download them/)).toBeVisible();
    const logIn = within(modal).getByRole('link', { name: 'Log in' });
    expect(logIn).toHaveAttribute('href', returning);
    await user.click(logIn);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fmembers-news');
  });

  it('tells a member with a pending application why the files are closed', async () => {
    signInWith([membership({ status: 'pending', standing: 'pending', startsAt: null, expiresAt: null })]);
    renderWithRouter(<MembersNewsPage />, { path: '/members-news' });
    expect(await screen.findByRole('heading', { name: 'Your membership is pending' })).toBeVisible();
    await userEvent.setup().click(firstDownload());
    expect(await screen.findByText(/Your membership application is still pending/)).toBeVisible();
    // Signed in already: nothing to log in to.
    expect(within(screen.getByRole('alertdialog')).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('tells a member whose membership ran out when it ended', async () => {
    signInWith([
      membership({
        standing: 'expired',
        startsAt: new Date(Date.now() - 2 * YEAR).toISOString(),
        expiresAt: '2025-03-01T00:00:00.000Z',
      }),
    ]);
    renderWithRouter(<MembersNewsPage />, { path: '/members-news' });
    expect(await screen.findByRole('heading', { name: 'Your membership has expired' })).toBeVisible();
    expect(screen.getByText(/It ended on March 1, 2025/)).toBeVisible();
  });

  it('lets an active member download', async () => {
    signInWith([membership({})]);
    renderWithRouter(<MembersNewsPage />, { path: '/members-news' });
    expect(await screen.findByRole('heading', { name: 'Your membership is active' })).toBeVisible();
    const link = firstDownload();
    expect(link.getAttribute('href')).toMatch(/^\/member-news\//);
    // No refusal is shown: the click is the browser's download.
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.setup().click(link);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
