import { CPD_MESSAGES, type CpdEvent, DEFAULT_EVALUATION_QUESTIONS } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { AdminCpdPage } from './admin-cpd-page';

type Call = { url: string; method: string; body: unknown };
function stubApi(handler: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url: String(url),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      return handler(call) ?? json({ error: 'Not found' }, 404);
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

const EVENT_ID = '7b0f3c36-8a3c-4f0f-9d71-3c1a1b2c3d4e';
const attendee = {
  registration_id: '11111111-2222-4333-8444-555555555555',
  name: 'Andrea Villanueva',
  email: 'andrea@example.org',
  role: 'participant' as const,
  talks: 1,
  sessions: [{ day: '2026-11-13', session: 'morning' as const }],
  evaluation_submitted: false,
  prc_details: true,
  units: '3.5',
  certificate: null,
  blockers: ['no_evaluation' as const],
};
const cpd: CpdEvent = {
  event: {
    id: EVENT_ID,
    title: 'CPD Seminar',
    start_date: '2026-11-13',
    end_date: null,
    certification_provided: true,
    ended: true,
  },
  settings: {
    provider_name: 'MEAP',
    provider_accreditation_number: 'P-1',
    provider_accreditation_valid_until: '2028-12-31',
    program_accreditation_number: 'G-1',
    participant_units_per_hour: '1',
    speaker_units_per_talk: '5',
    moderator_units: '2',
    facilitator_units: '2',
    morning_hours: '3.5',
    afternoon_hours: '4',
    day_hours: '4',
    signatory_name: 'Signatory',
    signatory_title: 'Chair',
    accreditations: [],
  },
  questions: DEFAULT_EVALUATION_QUESTIONS.map((question) => ({ ...question })),
  questions_locked: false,
  attendees: [attendee],
};

function api() {
  return stubApi((call) => {
    if (call.url.endsWith(`/cpd/events/${EVENT_ID}`)) return json({ data: cpd });
    if (call.url.endsWith('/evaluation-results')) return json({ data: { responses: 0, questions: [] } });
    if (call.url.endsWith('/certificates') && call.method === 'POST')
      return json({
        data: {
          issued: [],
          skipped: [{ registration_id: attendee.registration_id, name: attendee.name, reasons: ['x'] }],
        },
      });
    if (call.url.includes('/role')) return new Response(null, { status: 204 });
    return undefined;
  });
}

describe('AdminCpdPage (docs/product-rules.md "CPD certificates")', () => {
  it('lists each registrant with why they have no certificate, sets a role and issues in bulk', async () => {
    const user = userEvent.setup();
    const calls = api();
    renderWithRouter(<AdminCpdPage />, {
      path: `/admin/events/${EVENT_ID}/cpd`,
      route: '/admin/events/:id/cpd',
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Andrea Villanueva')).toBeVisible();
    expect(within(table).getByText(CPD_MESSAGES.blockers.no_evaluation)).toBeVisible();

    await user.selectOptions(within(table).getByLabelText('Role of Andrea Villanueva'), 'speaker');
    await waitFor(() =>
      expect(calls.find((call) => call.url.includes('/role'))?.body).toEqual({ role: 'speaker', talks: 1 }),
    );

    await user.click(screen.getByRole('button', { name: 'Issue certificates' }));
    expect(await screen.findByText(CPD_MESSAGES.issuedNotice(0, 1))).toBeVisible();
  });
});
