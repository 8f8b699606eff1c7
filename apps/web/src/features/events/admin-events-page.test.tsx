import { type AdminEventSummary, DELAYS_MS, type EventDetail, type UserEvent } from '@portal/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { AdminEventsPage } from './admin-events-page';
import { json, makeAdminEvent, makeEventDetail } from './test-fixtures';

type Write = 'create' | 'edit' | 'delete' | 'speaker';

/**
 * A stand-in for the events API at the network boundary: it keeps `events` as the server would
 * (newest first) and changes them on writes. `fail` makes a kind of write answer 500; `hold`
 * keeps every write waiting until `release()`, so a test sees the list before the server answers.
 */
function stubEventsApi(events: AdminEventSummary[], registrations: Record<string, UserEvent[]> = {}) {
  const fail = new Set<Write>();
  let held: { promise: Promise<void>; release: () => void } | null = null;
  const writes: { method: string; path: string; body: unknown }[] = [];
  const detailOf = (event: AdminEventSummary): EventDetail => {
    const { registration_count: _r, total_registrations: _t, price_tiers: _tiers, ...summary } = event;
    const userEvents = registrations[event.id] ?? [];
    return makeEventDetail({
      ...summary,
      user_events: userEvents,
      pending_count: userEvents.filter((row) => row.status === 'pending').length,
    });
  };
  const answer = async (kind: Write, change: () => Response) => {
    if (held) await held.promise;
    return fail.has(kind) ? json({ error: 'Internal Server Error' }, 500) : change();
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname;
      const id = path.split('/').at(-1) ?? '';
      if (method === 'GET') {
        if (path === '/api/events/admin/get-all') {
          const search = url.searchParams.get('search')?.toLowerCase();
          const rows = events.filter((event) => !search || event.title.toLowerCase().includes(search));
          return json({
            data: {
              events: rows.slice(0, 10),
              pagination: {
                page: 1,
                limit: 10,
                total: rows.length,
                totalPages: Math.max(1, Math.ceil(rows.length / 10)),
                hasNext: rows.length > 10,
                hasPrev: false,
              },
            },
          });
        }
        if (path.startsWith('/api/events/retrieve-events/')) {
          const event = events.find((row) => row.id === id);
          return event ? json({ data: detailOf(event) }) : json({ error: 'Event not found' }, 404);
        }
        if (path.startsWith('/api/speakers')) return json({ data: [] });
        return json({ error: 'Not found' }, 404);
      }
      const body =
        init?.body instanceof FormData
          ? Object.fromEntries(init.body)
          : typeof init?.body === 'string'
            ? JSON.parse(init.body)
            : {};
      writes.push({ method, path, body });
      if (path === '/api/events/admin/create-event') {
        return answer('create', () => {
          const created = makeAdminEvent({ title: String(body.title), start_date: String(body.start_date) });
          events.unshift(created);
          return json({ data: detailOf(created) }, 201);
        });
      }
      if (path.startsWith('/api/events/admin/edit-event/')) {
        return answer('edit', () => {
          const index = events.findIndex((row) => row.id === id);
          events[index] = { ...(events[index] as AdminEventSummary), title: String(body.title) };
          return json({ data: detailOf(events[index] as AdminEventSummary) });
        });
      }
      if (path.startsWith('/api/events/admin/delete-event/')) {
        return answer('delete', () => {
          events.splice(
            events.findIndex((row) => row.id === id),
            1,
          );
          return json({ data: { id, registrations_deleted: 0 } });
        });
      }
      if (path === '/api/speakers') {
        return answer('speaker', () =>
          json(
            {
              data: { id: crypto.randomUUID(), name: body.name, title: null, company: null, image_url: null },
            },
            201,
          ),
        );
      }
      return json({ error: 'Not found' }, 404);
    }),
  );
  return {
    fail,
    writes,
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

const renderPage = () => renderWithRouter(<AdminEventsPage />, { path: '/admin/events' });
/**
 * The list: the desktop table and the phone cards, which repeat each row. Found even while a
 * dialog hides it from the accessibility tree; an empty list has no table, only this section.
 */
const list = () => screen.getByRole('region', { name: 'Events', hidden: true });
/** The desktop table, for its row actions (while no dialog is open). */
const table = () => screen.getByRole('table', { name: 'Events' });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AdminEventsPage (spec 001 §2, §4, §8)', () => {
  it('asks before deleting, saying how many registrations go with the event; the row goes at once', async () => {
    const forum = makeAdminEvent({ title: 'Annual Forum', total_registrations: 3, registration_count: 2 });
    const api = stubEventsApi([forum, makeAdminEvent({ title: 'Core Logging Clinic' })]);
    renderPage();
    const user = userEvent.setup();
    await within(await screen.findByRole('table', { name: 'Events' })).findByText('Annual Forum');

    await user.click(within(table()).getByRole('button', { name: 'Delete Annual Forum' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Event' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete this event? This action cannot be undone.',
    );
    expect(confirm).toHaveTextContent('Its 3 registrations will be deleted too.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.writes).toEqual([]);

    api.hold();
    await user.click(within(table()).getByRole('button', { name: 'Delete Annual Forum' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Event' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    // Optimistic: gone before the server answers, and no success notice yet.
    await waitFor(() => expect(within(list()).queryAllByText('Annual Forum')).toHaveLength(0));
    expect(screen.queryByText('Event deleted successfully!')).toBeNull();
    api.release();
    expect(await screen.findByText('Event deleted successfully!')).toBeVisible();
    expect(within(list()).getAllByText('Core Logging Clinic')).toHaveLength(2);
  });

  it('says nothing of registrations when the event has none', async () => {
    stubEventsApi([makeAdminEvent({ title: 'Quiet Meeting' })]);
    renderPage();
    const user = userEvent.setup();
    await within(await screen.findByRole('table', { name: 'Events' })).findByText('Quiet Meeting');
    await user.click(within(table()).getByRole('button', { name: 'Delete Quiet Meeting' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Event' });
    expect(confirm).not.toHaveTextContent(/registration/);
  });

  it('a failed delete brings the row back and shows an error notice, never the success one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = stubEventsApi([makeAdminEvent({ title: 'Annual Forum' })]);
    api.fail.add('delete');
    renderPage();
    const user = userEvent.setup();
    await within(await screen.findByRole('table', { name: 'Events' })).findByText('Annual Forum');
    api.hold();
    await user.click(within(table()).getByRole('button', { name: 'Delete Annual Forum' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Event' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(within(list()).queryAllByText('Annual Forum')).toHaveLength(0));
    api.release();
    const notice = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(notice).toHaveTextContent('Failed to delete event.');
    expect(within(list()).getAllByText('Annual Forum')).toHaveLength(2);
    expect(screen.queryByText('Event deleted successfully!')).toBeNull();
  });

  it('creates optimistically: the new row shows before the server answers, then the success notice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = stubEventsApi([makeAdminEvent({ title: 'Older Event' })]);
    // The success notice's 2 seconds pass on a fake clock (which also follows the real one).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await within(await screen.findByRole('table', { name: 'Events' })).findByText('Older Event');

    api.hold();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    const form = await screen.findByRole('dialog', { name: 'Create Event' });
    await user.type(within(form).getByLabelText('Title *'), 'Drilling Safety Day');
    await user.type(within(form).getByLabelText('Start date *'), '2099-03-14');
    await user.click(within(form).getByRole('button', { name: 'Create Event' }));
    // The row is in the list (first: newest first) while the server has not answered.
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Events', hidden: true })).getAllByRole('row', {
          hidden: true,
        })[1],
      ).toHaveTextContent('Drilling Safety Day'),
    );
    expect(screen.queryByText('Event created successfully!')).toBeNull();
    api.release();
    expect(await screen.findByText('Event created successfully!')).toBeVisible();
    await waitFor(() => expect(within(list()).getAllByText('Drilling Safety Day')).toHaveLength(2));

    // A refused create: the row comes and goes, and an error notice says so.
    await act(() => vi.advanceTimersByTimeAsync(DELAYS_MS.successNotice));
    expect(screen.queryByText('Event created successfully!')).toBeNull();
    api.fail.add('create');
    api.hold();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    const again = await screen.findByRole('dialog', { name: 'Create Event' });
    await user.type(within(again).getByLabelText('Title *'), 'Doomed Event');
    await user.type(within(again).getByLabelText('Start date *'), '2099-03-15');
    await user.click(within(again).getByRole('button', { name: 'Create Event' }));
    await within(list()).findAllByText('Doomed Event');
    api.release();
    const notice = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(notice).toHaveTextContent('Failed to create event.');
    await waitFor(() => expect(within(list()).queryAllByText('Doomed Event')).toHaveLength(0));
    expect(screen.queryByText('Event created successfully!')).toBeNull();
  });

  it('edits optimistically; a failed edit puts the old values back with an error notice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = stubEventsApi([makeAdminEvent({ title: 'Annual Forum' })]);
    // The success notice's 2 seconds pass on a fake clock (which also follows the real one).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await within(await screen.findByRole('table', { name: 'Events' })).findByText('Annual Forum');

    const edit = async (title: string) => {
      await user.click(within(table()).getAllByRole('button', { name: /^Edit / })[0] as HTMLElement);
      const form = await screen.findByRole('dialog', { name: 'Edit Event' });
      await user.clear(within(form).getByLabelText('Title *'));
      await user.type(within(form).getByLabelText('Title *'), title);
      await user.click(within(form).getByRole('button', { name: 'Update Event' }));
    };

    api.hold();
    await edit('Annual Forum 2099');
    await within(list()).findAllByText('Annual Forum 2099');
    expect(screen.queryByText('Event updated successfully!')).toBeNull();
    api.release();
    expect(await screen.findByText('Event updated successfully!')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(DELAYS_MS.successNotice));
    expect(screen.queryByText('Event updated successfully!')).toBeNull();

    api.fail.add('edit');
    api.hold();
    await edit('Renamed For Nothing');
    await within(list()).findAllByText('Renamed For Nothing');
    api.release();
    expect(await screen.findByRole('alertdialog', { name: 'Something went wrong' })).toHaveTextContent(
      'Failed to update event.',
    );
    await waitFor(() => expect(within(list()).getAllByText('Annual Forum 2099')).toHaveLength(2));
    expect(within(list()).queryAllByText('Renamed For Nothing')).toHaveLength(0);
    expect(screen.queryByText('Event updated successfully!')).toBeNull();
  });

  it('the view counts the registrations and leads to the attendee list, where they are decided', async () => {
    const event = makeAdminEvent({ title: 'Annual Forum', is_registration_required: true, pending_count: 1 });
    const registration = (status: UserEvent['status']): UserEvent => ({
      id: crypto.randomUUID(),
      userId: crypto.randomUUID(),
      eventId: event.id,
      status,
      created_at: '2026-02-01T00:00:00.000Z',
      profiles: { id: crypto.randomUUID(), username: `member-${status}` },
    });
    stubEventsApi([event], { [event.id]: [registration('pending'), registration('approved')] });
    const { router } = renderPage();
    const user = userEvent.setup();
    await within(await screen.findByRole('table', { name: 'Events' })).findByText('Annual Forum');
    await user.click(within(table()).getByRole('button', { name: 'View Annual Forum' }));
    const view = await screen.findByRole('dialog', { name: 'Annual Forum' });
    expect(await within(view).findByText('1 pending')).toBeInTheDocument();
    expect(within(view).getByText(/^2 registrations: approve or reject them/)).toBeInTheDocument();
    await user.click(within(view).getByRole('link', { name: 'Open the attendee list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/events/${event.id}/attendees`));
  });

  it('each row leads to its attendee list', async () => {
    const event = makeAdminEvent({ title: 'Annual Forum' });
    stubEventsApi([event]);
    const { router } = renderPage();
    const user = userEvent.setup();
    await within(await screen.findByRole('table', { name: 'Events' })).findByText('Annual Forum');
    await user.click(within(table()).getByRole('button', { name: 'Attendees of Annual Forum' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/events/${event.id}/attendees`));
  });

  it('a failed speaker creation shows an error notice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = stubEventsApi([makeAdminEvent({ title: 'Annual Forum' })]);
    api.fail.add('speaker');
    renderPage();
    const user = userEvent.setup();
    await within(await screen.findByRole('table', { name: 'Events' })).findByText('Annual Forum');
    await user.click(within(table()).getByRole('button', { name: 'Manage speakers of Annual Forum' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Speakers' });
    await user.click(within(dialog).getByRole('tab', { name: 'Create New Speaker' }));
    await user.type(within(dialog).getByLabelText('Name *'), 'Cara Diaz');
    await user.click(within(dialog).getByRole('button', { name: 'Create Speaker' }));
    expect(await screen.findByRole('alertdialog', { name: 'Something went wrong' })).toHaveTextContent(
      'Failed to create speaker.',
    );
    expect(within(dialog).getByText('0 speakers selected')).toBeInTheDocument();
  });
});
