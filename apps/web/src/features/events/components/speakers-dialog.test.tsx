import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { json, makeAdminEvent } from '../test-fixtures';
import { SpeakersDialog } from './speakers-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ana = {
  id: '10000000-0000-4000-8000-000000000001',
  name: 'Ana Cruz',
  title: 'Geologist',
  company: null,
  image_url: null,
};
const ben = {
  id: '10000000-0000-4000-8000-000000000002',
  name: 'Ben Lim',
  title: null,
  company: 'Lim Drilling',
  image_url: null,
};

describe('SpeakersDialog (spec 001 §2, §5)', () => {
  it('starts from the event’s speakers, creates a new one, and saves the ticked set', async () => {
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push({ url, body: init?.body });
        if (url.includes('/speakers/event-speakers/'))
          return json({ data: [{ ...ana, speaker_id: ana.id }] });
        if (url.endsWith('/speakers/event-speakers')) return json({ data: [] });
        if (init?.method === 'POST') {
          return json(
            {
              data: {
                id: '10000000-0000-4000-8000-000000000003',
                name: 'Cara Diaz',
                title: null,
                company: null,
                image_url: null,
              },
            },
            201,
          );
        }
        return json({ data: [ana, ben] });
      }),
    );
    const event = makeAdminEvent();
    const callbacks = { onClose: vi.fn(), onSaved: vi.fn(), onFailed: vi.fn() };
    renderWithRouter(<SpeakersDialog event={event} {...callbacks} />);
    const dialog = screen.getByRole('dialog');
    const user = userEvent.setup();

    expect(within(dialog).getByRole('tab', { name: 'Add Existing Speakers' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await within(dialog).findByRole('checkbox', { name: /Ana Cruz/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Ben Lim/ })).not.toBeChecked();

    await user.click(within(dialog).getByRole('tab', { name: 'Create New Speaker' }));
    const create = within(dialog).getByRole('button', { name: 'Create Speaker' });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name *'), 'Cara Diaz');
    expect(create).toBeEnabled();
    await user.click(create);
    expect(await within(dialog).findByText('2 speakers selected')).toBeVisible();
    const posted = sent.find((call) => call.body instanceof FormData);
    expect((posted?.body as FormData | undefined)?.get('name')).toBe('Cara Diaz');

    await user.click(within(dialog).getByRole('button', { name: 'Save Speakers' }));
    await waitFor(() =>
      expect(callbacks.onSaved).toHaveBeenCalledWith('Event speakers updated successfully!'),
    );
    const saved = sent.find((call) => call.url.endsWith('/speakers/event-speakers'));
    expect(JSON.parse(String(saved?.body))).toEqual({
      event_id: event.id,
      speaker_ids: [ana.id, '10000000-0000-4000-8000-000000000003'],
    });
  });
});
