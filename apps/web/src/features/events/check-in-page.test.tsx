import 'fake-indexeddb/auto';
import { CHECK_IN_MESSAGES, type CheckInList, type DoorAttendee, manilaDateString } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { attendeeOfTicket, sha256Hex } from './check-in/door';
import { CheckInPage } from './check-in-page';
import { json } from './test-fixtures';

// The check-in page (docs/decisions/053): online it asks the server; offline it answers from the
// downloaded list and queues, and sends the queue when the connection returns.

const EVENT_ID = '00000000-0000-4000-8000-00000000c0de';
const today = manilaDateString();
/** A ticket as the server signs one: registration id, version, signature. */
const SIGNATURE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const TOKEN = `00000000-0000-4000-8000-000000000001.1.${SIGNATURE}`;

const attendee = (overrides: Partial<DoorAttendee>): DoorAttendee => ({
  registration_id: '00000000-0000-4000-8000-000000000001',
  name: 'Maria Santos',
  company: null,
  tier_name: 'Member',
  status: 'approved',
  payment: 'paid',
  ticket_check: null,
  check_ins: [],
  ...overrides,
});

async function makeList(): Promise<CheckInList> {
  return {
    event: {
      id: EVENT_ID,
      title: 'Exploration Forum',
      start_date: today,
      end_date: null,
      start_time: '08:00:00',
      end_time: '17:00:00',
      days: [today],
      sessions: ['morning', 'afternoon'],
    },
    attendees: [
      attendee({ ticket_check: await sha256Hex(TOKEN) }),
      attendee({
        registration_id: '00000000-0000-4000-8000-000000000002',
        name: 'Paolo Reyes',
        status: 'pending',
        payment: 'awaiting',
      }),
    ],
    generated_at: new Date().toISOString(),
  };
}

let online = true;
function stubApi(list: CheckInList) {
  const posts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      const path = new URL(input, 'http://localhost').pathname;
      if (path === `/api/events/${EVENT_ID}/check-in-list`) return json({ data: list });
      if (path === `/api/events/${EVENT_ID}/check-ins` && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push(body);
        const found = list.attendees.find((entry) => entry.registration_id === body.registrationId);
        if (!found) return json({ error: CHECK_IN_MESSAGES.ticketInvalid }, 400);
        const refusal = found.status === 'approved' ? null : CHECK_IN_MESSAGES.registrationPending;
        if (refusal) return json({ error: refusal }, 409);
        const at = body.scanned_at ?? new Date().toISOString();
        const marked = { ...found, check_ins: [{ day: today, session: body.session, checked_in_at: at }] };
        // Kept, as the server keeps it: the list read after a sync has it.
        list.attendees = list.attendees.map((entry) => (entry === found ? marked : entry));
        return json(
          {
            data: {
              attendee: marked,
              day: today,
              session: body.session,
              checked_in_at: at,
              already_checked_in: false,
            },
          },
          201,
        );
      }
      return json({ error: 'Not found' }, 404);
    }),
  );
  return posts;
}

const setOnline = (value: boolean) => {
  online = value;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
};

const renderPage = () =>
  renderWithRouter(<CheckInPage />, {
    path: `/admin/events/${EVENT_ID}/check-in`,
    route: '/admin/events/:id/check-in',
  });

async function checkInByName(name: string) {
  const search = await screen.findByRole('searchbox', { name: 'Search attendees by name or company' });
  await userEvent.clear(search);
  await userEvent.type(search, name);
  await userEvent.click(screen.getByRole('button', { name: `Check in ${name}` }));
}

beforeEach(() => setOnline(true));
// What a test left on the "phone" is cleared, as a new phone would start.
afterEach(() => clear(createStore('portal-check-in', 'check-in')));

