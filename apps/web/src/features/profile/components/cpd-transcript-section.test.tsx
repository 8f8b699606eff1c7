import { CPD_MESSAGES, TRANSCRIPT_MESSAGES, type TranscriptPeriod } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { CpdTranscriptSection } from './cpd-transcript-section';

type Call = { url: string; method: string; body: unknown };
function stubApi(handler: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url: String(url),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      return handler(call) ?? json({ error: 'Not found' }, 404);
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

const period = (overrides: Partial<TranscriptPeriod>): TranscriptPeriod => ({
  profession: 'geologist',
  profession_label: 'Geologist',
  board: 'Board of Geology',
  licence_number: '0054321',
  from: '2024-04-03',
  to: '2027-04-02',
  renewal_year: 2027,
  current: true,
  lapsed: false,
  required: '45',
  earned: '7.5',
  external: '8',
  remaining: '29.5',
  entries: [
    {
      kind: 'external',
      id: 'e1',
      date: '2026-07-03',
      title: 'Annual Geological Convention 2026',
      provider: 'Geological Society of the Philippines',
      accreditation_number: 'GSP-2026-0457',
      units: '8',
      status: 'approved',
      reason: null,
      certificate_number: null,
    },
  ],
  ...overrides,
});

describe('CpdTranscriptSection (docs/product-rules.md "CPD transcript")', () => {
  it('shows each profession’s periods, and says when a licence lapsed', async () => {
    stubApi((call) => {
      if (call.url.endsWith('/cpd/licences'))
        return json({
          data: {
            licences: [
              {
                profession: 'geologist',
                licence_number: '0054321',
                registration_date: '2012-03-15',
                expiry_date: '2027-04-02',
              },
              {
                profession: 'chemist',
                licence_number: '0076543',
                registration_date: '2015-01-01',
                expiry_date: '2025-01-31',
              },
            ],
          },
        });
      if (call.url.endsWith('/cpd/transcript'))
        return json({
          periods: [
            period({}),
            period({
              profession: 'chemist',
              profession_label: 'Chemist',
              board: 'Board of Chemistry',
              from: '2022-02-01',
              to: '2025-01-31',
              renewal_year: 2025,
              lapsed: true,
              required: '20',
              earned: '0',
              external: '0',
              remaining: '20',
              entries: [],
            }),
          ],
        });
      return undefined;
    });
    renderWithRouter(<CpdTranscriptSection notify={() => {}} />);
    const geology = await screen.findByRole('region', { name: 'Geologist' });
    expect(within(geology).getByText('29.5')).toBeVisible();
    expect(within(geology).getByText('Annual Geological Convention 2026')).toBeVisible();
    expect(within(geology).getByText(TRANSCRIPT_MESSAGES.externalApproved)).toBeVisible();
    const chemistry = screen.getByRole('region', { name: 'Chemist' });
    expect(within(chemistry).getByRole('status')).toHaveTextContent(/Your licence lapsed on/);
  });

  it('saves a licence and refuses one whose number is not 7 digits', async () => {
    const user = userEvent.setup();
    const notify = vi.fn();
    let saved: unknown[] = [];
    const calls = stubApi((call) => {
      if (call.url.endsWith('/cpd/licences') && call.method === 'PUT') {
        saved = (call.body as { licences: unknown[] }).licences;
        return new Response(null, { status: 204 });
      }
      if (call.url.endsWith('/cpd/licences')) return json({ data: { licences: saved } });
      if (call.url.endsWith('/cpd/transcript')) return json({ periods: [] });
      return undefined;
    });
    renderWithRouter(<CpdTranscriptSection notify={notify} />);
    expect(await screen.findByText(TRANSCRIPT_MESSAGES.noLicences)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add a licence' }));
    await user.type(screen.getByLabelText('PRC licence number *'), '12');
    await user.type(screen.getByLabelText('Registration date *'), '2014-06-20');
    await user.type(screen.getByLabelText('Licence expiry *'), '2027-08-03');
    await user.click(screen.getByRole('button', { name: 'Save licences' }));
    expect(await screen.findByText(CPD_MESSAGES.prcNumberFormat)).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.clear(screen.getByLabelText('PRC licence number *'));
    await user.type(screen.getByLabelText('PRC licence number *'), '0054321');
    await user.click(screen.getByRole('button', { name: 'Save licences' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({ text: TRANSCRIPT_MESSAGES.licencesSaved }),
      ),
    );
    expect(saved).toEqual([
      {
        profession: 'geologist',
        licence_number: '0054321',
        registration_date: '2014-06-20',
        expiry_date: '2027-08-03',
      },
    ]);
  });
});
