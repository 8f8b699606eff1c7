import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderWithRouter } from '@/test/render';
import { RepresentativesEditorPage } from './representatives-editor-page';
import { json, makeMembership, makeRepresentative, makeUserData } from './test-fixtures';

type Call = { url: string; init?: RequestInit };

const ana = makeRepresentative({ firstName: 'Ana', lastName: 'Cruz', type: 'voting', position: 'President' });
const ben = makeRepresentative({ firstName: 'Ben', lastName: 'Sy', type: 'non-voting' });

function stubApi(
  onSave: (body: { repsData: Record<string, unknown>[] }) => Response = () => json({ data: [ana, ben] }),
  category: 'Regular' | 'Associate' = 'Regular',
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), init });
      if (String(url).includes('/reps/update-reps')) return onSave(JSON.parse(String(init?.body)));
      return json(
        makeUserData({}, { companyReps: [ana, ben], membershipData: [makeMembership({ category })] }),
      );
    }),
  );
  return calls;
}

function renderEditor() {
  const view = renderWithRouter(
    <>
      <RepresentativesEditorPage />
      <Link to="/elsewhere">Leave</Link>
    </>,
    { path: '/profile/representatives' },
  );
  return { ...view, user: userEvent.setup() };
}

/** A representative's name in the list (the buttons repeat it for screen readers). */
const NAME = { selector: '[data-representative-name]' };
const saveAll = () => screen.getByRole('button', { name: 'Save All' });

beforeEach(() => {
  useSessionStore.setState({
    user: { id: '00000000-0000-4000-8000-000000000000', username: 'northern_gold' },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null });
});

