import type { EventSummary } from '@portal/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { UpcomingEventsSection } from './upcoming-events-section';

const pagination = { page: 1, limit: 3, total: 2, totalPages: 1, hasNext: false, hasPrev: false };

const makeEvent = (overrides: Partial<EventSummary>): EventSummary =>
  ({
    id: 'e1',
    title: 'Annual Exploration Conference',
    description: 'Technical sessions and permitting updates.',
    event_type: 'Conference',
    banner_image_url: null,
    start_date: '2026-03-12',
    start_time: '08:30',
    location_name: 'Marriott Hotel',
    city: 'Pasay City',
    price: 15000,
    status: 'published',
    ...overrides,
  }) as EventSummary;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch at the network boundary; every call is recorded. */
function stubEvents(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UpcomingEventsSection (spec 000 §2 "Upcoming events")', () => {
  it('asks for the 3 soonest published upcoming events and lists them, the first featured', async () => {
    const fetchMock = stubEvents(async () =>
      json({
        data: {
          events: [
            makeEvent({ id: 'e1' }),
            makeEvent({
              id: 'e2',
              title: 'Core Logging Workshop',
              description: 'Hands-on logging of diamond drill core.',
              price: 0,
            }),
          ],
          ...pagination,
        },
      }),
    );
    renderWithRouter(<UpcomingEventsSection />);

    expect(screen.getByTestId('events-skeleton')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Annual Exploration Conference' })).toBeInTheDocument();
    expect(screen.getByText('Featured')).toBeInTheDocument();
    const smaller = screen.getByRole('heading', { name: 'Core Logging Workshop' }).closest('article');
    // The smaller cards say what the event is, as the featured one does.
    expect(smaller).toHaveTextContent('Hands-on logging of diamond drill core.');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/events/retrieve-events?limit=3&status=published&upcoming=true&sort_by=start_date&sort_order=asc',
    ]);
    expect(screen.getByText('₱15,000.00')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
  });

  it('links each event to its page now that /events/{id} is built', async () => {
    const event = makeEvent({});
    stubEvents(async () => json({ data: { events: [event], ...pagination } }));
    renderWithRouter(<UpcomingEventsSection />);

    await screen.findByRole('heading', { name: 'Annual Exploration Conference' });
    expect(screen.getByRole('link', { name: 'View Event: Annual Exploration Conference' })).toHaveAttribute(
      'href',
      `/events/${event.id}`,
    );
  });

  it('shows the empty text when there is nothing to list', async () => {
    stubEvents(async () => json({ data: { events: [], ...pagination } }));
    renderWithRouter(<UpcomingEventsSection />);
    expect(await screen.findByText('No upcoming events available')).toBeInTheDocument();
  });

  it('shows the empty text when the call fails', async () => {
    stubEvents(async () => json({ error: 'Internal Server Error' }, 500));
    renderWithRouter(<UpcomingEventsSection />);
    expect(await screen.findByText('No upcoming events available')).toBeInTheDocument();
  });
});
