import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, http, refusal } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import { BoardOfTrusteesPage } from './board-of-trustees-page';
import { listOf, makeBoardMember } from './test-fixtures';

/** The public board list answering with `reply`; the addresses it was asked at. */
function fakeBoard(reply: () => Response | Promise<Response>) {
  const asked: string[] = [];
  fakeApi.use(
    http.get('/api/boards/get-board-members', ({ request }) => {
      asked.push(new URL(request.url).search);
      return reply();
    }),
  );
  return asked;
}

const cardNames = (section: HTMLElement) =>
  within(section)
    .getAllByRole('button')
    .map((card) => card.querySelector('.font-display')?.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BoardOfTrusteesPage (spec 001 §2, §4)', () => {
  it('shows 4 officer and 8 trustee placeholders while loading', async () => {
    fakeBoard(() => new Promise(() => {}));
    renderWithRouter(<BoardOfTrusteesPage />, { path: '/board-of-trustees' });
    const [officers, trustees] = screen.getAllByRole('status', { name: 'Loading board members' });
    expect(officers?.children).toHaveLength(4);
    expect(trustees?.children).toHaveLength(8);
  });

  it('groups officers in the decided order and trustees by display order, any spelling of a position', async () => {
    const asked = fakeBoard(() =>
      listOf([
        makeBoardMember({ name: 'Tess Trustee', display_order: 2 }),
        makeBoardMember({ name: 'Sam Secretary', position: 'Secretary' }),
        makeBoardMember({ name: 'Vic Vice', position: 'vice-president' }),
        makeBoardMember({ name: 'Uma Unordered' }),
        makeBoardMember({ name: 'Pia President', position: 'President' }),
        makeBoardMember({ name: 'Ted Treasurer', position: 'Treasurer' }),
        makeBoardMember({ name: 'Tom Trustee', display_order: 1 }),
        makeBoardMember({ name: 'Mel Member', position: 'Member' }),
      ]),
    );
    renderWithRouter(<BoardOfTrusteesPage />, { path: '/board-of-trustees' });

    const executives = (await screen.findByRole('heading', { name: 'Executive Leadership' })).closest(
      'section',
    );
    await within(executives as HTMLElement).findByText('Pia President');
    expect(cardNames(executives as HTMLElement)).toEqual([
      'Pia President',
      'Vic Vice',
      'Ted Treasurer',
      'Sam Secretary',
    ]);
    const trustees = screen
      .getByRole('heading', { name: 'Board Trustees' })
      .closest('section') as HTMLElement;
    expect(cardNames(trustees)).toEqual(['Tom Trustee', 'Tess Trustee', 'Uma Unordered']);
    const members = screen
      .getByRole('heading', { name: 'Members of the Board' })
      .closest('section') as HTMLElement;
    expect(cardNames(members)).toEqual(['Mel Member']);
    expect(screen.getByRole('heading', { name: 'Leadership Commitment' })).toBeVisible();
    // The public call has no parameters (spec 001 §7).
    expect(asked).toEqual(['']);
  });

  it("opens a member's details: title when it differs, '{position} Since', 'About', initials without a photo", async () => {
    fakeBoard(() =>
      listOf([
        makeBoardMember({
          name: 'Pia President',
          position: 'President',
          title: 'Chief Executive, Cordillera Copper',
          trustee_since: '2019-06-15',
          description: 'Thirty years in porphyry exploration.',
        }),
        makeBoardMember({ name: 'Tom Trustee', title: 'Trustee', trustee_since: '2021-06-10' }),
      ]),
    );
    renderWithRouter(<BoardOfTrusteesPage />, { path: '/board-of-trustees' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /Pia President/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pia President' });
    expect(dialog).toHaveTextContent('Chief Executive, Cordillera Copper');
    expect(dialog).toHaveTextContent('President Since June 15, 2019');
    expect(within(dialog).getByRole('heading', { name: 'About' })).toBeVisible();
    expect(dialog).toHaveTextContent('Thirty years in porphyry exploration.');
    // No photo: the initials take its place (docs/product-rules.md "Board"), not a grey 'No Image'
    // box.
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(within(dialog).getByText('PP')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Tom Trustee/ }));
    const trusteeDialog = await screen.findByRole('dialog', { name: 'Tom Trustee' });
    expect(trusteeDialog).toHaveTextContent('Trustee Since June 10, 2021');
    // The title equals the position: shown once, as the position.
    expect(within(trusteeDialog).getAllByText('Trustee')).toHaveLength(1);
    expect(within(trusteeDialog).queryByRole('heading', { name: 'About' })).not.toBeInTheDocument();
  });

  it("logs a failed call and shows the empty groups with 'No trustees available at this time'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeBoard(() => refusal(500, { error: 'Internal Server Error' }));
    renderWithRouter(<BoardOfTrusteesPage />, { path: '/board-of-trustees' });

    expect(await screen.findByText('No trustees available at this time')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Trustee/ })).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load the board of trustees', expect.anything());
  });
});
