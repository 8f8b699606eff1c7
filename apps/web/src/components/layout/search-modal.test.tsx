import { getSearchPages, searchPages, siteConfig } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderWithRouter } from '@/test/render';
import { SearchModal } from './search-modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open search
      </button>
      <SearchModal open={open} onOpenChange={setOpen} />
    </>
  );
}

async function openSearch() {
  const user = userEvent.setup();
  const view = renderWithRouter(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Open search' }));
  return { user, ...view };
}

afterEach(() => {
  useSessionStore.setState({ user: null });
  vi.unstubAllGlobals();
});

describe('SearchModal (spec 000 §2)', () => {
  it(`is a dialog titled 'Search ${siteConfig.acronym}' with the query box focused`, async () => {
    await openSearch();
    const dialog = screen.getByRole('dialog', { name: `Search ${siteConfig.acronym}` });
    const input = within(dialog).getByPlaceholderText('Search for pages, forms, documents...');
    expect(input).toHaveFocus();
  });

  it('shows the suggestions for an empty query, and a suggestion fills the box', async () => {
    const { user } = await openSearch();
    for (const suggestion of ['MGB forms', `${siteConfig.acronym} forms`, 'membership', 'events', 'news']) {
      expect(screen.getByRole('button', { name: suggestion })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'membership' }));
    expect(screen.getByRole('searchbox')).toHaveValue('membership');
    expect(screen.getByText(/^Found \d+ results?$/)).toBeInTheDocument();
    expect(within(screen.getByTestId('search-results')).getAllByRole('link')[0]).toHaveTextContent(
      'Membership',
    );
  });

  it('shows the matches with title, description and path, and the count', async () => {
    const { user } = await openSearch();
    await user.type(screen.getByRole('searchbox'), 'forms');
    expect(screen.getByText('Found 2 results')).toBeInTheDocument();
    const links = within(screen.getByTestId('search-results')).getAllByRole('link');
    expect(links[0]).toHaveTextContent('MGB Guidelines and Forms');
    expect(links[0]).toHaveTextContent('/mgb-guidelines-and-forms');
    expect(links[1]).toHaveTextContent(`${siteConfig.acronym} Forms`);
  });

  it('says so when nothing matches', async () => {
    const { user } = await openSearch();
    await user.type(screen.getByRole('searchbox'), '  zzzz  ');
    expect(screen.getByText('No results found for "zzzz"')).toBeInTheDocument();
    expect(screen.getByText('Try searching for pages, forms, or documents')).toBeInTheDocument();
  });

  it('opens the first result on Enter and closes', async () => {
    const { user, router } = await openSearch();
    await user.type(screen.getByRole('searchbox'), 'affiliations{Enter}');
    expect(router.state.location.pathname).toBe('/affiliations');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('navigates to a picked result and closes', async () => {
    const { user, router } = await openSearch();
    await user.type(screen.getByRole('searchbox'), 'board');
    await user.click(screen.getByRole('link', { name: /Board of Trustees/ }));
    expect(router.state.location.pathname).toBe('/board-of-trustees');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers Login and Register to a guest only, and Profile to a signed-in user', async () => {
    const { user } = await openSearch();
    await user.type(screen.getByRole('searchbox'), 'account');
    expect(screen.getByRole('link', { name: /Login/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Profile/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    useSessionStore.setState({ user: { id: '1', username: 'juan' } });
    await user.click(screen.getByRole('button', { name: 'Open search' }));
    await user.type(screen.getByRole('searchbox'), 'account');
    expect(screen.getByRole('link', { name: /Profile/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Login/ })).not.toBeInTheDocument();
  });

  it('closes on Escape, returns focus to the opener and starts empty next time', async () => {
    const { user } = await openSearch();
    await user.type(screen.getByRole('searchbox'), 'news');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Open search' }));
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('adds published events, news and documents found by the server after the pages, with their type; arrow keys move', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/search?q=nickel')
        ? new Response(
            JSON.stringify({
              data: {
                results: [
                  {
                    type: 'news',
                    title: 'Laterite outlook',
                    description: 'Nickel prices.',
                    path: '/news/7b0a3c4e-0000-4000-8000-000000000001',
                    date: '2026-11-27',
                  },
                  {
                    type: 'document',
                    title: 'Nickel standard',
                    description: 'A standard.',
                    path: '/meap-forms/nickel.pdf',
                    date: null,
                  },
                ],
              },
            }),
            { headers: { 'Content-Type': 'application/json' } },
          )
        : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, router } = await openSearch();
    const box = screen.getByRole('searchbox');
    await user.type(box, 'nickel');
    expect(await screen.findByText('Found 2 results')).toBeInTheDocument();
    const links = within(screen.getByTestId('search-results')).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Laterite outlook');
    expect(links[0]).toHaveTextContent('News');
    // An article shows its date, not the id in its address; a document its address.
    expect(links[0]).toHaveTextContent('November 27, 2026');
    expect(links[0]).not.toHaveTextContent('/news/');
    expect(links[1]).toHaveTextContent('Document');
    expect(links[1]).toHaveTextContent('/meap-forms/nickel.pdf');
    expect(links[1]).toHaveAttribute('href', '/meap-forms/nickel.pdf');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.keyboard('{ArrowDown}');
    expect(links[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(links[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/news/7b0a3c4e-0000-4000-8000-000000000001');
  });

  it('keeps the fixed pages first when the server finds matches too, and lists a page once', async () => {
    const serverHits = [
      {
        type: 'news',
        title: 'Membership dues for 2027',
        description: 'The new annual fees.',
        path: '/news/7b0a3c4e-0000-4000-8000-000000000002',
        date: '2026-10-01',
      },
      {
        type: 'document',
        title: 'Reminder on Semestral Membership Dues',
        description: 'When the dues fall due.',
        path: '/members-news',
        date: null,
      },
      {
        type: 'event',
        title: 'Membership Orientation',
        description: 'For new members.',
        path: '/events/7b0a3c4e-0000-4000-8000-000000000003',
        date: '2027-01-15',
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/search?q=membership')
          ? new Response(JSON.stringify({ data: { results: serverHits } }), {
              headers: { 'Content-Type': 'application/json' },
            })
          : new Response('{}', { status: 404 }),
      ),
    );
    const { user } = await openSearch();
    await user.type(screen.getByRole('searchbox'), 'membership');
    const pages = searchPages('membership', getSearchPages({ isLoggedIn: false }));
    expect(pages.map((page) => page.title)).toContain('Membership');
    await screen.findByText('Membership Orientation');
    const links = within(screen.getByTestId('search-results')).getAllByRole('link');
    // Every fixed page first, in its own order, marked 'Page'…
    pages.forEach((page, index) => {
      expect(links[index]).toHaveTextContent(page.title);
      expect(links[index]).toHaveTextContent('Page');
    });
    // …then what the server found, a find whose path is a page already listed left out.
    const pagePaths = new Set(pages.map((page) => page.path));
    const finds = serverHits.filter((hit) => !pagePaths.has(hit.path));
    expect(finds.length).toBeGreaterThanOrEqual(2);
    expect(links.slice(pages.length).map((link) => link.getAttribute('href'))).toEqual(
      finds.map((hit) => hit.path),
    );
    expect(screen.getByText(`Found ${pages.length + finds.length} results`)).toBeInTheDocument();
  });
});
