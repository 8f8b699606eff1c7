import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderWithRouter } from '@/test/render';
import { DashboardPage } from './dashboard-page';
import { summary } from './test-fixtures';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubSummary(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((url: string) =>
    url.startsWith('/api/dashboard/admin/summary') ? answer() : Promise.resolve(json({}, 404)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null });
});

describe('DashboardPage (spec 001 §2, docs/product-rules.md "Dashboard")', () => {
  it('shows the figures the server sent, not numbers of its own', async () => {
    stubSummary(async () => json({ data: summary }));
    useSessionStore.setState({
      user: {
        id: 'a1',
        username: 'secretariat',
        displayName: 'Secretariat Desk',
        role: 'admin',
        type: 'admin',
      },
    });
    renderWithRouter(<DashboardPage />, { path: '/admin' });

    // The account's name, not its username (docs/product-rules.md "Names").
    expect(
      await screen.findByText('Welcome back, Secretariat Desk. Here is the association at a glance.'),
    ).toBeVisible();
    const activeMembers = await screen.findByRole('region', { name: 'Active Members' });
    expect(activeMembers).toHaveTextContent('Active Members17');
    expect(activeMembers).toHaveTextContent('4 expired · 1 rejected');
    expect(screen.getByRole('region', { name: 'Pending Memberships' })).toHaveTextContent('5');
    expect(screen.getByRole('region', { name: 'Published Events' })).toHaveTextContent(
      '4 upcoming · 6 registrations awaiting approval',
    );
    expect(screen.getByRole('region', { name: 'Published News' })).toHaveTextContent(
      '1,204 views · 87 likes',
    );

    const categories = screen.getByRole('region', { name: 'Active members by category' });
    expect(within(categories).getByText('Honorary').parentElement).toHaveTextContent('Honorary1');
    expect(screen.getByRole('region', { name: 'Accounts (31)' })).toHaveTextContent('Company accounts13');

    const applications = screen.getByRole('region', { name: 'Membership applications' });
    // The applicant by their name (docs/product-rules.md "Names").
    expect(applications).toHaveTextContent('Paolo Reyes');
    expect(applications).toHaveTextContent('Individual · applied November 18, 2026');
    expect(screen.getByRole('region', { name: 'Recently updated events' })).toHaveTextContent(
      'Mindanao Exploration Forum',
    );
  });

  it('links the board figures to the board list, filtered', async () => {
    stubSummary(async () => json({ data: summary }));
    const { router } = renderWithRouter(<DashboardPage />, { path: '/admin' });

    const board = await screen.findByRole('region', { name: 'Board of trustees' });
    const inactive = within(board).getByRole('link', { name: /Inactive/ });
    expect(inactive).toHaveAttribute('href', '/admin/board?is_active=false');
    await userEvent.setup().click(inactive);
    expect(router.state.location).toMatchObject({ pathname: '/admin/board', search: '?is_active=false' });
  });

  it('links every figure and every recent item to the admin list filtered to exactly it', async () => {
    stubSummary(async () => json({ data: summary }));
    const { router } = renderWithRouter(<DashboardPage />, { path: '/admin' });
    const hrefIn = (region: string, name: string | RegExp) =>
      within(screen.getByRole('region', { name: region }))
        .getByRole('link', { name })
        .getAttribute('href');
    await screen.findByRole('region', { name: 'Active Members' });

    expect(hrefIn('Active Members', /Active Members/)).toBe('/admin/users?membership=active');
    expect(hrefIn('Active Members', '4 expired')).toBe('/admin/users?membership=expired');
    expect(hrefIn('Active Members', '1 rejected')).toBe('/admin/users?membership=rejected');
    expect(hrefIn('Pending Memberships', '2 approved, awaiting payment')).toBe(
      '/admin/users?membership=awaiting_payment',
    );
    expect(hrefIn('Pending Memberships', '3 overdue')).toBe('/admin/users?membership=overdue');
    expect(hrefIn('Pending Memberships', /Pending Memberships/)).toBe('/admin/users?membership=pending');
    expect(hrefIn('Published Events', /Published Events/)).toBe('/admin/events?status=published');
    // The two figures under it have filters of their own, not the published list's.
    expect(hrefIn('Published Events', '4 upcoming')).toBe('/admin/events?status=published&upcoming=true');
    expect(hrefIn('Published Events', '6 registrations awaiting approval')).toBe(
      '/admin/events?has_pending=true',
    );
    expect(hrefIn('Published News', /Published News/)).toBe('/admin/news?status=published');
    expect(hrefIn('Events', /Upcoming/)).toBe('/admin/events?status=published&upcoming=true');
    expect(hrefIn('Events', /Registrations awaiting approval/)).toBe('/admin/events?has_pending=true');
    expect(hrefIn('Accounts (31)', /Inactive/)).toBe('/admin/users?status=inactive');
    expect(hrefIn('Active members by category', /Honorary/)).toBe(
      '/admin/users?membership=active&category=Honorary',
    );

    // Each recent item opens exactly that record, by its id (a search for a name or an e-mail
    // would also find every other that contains it).
    const [application] = summary.recent.pendingMemberships;
    const [account] = summary.recent.users;
    const [event] = summary.recent.events;
    const [article] = summary.recent.news;
    expect(hrefIn('Membership applications', 'Paolo Reyes')).toBe(`/admin/users?id=${application?.userId}`);
    expect(hrefIn('Newest accounts', 'jdelacruz')).toBe(`/admin/users?id=${account?.id}`);
    expect(hrefIn('Recently updated events', 'Mindanao Exploration Forum')).toBe(
      `/admin/events?id=${event?.id}`,
    );
    expect(hrefIn('Recently updated news', 'Exploration permits update')).toBe(
      `/admin/news?id=${article?.id}`,
    );

    await userEvent.setup().click(
      within(screen.getByRole('region', { name: 'Recently updated news' })).getByRole('link', {
        name: 'Exploration permits update',
      }),
    );
    expect(router.state.location).toMatchObject({ pathname: '/admin/news', search: `?id=${article?.id}` });
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    const fetchMock = stubSummary(async () => json({ error: 'Internal Server Error' }, 500));
    renderWithRouter(<DashboardPage />, { path: '/admin' });

    expect(await screen.findByRole('alert')).toHaveTextContent('The dashboard could not be loaded.');
    fetchMock.mockImplementation(async () => json({ data: summary }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Active Members')).toBeVisible();
  });
});
