import { MEETING_MESSAGES, MEETING_MEMBER_TEXT as T } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { MeetingResultsPage } from './meeting-results-page';

const MEETING_ID = '00000000-0000-4000-8000-0000000000a1';
const [ana, ben] = ['00000000-0000-4000-8000-000000000101', '00000000-0000-4000-8000-000000000102'];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stubResults = (response: Response) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  renderWithRouter(<MeetingResultsPage />, {
    path: `/meetings/${MEETING_ID}/results`,
    route: '/meetings/:id/results',
  });

describe('MeetingResultsPage (docs/decisions/071)', { timeout: 20_000 }, () => {
  it('lists the votes and every ballot; "find my receipt" highlights the voter’s own, as typed in any case', async () => {
    stubResults(
      json({
        data: {
          certified: true,
          candidates: [
            { id: ana, name: 'Ana Reyes', votes: 2 },
            { id: ben, name: 'Ben Cruz', votes: 1 },
          ],
          ballots: [
            { receipt: 'AAAAABBBBB', candidateIds: [ana, ben] },
            { receipt: 'CCCCCDDDDD', candidateIds: [ana] },
            { receipt: 'EEEEEFFFFF', candidateIds: [] },
          ],
          election: { seats: 1, electedIds: [ana], tie: null },
        },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const ballots = await screen.findByRole('list', { name: 'Ballots' });
    expect(screen.getByText('1 seat: the most votes are elected.')).toBeVisible();
    expect(screen.getAllByText('Elected')).toHaveLength(1);
    expect(screen.getByText('Elected').closest('li')).toHaveTextContent('Ana Reyes');
    expect(within(ballots).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Ana Reyes, Ben Cruz')).toBeVisible();
    expect(screen.getByText('No candidate chosen')).toBeVisible();
    expect(within(ballots).queryByRole('listitem', { current: true })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Receipt code'), 'ccccc-ddddd');
    await user.click(screen.getByRole('button', { name: T.findReceipt }));
    expect(screen.getByText(T.receiptFound)).toBeVisible();
    const mine = within(ballots).getByRole('listitem', { current: true });
    expect(mine).toHaveTextContent('CCCCC-DDDDD');
    expect(mine).toHaveTextContent('Ana Reyes');

    await user.clear(screen.getByLabelText('Receipt code'));
    await user.type(screen.getByLabelText('Receipt code'), 'ZZZZZ ZZZZZ');
    await user.click(screen.getByRole('button', { name: T.findReceipt }));
    expect(screen.getByText(T.receiptMissing)).toBeVisible();
    expect(within(ballots).queryByRole('listitem', { current: true })).not.toBeInTheDocument();
  });

  it('shows a tie at the last seat as a tie, electing no one among the tied', async () => {
    stubResults(
      json({
        data: {
          certified: true,
          candidates: [
            { id: ana, name: 'Ana Reyes', votes: 1 },
            { id: ben, name: 'Ben Cruz', votes: 1 },
          ],
          ballots: [
            { receipt: 'AAAAABBBBB', candidateIds: [ana] },
            { receipt: 'CCCCCDDDDD', candidateIds: [ben] },
          ],
          election: { seats: 1, electedIds: [], tie: { votes: 1, needed: 1, candidateIds: [ana, ben] } },
        },
      }),
    );
    renderPage();
    expect(await screen.findAllByText('Tied for the last seat')).toHaveLength(2);
    expect(screen.queryByText('Elected')).not.toBeInTheDocument();
    expect(screen.getByText(/A tie for the last seat at 1 votes/)).toBeVisible();
  });

  it('says why before certification, in the server’s words', async () => {
    stubResults(json({ error: MEETING_MESSAGES.resultsNotCertified, code: 'not_certified' }, 403));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(MEETING_MESSAGES.resultsNotCertified);
  });
});
