import { zodResolver } from '@hookform/resolvers/zod';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, representativeFieldsSchema } from '@portal/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  emptyRepresentativeRow,
  type RepresentativeRow,
  type RepresentativesFormValues,
} from './representative-row';
import { RepresentativesEditor } from './representatives-editor';

const resolver = zodResolver(
  z.object({ representatives: z.array(representativeFieldsSchema) }),
) as unknown as Resolver<RepresentativesFormValues>;

const row = (overrides: Partial<RepresentativeRow>): RepresentativeRow => ({
  ...emptyRepresentativeRow('non-voting'),
  ...overrides,
});
const ana = row({
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Ana',
  lastName: 'Cruz',
  type: 'voting',
});
const ben = row({ id: '00000000-0000-4000-8000-000000000002', firstName: 'Ben', lastName: 'Sy' });

function renderEditor(variant: 'form' | 'drafts', representatives: RepresentativeRow[]) {
  function Harness() {
    const form = useForm<RepresentativesFormValues>({ resolver, defaultValues: { representatives } });
    return (
      <FormProvider {...form}>
        <RepresentativesEditor variant={variant} category="Regular" />
      </FormProvider>
    );
  }
  render(<Harness />);
  // The pickers take image/* only; a test must be able to offer them anything.
  return userEvent.setup({ applyAccept: false });
}

afterEach(() => vi.restoreAllMocks());

describe('RepresentativesEditor: the photo picker (spec 000 §8 "Representatives")', () => {
  it.each([
    [
      'a file that is not an image',
      new File(['minutes'], 'minutes.pdf', { type: 'application/pdf' }),
      IMAGE_MESSAGES.wrongType,
    ],
    [
      'a photo over 5 MB',
      new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' }),
      IMAGE_MESSAGES.tooLarge,
    ],
  ])("says 'Invalid Image' for %s", async (_name, file, message) => {
    const user = renderEditor('form', [ana]);
    await user.upload(screen.getByLabelText('Photo of representative 1'), file);
    const notice = await screen.findByRole('alertdialog', { name: 'Invalid Image' });
    expect(notice).toHaveAccessibleDescription(message);
    await user.click(within(notice).getByRole('button', { name: 'Okay' }));
    // The message stays under the picker, which has no file chosen.
    expect(screen.getByLabelText('Photo of representative 1')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(screen.getByText('No image')).toBeVisible();
  });

  it("says 'Image Processing Error' with the representative's name when the photo cannot be read", async () => {
    vi.spyOn(FileReader.prototype, 'readAsArrayBuffer').mockImplementation(function (this: FileReader) {
      queueMicrotask(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
    });
    const user = renderEditor('drafts', [ana, ben]);
    await user.click(screen.getByRole('button', { name: 'Edit Ben Sy' }));
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'ben.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Photo of representative 2'), photo);
    const notice = await screen.findByRole('alertdialog', { name: 'Image Processing Error' });
    expect(notice).toHaveAccessibleDescription('Failed to process image for Ben Sy. Please try again.');
  });

  it.each([
    ['a text file renamed .png', new File(['just some notes'], 'ben.png', { type: 'image/png' })],
    ['a document renamed .jpg', new File(['%PDF-1.7 not a picture'], 'ben.jpg', { type: 'image/jpeg' })],
  ])("says 'Image Processing Error' with the name for %s", async (_name, file) => {
    const user = renderEditor('drafts', [ana, ben]);
    await user.click(screen.getByRole('button', { name: 'Edit Ben Sy' }));
    await user.upload(screen.getByLabelText('Photo of representative 2'), file);
    const notice = await screen.findByRole('alertdialog', { name: 'Image Processing Error' });
    expect(notice).toHaveAccessibleDescription('Failed to process image for Ben Sy. Please try again.');
    expect(screen.queryByRole('alertdialog', { name: 'Invalid Image' })).toBeNull();
  });

  it('keeps a good photo, and shows it as chosen when the row is opened again', async () => {
    const user = renderEditor('drafts', [ana, ben]);
    await user.click(screen.getByRole('button', { name: 'Edit Ben Sy' }));
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], 'ben.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(screen.getByLabelText('Photo of representative 2'), photo);
    expect(await screen.findByText(/New image: ben.jpg/)).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Ben Sy' }));
    expect(screen.getByText(/New image: ben.jpg/)).toBeVisible();
  });
});

describe('RepresentativesEditor: at least one is kept (spec 000 §5)', () => {
  it('in a form, offers Remove only while there is more than one', async () => {
    const user = renderEditor('form', [ana]);
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Representative' }));
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove representative 2' }));
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('in the profile editor, does not let the last one kept be deleted', async () => {
    const user = renderEditor('drafts', [ana, ben]);
    await user.click(screen.getByRole('button', { name: 'Delete Ben Sy' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    // Ben is struck through; Ana, the only one kept, cannot be deleted.
    expect(screen.getByRole('button', { name: 'Restore Ben Sy' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Delete Ana Cruz' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Ben Sy' }));
    expect(screen.getByRole('button', { name: 'Delete Ana Cruz' })).toBeEnabled();
  });

  it('in the profile editor, cancelling a row brings back what it was', async () => {
    const user = renderEditor('drafts', [ana, ben]);
    await user.click(screen.getByRole('button', { name: 'Edit Ben Sy' }));
    const form = screen.getByRole('form', { name: 'Edit Ben Sy' });
    await user.clear(within(form).getByLabelText('First name *'));
    await user.type(within(form).getByLabelText('First name *'), 'Benjamin');
    // Still named as it was opened while the name is typed.
    expect(screen.getByRole('form', { name: 'Edit Ben Sy' })).toBe(form);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Ben Sy' })).toBeVisible();
  });
});
