import { siteConfig } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
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
    expect(screen.getByText(/^Found \d+ result\(s\)$/)).toBeInTheDocument();
    expect(within(screen.getByTestId('search-results')).getAllByRole('link')[0]).toHaveTextContent(
      'Membership',
    );
  });

  it('shows the matches with title, description and path, and the count', async () => {
    const { user } = await openSearch();
    await user.type(screen.getByRole('searchbox'), 'forms');
    expect(screen.getByText('Found 2 result(s)')).toBeInTheDocument();
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

  // Profile is offered to a signed-in user once /profile exists (no result leads to a missing page).
  it('offers Login and Register to a guest only', async () => {
    const { user } = await openSearch();
    await user.type(screen.getByRole('searchbox'), 'account');
    expect(screen.getByRole('link', { name: /Login/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Profile/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    useSessionStore.setState({ user: { id: '1', username: 'juan' } });
    await user.click(screen.getByRole('button', { name: 'Open search' }));
    await user.type(screen.getByRole('searchbox'), 'account');
    expect(screen.getByText('No results found for "account"')).toBeInTheDocument();
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
});
