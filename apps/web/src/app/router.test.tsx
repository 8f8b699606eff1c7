import { manilaDateString, siteConfig } from '@portal/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { summary } from '@/features/dashboard/test-fixtures';
import { useSessionStore } from '@/lib/session-store';
import { AppProviders } from './providers';
import { routes } from './router';

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSessionStore.setState({ user: null });
});

describe('site shell', () => {
  it("shows the not-found page for an unknown route: 'Page Not Found - The page you're looking for doesn't exist.'", async () => {
    renderApp('/no-such-page');
    const heading = await screen.findByRole('heading', { level: 1, name: /Page Not Found/ });
    expect(heading.closest('section')).toHaveTextContent(
      "Page Not Found - The page you're looking for doesn't exist.",
    );
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe(`Page Not Found | ${siteConfig.acronym}`));
  });

  it("shows '401 Unauthorized Access - You don't have permission to access this page.' with a Go Back link", async () => {
    const router = renderApp('/unauthorized');
    const heading = await screen.findByRole('heading', { level: 1, name: /401 Unauthorized Access/ });
    expect(heading.closest('section')).toHaveTextContent(
      "401 Unauthorized Access - You don't have permission to access this page.",
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go Back' }));
    // Landed here directly: there is no earlier page of the site, so Go Back goes home.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('has the header menus of spec 000 §2 and the footer credit and copyright', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 500 })));
    renderApp('/no-such-page');
    await screen.findByRole('heading', { name: /Page Not Found/ });

    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const expected: Record<string, string[]> = {
      About: [`About ${siteConfig.acronym}`, 'Board of Trustees', 'Affiliations'],
      'Industry News': ['Events', 'News', "Member's News"],
      More: [
        'Membership',
        'Member directory',
        "Ronnie's Corner",
        'MGB Guidelines and Forms',
        `${siteConfig.acronym} Forms`,
      ],
    };
    for (const [menu, labels] of Object.entries(expected)) {
      const button = within(nav).getByRole('button', { name: menu });
      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
      expect(
        within(panel)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(labels);
      await user.keyboard('{Escape}');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveFocus();
    }

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');

    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`Developed By ${siteConfig.developedBy}`);
    expect(footer).toHaveTextContent(`© ${manilaDateString().slice(0, 4)} ${siteConfig.name}`);
  });
});

describe('admin area (spec 000 §2 "Admin area")', () => {
  const stubFetch = () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };
  const dashboardCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
    fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/dashboard'));

  it('sends a member to /unauthorized without asking for admin data', async () => {
    const fetchMock = stubFetch();
    useSessionStore.setState({ user: { id: 'm1', username: 'juan', role: 'member', type: 'individual' } });
    const router = renderApp('/admin');
    await screen.findByRole('heading', { level: 1, name: /401 Unauthorized Access/ });
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(dashboardCalls(fetchMock)).toEqual([]);
  });

  it('sends a guest to the login, to come back to the same address, without asking for admin data', async () => {
    const fetchMock = stubFetch();
    useSessionStore.setState({ user: null });
    const router = renderApp('/admin/dues?status=overdue#statements');
    await screen.findByRole('button', { name: 'Log In' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/admin/dues?status=overdue#statements')}`,
    );
    expect(dashboardCalls(fetchMock)).toEqual([]);
  });

  it('opens the dashboard with the sidebar for an admin', async () => {
    const fetchMock = stubFetch();
    useSessionStore.setState({ user: { id: 'a1', username: 'ana', role: 'admin', type: 'admin' } });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe(`Dashboard | ${siteConfig.acronym}`));
    const sidebar = screen.getAllByRole('navigation', { name: 'Admin' })[0] as HTMLElement;
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Meet Our Board' })).toHaveAttribute(
      'href',
      '/admin/board',
    );
    expect(screen.getByRole('link', { name: 'Back to Website' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(dashboardCalls(fetchMock)).toHaveLength(1));
  });
});

describe('the dashboard leads to the work', () => {
  /** Each admin list and the API call that reads it. */
  const listCalls: Record<string, string> = {
    '/admin/users': '/api/users/get-all',
    '/admin/events': '/api/events/admin/get-all',
    '/admin/news': '/api/news/get-news',
    '/admin/board': '/api/boards/get-board-members',
    '/admin/directory': '/api/directory/admin/entries',
  };
  const admin = { id: 'a1', username: 'ana', role: 'admin', type: 'admin' } as const;

  function stubApi() {
    const requested: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        requested.push(url);
        if (url.pathname === '/api/dashboard/admin/summary') {
          return new Response(JSON.stringify({ data: summary }), {
            headers: { 'Content-Type': 'application/json' },
          });
        }
        // The lists' rows do not matter here, only what they asked for.
        return new Response('{}', { status: 500 });
      }),
    );
    return requested;
  }

  it('has a live Users entry in the sidebar that opens the users list', async () => {
    stubApi();
    useSessionStore.setState({ user: admin });
    const router = renderApp('/admin');
    const sidebar = (await screen.findAllByRole('navigation', { name: 'Admin' }))[0] as HTMLElement;
    const users = within(sidebar).getByRole('link', { name: 'Users' });
    expect(users).toHaveAttribute('href', '/admin/users');
    await userEvent.setup().click(users);
    // The page is its own chunk: a busy machine may take a while to load it.
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(within(sidebar).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens every figure and recent item as its list, which asks the server for exactly those filters', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const requested = stubApi();
    useSessionStore.setState({ user: admin });
    const router = renderApp('/admin');
    await screen.findByRole('region', { name: 'Active Members' });
    const main = screen.getByRole('main');
    const hrefs = [
      ...new Set(
        within(main)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href') ?? '')
          .filter((href) => href.includes('?')),
      ),
    ];
    // Every figure with a list and every recent item (decision 024).
    expect(hrefs.length).toBeGreaterThanOrEqual(25);
    for (const href of hrefs) {
      const target = new URL(href, 'http://localhost');
      const apiPath = listCalls[target.pathname];
      expect(apiPath, href).toBeDefined();
      const before = requested.length;
      await act(() => router.navigate(href));
      await waitFor(() =>
        expect(
          requested.slice(before).some((url) => url.pathname === apiPath),
          href,
        ).toBe(true),
      );
      const call = requested.slice(before).find((url) => url.pathname === apiPath) as URL;
      for (const [name, value] of target.searchParams)
        expect(call.searchParams.get(name), `${href}: ${name}`).toBe(value);
    }
  });
});
