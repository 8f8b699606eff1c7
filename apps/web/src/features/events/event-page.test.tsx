import { EVENT_PRICE_MESSAGES, type EventDetail, type MyRegistrationDetail } from '@portal/shared';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { useSessionStore } from '@/lib/session-store';
import { EventPage } from './event-page';
import { json, makeEventDetail } from './test-fixtures';

const ID = '4a1f0c2e-0000-4000-8000-000000000042';

/** Everything the page can show (spec 001 §2, §3; docs/product-rules.md "Events"). */
const fullEvent = (overrides: Partial<EventDetail> = {}) =>
  makeEventDetail({
    id: ID,
    title: 'Mindanao Exploration Forum',
    description: 'Three days on Mindanao geology.',
    content: '<h2>Programme</h2><p>Talks <strong>and</strong> field trips.</p>',
    status: 'published',
    event_type: 'Training',
    start_date: '2099-06-10',
    end_date: '2099-06-12',
    start_time: '08:30',
    end_time: '17:00',
    location_name: 'SMX Davao',
    building_name: 'Lanang Premier',
    floor: '2F',
    room: 'Hall A',
    address: 'J.P. Laurel Ave',
    city: 'Davao City',
    province: 'Davao del Sur',
    country: 'Philippines',
    organizer_name: 'MEAP Secretariat',
    organizer_contact: 'events@example.org',
    website_url: 'https://example.org/forum',
    is_registration_required: true,
    max_attendees: 150,
    max_participants: 150,
    price: 4500,
    banner_image_url: '/uploads/banner.webp',
    safety_focus: 'Slope stability',
    certification_provided: true,
    speakers: [
      {
        id: '10000000-0000-4000-8000-000000000001',
        speaker_id: '10000000-0000-4000-8000-000000000001',
        name: 'Dr. Ana Cruz',
        title: 'Chief Geologist',
        company: 'Cruz Minerals',
        image_url: '/uploads/ana.webp',
      },
      {
        id: '10000000-0000-4000-8000-000000000002',
        speaker_id: '10000000-0000-4000-8000-000000000002',
        name: 'Ben Lim',
        title: null,
        company: null,
        image_url: null,
      },
    ],
    ...overrides,
  });

/**
 * The events API at the network boundary: the detail answers `detail()` (read again after each
 * registration change); POST and DELETE of the registration answer `write()`.
 */
