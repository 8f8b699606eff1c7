import { MEMBERSHIP_FEES, PREFERRED_PACKAGE_KEY } from '@portal/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/lib/session-store';
import { MembershipPage } from './membership-page';

function renderMembershipPage() {
  const router = createMemoryRouter(
    [
      { path: paths.membership, Component: MembershipPage },
      { path: paths.register, element: <h1>Register page</h1> },
    ],
    { initialEntries: [paths.membership] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('MembershipPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.setState({ user: null });
  });
  afterEach(() => {
    useSessionStore.setState({ user: null });
  });

  it('stores the chosen package and goes to /register when a guest selects a plan', async () => {
    const user = userEvent.setup();
    const router = renderMembershipPage();

    const [associateButton] = screen.getAllByRole('button', { name: 'Select Plan Associate' });
    if (!associateButton) throw new Error('no Select Plan button for Associate');
    await user.click(associateButton);

    expect(localStorage.getItem(PREFERRED_PACKAGE_KEY)).toBe('Associate');
    expect(router.state.location.pathname).toBe(paths.register);
    expect(await screen.findByRole('heading', { name: 'Register page' })).toBeInTheDocument();
  });

  it('offers Select Plan for each of Regular, Associate and Individual', () => {
    renderMembershipPage();
    for (const plan of ['Regular', 'Associate', 'Individual']) {
      // One in the phone cards, one in the table; CSS shows only one of them.
      expect(screen.getAllByRole('button', { name: `Select Plan ${plan}` })).toHaveLength(2);
    }
  });

  it('hides Select Plan from signed-in users', () => {
    useSessionStore.setState({ user: { id: 'user-1', username: 'member' } });
    renderMembershipPage();
    expect(screen.queryByRole('button', { name: /Select Plan/ })).not.toBeInTheDocument();
    expect(screen.getAllByText('₱15,000.00').length).toBeGreaterThan(0);
  });

  it('shows the annual fees and meeting rates as pesos with two decimals', () => {
    renderMembershipPage();
    const table = screen.getByRole('table', { name: 'Annual membership fees by category' });
    expect(MEMBERSHIP_FEES).toEqual({ Regular: 15_000, Associate: 8_000, Individual: 3_000 });
    expect(within(table).getByRole('row', { name: /Regular/ })).toHaveTextContent('₱15,000.00');
    expect(within(table).getByRole('row', { name: /Associate/ })).toHaveTextContent('₱8,000.00');
    expect(within(table).getByRole('row', { name: /Individual/ })).toHaveTextContent('₱3,000.00');

    const rates = screen.getByRole('region', { name: 'Monthly meeting rates' });
    expect(rates).toHaveTextContent('₱200.00');
    expect(rates).toHaveTextContent('₱500.00');
    expect(rates).toHaveTextContent('₱250.00');
  });

  it('describes the four categories, with Honorary by board recommendation and approval only', () => {
    renderMembershipPage();
    const categories = screen.getByRole('region', { name: 'Membership categories' });
    for (const name of ['Regular', 'Associate', 'Individual', 'Honorary']) {
      expect(within(categories).getByText(name)).toBeInTheDocument();
    }
    expect(categories).toHaveTextContent('by board recommendation and approval only');
  });

  it('links the two membership PDFs', () => {
    renderMembershipPage();
    const downloads = screen.getByRole('region', { name: 'Downloads' });
    const links = within(downloads).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/membership-documents/membership-application-form.pdf',
      '/membership-documents/membership-obligations-and-benefits.pdf',
    ]);
  });

  it('tells a signed-in reader what is done and what is next', async () => {
    useSessionStore.setState({
      user: { id: 'u1', username: 'newbie', role: 'member', type: 'user', isNew: true },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          data: {
            profile: {
              id: 'u1',
              username: 'newbie',
              isNew: true,
              memberships: [],
            },
          },
        }),
      ),
    );
    renderMembershipPage();
    const panel = await screen.findByRole('region', { name: 'Your membership' });
    expect(within(panel).getByText('(next step)')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Complete your membership application' })).toHaveAttribute(
      'href',
      '/user-forms',
    );
    vi.unstubAllGlobals();
  });
});
