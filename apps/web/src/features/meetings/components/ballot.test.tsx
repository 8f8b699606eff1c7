import { formatReceipt, MEETING_MESSAGES, MEETING_MEMBER_TEXT as T } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { Ballot } from './ballot';

const MEETING_ID = '00000000-0000-4000-8000-0000000000a1';
const candidates = Array.from({ length: 9 }, (_, index) => ({
  id: `00000000-0000-4000-8000-00000000010${index}`,
  name: `Candidate ${index + 1}`,
  statement: `Statement ${index + 1}`,
  photoUrl: index === 0 ? `/api/nominations/00000000-0000-4000-8000-00000000010${index}/photo?v=abc` : null,
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The ballots sent, and the server's answer to each (a receipt by default). */
function stubBallots(answer: () => Response = () => json({ data: { receipt: 'ABCDEFGHJK' } }, 201)) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith(`/meetings/${MEETING_ID}/ballots`) && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return answer();
      }
      return json({ data: null });
    }),
  );
  return sent;
}
afterEach(() => vi.unstubAllGlobals());

const renderBallot = (props: Partial<Parameters<typeof Ballot>[0]> = {}) =>
  renderWithRouter(
    <Ballot meetingId={MEETING_ID} candidates={candidates} seats={7} title={T.ownBallot} {...props} />,
  );

async function castWith(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: T.castButton }));
  const dialog = await screen.findByRole('alertdialog', { name: T.confirmTitle });
  await user.click(within(dialog).getByRole('button', { name: T.confirmButton }));
}

describe('Ballot (docs/decisions/071, "the member screens")', { timeout: 20_000 }, () => {
  it('shows each candidate’s photo beside the statement, small, and the initials without one', () => {
    stubBallots();
    const { container } = renderBallot();
    const rows = container.querySelectorAll('li');
    const photo = rows[0]?.querySelector('img');
    // The stored 400-pixel size through the checked route, decorative beside the written name.
    expect(photo).toHaveAttribute('src', `${candidates[0]?.photoUrl}&width=400`);
    expect(photo).toHaveAttribute('alt', '');
    expect(photo?.className).toContain('size-11');
    expect(rows[1]?.querySelector('img')).toBeNull();
    expect(rows[1]?.querySelector('[data-initials-tile]')).toHaveTextContent('C');
    expect(screen.getByLabelText('Candidate 1')).toHaveAccessibleDescription('Statement 1');
  });

  it('counts the choices and cannot take an eighth of seven', async () => {
    stubBallots();
    const user = userEvent.setup();
    renderBallot();
    expect(screen.getByText(T.chosenCount(0, 7))).toBeVisible();
    for (const candidate of candidates.slice(0, 7)) await user.click(screen.getByLabelText(candidate.name));
    expect(screen.getByText(T.chosenCount(7, 7))).toBeVisible();
    expect(screen.getByText(T.seatsFull(7))).toBeVisible();
    const eighth = screen.getByLabelText('Candidate 8');
    expect(eighth).toBeDisabled();
    await user.click(eighth);
    expect(eighth).not.toBeChecked();
    expect(screen.getByText(T.chosenCount(7, 7))).toBeVisible();
    // Unticking one frees a place.
    await user.click(screen.getByLabelText('Candidate 1'));
    expect(screen.getByLabelText('Candidate 8')).toBeEnabled();
    expect(screen.getByText(T.chosenCount(6, 7))).toBeVisible();
  });

  it('casts once after the confirmation, sends each choice once, and shows the receipt to copy', async () => {
    const sent = stubBallots();
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onCast = vi.fn();
    renderBallot({
      onBehalfOf: '00000000-0000-4000-8000-0000000000e1',
      title: T.proxyBallot('Luzon Minerals'),
      onCast,
    });
    expect(screen.getByRole('heading', { name: T.proxyBallot('Luzon Minerals') })).toBeVisible();
    await user.click(screen.getByLabelText('Candidate 2'));
    await user.click(screen.getByLabelText('Candidate 3'));
    await user.click(screen.getByRole('button', { name: T.castButton }));
    const dialog = await screen.findByRole('alertdialog', { name: T.confirmTitle });
    expect(within(dialog).getByText('Candidate 2')).toBeVisible();
    expect(within(dialog).getByText('Candidate 3')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: T.confirmButton }));

    const receipt = await screen.findByRole('status', { name: T.receiptTitle });
    expect(receipt).toHaveTextContent(formatReceipt('ABCDEFGHJK'));
    expect(sent).toEqual([
      {
        candidateIds: [candidates[1]?.id, candidates[2]?.id],
        onBehalfOf: '00000000-0000-4000-8000-0000000000e1',
      },
    ]);
    expect(onCast).toHaveBeenCalledTimes(1);
    // The ballot is gone: nothing to cast a second time.
    expect(screen.queryByRole('button', { name: T.castButton })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.copy }));
    expect(writeText).toHaveBeenCalledWith('ABCDE-FGHJK');
    expect(screen.getByRole('button', { name: T.copied })).toBeVisible();
    expect(screen.getByRole('link', { name: 'The results page' })).toHaveAttribute(
      'href',
      `/meetings/${MEETING_ID}/results`,
    );
  });

  it('shows the server’s 409 and 403 as it words them, and keeps the choices', async () => {
    let answer = json({ error: MEETING_MESSAGES.alreadyVoted, code: 'already_voted' }, 409);
    const sent = stubBallots(() => answer);
    const user = userEvent.setup();
    renderBallot();
    await user.click(screen.getByLabelText('Candidate 4'));
    await castWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MEETING_MESSAGES.alreadyVoted);
    expect(screen.getByLabelText('Candidate 4')).toBeChecked();

    answer = json({ error: MEETING_MESSAGES.votingNeedsFirstSemester, code: 'not_on_roll' }, 403);
    await castWith(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(MEETING_MESSAGES.votingNeedsFirstSemester),
    );
    expect(sent).toHaveLength(2);
    expect(screen.queryByRole('status', { name: T.receiptTitle })).not.toBeInTheDocument();
  });
});
