import {
  type Meeting,
  type MeetingProxy,
  PROXY_CHAIR_LABEL,
  type RollEntry,
  MEETING_MEMBER_TEXT as T,
  type Voter,
} from '@portal/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { at, DAY, makeMeeting } from '../test-fixtures';
import { ProxySection } from './proxy-section';
import { VotingSection } from './voting-section';

/* "The chair" as a proxy holder on the member's meeting page (docs/decisions/071). */

const MEETING_ID = '00000000-0000-4000-8000-0000000000a1';
const entry = (id: string, name: string): RollEntry => ({
  id,
  kind: 'individual',
  memberName: name,
  voterName: name,
  category: 'Individual',
});
const me = entry('00000000-0000-4000-8000-0000000000e1', 'Ana Reyes');
const voters: Voter[] = [
  { id: me.id, kind: 'individual', memberName: me.memberName, voterName: me.voterName },
  {
    id: '00000000-0000-4000-8000-0000000000e2',
    kind: 'individual',
    memberName: 'Ben Lim',
    voterName: 'Ben Lim',
  },
];
const chairProxy = (grantor: RollEntry): MeetingProxy => ({
  id: `00000000-0000-4000-8000-0000000001${grantor.id.slice(-2)}`,
  grantor,
  holder: null,
  toChair: true,
  scope: 'all',
  status: 'valid',
  note: null,
  filedAt: at(-DAY),
});

function meetingFor(overrides: Partial<Meeting> = {}, mine: Partial<Meeting['me']> = {}): Meeting {
  return makeMeeting({
    id: MEETING_ID,
    status: 'noticed',
    noticeSentAt: at(-DAY),
    rollFrozenAt: at(-DAY),
    rollSize: 2,
    chair: { userId: '00000000-0000-4000-8000-0000000000c1', name: 'Rosa Aquino' },
    candidates: [
      {
        id: '00000000-0000-4000-8000-000000000101',
        name: 'Maria Santos',
        statement: 'Twenty years.',
        photoUrl: null,
      },
    ],
    ...overrides,
    me: {
      entry: me,
      notOnRollReason: null,
      hasVoted: false,
      proxyGiven: null,
      proxiesHeld: [],
      chair: false,
      ...mine,
    },
  });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The bodies POSTed to `path`, each answered with `answer`. */
function stubPosts(path: string, answer: () => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith(path) && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return answer();
      }
      return json({ data: null });
    }),
  );
  return sent;
}
afterEach(() => vi.unstubAllGlobals());

describe('the proxy picker', { timeout: 20_000 }, () => {
  it('offers the chair of the meeting first, by name, and files "chair"', async () => {
    const sent = stubPosts(`/meetings/${MEETING_ID}/proxies`, () => json({ data: chairProxy(me) }, 201));
    const user = userEvent.setup();
    renderWithRouter(<ProxySection meeting={meetingFor()} voters={voters} now={new Date()} />);
    const picker = screen.getByLabelText('Proxy holder');
    const options = within(picker)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // The placeholder, the chair, then the other voters (never oneself).
    expect(options).toEqual(['Choose the chair or a voter', `${PROXY_CHAIR_LABEL} (Rosa Aquino)`, 'Ben Lim']);
    await user.selectOptions(picker, `${PROXY_CHAIR_LABEL} (Rosa Aquino)`);
    await user.click(screen.getByRole('button', { name: 'Name my proxy' }));
    await vi.waitFor(() => expect(sent).toEqual([{ holderId: 'chair', scope: 'all' }]));
  });

  it('offers the chair before one is named, and not to the chair', () => {
    stubPosts('/none', () => json({}));
    const { unmount } = renderWithRouter(
      <ProxySection meeting={meetingFor({ chair: null })} voters={voters} now={new Date()} />,
    );
    expect(screen.getByRole('option', { name: PROXY_CHAIR_LABEL })).toBeInTheDocument();
    unmount();
    renderWithRouter(
      <ProxySection meeting={meetingFor({}, { chair: true })} voters={voters} now={new Date()} />,
    );
    expect(screen.queryByRole('option', { name: /chair of the meeting/ })).not.toBeInTheDocument();
  });

  it('says a proxy given to the chair follows the office', () => {
    stubPosts('/none', () => json({}));
    renderWithRouter(
      <ProxySection
        meeting={meetingFor({}, { proxyGiven: chairProxy(me) })}
        voters={voters}
        now={new Date()}
      />,
    );
    expect(screen.getByText(`${PROXY_CHAIR_LABEL} (Rosa Aquino)`)).toBeVisible();
    expect(screen.getByText('Whoever chairs the meeting when voting opens casts it.')).toBeVisible();
  });
});

describe('the chair’s ballots', { timeout: 20_000 }, () => {
  it('shows one ballot per proxy the chair carries, titled with whose it is, and casts each for its voter', async () => {
    const sent = stubPosts(`/meetings/${MEETING_ID}/ballots`, () =>
      json({ data: { receipt: 'ABCDEFGHJK' } }, 201),
    );
    const luzon = entry('00000000-0000-4000-8000-0000000000f1', 'Luzon Minerals');
    const visayas = entry('00000000-0000-4000-8000-0000000000f2', 'Visayas Gold');
    const meeting = meetingFor(
      { votingState: 'open' },
      {
        entry: null,
        chair: true,
        proxiesHeld: [
          { proxy: chairProxy(luzon), hasVoted: false },
          { proxy: chairProxy(visayas), hasVoted: true },
        ],
      },
    );
    const user = userEvent.setup();
    renderWithRouter(<VotingSection meeting={meeting} />);
    // Not on the roll: no ballot of the chair's own.
    expect(screen.queryByRole('heading', { name: T.ownBallot })).not.toBeInTheDocument();
    const luzonBallot = screen.getByRole('heading', { name: T.chairBallot('Luzon Minerals') });
    expect(luzonBallot).toBeVisible();
    expect(T.chairBallot('Luzon Minerals')).toBe('Ballot of Luzon Minerals, by proxy to the chair');
    // The one already cast says so, with nothing to cast.
    const visayasCard = screen.getByRole('heading', { name: T.chairBallot('Visayas Gold') }).parentElement;
    expect(within(visayasCard as HTMLElement).getByText(T.alreadyCast)).toBeVisible();
    expect(screen.getAllByRole('button', { name: T.castButton })).toHaveLength(1);

    await user.click(screen.getByLabelText('Maria Santos'));
    await user.click(screen.getByRole('button', { name: T.castButton }));
    const dialog = await screen.findByRole('alertdialog', { name: T.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: T.confirmButton }));
    await screen.findByRole('status', { name: T.receiptTitle });
    expect(sent).toEqual([{ candidateIds: ['00000000-0000-4000-8000-000000000101'], onBehalfOf: luzon.id }]);
  });
});
