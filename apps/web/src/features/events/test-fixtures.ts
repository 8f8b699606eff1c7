import type { AdminEventSummary, EventDetail } from '@portal/shared';

let nextId = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++nextId).padStart(12, '0')}`;

/** An event as the admin list returns it; unique per call. */
export const makeAdminEvent = (overrides: Partial<AdminEventSummary> = {}): AdminEventSummary => ({
  id: uuid(),
  title: 'Annual Exploration Forum',
  description: null,
  start_date: '2099-06-10',
  end_date: null,
  start_time: null,
  end_time: null,
  location_name: null,
  building_name: null,
  floor: null,
  room: null,
  address: null,
  city: null,
  province: null,
  country: null,
  organizer_name: null,
  organizer_contact: null,
  website_url: null,
  event_type: 'Conference',
  is_registration_required: false,
  registration_url: null,
  max_attendees: null,
  max_participants: null,
  price: null,
  banner_image_url: null,
  safety_focus: null,
  certification_provided: false,
  status: 'draft',
  offer_hours: 48,
  reminder_hours: 24,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  price_range: null,
  price_tiers: [],
  hold_hours: 72,
  pending_count: 0,
  registration_count: 0,
  total_registrations: 0,
  ...overrides,
});

/** An event as GET /events/retrieve-events/{id} returns it. */
export const makeEventDetail = (overrides: Partial<EventDetail> = {}): EventDetail => {
  const {
    pending_count,
    registration_count: _r,
    total_registrations: _t,
    price_tiers: _tiers,
    price_range: _range,
    ...summary
  } = makeAdminEvent();
  return {
    ...summary,
    content: null,
    speakers: [],
    user_events: [],
    pending_count,
    seats_taken: 0,
    my_registration: null,
    waitlist_count: 0,
    my_waitlist: null,
    price_tiers: [],
    my_registration_detail: null,
    ...overrides,
  };
};

export { json } from '@/test/fixtures';
