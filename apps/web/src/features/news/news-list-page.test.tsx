import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderWithRouter } from '@/test/render';
import { NewsListPage } from './news-list-page';
import { makeNewsArticle, stubNewsApi } from './test-fixtures';

const renderPage = (path = '/news') => renderWithRouter(<NewsListPage />, { path });

/** `count` published articles, newest first, by Maria Santos and Jose Reyes in turn. */
const publishedArticles = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    makeNewsArticle({
      title: `Exploration bulletin ${String(index + 1).padStart(3, '0')}`,
      author: index % 2 === 0 ? 'Maria Santos' : 'Jose Reyes',
    }),
  );

const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

afterEach(() => {
  useSessionStore.setState({ user: null });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('NewsListPage, /news (spec 001 §2, §9)', () => {
  it('shows 8 cards a page, and pages with first, last and the current page ±1 between ellipses', async () => {
    const api = stubNewsApi(publishedArticles(100));
    const { router } = renderPage('/news?page=7');
    await screen.findByRole('heading', { name: 'Exploration bulletin 049' });
    expect(cardTitles()).toHaveLength(8);
    expect(api.listQueries()[0]?.get('page')).toBe('7');
    const pager = screen.getByRole('navigation', { name: 'News pages' });
    const numbers = () =>
      within(pager)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((button) => button.textContent);
    expect(numbers()).toEqual(['1', '6', '7', '8', '13']);
    expect(pager.textContent).toBe('1…678…13');
    expect(within(pager).getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');

    await userEvent.setup().click(within(pager).getByRole('button', { name: 'Page 13' }));
    await screen.findByRole('heading', { name: 'Exploration bulletin 097' });
    expect(cardTitles()).toHaveLength(4);
    expect(router.state.location.search).toBe('?page=13');
    expect(numbers()).toEqual(['1', '12', '13']);
    expect(pager.textContent).toBe('1…1213');
  });

  it('searches once the typing has stopped for 300 ms, with the search in the address', async () => {
    const articles = publishedArticles(3);
    articles.push(makeNewsArticle({ title: 'Nickel shipments double', author: 'Ana Cruz' }));
    const api = stubNewsApi(articles);
    const { router } = renderPage();
    await screen.findByRole('heading', { name: 'Nickel shipments double' });
    const searched = () => api.listQueries().filter((query) => query.has('search'));

    const searchbox = screen.getByRole('searchbox', { name: 'Search news' });
    // The 300 ms count from the last key: read after typing had returned, the clock read late on a
    // busy machine.
    let typed = 0;
    searchbox.addEventListener('input', () => {
      typed = Date.now();
    });
    await userEvent.setup().type(searchbox, 'nickel');
    // Nothing is asked while the words are being typed…
    expect(searched()).toEqual([]);
    await waitFor(() => expect(searched()).toHaveLength(1));
    // …and one request, for the whole word, once 300 ms have passed without a key.
    expect(Date.now() - typed).toBeGreaterThanOrEqual(290);
    expect(searched()[0]?.get('search')).toBe('nickel');
    await waitFor(() => expect(cardTitles()).toEqual(['Nickel shipments double']));
    expect(router.state.location.search).toBe('?search=nickel');
  });

  it('filters by author from the authors of published articles, in the address', async () => {
    const articles = publishedArticles(6);
    articles.push(
      makeNewsArticle({ title: 'Unpublished thoughts', author: 'Draft Writer', status: 'draft' }),
    );
    const api = stubNewsApi(articles);
    const { router } = renderPage();
    const author = screen.getByRole('combobox', { name: 'Filter by author' });
    await waitFor(() =>
      expect(
        within(author)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All Authors', 'Jose Reyes', 'Maria Santos']),
    );
    expect(api.authorQueries()[0]?.get('status')).toBe('published');

    await userEvent.setup().selectOptions(author, 'Jose Reyes');
    await waitFor(() =>
      expect(cardTitles()).toEqual([
        'Exploration bulletin 002',
        'Exploration bulletin 004',
        'Exploration bulletin 006',
      ]),
    );
    expect(api.listQueries().at(-1)?.get('author')).toBe('Jose Reyes');
    expect(router.state.location.search).toBe('?author=Jose+Reyes');
  });

  it('opens with the filters of the address, and keeps the status to published for a guest', async () => {
    const articles = publishedArticles(20);
    const api = stubNewsApi(articles);
    renderPage('/news?search=bulletin&author=Maria%20Santos&page=2&status=draft');
    await screen.findByRole('heading', { name: 'Exploration bulletin 017' });
    const [first] = api.listQueries();
    expect([first?.get('search'), first?.get('author'), first?.get('page'), first?.get('status')]).toEqual([
      'bulletin',
      'Maria Santos',
      '2',
      'published',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search news' })).toHaveValue('bulletin');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Filter by author' })).toHaveValue('Maria Santos'),
    );
    // A guest has no status filter: the list is published articles, whatever the address says.
    expect(screen.queryByRole('combobox', { name: 'Filter by status' })).not.toBeInTheDocument();
    expect(api.listQueries().every((query) => query.get('status') === 'published')).toBe(true);
  });

  it("says 'No news articles found' when nothing matches or the list cannot be loaded", async () => {
    stubNewsApi([]);
    const first = renderPage();
    expect(await screen.findByText('No news articles found')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'News pages' })).not.toBeInTheDocument();
    first.unmount();

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"Internal Server Error"}', { status: 500 })),
    );
    renderPage();
    expect(await screen.findByText('No news articles found')).toBeVisible();
    expect(logged).toHaveBeenCalledWith('Failed to load news', expect.anything());
  });

  it('drops the entries of the address the server refuses, in place, and shows the list of the rest', async () => {
    const api = stubNewsApi(publishedArticles(20));
    const logged = vi.spyOn(console, 'error');
    const { router } = renderPage(`/news?page=0&author=Maria%20Santos&search=${'x'.repeat(201)}`);
    await screen.findByRole('heading', { name: 'Exploration bulletin 001' });
    expect(router.state.location.search).toBe('?author=Maria+Santos');
    // Replaced, not pushed: Back does not return to the refused address.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.listQueries().map((query) => [query.get('page'), query.get('search')?.length])).toEqual([
      ['0', 201],
      ['1', undefined],
    ]);
    expect(cardTitles()).toHaveLength(8);
    expect(screen.getByRole('searchbox', { name: 'Search news' })).toHaveValue('');
    expect(logged).not.toHaveBeenCalledWith('Failed to load news', expect.anything());
  });
});

