import {
  formatReceipt,
  MEETING_MEMBER_TEXT,
  MEETING_MESSAGES,
  type Meeting,
  type RollEntry,
  MEETING_VENUE_TEXT as T,
} from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { VenuePage } from './venue-page';

// docs/decisions/071 "Venue voting": the staff's tablet hands the member ballot to a voter present.
const MEETING_ID = '0b5a3c1e-2d4f-4a6b-8c9d-0e1f2a3b4c5d';
const DAY = 86_400_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

const voter = (id: string, voterName: string, memberName = voterName): RollEntry => ({
  id,
  kind: 'individual',
  memberName,
  voterName,
  category: 'Individual',
});
const ANA = voter('3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b', 'Ana Reyes');
const BEN = voter('4f5a6b7c-8d9e-4f0a-9b2c-3d4e5f6a7b8c', 'Ben Lim', 'Luzon Minerals Corp.');
const candidates = [
  {
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e51',
    name: 'Maria Santos',
    statement: 'Twenty years in exploration.',
  },
  { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e52', name: 'Jose Cruz', statement: 'Geologist, Baguio.' },
  { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e53', name: 'Liza Tan', statement: 'Mine safety.' },
];

const meeting = (overrides: Partial<Meeting> = {}) =>
  ({
    id: MEETING_ID,
    kind: 'annual',
    title: 'Annual meeting 2027',
    startsAt: at(0),
    venue: 'Makati Shangri-La',
    status: 'noticed',
    votingState: 'open',
    votingOpensAt: at(-DAY),
    votingClosesAt: at(DAY),
    rollFrozenAt: at(-10 * DAY),
    eventId: '5a6b7c8d-9e0f-4a1b-8c2d-4e5f6a7b8c9d',
    seats: 7,
    candidates,
    nominations: [],
    ...overrides,
  }) as Meeting;

function stubApi(current: Meeting) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      const reply = (status: number, data: unknown) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      if (path === `/api/meetings/${MEETING_ID}`) return reply(200, { data: current });
      if (path.endsWith('/venue-voters')) return reply(200, { data: [ANA, BEN] });
      if (path.endsWith('/venue-voters/ticket'))
        return body.token === 'ticket-of-ben'
          ? reply(200, { data: BEN })
          : reply(409, { error: MEETING_MESSAGES.voterNotPresent });
      if (path.endsWith('/venue-ballots')) return reply(201, { data: { receipt: 'ABCDEFGHJK' } });
      return reply(404, { error: 'Not found' });
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  renderWithRouter(<VenuePage />, {
    path: `/admin/meetings/${MEETING_ID}/venue`,
    route: '/admin/meetings/:id/venue',
  });

describe('the venue voting page', { timeout: 30_000 }, () => {
  it('hands the ballot to a voter present, shows the receipt large, and forgets the choice after Done', async () => {
    const calls = stubApi(meeting());
    const user = userEvent.setup();
    const { queryClient } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: T.title })).toBeVisible();
    expect(await screen.findByText('Ana Reyes')).toBeVisible();
    expect(screen.getByText('Luzon Minerals Corp.')).toBeVisible();

    // The name search narrows the list.
    await user.type(screen.getByLabelText(T.searchLabel), 'luzon');
    await waitFor(() => expect(screen.queryByText('Ana Reyes')).not.toBeInTheDocument());
    await user.clear(screen.getByLabelText(T.searchLabel));
    await user.type(screen.getByLabelText(T.searchLabel), 'nobody');
    expect(await screen.findByText(T.listNoMatch)).toBeVisible();
    await user.clear(screen.getByLabelText(T.searchLabel));

    await user.click(await screen.findByRole('button', { name: T.hand('Ana Reyes') }));
    expect(screen.getByRole('heading', { name: T.ballotOf('Ana Reyes') })).toBeVisible();
    // The staff's list is gone while the voter has the tablet.
    expect(screen.queryByText(T.listTitle)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Maria Santos'));
    await user.click(screen.getByLabelText('Liza Tan'));
    expect(screen.getByText(MEETING_MEMBER_TEXT.chosenCount(2, 7))).toBeVisible();
    await user.click(screen.getByRole('button', { name: MEETING_MEMBER_TEXT.castButton }));
    const dialog = await screen.findByRole('alertdialog', { name: MEETING_MEMBER_TEXT.confirmTitle });
    expect(within(dialog).getByText('Maria Santos')).toBeVisible();
    expect(within(dialog).getByText('Liza Tan')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: MEETING_MEMBER_TEXT.confirmButton }));

    const receipt = await screen.findByRole('status', { name: T.receiptTitle });
    expect(receipt).toHaveTextContent(formatReceipt('ABCDEFGHJK'));
    expect(screen.getByText(T.receiptHelp)).toBeVisible();
    expect(calls.filter((call) => call.path.endsWith('/venue-ballots'))).toEqual([
      {
        method: 'POST',
        path: `/api/meetings/${MEETING_ID}/venue-ballots`,
        body: { entryId: ANA.id, candidateIds: [candidates[0]?.id, candidates[2]?.id] },
      },
    ]);

    await user.click(screen.getByRole('button', { name: T.done }));
    expect(await screen.findByText(T.listTitle)).toBeVisible();
    // Nothing of the voter's choice is left: not on screen, not in the client's cache.
    expect(screen.queryByText(formatReceipt('ABCDEFGHJK'))).not.toBeInTheDocument();
    expect(screen.queryByText('Maria Santos')).not.toBeInTheDocument();
    expect(screen.queryByText('Liza Tan')).not.toBeInTheDocument();
    await waitFor(() => {
      const left = JSON.stringify(
        queryClient
          .getMutationCache()
          .getAll()
          .map((m) => m.state),
      );
      expect(left).not.toContain(candidates[0]?.id);
      expect(left).not.toContain('ABCDEFGHJK');
    });
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).not.toContain('ABCDEFGHJK');

    // The next voter starts from an empty ballot.
    await user.click(await screen.findByRole('button', { name: T.hand('Ana Reyes') }));
    expect(screen.getByText(MEETING_MEMBER_TEXT.chosenCount(0, 7))).toBeVisible();
    expect(screen.getByLabelText('Maria Santos')).not.toBeChecked();
  });

  it('gives the tablet back without casting, and says why when voting is not open or no event is linked', async () => {
    stubApi(meeting());
    const user = userEvent.setup();
    const first = renderPage();
    await user.click(await screen.findByRole('button', { name: T.hand('Ben Lim') }));
    await user.click(screen.getByLabelText('Jose Cruz'));
    await user.click(screen.getByRole('button', { name: T.handBack }));
    expect(await screen.findByText(T.listTitle)).toBeVisible();
    first.unmount();

    stubApi(meeting({ votingState: 'closed' }));
    const closed = renderPage();
    expect(await screen.findByText(T.notOpen)).toBeVisible();
    expect(screen.queryByText(T.listTitle)).not.toBeInTheDocument();
    closed.unmount();

    stubApi(meeting({ eventId: null }));
    renderPage();
    expect(await screen.findByText(T.noEvent)).toBeVisible();
  });
});
