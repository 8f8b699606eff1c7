import type { NewsSummary } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { useAddNewsView } from '../api/add-news-view';
import { LatestNewsSection } from './latest-news-section';

const pagination = { page: 1, limit: 3, total: 2, totalPages: 1, hasNext: false, hasPrev: false };

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

/** Stubs fetch at the network boundary: the list and the view count; every call is recorded. */
function stubApi(news: () => Promise<Response>) {
  const fetchMock = vi.fn((url: string) => {
    if (url.startsWith('/api/news/get-news')) return news();
    if (url.startsWith('/api/news/add-view/')) return Promise.resolve(json({ data: { views: 1 } }));
    return Promise.resolve(json({}, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LatestNewsSection (spec 000 §2 "Latest news")', () => {
  it('asks for 3 published articles and lists them, each with its first gallery image', async () => {
    const fetchMock = stubApi(async () =>
      json({ data: { news: [makeArticle({}), makeArticle({ id: 'n2', title: 'Site visit' })], pagination } }),
    );
    renderWithRouter(<LatestNewsSection />);

    expect(screen.getByTestId('news-skeleton')).toBeInTheDocument();
    const first = (await screen.findByRole('heading', { name: 'New permit guidelines take effect' })).closest(
      'article',
    ) as HTMLElement;
    expect(screen.getByRole('heading', { name: 'Site visit' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/news/get-news?limit=3&status=published']);
    expect(within(first).getByRole('presentation')).toHaveAttribute('src', '/uploads/first.jpg');
    expect(within(first).getByText('By Secretariat')).toBeInTheDocument();
  });

  it('\'Read More\' opens the article and counts a view (docs/product-rules.md "News")', async () => {
    const fetchMock = stubApi(async () => json({ data: { news: [makeArticle({})], pagination } }));
    const { router } = renderWithRouter(<LatestNewsSection />);

    const link = await screen.findByRole('link', { name: /Read More/ });
    expect(link).toHaveAttribute('href', '/news/n1');
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/n1'));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/news/add-view/n1')).toBe(true);
  });

  it('shows the empty text when there is nothing to list', async () => {
    stubApi(async () => json({ data: { news: [], pagination } }));
    renderWithRouter(<LatestNewsSection />);
    expect(await screen.findByText('No news articles available')).toBeInTheDocument();
  });

  it('shows the empty text when the call fails', async () => {
    stubApi(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithRouter(<LatestNewsSection />);
    expect(await screen.findByText('No news articles available')).toBeInTheDocument();
  });

  it('is fetched again once a view is counted, as every news list is after a write (newsKeys)', async () => {
    const fetchMock = stubApi(async () => json({ data: { news: [makeArticle({ id: 'n9' })], pagination } }));
    function CountView() {
      const addView = useAddNewsView();
      return (
        <button type="button" onClick={() => addView('n9')}>
          Count a view
        </button>
      );
    }
    renderWithRouter(
      <>
        <LatestNewsSection />
        <CountView />
      </>,
    );
    await screen.findByRole('heading', { name: 'New permit guidelines take effect' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Count a view' }));
    const calls = () => fetchMock.mock.calls.map(([url]) => url);
    await waitFor(() =>
      expect(calls()).toEqual([
        '/api/news/get-news?limit=3&status=published',
        '/api/news/add-view/n9',
        '/api/news/get-news?limit=3&status=published',
      ]),
    );
  });
});