describe('NewsListPage for an admin (decision 026)', () => {
  const signInAsAdmin = () =>
    useSessionStore.setState({ user: { id: 'admin-1', username: 'admin', role: 'admin', type: 'admin' } });

  it('shows published articles by default, and a status filter of published and draft only', async () => {
    signInAsAdmin();
    const api = stubNewsApi(
      [
        makeNewsArticle({ title: 'Published one', author: 'Maria Santos' }),
        makeNewsArticle({ title: 'Draft one', author: 'Draft Writer', status: 'draft' }),
        makeNewsArticle({ title: 'Archived one', author: 'Old Writer', status: 'archived' }),
      ],
      { asAdmin: true },
    );
    const { router } = renderPage();
    await screen.findByRole('heading', { name: 'Published one' });
    expect(cardTitles()).toEqual(['Published one']);
    const status = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(status).toHaveValue('published');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Published', 'Draft']);
    const author = screen.getByRole('combobox', { name: 'Filter by author' });
    await waitFor(() =>
      expect(
        within(author)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All Authors', 'Maria Santos']),
    );

    await userEvent.setup().selectOptions(status, 'draft');
    await waitFor(() => expect(cardTitles()).toEqual(['Draft one']));
    // The card says it is a draft, and the author options are those of drafts.
    expect(screen.getByText('Draft', { selector: 'span' })).toBeVisible();
    await waitFor(() =>
      expect(
        within(author)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All Authors', 'Draft Writer']),
    );
    expect(router.state.location.search).toBe('?status=draft');
    expect(api.listQueries().at(-1)?.get('status')).toBe('draft');
    expect(api.authorQueries().at(-1)?.get('status')).toBe('draft');
    expect(screen.queryByText('Archived one')).not.toBeInTheDocument();
  });

  it('treats a status the public filter does not offer as published', async () => {
    signInAsAdmin();
    const api = stubNewsApi(
      [
        makeNewsArticle({ title: 'Published one' }),
        makeNewsArticle({ title: 'Archived one', status: 'archived' }),
      ],
      { asAdmin: true },
    );
    renderPage('/news?status=archived');
    await screen.findByRole('heading', { name: 'Published one' });
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('published');
    expect(api.listQueries().map((query) => query.get('status'))).toEqual(['published']);
  });
});
