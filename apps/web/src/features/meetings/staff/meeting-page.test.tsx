import { MEETING_MESSAGES, type Meeting, type Nomination, type StaffRole } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderWithRouter } from '@/test/render';
import { at, DAY, makeMeeting } from '../test-fixtures';
import { MeetingPage } from './meeting-page';
import { MeetingsPage } from './meetings-page';

// docs/decisions/071: each control of the meeting's staff page shows only to the roles whose
// calls the server accepts (STAFF_AREAS.meetingsRun, meetingsElection).
const MEETING_ID = '0b5a3c1e-2d4f-4a6b-8c9d-0e1f2a3b4c5d';

const entry = (id: string, name: string) => ({
  id,
  kind: 'individual' as const,
  memberName: name,
  voterName: name,
  category: 'Individual',
});
const nomination: Nomination = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  nominee: entry('2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a', 'Maria Santos'),
  nominatorName: 'Jose Cruz',
  statement: 'Twenty years in exploration.',
  seconds: [{ name: 'Ana Reyes' }, { name: 'Ben Lim' }],
  secondsNeeded: 2,
  accepted: true,
  status: 'pending',
  validationNote: null,
  photoUrl: null,
};

const meetingFor = (overrides: Partial<Meeting> = {}): Meeting =>
  makeMeeting({ id: MEETING_ID, nominations: [nomination], ...overrides });

const signInAs = (roles: StaffRole[]) =>
  useSessionStore.setState({
    user: {
      id: 's1',
      username: 'staff',
      displayName: 'Rosa Diaz',
      role: 'admin',
      type: 'admin',
      isNew: false,
      roles,
    },
  });

/** The API at the network boundary: the meeting, empty lists, and every call recorded. */
function stubApi(meeting: Meeting) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = (status: number, body: unknown) =>
        new Response(status === 204 ? null : JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (method === 'GET' && path === `/api/meetings/${MEETING_ID}`) return reply(200, { data: meeting });
      if (method === 'GET' && path === '/api/meetings') return reply(200, { data: [meeting] });
      if (method === 'GET' && path.endsWith('/roll')) return reply(200, { data: { entries: [], total: 0 } });
      if (method === 'GET' && path.endsWith('/turnout'))
        return reply(200, { data: { rollSize: 0, voted: 0, entries: [] } });
      if (method === 'GET' && path.endsWith('/results'))
        return reply(200, {
          data: {
            certified: false,
            candidates: [{ id: nomination.id, name: 'Maria Santos', votes: 2 }],
            ballots: [],
          },
        });
      if (method === 'GET' && path.startsWith('/api/events/admin/get-all'))
        return reply(200, {
          data: { events: [], pagination: { page: 1, limit: 100, total: 0, totalPages: 0 } },
        });
      if (method === 'GET') return reply(200, { data: [] });
      if (path.endsWith('/roll/freeze')) return reply(409, { error: MEETING_MESSAGES.recordDateNotReached });
      if (method === 'PUT') return reply(200, { data: nomination });
      if (path.endsWith('/notice')) return reply(200, { data: { queued: 3, noticeSentAt: at(0) } });
      return reply(204, null);
    }),
  );
  return calls;
}

const renderMeeting = (tab = 'details') =>
  renderWithRouter(<MeetingPage />, {
    path: `/admin/meetings/${MEETING_ID}?tab=${tab}`,
    route: '/admin/meetings/:id',
  });

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null });
});

