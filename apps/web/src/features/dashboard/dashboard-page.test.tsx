import type { DashboardSummary } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderWithRouter } from '@/test/render';
import { DashboardPage } from './dashboard-page';

const summary: DashboardSummary = {
  users: {
    total: 31,
    byStatus: { pending: 3, active: 26, inactive: 2 },
    byType: { user: 4, individual: 12, company: 13, admin: 2 },
  },
  memberships: {
    byStatus: { pending: 5, active: 17, expired: 4, rejected: 1 },
    activeByCategory: { Regular: 6, Associate: 3, Individual: 7, Honorary: 1 },
  },
  events: { byStatus: { draft: 2, published: 9, cancelled: 1 }, upcoming: 4, pendingRegistrations: 6 },
  news: { byStatus: { draft: 3, published: 11, archived: 2 }, totalViews: 1204, totalLikes: 87 },
  board: { active: 11, inactive: 2 },
  recent: {
    users: [
      {
        id: '0b5c5bd4-4f8a-4b69-9c3c-0d2b2f1d8a11',
        username: 'jdelacruz',
        email: 'jdelacruz@example.com',
        type: 'user',
        status: 'active',
        created_at: '2026-11-20T03:00:00.000Z',
      },
    ],
    pendingMemberships: [
      {
        id: '6b0a3a1e-8b1e-4b0e-9b59-2f4f3a9d0c22',
        userId: '0b5c5bd4-4f8a-4b69-9c3c-0d2b2f1d8a11',
        username: 'paoloreyes',
        category: 'Individual',
        created_at: '2026-11-18T03:00:00.000Z',
      },
    ],
    events: [],
    news: [
      {
        id: '9f2a0c3e-1d4b-4c5e-8f6a-7b8c9d0e1f33',
        title: 'Exploration permits update',
        status: 'draft',
        updated_at: '2026-11-19T03:00:00.000Z',
      },
    ],
  },
};

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

describe('DashboardPage (spec 001 §2, DECISIONS.md "Dashboard")', () => {
  it('shows the figures the server sent, not numbers of its own', async () => {
    stubSummary(async () => json({ data: summary }));
    useSessionStore.setState({ user: { id: 'a1', username: 'secretariat', role: 'admin', type: 'admin' } });
    renderWithRouter(<DashboardPage />, { path: '/admin' });

    expect(
      await screen.findByText('Welcome back, secretariat. Here is the association at a glance.'),
    ).toBeVisible();
    const activeMembers = (await screen.findByText('Active Members')).closest('div')?.parentElement;
    expect(activeMembers).toHaveTextContent('Active Members17');
    expect(activeMembers).toHaveTextContent('4 expired · 1 rejected');
    expect(screen.getByText('Pending Memberships').closest('div')?.parentElement).toHaveTextContent('5');
    expect(screen.getByText('Published Events').closest('div')?.parentElement).toHaveTextContent(
      '4 upcoming · 6 registrations awaiting approval',
    );
    expect(screen.getByText('Published News').closest('div')?.parentElement).toHaveTextContent(
      '1,204 views · 87 likes',
    );

    const categories = screen.getByRole('region', { name: 'Active members by category' });
    expect(within(categories).getByText('Honorary').parentElement).toHaveTextContent('Honorary1');
    expect(screen.getByRole('region', { name: 'Accounts (31)' })).toHaveTextContent('Company accounts13');

    const applications = screen.getByRole('region', { name: 'Membership applications' });
    expect(applications).toHaveTextContent('paoloreyes');
    expect(applications).toHaveTextContent('Individual · applied November 18, 2026');
    expect(screen.getByRole('region', { name: 'Recently updated events' })).toHaveTextContent(
      'No events yet.',
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

  it('links the user and membership figures and recent people to the users list, filtered', async () => {
    stubSummary(async () => json({ data: summary }));
    const { router } = renderWithRouter(<DashboardPage />, { path: '/admin' });

    const pending = await screen.findByRole('link', { name: /Pending Memberships/ });
    expect(pending).toHaveAttribute('href', '/admin/users?membership=pending');
    const accounts = screen.getByRole('region', { name: 'Accounts (31)' });
    expect(within(accounts).getByRole('link', { name: /Inactive/ })).toHaveAttribute(
      'href',
      '/admin/users?status=inactive',
    );
    const applications = screen.getByRole('region', { name: 'Membership applications' });
    const applicant = within(applications).getByRole('link', { name: 'paoloreyes' });
    expect(applicant).toHaveAttribute('href', '/admin/users?search=paoloreyes&membership=pending');
    await userEvent.setup().click(applicant);
    expect(router.state.location).toMatchObject({
      pathname: '/admin/users',
      search: '?search=paoloreyes&membership=pending',
    });
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