function stubApi(
  detail: () => Response,
  write: (method: string, path: string) => Response = () => json({}, 500),
) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${input}`);
      if (method === 'GET' && input.startsWith(`/api/events/retrieve-events/${ID}`)) return detail();
      if (input === `/api/events/${ID}/registration` || input === `/api/events/${ID}/waitlist`) {
        return write(method, input);
      }
      return json({ error: 'Not found' }, 404);
    }),
  );
  return calls;
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/events/:id', element: <EventPage /> },
      { path: '*', Component: () => <p data-testid="current-path">{window.location.pathname}</p> },
    ],
    { initialEntries: [`/events/${ID}`] },
  );
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const signInAsMember = () =>
  useSessionStore.setState({ user: { id: '5b0f3c1e-0000-4000-8000-000000000001', username: 'ana' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSessionStore.setState({ user: null });
});

describe('EventPage (spec 001 §2, §8)', () => {
  it("says 'Event not found' on a 404, with Back to Events", async () => {
    stubApi(() => json({ error: 'Event not found' }, 404));
    const router = renderPage();
    expect(screen.getByRole('status', { name: 'Loading event' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to Events' }));
    expect(router.state.location.pathname).toBe('/events');
  });

  it("says 'Failed to load event' on any other failure, with Back to Events", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi(() => json({ error: 'Internal Server Error' }, 500));
    const router = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to load event' })).toBeVisible();
    expect(screen.queryByText('Event not found')).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to Events' }));
    expect(router.state.location.pathname).toBe('/events');
  });

  it('shows every field: banner, badge, type, title, description, when, where, who, capacity, price, safety, certification, links, speakers, content', async () => {
    stubApi(() => json({ data: fullEvent() }));
    renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Mindanao Exploration Forum' });
    const header = heading.closest('header') as HTMLElement;
    expect(header.querySelector('img')).toHaveAttribute('src', '/uploads/banner.webp');
    // A published event carries no status badge: that is what every visitor expects.
    expect(within(header).queryByText('published')).toBeNull();
    expect(within(header).getByText('Training')).toBeVisible();

    // The key facts come before the description (docs/product-rules.md "Events").
    const facts = screen.getByRole('complementary', { name: 'Key facts' });
    const description = screen.getByText('Three days on Mindanao geology.');
    expect(facts.compareDocumentPosition(description) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const fact = (label: string) =>
      within(facts).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    const details = screen.getByRole('complementary', { name: 'Event details' });
    const detail = (label: string) =>
      within(details).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    const term = (label: string) =>
      ['Date', 'Time', 'Location', 'Price'].includes(label) ? fact(label) : detail(label);
    expect(within(facts).getByRole('region', { name: 'Registration' })).toBeVisible();
    expect(term('Date')).toHaveTextContent('June 10, 2099 – June 12, 2099');
    expect(term('Time')).toHaveTextContent('8:30 AM – 5:00 PM');
    expect([...term('Location').querySelectorAll('span')].map((line) => line.textContent)).toEqual([
      'SMX Davao',
      'Lanang Premier',
      '2F, Hall A',
      'J.P. Laurel Ave',
      'Davao City, Davao del Sur',
      'Philippines',
    ]);
    expect(term('Organizer')).toHaveTextContent('MEAP Secretariat');
    expect(term('Contact')).toHaveTextContent('events@example.org');
    expect(term('Capacity')).toHaveTextContent('150 attendees');
    expect(term('Price')).toHaveTextContent('₱4,500.00');
    expect(term('Safety focus')).toHaveTextContent('Slope stability');
    expect(term('Certification')).toHaveTextContent('Certification provided');
    const website = within(term('Website')).getByRole('link', { name: 'https://example.org/forum' });
    expect(website).toHaveAttribute('href', 'https://example.org/forum');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website).toHaveAttribute('rel', expect.stringContaining('noopener'));

    const speakers = screen.getByRole('region', { name: 'Speakers' });
    const ana = within(speakers).getByText('Dr. Ana Cruz').closest('li') as HTMLElement;
    expect(ana.querySelector('img')).toHaveAttribute('src', '/uploads/ana.webp');
    expect(ana).toHaveTextContent('Chief Geologist');
    expect(ana).toHaveTextContent('Cruz Minerals');
    // No photo: the initials stand in.
    const ben = within(speakers).getByText('Ben Lim').closest('li') as HTMLElement;
    expect(ben.querySelector('img')).toBeNull();
    expect(ben).toHaveTextContent('BL');

    // The content as the server stored it (sanitised on write), rendered as HTML.
    const about = screen.getByRole('region', { name: 'About this event' });
    expect(within(about).getByRole('heading', { level: 2, name: 'Programme' })).toBeVisible();
    expect(within(about).getByText('and').tagName).toBe('STRONG');

    expect(screen.getAllByRole('link', { name: 'Back to Events' }).length).toBeGreaterThan(0);
  });

  it("offers 'Add to calendar': the .ics file and Google Calendar filled in with Manila times", async () => {
    stubApi(() => json({ data: fullEvent() }));
    renderPage();
    const calendar = await screen.findByRole('region', { name: 'Add to calendar' });
    const file = within(calendar).getByRole('link', { name: 'Download .ics file' });
    expect(file).toHaveAttribute('href', `/events/${ID}.ics`);
    expect(file).toHaveAttribute('download');
    const google = within(calendar).getByRole('link', { name: /Google Calendar/ });
    await waitFor(() =>
      expect(google.getAttribute('href')).toContain(encodeURIComponent(window.location.origin)),
    );
    const link = new URL(google.getAttribute('href') as string);
    expect(link.origin + link.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(link.searchParams.get('action')).toBe('TEMPLATE');
    expect(link.searchParams.get('text')).toBe('Mindanao Exploration Forum');
    expect(link.searchParams.get('dates')).toBe('20990610T003000Z/20990612T090000Z');
    expect(link.searchParams.get('location')).toContain('SMX Davao');
    expect(link.searchParams.get('details')).toContain(`${window.location.origin}/events/${ID}`);
    expect(google).toHaveAttribute('target', '_blank');
  });

  it.each(['draft', 'cancelled'] as const)('offers no calendar for a %s event', async (status) => {
    stubApi(() => json({ data: fullEvent({ status }) }));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Mindanao Exploration Forum' });
    expect(screen.queryByRole('region', { name: 'Add to calendar' })).toBeNull();
  });

  it('shows the registration link of an event registered elsewhere', async () => {
    stubApi(() => json({ data: fullEvent({ registration_url: 'https://tickets.example.org/forum' }) }));
    renderPage();
    const link = await screen.findByRole('link', { name: /Register on the organizer’s site/ });
    expect(link).toHaveAttribute('href', 'https://tickets.example.org/forum');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'Log in to register' })).toBeNull();
  });

  it.each([
    ['draft', /amber/],
    ['cancelled', /red/],
  ] as const)('colours the %s badge', async (status, colour) => {
    stubApi(() => json({ data: fullEvent({ status }) }));
    renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Mindanao Exploration Forum' });
    const badge = within(heading.closest('header') as HTMLElement).getByText(status);
    expect(badge.className).toMatch(colour);
  });

  it.each([
    [null, 'Free'],
    [0, 'Free'],
    [4500, '₱4,500.00'],
  ])('shows a price of %s as %s', async (price, text) => {
    stubApi(() => json({ data: fullEvent({ price }) }));
    renderPage();
    const details = await screen.findByRole('complementary', { name: 'Key facts' });
    expect(within(details).getByText('Price', { selector: 'dt' }).nextElementSibling).toHaveTextContent(text);
  });
});

describe('EventPage registration (docs/product-rules.md "Event registration")', () => {
  it('asks a guest to log in, returning to this page', async () => {
    stubApi(() => json({ data: fullEvent() }));
    renderPage();
    const link = await screen.findByRole('link', { name: 'Log in to register' });
    expect(link).toHaveAttribute('href', `/login?redirect=%2Fevents%2F${ID}`);
    expect(screen.getByText('150 of 150 seats left.')).toBeVisible();
  });

  it('lets a member register, then withdraw', async () => {
    signInAsMember();
    let mine: EventDetail['my_registration'] = null;
    const calls = stubApi(
      () => json({ data: fullEvent({ my_registration: mine, seats_taken: mine ? 1 : 0 }) }),
      (method) => {
        mine = method === 'POST' ? 'pending' : null;
        return json({ data: { status: mine, seats_taken: mine ? 1 : 0 } }, method === 'POST' ? 201 : 200);
      },
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Your registration is pending approval.')).toBeVisible();
    expect(screen.getByText('149 of 150 seats left.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Withdraw Registration' }));
    expect(await screen.findByRole('button', { name: 'Register' })).toBeEnabled();
    expect(screen.queryByText('Your registration is pending approval.')).toBeNull();
    expect(calls).toContain(`POST /api/events/${ID}/registration`);
    expect(calls).toContain(`DELETE /api/events/${ID}/registration`);
  });

  it('shows an approved registration, which can still be withdrawn', async () => {
    signInAsMember();
    stubApi(() => json({ data: fullEvent({ my_registration: 'approved', seats_taken: 1 }) }));
    renderPage();
    const status = await screen.findByText('Your registration is approved. See you there!');
    expect(within(status.closest('[role="status"]') as HTMLElement).getByText('approved').className).toMatch(
      /emerald/,
    );
    expect(screen.getByRole('button', { name: 'Withdraw Registration' })).toBeEnabled();
  });

  it('a paid registration made on the event’s day says to pay at the door; one approved unpaid still shows its fee', async () => {
    signInAsMember();
    const detail: MyRegistrationDetail = {
      status: 'pending',
      tier_id: '5b0f3c1e-0000-4000-8000-0000000000aa',
      tier_name: 'Guest / non-member',
      amount: 50_000,
      hold_expires_at: null,
      statement_id: '5b0f3c1e-0000-4000-8000-0000000000bb',
      statement_number: 'SOA-2026-00042',
      statement_status: 'issued',
      balance: 50_000,
    };
    let answer: MyRegistrationDetail = { ...detail };
    stubApi(() =>
      json({
        data: fullEvent({ my_registration: answer.status, my_registration_detail: answer, seats_taken: 1 }),
      }),
    );
    renderPage();
    expect(await screen.findByText(EVENT_PRICE_MESSAGES.payAtDoor)).toBeInTheDocument();
    expect(screen.queryByText(/^Seat held until/)).toBeNull();
    cleanup();

    answer = { ...detail, status: 'approved' };
    renderPage();
    expect(await screen.findByText('Statement SOA-2026-00042')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay ₱500.00' })).toBeInTheDocument();
  });

  it('shows a rejected registration, with nothing to press', async () => {
    signInAsMember();
    stubApi(() => json({ data: fullEvent({ my_registration: 'rejected' }) }));
    renderPage();
    expect(await screen.findByText('Your registration was not approved.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Withdraw Registration' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('says a full event is full, offering its waitlist instead of Register', async () => {
    signInAsMember();
    stubApi(() => json({ data: fullEvent({ max_attendees: 2, max_participants: 2, seats_taken: 2 }) }));
    renderPage();
    expect(await screen.findByText('This event is full.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeEnabled();
  });

  it('lets a member join the waitlist, shows their place, and leave it', async () => {
    signInAsMember();
    let place: EventDetail['my_waitlist'] = null;
    const calls = stubApi(
      () =>
        json({
          data: fullEvent({
            max_attendees: 2,
            max_participants: 2,
            seats_taken: 2,
            waitlist_count: place ? 3 : 2,
            my_waitlist: place,
          }),
        }),
      (method) => {
        place = method === 'POST' ? { state: 'waiting', position: 3, offer_expires_at: null } : null;
        return json({ data: place }, method === 'POST' ? 201 : 200);
      },
    );
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText('This event is full. 2 waiting for a seat.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('You are number 3 on the waitlist')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeEnabled();
    expect(calls).toContain(`POST /api/events/${ID}/waitlist`);
    expect(calls).toContain(`DELETE /api/events/${ID}/waitlist`);
  });

  it('offers the held seat to the person offered it, with its expiry', async () => {
    signInAsMember();
    stubApi(() =>
      json({
        data: fullEvent({
          max_attendees: 2,
          max_participants: 2,
          seats_taken: 2,
          my_waitlist: { state: 'offered', position: null, offer_expires_at: '2099-06-01T01:30:00.000Z' },
        }),
      }),
    );
    renderPage();
    expect(
      await screen.findByText('A seat is held for you until June 1, 2099 at 9:30 AM. Register to take it.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Leave the waitlist' })).toBeEnabled();
  });

  it('asks a guest at a full event to log in to join the waitlist', async () => {
    stubApi(() => json({ data: fullEvent({ max_attendees: 2, max_participants: 2, seats_taken: 2 }) }));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Log in to join the waitlist' })).toBeVisible();
  });

  it.each([
    ['a member', true],
    ['a guest', false],
  ])(
    'tells %s why a past event takes no registrations, offering no Register button',
    async (_who, member) => {
      if (member) signInAsMember();
      stubApi(() => json({ data: fullEvent({ start_date: '2020-03-01', end_date: '2020-03-02' }) }));
      renderPage();
      expect(await screen.findByText('Registration is closed: this event has already started')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Log in to register' })).toBeNull();
      expect(screen.queryByText(/seats left/)).toBeNull();
    },
  );

  it('tells why a cancelled event takes no registrations', async () => {
    signInAsMember();
    stubApi(() => json({ data: fullEvent({ status: 'cancelled' }) }));
    renderPage();
    expect(await screen.findByText('This event has been cancelled')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it("shows the server's refusal when registering fails", async () => {
    signInAsMember();
    stubApi(
      () => json({ data: fullEvent() }),
      () => json({ error: 'This event is full', code: 'event_full' }, 409),
    );
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This event is full'));
  });
});
