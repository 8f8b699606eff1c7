import { getSearchPages, isSitePath, SITE_ROUTES } from '@portal/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SessionUser, useSessionStore } from '@/lib/session-store';
import { AppProviders } from './providers';
import { routes } from './router';

/** Whether the router has a page at `address`: it matches a route other than the not-found one. */
function routerServes(address: string) {
  const pathname = address.split(/[?#]/, 1)[0] ?? '';
  return matchRoutes(routes, pathname)?.at(-1)?.route.path !== '*';
}

/** The full path of every route that renders a page (index routes take their parent's). */
function pagePatterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path?.startsWith('/')
      ? route.path
      : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    const own = route.path === undefined ? parent : path;
    if (route.children) return pagePatterns(route.children, own);
    return route.path === '*' ? [] : [route.index ? parent || '/' : own];
  });
}

describe('the pages both apps know (SITE_ROUTES in packages/shared)', () => {
  it('are exactly the pages the router serves', () => {
    expect(pagePatterns(routes).toSorted()).toEqual([...SITE_ROUTES].toSorted());
  });

  it('are matched by isSitePath as the router matches them', () => {
    const probes = [
      ...SITE_ROUTES,
      ...SITE_ROUTES.map((route) => `${route}/`),
      ...SITE_ROUTES.map((route) => route.toUpperCase()),
      '/no-such-page',
      '/about/more',
      '/admin/nothing',
      '/admin/board/1',
      '/events',
      '/events/1',
      '/news',
      '/news/1',
      '/profile/nothing',
      '/%61bout',
    ];
    for (const probe of probes) expect([probe, isSitePath(probe)]).toEqual([probe, routerServes(probe)]);
  });
});

const admin: SessionUser = { id: 'a1', username: 'ana', role: 'admin', type: 'admin' };
const pagination = { page: 1, limit: 3, total: 1, totalPages: 1, hasNext: false, hasPrev: false };
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The home lists have an event and an article, so their cards (and any links on them) render. */
function stubApi() {
  const event = {
    id: 'e1',
    title: 'Annual Exploration Conference',
    description: null,
    event_type: 'Conference',
    banner_image_url: null,
    start_date: '2026-03-12',
    start_time: null,
    location_name: null,
    city: null,
    price: 0,
    status: 'published',
  };
  const article = {
    id: 'n1',
    title: 'New permit guidelines take effect',
    description: null,
    created_at: '2026-01-15T02:30:00Z',
    author: null,
    image_gallery: [],
    status: 'published',
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/events/retrieve-events'))
        return json({ data: { events: [event], ...pagination } });
      if (url.startsWith('/api/news/get-news')) return json({ data: { news: [article], pagination } });
      return new Response('{}', { status: 503 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null });
});

/** Every link of the site's own on screen now (not mail, phone or other sites). */
const siteLinks = () =>
  [...document.querySelectorAll('a[href^="/"]')].map((link) => link.getAttribute('href') as string);

describe('no link leads to a missing page (decision 018)', () => {
  it.each([
    ['a guest', null],
    ['an admin', admin],
  ])('for %s: header menus, account menu, mobile menu, footer and home', async (_who, user) => {
    stubApi();
    useSessionStore.setState({ user });
    render(
      <AppProviders>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
      </AppProviders>,
    );
    await screen.findByRole('heading', { name: 'Annual Exploration Conference' });
    await screen.findByRole('heading', { name: 'New permit guidelines take effect' });
    const links = new Set(siteLinks());

    const clicker = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const button of nav.querySelectorAll('button')) {
      await clicker.click(button);
      for (const link of siteLinks()) links.add(link);
    }
    await clicker.click(screen.getByRole('button', { name: /^Account menu/ }));
    for (const link of siteLinks()) links.add(link);
    await clicker.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    for (const link of siteLinks()) links.add(link);

    // The menus were all opened: their pages are among the links.
    expect(links).toContain('/about');
    expect(links).toContain('/membership');
    expect(links).toContain(user ? '/admin' : '/login');
    expect([...links].filter((link) => !routerServes(link))).toEqual([]);
  });

  it.each([true, false])('in the search index (signed in: %s)', (isLoggedIn) => {
    const pages = getSearchPages({ isLoggedIn }).map((page) => page.path);
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.filter((path) => !routerServes(path))).toEqual([]);
  });
});
