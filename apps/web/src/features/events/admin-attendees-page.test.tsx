import {
  type AdminWaitlistEntry,
  ATTENDEE_MESSAGES,
  type Attendee,
  type AttendeeMessage,
  type EventStaff,
  formatDateTime,
} from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { AdminAttendeesPage } from './admin-attendees-page';
import { json, makeAdminEvent, makeEventDetail } from './test-fixtures';

const staffId = crypto.randomUUID();
const event = makeAdminEvent({ title: 'Annual Forum', is_registration_required: true, max_attendees: 40 });

const attendee = (overrides: Partial<Attendee>): Attendee => ({
  registration_id: crypto.randomUUID(),
  user_id: crypto.randomUUID(),
  name: 'ana.cruz',
  company: null,
  email: 'ana@example.com',
  status: 'pending',
  registered_at: '2026-02-01T01:30:00.000Z',
  tier_name: null,
  amount: null,
  payment: null,
  hold_expires_at: null,
  checked_in: 0,
  ...overrides,
});

/**
 * The attendees API at the network boundary: it filters `attendees` by status as the server
 * would; `failDecision` makes approvals answer 500; `hold()` keeps writes waiting until `release()`.
 */
function stubAttendeesApi(
  attendees: Attendee[],
  { failDecision = false, failSettle = false, waiting = [] as AdminWaitlistEntry[] } = {},
) {
  const requests: { method: string; url: URL; body: unknown }[] = [];
  const messages: AttendeeMessage[] = [];
  const staff: EventStaff[] = [];
  let waitlist: AdminWaitlistEntry[] = [...waiting];
  let held: { promise: Promise<void>; release: () => void } | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url, body });
      const path = url.pathname;
      if (path === `/api/events/retrieve-events/${event.id}`) {
        return json({
          data: makeEventDetail({
            ...event,
            price_tiers: [],
            seats_taken: 2,
            waitlist_count: waitlist.length,
          }),
        });
      }
      const waitlistEntry = path.match(/^\/api\/events\/admin\/[^/]+\/waitlist\/([^/]+)(\/offer)?$/);
      if (path === `/api/events/admin/${event.id}/waitlist`) return json({ data: waitlist });
      if (waitlistEntry) {
        if (waitlistEntry[2]) {
          waitlist = waitlist.map((entry) =>
            entry.id === waitlistEntry[1]
              ? {
                  ...entry,
                  state: 'offered' as const,
                  position: null,
                  offered_at: '2026-02-02T02:00:00.000Z',
                  offer_expires_at: '2026-02-04T02:00:00.000Z',
                }
              : entry,
          );
        } else {
          waitlist = waitlist.filter((entry) => entry.id !== waitlistEntry[1]);
        }
        return json({ data: waitlist });
      }
      if (path === `/api/events/admin/${event.id}/attendees`) {
        const status = url.searchParams.get('status');
        const rows = attendees.filter((row) => !status || row.status === status);
        return json({
          data: {
            attendees: rows,
            pagination: {
              page: 1,
              limit: 20,
              total: rows.length,
              totalPages: 1,
              hasNext: false,
              hasPrev: false,
            },
          },
        });
      }
      if (path === `/api/events/admin/${event.id}/messages` && method === 'GET') {
        return json({
          data: {
            messages,
            pagination: {
              page: 1,
              limit: 10,
              total: messages.length,
              totalPages: 1,
              hasNext: false,
              hasPrev: false,
            },
          },
        });
      }
      if (path === `/api/events/admin/${event.id}/staff`) {
        if (method === 'POST')
          staff.push({
            user_id: body.userId,
            name: 'Jun Reyes',
            email: 'jun@example.com',
            added_at: '2026-02-02T02:00:00.000Z',
          });
        return json({ data: staff }, method === 'POST' ? 201 : 200);
      }
      if (path === '/api/users/get-all') {
        return json({
          data: {
            users: [{ id: staffId, display_name: 'Jun Reyes', email: 'jun@example.com' }],
            page: 1,
            limit: 5,
            total: 1,
            totalPages: 1,
            hasNext: false,
            hasPrev: false,
          },
        });
      }
      if (held) await held.promise;
      if (path === `/api/events/admin/${event.id}/messages`) {
        if (!body.subject.trim()) {
          return json(
            {
              error: 'Subject is required',
              code: 'validation_error',
              fields: { subject: 'Subject is required' },
            },
            400,
          );
        }
        const message: AttendeeMessage = {
          id: crypto.randomUUID(),
          subject: body.subject,
          body: body.body,
          filter: { status: body.status ?? null, search: body.search ?? null },
          recipient_count: 2,
          sent_by: 'secretariat',
          created_at: '2026-02-02T02:00:00.000Z',
        };
        messages.unshift(message);
        return json({ data: message }, 201);
      }
      const settle = path.match(/^\/api\/events\/admin\/registrations\/([^/]+)\/(waive|paid-at-door)$/);
      if (settle) {
        if (failSettle) {
          return json({ error: 'Only a pending registration can be settled', code: 'not_pending' }, 409);
        }
        const row = attendees.find((entry) => entry.registration_id === settle[1]);
        if (row) {
          row.status = 'approved';
          row.payment = settle[2] === 'waive' ? 'waived' : 'paid';
          row.hold_expires_at = null;
        }
        return json({ data: {} });
      }
      if (path === '/api/events/admin/update-user-event') {
        if (failDecision) return json({ error: 'Internal Server Error' }, 500);
        const row = attendees.find((entry) => entry.user_id === body.userId);
        if (row) row.status = body.status;
        return json({ data: {} });
      }
      return json({ error: 'Not found' }, 404);
    }),
  );
  return {
    requests,
    hold() {
      let release = () => {};
      const promise = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { promise, release };
    },
    release() {
      held?.release();
      held = null;
    },
  };
}