describe('CheckInPage', () => {
  it('checks a person in by name through the server and shows who came; a pending one is refused', async () => {
    const posts = stubApi(await makeList());
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Exploration Forum' });
    expect(screen.getByText(/checked in for/)).toHaveTextContent('0 of 1 checked in');
    await userEvent.click(screen.getByText('Afternoon'));
    await checkInByName('Maria Santos');
    const feedback = await screen.findByTestId('check-in-feedback');
    expect(feedback).toHaveAttribute('data-kind', 'admit');
    expect(within(feedback).getByText('Maria Santos')).toBeInTheDocument();
    expect(within(feedback).getByText('Member · Paid')).toBeInTheDocument();
    expect(posts).toEqual([{ registrationId: '00000000-0000-4000-8000-000000000001', session: 'afternoon' }]);
    await waitFor(() => expect(screen.getByText(/checked in for/)).toHaveTextContent('1 of 1 checked in'));

    await checkInByName('Paolo Reyes');
    await waitFor(() =>
      expect(screen.getByTestId('check-in-feedback')).toHaveAttribute('data-kind', 'refused'),
    );
    expect(screen.getByText(CHECK_IN_MESSAGES.registrationPending)).toBeInTheDocument();
  });

  it('offline, answers from the list and queues, shows the person in; back online it sends the queue and says so', async () => {
    const posts = stubApi(await makeList());
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Exploration Forum' });
    await userEvent.click(screen.getByText('Morning'));
    setOnline(false);
    expect(await screen.findByText('Offline — 0 check-ins waiting')).toBeInTheDocument();
    await checkInByName('Maria Santos');
    const feedback = await screen.findByTestId('check-in-feedback');
    expect(feedback).toHaveAttribute('data-kind', 'admit');
    expect(within(feedback).getByText(/Saved on this phone/)).toBeInTheDocument();
    expect(screen.getByText('Offline — 1 check-in waiting')).toBeInTheDocument();
    // Marked in on the phone: the search shows her in and offers no second check-in.
    expect(screen.queryByRole('button', { name: 'Check in Maria Santos' })).toBeNull();
    expect(screen.getByText(CHECK_IN_MESSAGES.inForSession)).toBeInTheDocument();
    expect(screen.getByText('Offline — 1 check-in waiting')).toBeInTheDocument();
    expect(posts).toEqual([]);

    setOnline(true);
    expect(await screen.findByText('Online · every check-in is saved')).toBeInTheDocument();
    // The card says it was sent, and the search no longer offers to check her in.
    const sent = screen.getByTestId('check-in-feedback');
    expect(within(sent).getByText(CHECK_IN_MESSAGES.sentAfterSync)).toBeInTheDocument();
    expect(within(sent).queryByText(CHECK_IN_MESSAGES.savedOnPhone)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check in Maria Santos' })).toBeNull();
    expect(posts).toEqual([
      {
        registrationId: '00000000-0000-4000-8000-000000000001',
        session: 'morning',
        scanned_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
  });
});

describe('CheckInPage, the card and the search', () => {
  it('going offline clears the last refusal; a company’s attendee is found by the company’s name', async () => {
    const list = await makeList();
    list.attendees.push(
      attendee({
        registration_id: '00000000-0000-4000-8000-000000000003',
        name: 'Ramon Dizon',
        company: 'Cordillera Copper Exploration, Inc.',
      }),
    );
    stubApi(list);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Exploration Forum' });
    await checkInByName('Paolo Reyes');
    await waitFor(() =>
      expect(screen.getByTestId('check-in-feedback')).toHaveAttribute('data-kind', 'refused'),
    );
    setOnline(false);
    await waitFor(() => expect(screen.queryByTestId('check-in-feedback')).toBeNull());
    expect(screen.queryByText(CHECK_IN_MESSAGES.registrationPending)).toBeNull();

    const search = screen.getByRole('searchbox', { name: 'Search attendees by name or company' });
    await userEvent.clear(search);
    await userEvent.type(search, 'cordillera copper exploration inc');
    expect(await screen.findByRole('button', { name: 'Check in Ramon Dizon' })).toBeInTheDocument();
    expect(screen.getByText('Cordillera Copper Exploration, Inc.')).toBeInTheDocument();
  });
});

describe('tickets offline', () => {
  it('a ticket whose hash is the list’s admits; an altered one or an unknown registration does not', async () => {
    const list = await makeList();
    expect((await attendeeOfTicket(list, TOKEN)).kind).toBe('admit');
    const altered = await attendeeOfTicket(list, TOKEN.replace('.1.', '.2.'));
    expect(altered).toMatchObject({ kind: 'refused', message: CHECK_IN_MESSAGES.ticketInvalid });
    const unknown = await attendeeOfTicket(list, `00000000-0000-4000-8000-000000000003.1.${SIGNATURE}`);
    expect(unknown).toMatchObject({ kind: 'refused', message: CHECK_IN_MESSAGES.ticketInvalid });
    expect((await attendeeOfTicket(list, 'not a ticket')).kind).toBe('refused');
  });
});
