import { type EventSummary, eventListQuerySchema } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRefusal } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { EventsPage } from './events-page';
import { json, makeAdminEvent } from './test-fixtures';

const event = (title: string): EventSummary => {
  const {
    pending_count: _p,
    registration_count: _r,
    total_registrations: _t,
    ...summary
  } = makeAdminEvent({
    title,
    status: 'published',
  });
  return summary;
};

/**
 * GET /api/events/retrieve-events at the network boundary: `total` published events, 8 a page,
 * titled after their page and place; every request's query is kept, and refused as the route's
 * schema refuses it. `hold` keeps answers waiting.
 */
function stubEventsApi({ total = 3, hold }: { total?: number; hold?: Promise<void> } = {}) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== '/api/events/retrieve-events') return json({ error: 'Not found' }, 404);
      queries.push(url.searchParams);
      if (hold) await hold;
      const refusal = queryRefusal(eventListQuerySchema, url.searchParams);
      if (refusal) return json(refusal, 400);
      const page = Number(url.searchParams.get('page') ?? 1);
      const totalPages = Math.max(1, Math.ceil(total / 8));
      const count = Math.max(0, Math.min(8, total - (page - 1) * 8));
      return json({
        data: {
          events: Array.from({ length: count }, (_, index) => event(`Event ${page}-${index + 1}`)),
          page,
          limit: 8,
          total,
          totalPages,
          hasNext: page < totalPages,
          hasPrev: page > 1,
        },
      });
    }),
  );
  return { queries, last: () => queries.at(-1) as URLSearchParams };
}

const renderPage = (path = '/events') => renderWithRouter(<EventsPage />, { path });

