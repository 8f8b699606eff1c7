import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { json, makeBoardMember } from '../test-fixtures';
import { BoardMemberFormDialog } from './board-member-form-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The save call's answer, and the multipart bodies sent. */
function stubSave(answer: () => Response) {
  const bodies: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.body instanceof FormData) bodies.push(init.body);
      return answer();
    }),
  );
  return bodies;
}

const withPhoto = makeBoardMember({
  name: 'Ana Cruz',
  title: 'Geologist',
  position: 'Treasurer',
  image_path: '/uploads/ana.webp',
  image_variants: [{ path: '/uploads/ana.webp', width: 800, height: 1000 }],
});

function renderForm(member = withPhoto) {
  const callbacks = { onClose: vi.fn(), onSaved: vi.fn(), onFailed: vi.fn() };
  renderWithRouter(<BoardMemberFormDialog member={member} {...callbacks} />, { path: '/admin/board' });
  return { dialog: screen.getByRole('dialog'), ...callbacks };
}

describe('BoardMemberFormDialog (spec 001 §5)', () => {
  it("says the current image is kept, and 'Remove image' sends remove_image=true", async () => {
    const bodies = stubSave(() => json({ data: { ...withPhoto, image_path: null, image_variants: [] } }));
    const { dialog, onSaved } = renderForm();
    const user = userEvent.setup();
    expect(within(dialog).getByText('Current image')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Remove image' }));
    expect(within(dialog).getByText('The current image will be removed when you save.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Keep image' }));
    expect(within(dialog).getByText('Current image')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Remove image' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0]?.get('remove_image')).toBe('true');
    expect(bodies[0]?.has('image')).toBe(false);
  });

  it('names a newly chosen file, which replaces the current one without remove_image', async () => {
    const bodies = stubSave(() => json({ data: withPhoto }));
    const { dialog, onSaved } = renderForm();
    const user = userEvent.setup();
    const portrait = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'ana-2026.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(within(dialog).getByLabelText('Image'), portrait);
    expect(await within(dialog).findByText('New image: ana-2026.jpg (1 KB)')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0]?.get('image')).toBe(portrait);
    expect(bodies[0]?.has('remove_image')).toBe(false);
  });

  it('refuses a document named like a photo as soon as it is chosen', async () => {
    const bodies = stubSave(() => json({ data: withPhoto }));
    const { dialog } = renderForm();
    const user = userEvent.setup();
    const renamed = new File(['%PDF-1.7 minutes of the meeting'], 'photo.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('Image'), renamed);
    expect(
      await within(dialog).findByText('Only image files (JPEG, PNG, GIF, WebP) are allowed.'),
    ).toBeVisible();
    expect(within(dialog).getByText('Current image')).toBeVisible();
    expect(within(dialog).getByLabelText('Image')).toHaveValue('');
    expect(bodies).toEqual([]);
  });

  it("puts the server's field messages on their fields, and they go once corrected", async () => {
    let answer = () =>
      json(
        {
          error: 'Title must be at most 200 characters',
          code: 'validation_error',
          field: 'title',
          fields: {
            title: 'Title must be at most 200 characters',
            image: 'The image could not be read. It may be damaged or incomplete.',
          },
        },
        400,
      );
    stubSave(() => answer());
    const { dialog, onFailed, onSaved } = renderForm();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('Title must be at most 200 characters')).toBeVisible();
    expect(within(dialog).getByLabelText('Title *')).toHaveFocus();
    expect(within(dialog).getByLabelText('Title *')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(dialog).getByText('The image could not be read. It may be damaged or incomplete.'),
    ).toBeVisible();
    expect(onFailed).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Title *'), 'x');
    expect(within(dialog).queryByText('Title must be at most 200 characters')).not.toBeInTheDocument();

    // An error that names no field of the form is the failure notice's.
    answer = () => json({ error: 'Internal Server Error' }, 500);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('clears a required-field message as soon as the field is filled', async () => {
    stubSave(() => json({ data: withPhoto }));
    renderWithRouter(
      <BoardMemberFormDialog member={null} onClose={vi.fn()} onSaved={vi.fn()} onFailed={vi.fn()} />,
      {
        path: '/admin/board',
      },
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Board Member' });
    const user = userEvent.setup();
    expect(within(dialog).queryByRole('button', { name: 'Remove image' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('No image')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Name *'), 'A');
    expect(within(dialog).queryByText('Name is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Title is required')).toBeVisible();
  });
});
