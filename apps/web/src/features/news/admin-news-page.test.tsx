import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { AdminNewsPage } from './admin-news-page';
import { makeNewsArticle, stubNewsApi } from './test-fixtures';

const renderPage = (path = '/admin/news') => renderWithRouter(<AdminNewsPage />, { path });

/** Twelve articles of every status, newest first. */
const twelveArticles = () =>
  Array.from({ length: 12 }, (_, index) =>
    makeNewsArticle({
      title: `Bulletin ${String(index + 1).padStart(2, '0')}`,
      status: (['published', 'draft', 'archived'] as const)[index % 3],
      author: index % 2 === 0 ? 'Maria Santos' : 'Jose Reyes',
      views: 10 + index,
      likes: index,
    }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Whole journeys through dialogs: slower than a unit test on a busy machine.
describe('AdminNewsPage, /admin/news (spec 001 §2, §5, §8, §9)', () => {
  it('shows Article, Status, Author, Stats, Date and Actions, 10 a page, every status', async () => {
    const api = stubNewsApi(twelveArticles(), { asAdmin: true });
    renderPage();
    const table = await screen.findByRole('table', { name: 'News articles' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Article', 'Status', 'Author', 'Stats', 'Date', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(api.listQueries()[0]?.get('limit')).toBe('10');
    expect(api.listQueries()[0]?.has('status')).toBe(false);
    const first = within(rows[0] as HTMLElement).getAllByRole('cell');
    expect(first.map((cell) => cell.textContent)).toEqual([
      expect.stringContaining('Bulletin 01'),
      'Published',
      'Maria Santos',
      '10views0likes',
      'March 1, 2026',
      '',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Draft')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Archived')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 12 articles')).toBeVisible();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11 to 12 of 12 articles')).toBeVisible();
    expect(api.listQueries().at(-1)?.get('page')).toBe('2');
  });

  it('filters by status (draft, published, archived) and by the authors of that status', async () => {
    const articles = twelveArticles();
    articles.push(makeNewsArticle({ title: 'Only draft by Vic', author: 'Vic Onlydrafts', status: 'draft' }));
    const api = stubNewsApi(articles, { asAdmin: true });
    const { router } = renderPage();
    await screen.findByRole('table', { name: 'News articles' });
    const status = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Status', 'Draft', 'Published', 'Archived']);
    const author = screen.getByRole('combobox', { name: 'Filter by author' });
    await waitFor(() =>
      expect(
        within(author)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All Authors', 'Jose Reyes', 'Maria Santos', 'Vic Onlydrafts']),
    );
    const user = userEvent.setup();

    await user.selectOptions(status, 'published');
    await waitFor(() =>
      expect(
        within(author)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All Authors', 'Jose Reyes', 'Maria Santos']),
    );
    expect(api.authorQueries().at(-1)?.get('status')).toBe('published');

    await user.selectOptions(status, 'draft');
    await user.selectOptions(author, 'Vic Onlydrafts');
    await waitFor(() => {
      const rows = within(screen.getByRole('table', { name: 'News articles' }))
        .getAllByRole('row')
        .slice(1);
      expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
        expect.stringContaining('Only draft by Vic'),
      ]);
    });
    const last = api.listQueries().at(-1);
    expect([last?.get('status'), last?.get('author'), last?.get('page')]).toEqual([
      'draft',
      'Vic Onlydrafts',
      '1',
    ]);
    expect(router.state.location.search).toBe('?status=draft&author=Vic+Onlydrafts');
  });

  it("opens filtered from the dashboard's link", async () => {
    const api = stubNewsApi(twelveArticles(), { asAdmin: true });
    renderPage('/admin/news?status=published');
    expect(await screen.findByText('Showing 1 to 4 of 4 articles')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('published');
    expect(api.listQueries()[0]?.get('status')).toBe('published');
  });

  it("deletes after 'Are you sure you want to delete this news article?', and says 'failed deleting article' when it fails", async () => {
    const [kept, failing] = [
      makeNewsArticle({ title: 'Old notice' }),
      makeNewsArticle({ title: 'Stuck notice' }),
    ];
    const api = stubNewsApi([kept, failing], {
      asAdmin: true,
      write: (call) =>
        call.method === 'DELETE' && call.url.pathname.endsWith(failing.id)
          ? json({ error: 'Internal Server Error' }, 500)
          : undefined,
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'News articles' });

    await user.click(screen.getAllByRole('button', { name: 'Delete Old notice' })[0] as HTMLElement);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete News Article' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this news article?');
    expect(confirm).toHaveTextContent('Old notice');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryAllByText('Old notice')).toEqual([]));
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
      `/api/news/admin/delete-news/${kept.id}`,
    ]);

    await user.click(screen.getAllByRole('button', { name: 'Delete Stuck notice' })[0] as HTMLElement);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete News Article' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('failed deleting article')).toBeVisible();
    expect(screen.getAllByText('Stuck notice').length).toBeGreaterThan(0);
  });

  it("says 'Failed to create news article. Please try again.' when creating fails", async () => {
    stubNewsApi([], {
      asAdmin: true,
      write: (call) => (call.method === 'POST' ? json({ error: 'Internal Server Error' }, 500) : undefined),
    });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText('No news articles found')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create News' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create News Article' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title *' }), 'Nickel output rises');
    await user.type(within(dialog).getByRole('textbox', { name: 'Author *' }), 'Maria Santos');
    const content = await within(dialog).findByRole('textbox', { name: 'Content *' });
    // jsdom cannot type into the rich-text editor; a paste is how text gets there.
    content.focus();
    fireEvent.paste(content, {
      clipboardData: {
        types: ['text/html', 'text/plain'],
        getData: (type: string) =>
          type === 'text/html' ? '<p>Output rose.</p>' : type === 'text/plain' ? 'Output rose.' : '',
      },
    });
    await waitFor(() => expect(content).toHaveTextContent('Output rose.'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Article' }));
    const notice = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(notice).toHaveTextContent('Failed to create news article. Please try again.');
  });
});