describe('RepresentativesEditorPage (spec 000 §2 "Company representatives editor")', () => {
  it('deletes (struck through, restorable), adds and edits, then saves the whole list after confirming', async () => {
    const calls = stubApi();
    const { user, router } = renderEditor();
    expect(await screen.findByText('Ana Cruz', NAME)).toBeVisible();
    expect(saveAll()).toBeDisabled();

    // Delete asks first; the row stays, struck through, with Restore.
    await user.click(screen.getByRole('button', { name: 'Delete Ben Sy' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Representative' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Ben Sy', NAME)).toHaveClass('line-through');
    expect(saveAll()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Restore Ben Sy' }));
    expect(screen.getByText('Ben Sy', NAME)).not.toHaveClass('line-through');
    expect(saveAll()).toBeDisabled();

    // Adding opens a form; Save All waits until it is closed. Voting is taken by Ana.
    await user.click(screen.getByRole('button', { name: 'Add Representative' }));
    const form = screen.getByRole('form', { name: 'Edit New representative' });
    expect(within(form).getByRole('option', { name: 'Voting (already chosen)' })).toBeDisabled();
    expect(saveAll()).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Done' }));
    expect(await within(form).findByText('First name is required')).toBeVisible();
    expect(within(form).getByText('Last name is required')).toBeVisible();
    await user.type(within(form).getByLabelText('First name *'), 'Carla');
    await user.type(within(form).getByLabelText('Last name *'), 'Reyes');
    await user.type(within(form).getByLabelText('Position'), 'Geologist');
    await user.type(within(form).getByLabelText('Email'), 'carla');
    await user.click(within(form).getByRole('button', { name: 'Done' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeVisible();
    await user.type(within(form).getByLabelText('Email'), '@bukidnon.example');
    await user.click(within(form).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Carla Reyes', NAME)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Edit Ana Cruz' }));
    const anaForm = screen.getByRole('form', { name: 'Edit Ana Cruz' });
    await user.clear(within(anaForm).getByLabelText('Position'));
    await user.type(within(anaForm).getByLabelText('Position'), 'CEO');
    await user.click(within(anaForm).getByRole('button', { name: 'Done' }));

    await user.click(saveAll());
    const confirmSave = screen.getByRole('alertdialog', { name: 'Save All Changes' });
    await user.click(within(confirmSave).getByRole('button', { name: 'Save All' }));
    expect(await screen.findByText('Company representatives updated')).toBeVisible();

    const sent = calls.find((call) => call.url.includes('/reps/update-reps'));
    expect(sent?.init?.method).toBe('PUT');
    expect(JSON.parse(String(sent?.init?.body)).repsData).toEqual([
      expect.objectContaining({ id: ana.id, firstName: 'Ana', position: 'CEO', type: 'voting' }),
      expect.objectContaining({ id: ben.id, firstName: 'Ben', type: 'non-voting' }),
      {
        firstName: 'Carla',
        lastName: 'Reyes',
        preferredName: null,
        position: 'Geologist',
        email: 'carla@bukidnon.example',
        type: 'non-voting',
        avatarUrl: null,
      },
    ]);
    // Okay goes back to the profile.
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('sends a new photo as a data-URL with hasNewAvatar', async () => {
    const calls = stubApi();
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit Ben Sy' }));
    const form = screen.getByRole('form', { name: 'Edit Ben Sy' });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], 'ben.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(within(form).getByLabelText('Photo of representative 2'), photo);
    await within(form).findByText(/New image: ben.jpg/);
    await user.click(within(form).getByRole('button', { name: 'Done' }));
    // The photo is read as a data-URL first.
    await waitFor(() => expect(saveAll()).toBeEnabled());
    await user.click(saveAll());
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Save All' }));
    await screen.findByText('Company representatives updated');
    const body = JSON.parse(String(calls.find((call) => call.url.includes('/reps/'))?.init?.body));
    expect(body.repsData[1]).toMatchObject({
      id: ben.id,
      hasNewAvatar: true,
      avatarUrl: expect.stringMatching(/^data:image\/jpeg;base64,/),
    });
  });

  it('keeps Add Representative to the category limit (Associate: 2)', async () => {
    stubApi(undefined, 'Associate');
    renderEditor();
    expect(await screen.findByRole('button', { name: 'Add Representative' })).toBeDisabled();
    expect(screen.getByText('The limit of 2 representatives is reached.')).toBeVisible();
  });

  it("shows the server's refusals in the spec's words", async () => {
    const answers = [
      json(
        { error: 'Only image files (JPEG, PNG, GIF, WebP) are allowed.', code: 'invalid_image_type' },
        400,
      ),
      json(
        { error: 'Failed to process image for Ben Sy. Please try again.', code: 'image_processing_error' },
        400,
      ),
      json({ error: 'Boom' }, 500),
    ];
    stubApi(() => answers.shift() as Response);
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit Ben Sy' }));
    await user.type(within(screen.getByRole('form')).getByLabelText('Position'), 'Engineer');
    await user.click(within(screen.getByRole('form')).getByRole('button', { name: 'Done' }));

    const expectations = [
      ['Invalid Image', 'Only image files (JPEG, PNG, GIF, WebP) are allowed.'],
      ['Image Processing Error', 'Failed to process image for Ben Sy. Please try again.'],
      ['Update Failed', 'Error updating company representatives. Please try again.'],
    ];
    for (const [title, text] of expectations) {
      await user.click(saveAll());
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Save All' }));
      const modal = await screen.findByRole('alertdialog', { name: title });
      expect(within(modal).getByText(text as string)).toBeVisible();
      await user.click(within(modal).getByRole('button', { name: 'Okay' }));
    }
    // The edits are still there after a failure.
    expect(screen.getByText(/Engineer/)).toBeVisible();
  });

  it('discards the changes after confirming', async () => {
    stubApi();
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Delete Ana Cruz' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Discard Changes' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Discard Changes' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard Changes' }));
    expect(screen.getByText('Ana Cruz', NAME)).not.toHaveClass('line-through');
    expect(saveAll()).toBeDisabled();
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    stubApi();
    const { user, router } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Delete Ben Sy' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await user.click(screen.getByRole('link', { name: 'Leave' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Unsaved Changes' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(screen.getByText('Ben Sy', NAME)).toHaveClass('line-through');

    await user.click(screen.getByRole('link', { name: 'Leave' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unsaved Changes' })).getByRole('button', {
        name: 'Leave Without Saving',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('leaves without asking when nothing changed', async () => {
    stubApi();
    const { user, router } = renderEditor();
    await screen.findByText('Ana Cruz', NAME);
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });
});