/** The pager as a reader sees it: page numbers and ellipses, in order (the arrows have no text). */
const pagerText = () =>
  [...screen.getByRole('navigation', { name: 'Events pages' }).children]
    .map((element) => element.textContent)
    .filter(Boolean);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('EventsPage (spec 001 §2, §9)', () => {
  it('shows a skeleton while loading, then the cards with View More', async () => {
    let release = () => {};
    stubEventsApi({ hold: new Promise<void>((resolve) => (release = resolve)) });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading events' })).toBeInTheDocument();
    release();
    const list = await screen.findByRole('list', { name: 'Events' });
    expect(screen.queryByRole('status', { name: 'Loading events' })).toBeNull();
    expect(list.children).toHaveLength(3);
    expect(within(list).getAllByRole('link', { name: /View More/ })).toHaveLength(3);
  });

  it('offers the calendar feed: webcal: to subscribe, and the https address for Google Calendar', async () => {
    stubEventsApi();
    renderPage();
    const subscribe = await screen.findByRole('link', { name: 'Subscribe to the calendar' });
    expect(subscribe).toHaveAttribute('href', `webcal://${window.location.host}/events.ics`);
    expect(screen.getByRole('link', { name: 'Feed address (for Google Calendar)' })).toHaveAttribute(
      'href',
      '/events.ics',
    );
  });

  it("says 'No events found' when nothing matches", async () => {
    stubEventsApi({ total: 0 });
    renderPage('/events?search=nothing');
    expect(await screen.findByText('No events found')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Events pages' })).toBeNull();
  });

  it('folds the filters behind a Filters toggle on phones', async () => {
    stubEventsApi();
    renderPage();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    // Tailwind's `hidden sm:grid`: folded on phones, always shown from `sm` up.
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle.className).toMatch(/\bsm:hidden\b/);
    expect(panel.className).toMatch(/(^|\s)hidden(\s|$)/);
    expect(panel.className).toMatch(/\bsm:grid\b/);
    expect(within(panel).getByLabelText('Event type')).toBeInTheDocument();
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel.className).not.toMatch(/(^|\s)hidden(\s|$)/);
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('pages with first, last and the current page ±1 with ellipses', async () => {
    stubEventsApi({ total: 80 });
    renderPage('/events?page=5');
    await screen.findByText('Event 5-1');
    expect(pagerText()).toEqual(['1', '…', '4', '5', '6', '…', '10']);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    await screen.findByText('Event 10-1');
    expect(pagerText()).toEqual(['1', '…', '9', '10']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('Event 1-1');
    expect(pagerText()).toEqual(['1', '2', '…', '10']);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Event 2-1');
    expect(pagerText()).toEqual(['1', '2', '3', '…', '10']);
  });

  it('reproduces a shared link: the filters, the search and the page come from the address', async () => {
    const api = stubEventsApi({ total: 20 });
    const { router } = renderPage(
      '/events?event_type=Training&is_registration_required=true&page=2&search=slope',
    );
    await screen.findByText('Event 2-1');
    expect(Object.fromEntries(api.last())).toEqual({
      page: '2',
      search: 'slope',
      event_type: 'Training',
      is_registration_required: 'true',
      when: 'upcoming',
      status: 'published',
    });
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('slope');
    expect(screen.getByLabelText('Event type')).toHaveValue('Training');
    expect(screen.getByLabelText('Registration')).toHaveValue('true');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    // Changing a filter writes it to the address and goes back to page 1.
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Event type'), 'Workshop');
    await waitFor(() => expect(router.state.location.search).not.toContain('page='));
    const address = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(address)).toEqual({
      event_type: 'Workshop',
      is_registration_required: 'true',
      search: 'slope',
    });
    await user.selectOptions(screen.getByLabelText('Registration'), 'false');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('is_registration_required')).toBe('false'),
    );
    // The search goes to the address once the typing stops (300 ms).
    const search = screen.getByRole('searchbox', { name: 'Search events' });
    await user.clear(search);
    await user.type(search, 'core');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('search')).toBe('core'));
    await waitFor(() => expect(api.last().get('search')).toBe('core'));
    expect(api.last().get('event_type')).toBe('Workshop');
    expect(api.last().get('is_registration_required')).toBe('false');
  });

  it('drops the entries of the address the server refuses, in place, and shows the list of the rest', async () => {
    const api = stubEventsApi({ total: 20 });
    const logged = vi.spyOn(console, 'error');
    const { router } = renderPage('/events?page=abc&search=slope&event_type=Party');
    await screen.findByText('Event 1-1');
    expect(router.state.location.search).toBe('?search=slope');
    // Replaced, not pushed: Back does not return to the refused address.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.queries.map((query) => Object.fromEntries(query))).toEqual([
      expect.objectContaining({ page: 'abc', search: 'slope', event_type: 'Party' }),
      { page: '1', search: 'slope', when: 'upcoming', status: 'published' },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('slope');
    expect(screen.getByLabelText('Event type')).toHaveValue('');
    expect(logged).not.toHaveBeenCalledWith('Failed to load events', expect.anything());
  });

  it("switches between 'Upcoming' and 'Past events', kept in the address with the filters", async () => {
    const api = stubEventsApi({ total: 20 });
    const { router } = renderPage('/events?search=slope&page=2');
    await screen.findByText('Event 2-1');
    const switcher = screen.getByRole('group', { name: 'Which events' });
    const upcoming = within(switcher).getByRole('button', { name: 'Upcoming' });
    const past = within(switcher).getByRole('button', { name: 'Past events' });
    expect(upcoming).toHaveAttribute('aria-pressed', 'true');
    expect(past).toHaveAttribute('aria-pressed', 'false');
    expect(api.last().get('when')).toBe('upcoming');

    const user = userEvent.setup();
    await user.click(past);
    await waitFor(() => expect(router.state.location.search).toBe('?search=slope&when=past'));
    await waitFor(() => expect(api.last().get('when')).toBe('past'));
    expect(api.last().get('search')).toBe('slope');
    expect(api.last().get('page')).toBe('1');
    expect(past).toHaveAttribute('aria-pressed', 'true');

    await user.click(upcoming);
    await waitFor(() => expect(router.state.location.search).toBe('?search=slope'));
    await waitFor(() => expect(api.last().get('when')).toBe('upcoming'));
  });

  it('opens the past events from a shared link', async () => {
    const api = stubEventsApi();
    renderPage('/events?when=past');
    await screen.findByText('Event 1-1');
    expect(screen.getByRole('button', { name: 'Past events' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.last().get('when')).toBe('past');
  });
});
