import { CPD_MESSAGES } from '@portal/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { CpdSettingsForm } from './cpd-settings-form';

type Call = { url: string; method: string; body: unknown };
function stubApi(handler: (call: Call) => Response) {
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
      return handler(call);
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

const EVENT_ID = '7b0f3c36-8a3c-4f0f-9d71-3c1a1b2c3d4e';

describe('CpdSettingsForm (docs/product-rules.md "CPD certificates")', () => {
  it('shows each field’s message before sending, then saves the settings as the API reads them', async () => {
    const user = userEvent.setup();
    const calls = stubApi(() => new Response(null, { status: 204 }));
    const onSaved = vi.fn();
    renderWithRouter(
      <CpdSettingsForm eventId={EVENT_ID} settings={null} onSaved={onSaved} onFailed={() => {}} />,
    );

    await user.click(screen.getByRole('button', { name: 'Save CPD settings' }));
    expect(await screen.findByText(CPD_MESSAGES.providerNameRequired)).toBeVisible();
    expect(screen.getByText(CPD_MESSAGES.signatoryNameRequired)).toBeVisible();
    expect(screen.getByText(CPD_MESSAGES.unitsNumber('Speaker units per talk'))).toBeVisible();
    expect(calls).toHaveLength(0);

    const fill = async (label: string, value: string) => {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      await user.type(field, value);
    };
    await fill('Provider name *', 'MEAP');
    await fill('PRC provider accreditation no. *', 'P-117');
    await fill('Accreditation valid until *', '2028-12-31');
    await fill('Program accreditation no. *', 'G-42');
    await fill('Participant units per hour *', '0.5');
    await fill('Speaker units per talk *', '3');
    await fill('Moderator units *', '1.5');
    await fill('Facilitator units *', '1');
    await fill('Morning session hours *', '3.5');
    await fill('Afternoon session hours *', '4');
    await fill('Single-session hours *', '1.234');
    await fill('Signatory name *', 'Engr. T. Villanueva');
    await fill('Signatory title *', 'Chair');
    await user.click(screen.getByRole('button', { name: 'Save CPD settings' }));
    expect(await screen.findByText(CPD_MESSAGES.hoursNumber('Single-session hours'))).toBeVisible();

    await fill('Single-session hours *', '3');
    await user.click(screen.getByRole('button', { name: 'Save CPD settings' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: `/api/cpd/events/${EVENT_ID}/settings`,
      body: {
        provider_name: 'MEAP',
        participant_units_per_hour: '0.5',
        day_hours: '3',
        signatory_title: 'Chair',
      },
    });
  });

  it('puts the server’s field message on its field', async () => {
    const user = userEvent.setup();
    stubApi(() =>
      json(
        {
          error: CPD_MESSAGES.providerValidUntil,
          code: 'validation_error',
          field: 'provider_accreditation_valid_until',
          fields: { provider_accreditation_valid_until: CPD_MESSAGES.providerValidUntil },
        },
        400,
      ),
    );
    const settings = {
      provider_name: 'MEAP',
      provider_accreditation_number: 'P-117',
      provider_accreditation_valid_until: '2028-12-31',
      program_accreditation_number: 'G-42',
      participant_units_per_hour: '1',
      speaker_units_per_talk: '5',
      moderator_units: '2',
      facilitator_units: '2',
      morning_hours: '3.5',
      afternoon_hours: '4',
      day_hours: '4',
      signatory_name: 'A',
      signatory_title: 'B',
      accreditations: [],
    };
    const onFailed = vi.fn();
    renderWithRouter(
      <CpdSettingsForm eventId={EVENT_ID} settings={settings} onSaved={() => {}} onFailed={onFailed} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save CPD settings' }));
    expect(await screen.findByText(CPD_MESSAGES.providerValidUntil)).toBeVisible();
    expect(onFailed).not.toHaveBeenCalled();
  });
});