describe('the meeting’s staff page', () => {
  it('gives the secretariat the running of the meeting and leaves nominations to the committee', async () => {
    signInAs(['secretariat']);
    stubApi(meetingFor());
    const user = userEvent.setup();
    renderMeeting();
    await screen.findByRole('heading', { level: 1, name: 'Annual meeting 2027' });
    expect(screen.getByRole('button', { name: 'Edit meeting' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send notice' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Proxies' })).toBeInTheDocument();
    // The app's own projector page, in a new tab (docs/decisions/071).
    const quorum = screen.getByRole('link', { name: /Live quorum/ });
    expect(quorum).toHaveAttribute('href', `/meetings/${MEETING_ID}/quorum`);
    expect(quorum).toHaveAttribute('target', '_blank');

    await user.click(screen.getByRole('tab', { name: 'Roll' }));
    expect(await screen.findByRole('button', { name: 'Freeze the roll' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Nominations' }));
    const table = await screen.findByRole('table', { name: 'Nominations' });
    expect(within(table).getAllByText('Maria Santos').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Validate / })).toBeNull();
  });

  it('gives the election committee validation and nothing of the secretariat’s, asking no proxies', async () => {
    signInAs(['election_committee']);
    const calls = stubApi(meetingFor());
    const user = userEvent.setup();
    renderMeeting('nominations');
    // The table and its phone cards are both in the page (CSS shows one): the first is the table's.
    const [validate] = await screen.findAllByRole('button', {
      name: 'Validate the nomination of Maria Santos',
    });
    await user.click(validate as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Validate the nomination' });
    await user.type(within(dialog).getByLabelText('Note'), 'Seconded and accepted.');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        path: `/api/nominations/${nomination.id}/validation`,
        body: { valid: true, note: 'Seconded and accepted.' },
      }),
    );

    // The dialog has closed: the page is no longer hidden behind it.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('tab', { name: 'Proxies' })).toBeNull();
    await user.click(await screen.findByRole('tab', { name: 'Details and notice' }));
    await screen.findByRole('heading', { name: 'Notice' });
    expect(screen.queryByRole('button', { name: 'Edit meeting' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send notice' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Roll' }));
    await screen.findByText(/The secretariat freezes it/);
    expect(screen.queryByRole('button', { name: 'Freeze the roll' })).toBeNull();
    expect(calls.some((call) => /proxies|roll-corrections/.test(call.path))).toBe(false);
  });

  it('offers certification to the committee once voting has closed, and closing to the secretariat only while open', async () => {
    signInAs(['election_committee']);
    stubApi(meetingFor({ votingState: 'closed', rollFrozenAt: at(-DAY), status: 'noticed' }));
    const user = userEvent.setup();
    const { unmount } = renderMeeting('certification');
    // The committee reads the tally before certifying it.
    await screen.findByText('2 votes');
    await user.click(await screen.findByRole('button', { name: 'Certify the results' }));
    expect(await screen.findByRole('alertdialog', { name: 'Certify the results' })).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();

    signInAs(['secretariat']);
    stubApi(meetingFor({ votingState: 'open', rollFrozenAt: at(-DAY), status: 'noticed' }));
    const second = renderMeeting('certification');
    await screen.findByText(MEETING_MESSAGES.certifyBeforeClose);
    expect(screen.queryByRole('button', { name: 'Certify the results' })).toBeNull();
    second.unmount();
    renderMeeting('voting');
    expect(await screen.findByRole('button', { name: 'Close voting now' })).toBeInTheDocument();
    // While voting is open: the venue's tablet (decision 071 "Venue voting").
    expect(screen.getByRole('link', { name: 'Venue voting' })).toHaveAttribute(
      'href',
      `/admin/meetings/${MEETING_ID}/venue`,
    );
  });

  it('asks before freezing the roll and shows the server’s refusal', async () => {
    signInAs(['secretariat']);
    const calls = stubApi(meetingFor());
    const user = userEvent.setup();
    renderMeeting('roll');
    await user.click(await screen.findByRole('button', { name: 'Freeze the roll' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Freeze the roll' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Freeze the roll' }));
    expect(await screen.findByText(MEETING_MESSAGES.recordDateNotReached)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/meetings/${MEETING_ID}/roll/freeze`,
    ]);
  });

  it('lets only an administrator send a late notice, with the reason', async () => {
    signInAs(['secretariat']);
    stubApi(meetingFor({ startsAt: at(10 * DAY) }));
    const { unmount } = renderMeeting();
    await screen.findByText(new RegExp(MEETING_MESSAGES.overrideAdminOnly));
    expect(screen.queryByRole('button', { name: /notice/ })).toBeNull();
    unmount();

    signInAs(['admin']);
    const calls = stubApi(meetingFor({ startsAt: at(10 * DAY) }));
    const user = userEvent.setup();
    renderMeeting();
    await user.click(await screen.findByRole('button', { name: 'Send late notice' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send a late notice' });
    await user.click(within(dialog).getByRole('button', { name: 'Send late notice' }));
    expect(await within(dialog).findByText(MEETING_MESSAGES.overrideReasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason *'), 'The venue moved the date.');
    await user.click(within(dialog).getByRole('button', { name: 'Send late notice' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: `/api/meetings/${MEETING_ID}/notice`,
        body: { overrideReason: 'The venue moved the date.' },
      }),
    );
  });
});

describe('the new meeting form', () => {
  it('says what is missing and refuses voting that closes before it opens, with the shared schema’s words', async () => {
    signInAs(['secretariat']);
    const calls = stubApi(meetingFor());
    const user = userEvent.setup();
    renderWithRouter(<MeetingsPage />, { path: '/admin/meetings' });
    await screen.findAllByRole('link', { name: 'Annual meeting 2027' });
    await user.click(screen.getByRole('button', { name: 'New meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'New meeting' });
    await user.click(within(dialog).getByRole('button', { name: 'Create meeting' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Venue is required')).toBeInTheDocument();
    expect(within(dialog).getByText('The meeting’s date and time is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Record date is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Voting opens *'), '2027-06-10T09:00');
    await user.type(within(dialog).getByLabelText('Voting closes *'), '2027-06-09T09:00');
    await user.clear(within(dialog).getByLabelText('Seats *'));
    await user.type(within(dialog).getByLabelText('Seats *'), '40');
    expect(await within(dialog).findByText(MEETING_MESSAGES.timesOutOfOrder)).toBeInTheDocument();
    expect(within(dialog).getByText('Seats must be from 1 to 25')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('the chair of the meeting (docs/decisions/071, "The chair as a proxy holder")', () => {
  const president = { userId: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b', name: 'Rosa Aquino' };

  it('offers the board’s President to the secretariat and names them with one click', async () => {
    signInAs(['secretariat']);
    const calls = stubApi(meetingFor({ chairSuggestion: president }));
    const user = userEvent.setup();
    renderMeeting();
    const panel = await screen.findByRole('region', { name: 'Chair of the meeting' });
    expect(within(panel).getByText('Not named yet.')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Name Rosa Aquino chair' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        path: `/api/meetings/${MEETING_ID}/chair`,
        body: { userId: president.userId },
      }),
    );
  });

  it('shows the election committee who chairs, with no control', async () => {
    signInAs(['election_committee']);
    stubApi(meetingFor({ chair: president, chairSuggestion: president }));
    renderMeeting();
    const panel = await screen.findByRole('region', { name: 'Chair of the meeting' });
    expect(within(panel).getByText('Rosa Aquino')).toBeVisible();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(within(panel).queryByRole('searchbox')).toBeNull();
  });
});
