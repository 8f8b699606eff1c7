import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { json, makeAdminEvent, makeEventDetail } from '../test-fixtures';
import { EventFormDialog } from './event-form-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(answer: () => Response) {
  const bodies: FormData[] = [];
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.body instanceof FormData) bodies.push(init.body);
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return { bodies, fetch };
}

function renderForm(event: Parameters<typeof EventFormDialog>[0]['event'] = null) {
  const callbacks = { onClose: vi.fn(), onSaved: vi.fn(), onInvalid: vi.fn(), onFailed: vi.fn() };
  renderWithRouter(<EventFormDialog event={event} {...callbacks} />, { path: '/admin/events' });
  return { dialog: screen.getByRole('dialog'), ...callbacks };
}

describe('EventFormDialog (spec 001 §2, §5)', () => {
  it('shows the registration URL, max attendees and price only while registration is required', async () => {
    stubFetch(() => json({}));
    const { dialog } = renderForm();
    const user = userEvent.setup();
    expect(within(dialog).queryByLabelText('Registration URL')).toBeNull();
    expect(within(dialog).queryByLabelText('Max attendees')).toBeNull();
    await user.click(within(dialog).getByLabelText('Registration required'));
    expect(within(dialog).getByLabelText('Registration URL')).toBeVisible();
    expect(within(dialog).getByLabelText('Max attendees')).toBeVisible();
    expect(within(dialog).getByLabelText('Price (₱)')).toHaveAttribute('step', '0.01');
    await user.click(within(dialog).getByLabelText('Registration required'));
    expect(within(dialog).queryByLabelText('Price (₱)')).toBeNull();
  });

  it('clears the registration fields when registration is unticked, so a hidden bad value cannot block saving', async () => {
    const { bodies } = stubFetch(() => json({ data: makeEventDetail() }, 201));
    const { dialog, onSaved, onInvalid } = renderForm();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Title *'), 'Forum');
    await user.type(within(dialog).getByLabelText('Start date *'), '2099-06-10');
    await user.click(within(dialog).getByLabelText('Registration required'));
    await user.type(within(dialog).getByLabelText('Registration URL'), 'not a url');
    await user.type(within(dialog).getByLabelText('Max attendees'), '-3');
    await user.type(within(dialog).getByLabelText('Price (₱)'), '10.555');
    await user.click(within(dialog).getByLabelText('Registration required'));
    expect(within(dialog).queryByLabelText('Price (₱)')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onInvalid).not.toHaveBeenCalled();
    expect(bodies[0]?.get('price')).toBe('');
    expect(bodies[0]?.get('is_registration_required')).toBe('false');
    // Ticked again, the fields come back empty, not with the values left behind.
    await user.click(within(dialog).getByLabelText('Registration required'));
    expect(within(dialog).getByLabelText('Price (₱)')).toHaveValue(null);
    expect(within(dialog).getByLabelText('Registration URL')).toHaveValue('');
    expect(within(dialog).getByLabelText('Max attendees')).toHaveValue('');
  });

  it('shows the §5 messages inline with the Validation Error notice, sending nothing', async () => {
    const { fetch } = stubFetch(() => json({}));
    const { dialog, onInvalid } = renderForm();
    const user = userEvent.setup();
    await user.click(within(dialog).getByLabelText('Registration required'));
    await user.type(within(dialog).getByLabelText('Website URL'), 'javascript:alert(1)');
    await user.type(within(dialog).getByLabelText('Registration URL'), 'not a url');
    await user.type(within(dialog).getByLabelText('Price (₱)'), '10.555');
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    for (const message of [
      'Title is required',
      'Start date is required',
      'Invalid website URL format',
      'Invalid registration URL format',
      'Price can have at most 2 decimals',
    ]) {
      expect(await within(dialog).findByText(message)).toBeVisible();
    }
    expect(onInvalid).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('creates a draft Conference by default, and shows a server field message on its field', async () => {
    let call = 0;
    const { bodies } = stubFetch(() =>
      ++call === 1
        ? json(
            {
              error: 'End date cannot be before the start date',
              code: 'validation_error',
              field: 'end_date',
              fields: { end_date: 'End date cannot be before the start date' },
            },
            400,
          )
        : json({ data: makeEventDetail() }, 201),
    );
    const { dialog, onSaved, onInvalid } = renderForm();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Title *'), 'Forum');
    await user.type(within(dialog).getByLabelText('Start date *'), '2099-06-10');
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByText('End date cannot be before the start date')).toBeVisible();
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(bodies[0]?.get('status')).toBe('draft');
    expect(bodies[0]?.get('event_type')).toBe('Conference');
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('fills the edit form from the event, the price with 2 decimals', async () => {
    stubFetch(() => json({ data: makeEventDetail() }));
    const { dialog } = renderForm({
      ...makeAdminEvent({
        title: 'Forum',
        status: 'published',
        is_registration_required: true,
        price: 4500,
        max_attendees: 80,
      }),
      content: '<p>Body</p>',
    });
    expect(within(dialog).getByLabelText('Title *')).toHaveValue('Forum');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('published');
    expect(within(dialog).getByLabelText('Price (₱)')).toHaveValue(4500);
    expect(within(dialog).getByLabelText('Max attendees')).toHaveValue('80');
    expect(within(dialog).getByRole('button', { name: 'Update Event' })).toBeVisible();
  });

  it('adds speakers before saving and sends them with the new event, in one request', async () => {
    const { bodies, fetch } = stubFetch(() => json({ data: makeEventDetail() }, 201));
    const { dialog, onSaved } = renderForm();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Title *'), 'Forum');
    await user.type(within(dialog).getByLabelText('Start date *'), '2099-06-10');
    const addButton = within(dialog).getByRole('button', { name: 'Add speaker' });
    expect(addButton).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Speaker name'), 'Dr. Ana Cruz');
    await user.type(within(dialog).getByLabelText('Speaker title'), 'Chief Geologist');
    await user.type(within(dialog).getByLabelText('Speaker company'), 'Cruz Minerals');
    await user.click(addButton);
    expect(within(dialog).getByLabelText('Speaker name')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Speaker name'), 'Ben Lim');
    await user.click(addButton);
    await user.type(within(dialog).getByLabelText('Speaker name'), 'Removed Person');
    await user.click(addButton);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Removed Person' }));
    const list = within(dialog).getByRole('list', { name: 'Speakers to add' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dr. Ana Cruz · Chief Geologist, Cruz Minerals', 'Ben Lim']);

    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledTimes(1);
    const sent = [...(bodies[0] as FormData).entries()].filter(([name]) => name.startsWith('speakers'));
    expect(sent).toEqual([
      ['speakers[0][name]', 'Dr. Ana Cruz'],
      ['speakers[0][title]', 'Chief Geologist'],
      ['speakers[0][company]', 'Cruz Minerals'],
      ['speakers[1][name]', 'Ben Lim'],
    ]);
  });

  it("shows the server's refusal of a speaker under the speakers", async () => {
    stubFetch(() =>
      json(
        {
          error: 'Name is required',
          code: 'validation_error',
          fields: { 'speakers.0.name': 'Name is required' },
        },
        400,
      ),
    );
    const { dialog, onInvalid } = renderForm();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Title *'), 'Forum');
    await user.type(within(dialog).getByLabelText('Start date *'), '2099-06-10');
    await user.type(within(dialog).getByLabelText('Speaker name'), 'Ana');
    await user.click(within(dialog).getByRole('button', { name: 'Add speaker' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onInvalid).toHaveBeenCalled());
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name is required');
  });

  it('offers no new speakers when editing (Manage Speakers does that)', () => {
    stubFetch(() => json({}));
    const { dialog } = renderForm(makeAdminEvent({ title: 'Forum' }));
    expect(within(dialog).queryByLabelText('Speaker name')).toBeNull();
  });

  it('starts free; "This event has fees" offers the meeting fees in one click, named by audience', async () => {
    const { bodies } = stubFetch(() => json({ data: makeEventDetail() }, 201));
    const { dialog, onSaved } = renderForm();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Title *'), 'Forum');
    await user.type(within(dialog).getByLabelText('Start date *'), '2099-06-10');
    await user.click(within(dialog).getByLabelText('Registration required'));
    expect(within(dialog).queryByLabelText('Tier 1 name')).toBeNull();
    await user.click(within(dialog).getByLabelText('This event has fees'));
    await user.click(
      within(dialog).getByRole('button', { name: 'Use the meeting fees (₱200 / ₱500 / ₱250)' }),
    );
    expect(
      within(dialog)
        .getAllByLabelText(/^Tier \d name$/)
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Member', 'Guest / non-member', 'Professional with a current PRC card']);
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(String(bodies[0]?.get('price_tiers')))).toEqual([
      { name: 'Member', audience: 'member', amount: '200.00' },
      { name: 'Guest / non-member', audience: 'guest', amount: '500.00' },
      { name: 'Professional with a current PRC card', audience: 'professional', amount: '250.00' },
    ]);
  });

  it('a new event left without fees sends no tiers; unticking an event’s fees removes them', async () => {
    const { bodies } = stubFetch(() => json({ data: makeEventDetail() }, 201));
    const { dialog, onSaved } = renderForm({
      ...makeAdminEvent({ title: 'Forum', is_registration_required: true }),
      price_tiers: [{ id: 'tier-1', name: 'Member', audience: 'member', amount: 20_000, position: 0 }],
    });
    const user = userEvent.setup();
    expect(within(dialog).getByLabelText('This event has fees')).toBeChecked();
    expect(within(dialog).getByLabelText('Tier 1 name')).toHaveValue('Member');
    await user.click(within(dialog).getByLabelText('This event has fees'));
    expect(within(dialog).queryByLabelText('Tier 1 name')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0]?.get('price_tiers')).toBe('[]');
  });

  it('a max attendees of "abc" is not saved as no capacity: the field shows why', async () => {
    const { fetch } = stubFetch(() => json({ data: makeEventDetail() }, 201));
    const { dialog, onSaved, onInvalid } = renderForm();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Title *'), 'Forum');
    await user.type(within(dialog).getByLabelText('Start date *'), '2099-06-10');
    await user.click(within(dialog).getByLabelText('Registration required'));
    await user.type(within(dialog).getByLabelText('Max attendees'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByText('Max attendees must be a number')).toBeVisible();
    expect(onInvalid).toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's message for max attendees on its field", async () => {
    stubFetch(() =>
      json(
        {
          error: 'Max attendees must be a number',
          code: 'validation_error',
          field: 'max_attendees',
          fields: { max_attendees: 'Max attendees must be a number' },
        },
        400,
      ),
    );
    const { dialog, onInvalid } = renderForm();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Title *'), 'Forum');
    await user.type(within(dialog).getByLabelText('Start date *'), '2099-06-10');
    await user.click(within(dialog).getByLabelText('Registration required'));
    await user.type(within(dialog).getByLabelText('Max attendees'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(onInvalid).toHaveBeenCalled());
    expect(within(dialog).getByLabelText('Max attendees')).toHaveAccessibleDescription(
      'Max attendees must be a number',
    );
  });
});
