import { DELAYS_MS, type NewsDetail } from '@portal/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { NewsArticlePage } from './news-article-page';

const article = (overrides: Partial<NewsDetail> = {}): NewsDetail => ({
  id: '7b0a3c4e-0000-4000-8000-000000000001',
  title: 'Nickel output rises',
  description: 'Third-quarter figures.',
  content: '<p>Output rose <strong>12%</strong>.</p>',
  status: 'published',
  author: 'Maria Santos',
  image_gallery: ['/uploads/one.webp', '/uploads/two.webp', 'https://images.example.org/three.jpg'],
  likes: 4,
  views: 10,
  isLiked: false,
  created_at: '2026-03-01T02:30:00.000Z',
  updated_at: '2026-03-02T05:00:00.000Z',
  ...overrides,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubApi(detail: () => Promise<Response>, like: () => Promise<Response> = async () => json({})) {
  const fetchMock = vi.fn((url: string, _init?: RequestInit) => {
    if (url.startsWith('/api/news/get-news/')) return detail();
    if (url.startsWith('/api/news/like/')) return like();
    return Promise.resolve(json({}, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// The route's own pattern as the address: the page reads the id ':id' and asks for it.
const renderAt = (_id: string) => renderWithRouter(<NewsArticlePage />, { path: '/news/:id' });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('NewsArticlePage (spec 001 §2)', () => {
  it('shows the loading text, then the article with its tag, dates, author and content', async () => {
    stubApi(async () => json({ data: article() }));
    renderAt(article().id);
    expect(await screen.findByText('Loading article...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nickel output rises' })).toBeInTheDocument();
    // Readers see no status; only the secretariat reaches a draft, and it says so.
    expect(screen.queryByText('published')).toBeNull();
    expect(screen.getByText('News Article')).toBeInTheDocument();
    expect(screen.getByText('By Maria Santos')).toBeInTheDocument();
    // 02:30 UTC is 10:30 AM in Manila.
    expect(screen.getByText('March 1, 2026 at 10:30 AM')).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated March 2, 2026 at 1:00 PM');
    expect(screen.getByText('12%').tagName).toBe('STRONG');
    expect(screen.getByRole('heading', { name: 'Image Gallery (3)' })).toBeInTheDocument();
  });

  it('marks a draft, which only the secretariat reaches, with a yellow badge', async () => {
    stubApi(async () => json({ data: article({ status: 'draft' }) }));
    renderAt(article().id);
    const badge = await screen.findByText('draft');
    expect(badge.className).toMatch(/amber/);
  });

  it("says 'Content not available for this article.' and hides 'Last updated' and the grid when there is nothing to show", async () => {
    stubApi(async () =>
      json({
        data: article({
          content: null,
          image_gallery: ['/uploads/one.webp'],
          updated_at: article().created_at,
        }),
      }),
    );
    renderAt(article().id);
    expect(await screen.findByText('Content not available for this article.')).toBeInTheDocument();
    expect(screen.queryByText(/Last updated/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Image Gallery/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
  });

  it("leaves out 'Last updated' when the edit falls in the same minute as the creation", async () => {
    stubApi(async () => json({ data: article({ updated_at: '2026-03-01T02:30:40.000Z' }) }));
    renderAt(article().id);
    await screen.findByRole('heading', { level: 1, name: 'Nickel output rises' });
    expect(screen.getByText('March 1, 2026 at 10:30 AM')).toBeInTheDocument();
    expect(screen.queryByText(/Last updated/)).not.toBeInTheDocument();
  });

  it.each([
    [404, 'Article not found'],
    // The API's answer to an id that is no id at all (/news/abc).
    [400, 'Article not found'],
    [500, 'Failed to load article'],
  ])('on a %i shows %s with Back to News', async (status, message) => {
    stubApi(async () => json({ error: 'x' }, status));
    renderAt(article().id);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/news');
  });
});

describe('the gallery', () => {
  it('moves with previous and next, wrapping, shows n / total, and a thumbnail selects', async () => {
    stubApi(async () => json({ data: article() }));
    renderAt(article().id);
    await screen.findByText('1 / 3');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Nickel output rises, image 3 of 3' })).toHaveAttribute(
      'src',
      'https://images.example.org/three.jpg',
    );
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show image 2' }));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
  });

  it('replaces a broken image by the placeholder, named for the reader, and the gallery still moves', async () => {
    stubApi(async () => json({ data: article() }));
    renderAt(article().id);
    const image = await screen.findByRole('img', { name: 'Nickel output rises, image 1 of 3' });
    fireEvent.error(image);
    expect(screen.queryByRole('img', { name: 'Nickel output rises, image 1 of 3' })).not.toBeInTheDocument();
    const placeholder = screen.getByRole('img', {
      name: 'Nickel output rises, image 1 of 3 (image not available)',
    });
    expect(placeholder).toBeVisible();
    expect(placeholder).toHaveAttribute('data-placeholder', 'news-image');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('img', { name: 'Nickel output rises, image 2 of 3' })).toHaveAttribute(
      'src',
      '/uploads/two.webp',
    );
  });

  it('opens a lightbox that moves with the arrow keys, closes with Escape and gives focus back', async () => {
    stubApi(async () => json({ data: article() }));
    renderAt(article().id);
    const user = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'View full screen' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Nickel output rises' });
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument();
    // Focus stays inside: tabbing from the last control comes back to the first.
    for (let step = 0; step < 5; step++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});

describe('the like button', () => {
  it('counts at once, stays disabled until 300 ms after the request has ended', async () => {
    let resolveLike: (response: Response) => void = () => {};
    const fetchMock = stubApi(
      async () => json({ data: article() }),
      () => new Promise<Response>((resolve) => (resolveLike = resolve)),
    );
    renderAt(article().id);
    const button = await screen.findByRole('button', { name: 'Like this article (4 likes)' });
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAccessibleName('Unlike this article (5 likes)'));
    expect(button).toBeDisabled();
    fireEvent.click(button);
    const likeCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/news/like/'));
    expect(likeCalls()).toHaveLength(1);
    expect(JSON.parse(String(likeCalls()[0]?.[1]?.body))).toEqual({ action: 'like' });
    // The lock's 300 ms run on a fake clock from the moment the request ends: exact, where a real
    // clock on a busy machine measured the gap late and failed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => resolveLike(json({ data: { likes: 5, isLiked: true } })));
    await act(() => vi.advanceTimersByTimeAsync(DELAYS_MS.likeLock - 1));
    expect(button).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(button).toBeEnabled();
  });

  it('puts the count and the flag back when the like fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let resolveLike: (response: Response) => void = () => {};
    stubApi(
      async () => json({ data: article({ isLiked: true }) }),
      () => new Promise<Response>((resolve) => (resolveLike = resolve)),
    );
    renderAt(article().id);
    const button = await screen.findByRole('button', { name: 'Unlike this article (4 likes)' });
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveAccessibleName('Like this article (3 likes)'));
    await act(async () => resolveLike(json({ error: 'boom' }, 500)));
    await waitFor(() => expect(button).toHaveAccessibleName('Unlike this article (4 likes)'));
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
