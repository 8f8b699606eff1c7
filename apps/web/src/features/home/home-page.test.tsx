import type { EventSummary, NewsSummary } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { HomePage } from './home-page';

const pagination = { page: 1, limit: 3, total: 2, totalPages: 1, hasNext: false, hasPrev: false };

const makeEvent = (overrides: Partial<EventSummary>): EventSummary =>
  ({
    id: 'e1',
    title: 'Annual Exploration Conference',
    description: 'Technical sessions and permitting updates.',
    event_type: 'Conference',
    banner_image_url: null,
    start_date: '2026-03-12',
    start_time: '08:30',
    location_name: 'Marriott Hotel',
    city: 'Pasay City',
    price: 15000,
    status: 'published',
    ...overrides,
  }) as EventSummary;

const makeArticle = (overrides: Partial<NewsSummary>): NewsSummary =>
  ({
    id: 'n1',
    title: 'New permit guidelines take effect',
    description: 'Shorter review times for exploration permits.',
    created_at: '2026-01-15T02:30:00Z',
    author: 'Secretariat',
    image_gallery: ['/uploads/first.jpg', '/uploads/second.jpg'],
    status: 'published',
    ...overrides,
  }) as NewsSummary;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch at the network boundary: one answer per endpoint, every call recorded. */
function stubApi(answers: { events: () => Promise<Response>; news: () => Promise<Response> }) {
  const fetchMock = vi.fn((url: string) => {
    if (url.startsWith('/api/events/retrieve-events')) return answers.events();
    if (url.startsWith('/api/news/get-news')) return answers.news();
    return Promise.resolve(json({}));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HomePage (spec 000 §1, §2)', () => {
  it('shows the hero, the about block, the impact figures and the trusted partners', async () => {
    stubApi({ events: async () => json({}, 500), news: async () => json({}, 500) });
    renderWithRouter(<HomePage />);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Building Stronger Networks, Creating Lasting Value' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Become a Member Now/ })).toHaveAttribute('href', '/membership');
    for (const figure of ['150+', '200+', '50+']) expect(screen.getByText(figure)).toBeInTheDocument();
    for (const partner of [
      'Philippine Mining Research Council',
      'Mines and Geosciences Bureau',
      'Chamber of Mines of the Philippines',
      'Geological Society of the Philippines',
      'Department of Environment and Natural Resources',
    ]) {
      expect(screen.getByText(partner)).toBeInTheDocument();
    }
    expect(await screen.findByText('No upcoming events available')).toBeInTheDocument();
  });

  it('asks for 3 published events and 3 published articles, and lists them', async () => {
    const fetchMock = stubApi({
      events: async () =>
        json({
          data: {
            events: [
              makeEvent({ id: 'e1' }),
              makeEvent({ id: 'e2', title: 'Core Logging Workshop', price: 0 }),
            ],
            ...pagination,
          },
        }),
      news: async () =>
        json({
          data: { news: [makeArticle({}), makeArticle({ id: 'n2', title: 'Site visit' })], pagination },
        }),
    });
    renderWithRouter(<HomePage />);

    // Skeletons first, then the lists.
    expect(screen.getByTestId('events-skeleton')).toBeInTheDocument();
    expect(screen.getByTestId('news-skeleton')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Annual Exploration Conference' })).toBeInTheDocument();

    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toContainEqual(
      expect.stringMatching(/^\/api\/events\/retrieve-events\?limit=3&status=published/),
    );
    expect(urls).toContain('/api/news/get-news?limit=3&status=published');

    const eventLinks = screen.getAllByRole('link', { name: /View Event/ });
    expect(eventLinks.map((link) => link.getAttribute('href'))).toEqual(['/events/e1', '/events/e2']);
    expect(screen.getByText('₱15,000.00')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View All Events/ })).toHaveAttribute('href', '/events');

    const readMore = await screen.findAllByRole('link', { name: /Read More/ });
    expect(readMore.map((link) => link.getAttribute('href'))).toEqual(['/news/n1', '/news/n2']);
    expect(screen.getByRole('link', { name: /View All News/ })).toHaveAttribute('href', '/news');
    // The card image is the first gallery image.
    const firstCard = readMore[0]?.closest('article') as HTMLElement;
    expect(within(firstCard).getByRole('presentation')).toHaveAttribute('src', '/uploads/first.jpg');
    expect(within(firstCard).getByText('By Secretariat')).toBeInTheDocument();
  });

  it('counts a view when \'Read More\' is clicked (DECISIONS.md "News")', async () => {
    const fetchMock = stubApi({
      events: async () => json({ data: { events: [], ...pagination } }),
      news: async () => json({ data: { news: [makeArticle({ id: 'n9' })], pagination } }),
    });
    const user = userEvent.setup();
    const { router } = renderWithRouter(<HomePage />);

    await user.click(await screen.findByRole('link', { name: /Read More/ }));
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/news/add-view/n9');
    expect(router.state.location.pathname).toBe('/news/n9');
  });

  it('shows the empty texts when there is nothing to list', async () => {
    stubApi({
      events: async () => json({ data: { events: [], ...pagination } }),
      news: async () => json({ data: { news: [], pagination } }),
    });
    renderWithRouter(<HomePage />);

    expect(await screen.findByText('No upcoming events available')).toBeInTheDocument();
    expect(await screen.findByText('No news articles available')).toBeInTheDocument();
  });

  it('still renders the page, with the empty texts, when the calls fail', async () => {
    stubApi({
      events: async () => json({ error: 'Internal Server Error' }, 500),
      news: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderWithRouter(<HomePage />);

    expect(await screen.findByText('No upcoming events available')).toBeInTheDocument();
    expect(await screen.findByText('No news articles available')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Trusted Partners' })).toBeInTheDocument();
  });
});