const renderPage = (query = '') =>
  renderWithRouter(<AdminAttendeesPage />, {
    path: `/admin/events/${event.id}/attendees${query}`,
    route: '/admin/events/:id/attendees',
  });
const table = () => screen.getByRole('table', { name: 'Attendees', hidden: true });

describe('AdminAttendeesPage', () => {
  const company = attendee({
    name: 'Ramon Dizon',
    company: 'Cordillera Copper Exploration',
    email: 'corporate@cordillera.example',
    status: 'approved',
  });

  it('lists name, company, e-mail, status and time, and filters by status in the address', async () => {
    const api = stubAttendeesApi([attendee({}), company]);
    const { router } = renderPage();
    const rows = within(await screen.findByRole('table', { name: 'Attendees' }));
    expect(await rows.findByText('Ramon Dizon')).toBeInTheDocument();
    expect(rows.getByText('Cordillera Copper Exploration')).toBeInTheDocument();
    expect(rows.getByText('corporate@cordillera.example')).toBeInTheDocument();
    expect(rows.getByText('ana.cruz')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Annual Forum' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Filter by status'), 'approved');
    await waitFor(() => expect(router.state.location.search).toBe('?status=approved'));
    await waitFor(() => expect(within(table()).queryByText('ana.cruz')).toBeNull());
    expect(api.requests.at(-1)?.url.searchParams.get('status')).toBe('approved');
    // The message goes to the group the list shows.
    expect(
      await screen.findByText(/to the 1 person of the list chosen below \(Approved\)/),
    ).toBeInTheDocument();
  });

  it('a failed approval puts the registration back to pending, with its actions, and says so', async () => {
    const api = stubAttendeesApi([attendee({})], { failDecision: true });
    renderPage();
    const user = userEvent.setup();
    await within(await screen.findByRole('table', { name: 'Attendees' })).findByText('ana.cruz');
    api.hold();
    await user.click(within(table()).getByRole('button', { name: 'Approve ana.cruz' }));
    // Shown at once as approved, without its actions…
    await within(table()).findByText('approved');
    expect(within(table()).queryByRole('button', { name: 'Approve ana.cruz' })).toBeNull();
    api.release();
    // …and back to pending when the server refuses.
    expect(await screen.findByRole('alertdialog', { name: 'Something went wrong' })).toHaveTextContent(
      'Failed to update user registration status.',
    );
    expect(
      within(table()).getByRole('button', { name: 'Approve ana.cruz', hidden: true }),
    ).toBeInTheDocument();
  });

  // A fresh row each test: the stub settles rows in place.
  const heldRow = () =>
    attendee({
      name: 'Liza Ramos',
      tier_name: 'Guest / non-member',
      amount: 50_000,
      payment: 'awaiting',
      hold_expires_at: '2026-02-04T01:30:00.000Z',
    });

  it('shows each paid registration’s tier, amount and payment, with the hold of an unpaid one', async () => {
    stubAttendeesApi([
      heldRow(),
      attendee({
        name: 'paid.member',
        status: 'approved',
        tier_name: 'Member',
        amount: 20_000,
        payment: 'paid',
      }),
    ]);
    renderPage();
    const rows = within(await screen.findByRole('table', { name: 'Attendees' }));
    expect(await rows.findByText('Liza Ramos')).toBeInTheDocument();
    expect(rows.getByText('Guest / non-member')).toBeInTheDocument();
    expect(rows.getByText('₱500.00')).toBeInTheDocument();
    expect(rows.getByText('Awaiting payment')).toBeInTheDocument();
    expect(rows.getByText(/^Seat held until /)).toBeInTheDocument();
    expect(rows.getByText('₱200.00')).toBeInTheDocument();
    expect(rows.getByText('Paid')).toBeInTheDocument();
    // Only the awaited fee can be settled.
    expect(rows.getByRole('button', { name: 'Waive fee of Liza Ramos' })).toBeInTheDocument();
    expect(rows.queryByRole('button', { name: /paid\.member/ })).toBeNull();
  });

  it('records a fee paid at the door after a confirmation, and the row shows it paid', async () => {
    const held = heldRow();
    const api = stubAttendeesApi([held]);
    renderPage();
    const user = userEvent.setup();
    await within(await screen.findByRole('table', { name: 'Attendees' })).findByText('Liza Ramos');
    await user.click(within(table()).getByRole('button', { name: 'Paid at the door: Liza Ramos' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Paid at the door' });
    expect(confirm).toHaveTextContent('Record ₱500.00 paid in cash at the door by Liza Ramos?');
    await user.click(within(confirm).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded; registration approved.')).toBeInTheDocument();
    expect(await within(table()).findByText('Paid')).toBeInTheDocument();
    expect(within(table()).queryByRole('button', { name: 'Waive fee of Liza Ramos' })).toBeNull();
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/events/admin/registrations/${held.registration_id}/paid-at-door`);
  });

  it('a refused waiver says so with the server’s reason, and the row keeps its actions', async () => {
    stubAttendeesApi([heldRow()], { failSettle: true });
    renderPage();
    const user = userEvent.setup();
    await within(await screen.findByRole('table', { name: 'Attendees' })).findByText('Liza Ramos');
    await user.click(within(table()).getByRole('button', { name: 'Waive fee of Liza Ramos' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Waive fee' });
    expect(confirm).toHaveTextContent('Waive the ₱500.00 fee of Liza Ramos?');
    await user.click(within(confirm).getByRole('button', { name: 'Waive fee' }));
    const failure = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(failure).toHaveTextContent('Failed to settle the registration fee.');
    expect(failure).toHaveTextContent('Only a pending registration can be settled');
    expect(
      within(table()).getByRole('button', { name: 'Waive fee of Liza Ramos', hidden: true }),
    ).toBeInTheDocument();
  });

  it('asks "Send to N people?", sends once with the list’s filters and a key, and logs the message', async () => {
    const api = stubAttendeesApi([attendee({ status: 'approved' }), company]);
    renderPage('?status=approved');
    const user = userEvent.setup();
    await within(await screen.findByRole('table', { name: 'Attendees' })).findByText('Ramon Dizon');
    expect(screen.getByText(ATTENDEE_MESSAGES.logEmpty)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(ATTENDEE_MESSAGES.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(ATTENDEE_MESSAGES.bodyRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Subject *'), 'Venue change');
    await user.type(screen.getByLabelText('Message *'), 'Hall B.{enter}See you there.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const confirm = await screen.findByRole('alertdialog', { name: ATTENDEE_MESSAGES.confirmTitle });
    expect(confirm).toHaveTextContent('Send to 2 people?');
    api.hold();
    const send = within(confirm).getByRole('button', { name: 'Send' });
    await user.click(send);
    expect(send).toBeDisabled();
    await user.click(send);
    api.release();

    expect(await screen.findByText('Message queued for 2 people.')).toBeInTheDocument();
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      subject: 'Venue change',
      body: 'Hall B.\nSee you there.',
      status: 'approved',
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const log = await screen.findByRole('table', { name: 'Sent messages' });
    expect(await within(log).findByText('Venue change')).toBeInTheDocument();
    expect(within(log).getByText('Approved')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject *')).toHaveValue('');
  });

  it('a message goes to the approved attendees unless another group is picked, not to everyone', async () => {
    const api = stubAttendeesApi([
      attendee({ name: 'Approved One', status: 'approved' }),
      attendee({ name: 'Rejected One', status: 'rejected' }),
      attendee({ name: 'Pending One', status: 'pending' }),
    ]);
    renderPage();
    const user = userEvent.setup();
    await within(await screen.findByRole('table', { name: 'Attendees' })).findByText('Rejected One');
    expect(screen.getByLabelText('To')).toHaveValue('approved');
    await user.type(screen.getByLabelText('Subject *'), 'Venue change');
    await user.type(screen.getByLabelText('Message *'), 'Hall B.');
    await waitFor(() => expect(screen.getByText(/One e-mail each to the 1 person/)).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const confirm = await screen.findByRole('alertdialog', { name: ATTENDEE_MESSAGES.confirmTitle });
    expect(confirm).toHaveTextContent('Send to 1 person?');
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message queued for 2 people.')).toBeInTheDocument();
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.body).toMatchObject({ status: 'approved' });

    await user.selectOptions(screen.getByLabelText('To'), ATTENDEE_MESSAGES.toEveryone);
    expect(await screen.findByText(/One e-mail each to the 3 people/)).toBeInTheDocument();
  });

  it('the Waitlist tab shows each place, when they joined and the offer; "Offer now" and "Remove" act after a confirmation', async () => {
    const waitingEntry = (overrides: Partial<AdminWaitlistEntry>): AdminWaitlistEntry => ({
      id: crypto.randomUUID(),
      user_id: crypto.randomUUID(),
      name: 'Lea Ramos',
      company: null,
      email: 'lea@example.com',
      state: 'waiting',
      position: 1,
      joined_at: '2026-02-01T02:00:00.000Z',
      offered_at: null,
      offer_expires_at: null,
      ...overrides,
    });
    const api = stubAttendeesApi([attendee({ status: 'approved' })], {
      waiting: [
        waitingEntry({ name: 'Lea Ramos', position: 1 }),
        waitingEntry({ name: 'Jose Tan', email: 'jose@example.com', position: 2 }),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(/2 of 40 seats taken · 2 waiting/)).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: 'Waitlist (2)' }));
    const table = await screen.findByRole('table', { name: 'Waitlist' });
    expect(await within(table).findByText('Lea Ramos')).toBeInTheDocument();
    expect(within(table).getByText('No. 2')).toBeInTheDocument();
    expect(within(table).getAllByText(formatDateTime('2026-02-01T02:00:00.000Z')).length).toBe(2);

    await user.click(within(table).getByRole('button', { name: 'Offer now: Jose Tan' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Offer now' });
    expect(confirm).toHaveTextContent('Offer Jose Tan a seat now?');
    await user.click(within(confirm).getByRole('button', { name: 'Offer the seat' }));
    expect(await screen.findByText('Seat offered to Jose Tan.')).toBeInTheDocument();
    expect(await within(table).findByText('Offered')).toBeInTheDocument();
    expect(within(table).getByText(/^Expires /)).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Offer now: Jose Tan' })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Remove Lea Ramos from the waitlist' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove from the waitlist' })).getByRole(
        'button',
        {
          name: 'Remove',
        },
      ),
    );
    await waitFor(() => expect(within(table).queryByText('Lea Ramos')).toBeNull());
    const writes = api.requests.filter((request) => request.url.pathname.includes('/waitlist/'));
    expect(writes.map((request) => request.method)).toEqual(['POST', 'DELETE']);
  });

  it('shows who checked in, and adds an account found by name as check-in staff', async () => {
    const api = stubAttendeesApi([attendee({ name: 'Maria Santos', status: 'approved', checked_in: 2 })]);
    renderPage();
    expect((await screen.findAllByText('Yes · 2 sessions')).length).toBeGreaterThan(0);
    const staff = screen.getByRole('region', { name: 'Check-in staff', hidden: true });
    expect(within(staff).getByRole('link', { name: 'Open check-in', hidden: true })).toHaveAttribute(
      'href',
      `/admin/events/${event.id}/check-in`,
    );
    await userEvent.type(within(staff).getByRole('searchbox', { hidden: true }), 'jun');
    await userEvent.click(await within(staff).findByRole('button', { name: 'Add Jun Reyes', hidden: true }));
    expect(
      await within(staff).findByRole('button', { name: 'Remove Jun Reyes', hidden: true }),
    ).toBeInTheDocument();
    const added = api.requests.find(
      (request) => request.method === 'POST' && request.url.pathname.endsWith('/staff'),
    );
    expect(added?.body).toEqual({ userId: staffId });
  });
});
