import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOARD_POSITIONS,
  type BoardMember,
  type BoardMemberCreate,
  type BoardMemberCreateInput,
  boardMemberCreateSchema,
  IMAGE_MESSAGES,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { buttonClasses } from '@/components/ui/button-styles';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DialogPanel } from '@/components/ui/dialog';
import { ImageField } from '@/components/ui/image-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useSaveBoardMember } from '../api/save-board-member';

type BoardMemberFormDialogProps = {
  /** `null` adds a member; a member edits it. */
  member: BoardMember | null;
  onClose: () => void;
  onSaved: (member: BoardMember) => void;
  /** The failure of spec 001 §8 ('Failed to create/update board member. Please try again.'). */
  onFailed: (error: unknown) => void;
};

const imageMessages: readonly string[] = Object.values(IMAGE_MESSAGES);

function defaultValuesOf(member: BoardMember | null): BoardMemberCreateInput {
  return {
    name: member?.name ?? '',
    title: member?.title ?? '',
    position: member?.position ?? '',
    description: member?.description ?? '',
    trustee_since: member?.trustee_since ?? '',
    display_order: member?.display_order === null || !member ? '' : String(member.display_order),
    is_active: member?.is_active ?? true,
  };
}

/**
 * The add and edit forms of /admin/board (spec 001 §5): name, title and position required;
 * description, trustee since, display order (0 or more) and an image optional; active by default.
 * Editing without a new image keeps the current one. Rendered only while open, so each opening
 * starts from the member's saved values.
 */
export function BoardMemberFormDialog({ member, onClose, onSaved, onFailed }: BoardMemberFormDialogProps) {
  const save = useSaveBoardMember();
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BoardMemberCreateInput, unknown, BoardMemberCreate>({
    resolver: zodResolver(boardMemberCreateSchema),
    defaultValues: defaultValuesOf(member),
  });
  const isEdit = member !== null;

  const onSubmit = handleSubmit((fields) => {
    setImageError(undefined);
    save.mutate(
      { id: member?.id, fields, image },
      {
        onSuccess: onSaved,
        onError: (error) => {
          // The server's verdict on the picture belongs beside the picker; anything else is a failure.
          if (error instanceof ApiError && imageMessages.includes(error.error)) setImageError(error.error);
          else onFailed(error);
        },
      },
    );
  });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogPanel size="wide">
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          {isEdit ? 'Edit Board Member' : 'Add Board Member'}
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          Fields marked * are required.
        </Dialog.Description>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Name *" autoComplete="off" error={errors.name?.message} {...register('name')} />
            <TextField
              label="Title *"
              autoComplete="off"
              error={errors.title?.message}
              {...register('title')}
            />
            <SelectField
              label="Position *"
              placeholder="Select a position"
              error={errors.position?.message}
              {...register('position')}
            >
              {BOARD_POSITIONS.map((position) => (
                <option key={position} value={position}>
                  {position}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Trustee since"
              type="date"
              error={errors.trustee_since?.message}
              {...register('trustee_since')}
            />
            <TextField
              label="Display order"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              description={
                <p className="text-stone-600 text-xs">Lower numbers come first; blank sorts last.</p>
              }
              error={errors.display_order?.message}
              {...register('display_order')}
            />
          </div>
          <TextAreaField
            label="Description"
            rows={5}
            error={errors.description?.message}
            {...register('description')}
          />
          <ImageField
            label="Image"
            currentImageUrl={member?.image_path}
            onChange={setImage}
            error={imageError}
            description={
              isEdit
                ? 'Leave empty to keep the current image. JPEG, PNG, GIF or WebP up to 5 MB.'
                : 'JPEG, PNG, GIF or WebP up to 5 MB.'
            }
          />
          <CheckboxField label="Active (shown on the public page)" {...register('is_active')} />

          <div className="flex flex-col-reverse gap-3 border-stone-200 border-t pt-5 sm:flex-row sm:justify-end">
            <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={save.isPending}>
              Cancel
            </Dialog.Close>
            <button type="submit" className={buttonClasses({ variant: 'primary' })} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : isEdit ? 'Save Changes' : 'Add Member'}
            </button>
          </div>
        </form>
        <Dialog.Close
          aria-label="Close"
          disabled={save.isPending}
          className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800"
        >
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </DialogPanel>
    </Dialog.Root>
  );
}
