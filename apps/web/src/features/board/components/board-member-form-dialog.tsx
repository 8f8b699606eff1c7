import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOARD_MEMBER_IMAGE_FIELD,
  BOARD_POSITIONS,
  type BoardMember,
  type BoardMemberCreate,
  type BoardMemberCreateInput,
  boardMemberCreateSchema,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { buttonClasses } from '@/components/ui/button-styles';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DialogCloseButton, DialogFooter, DialogPanel } from '@/components/ui/dialog';
import { ImageField } from '@/components/ui/image-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useSaveBoardMember } from '../api/save-board-member';

type BoardMemberFormDialogProps = {
  /** `null` adds a member; a member edits it. */
  member: BoardMember | null;
  onClose: () => void;
  onSaved: (member: BoardMember) => void;
  /** The failure of spec 001 §8 ('Failed to create/update board member. Please try again.'). */
  onFailed: (error: unknown) => void;
};

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
 * Editing without a new image keeps the current one; 'Remove image' removes it
 * (`remove_image=true`), and a server validation error shows on its field (docs/architecture.md
 * "API contract").
 * Rendered only while open, so each opening starts from the member's saved values.
 */
export function BoardMemberFormDialog({ member, onClose, onSaved, onFailed }: BoardMemberFormDialogProps) {
  const save = useSaveBoardMember();
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [imageError, setImageError] = useState<string | undefined>();
  const defaultValues = defaultValuesOf(member);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BoardMemberCreateInput, unknown, BoardMemberCreate>({
    resolver: zodResolver(boardMemberCreateSchema),
    defaultValues,
    // No message before the first save; after it, each field re-checks as it changes, so a
    // corrected field loses its message at once (a server message too).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const isEdit = member !== null;

  const onSubmit = handleSubmit((fields) => {
    setImageError(undefined);
    save.mutate(
      { id: member?.id, fields, image, removeImage },
      {
        onSuccess: onSaved,
        onError: (error) => {
          // A message the server puts on a field shows on that field (the picture's beside the
          // picker); an error that names no field here is the failure of spec 001 §8.
          const messages = serverFieldErrors(error);
          const { [BOARD_MEMBER_IMAGE_FIELD]: imageMessage, ...unplaced } = applyServerFieldErrors(
            messages,
            setError,
            Object.keys(defaultValues),
          );
          setImageError(imageMessage);
          if (Object.keys(unplaced).length === Object.keys(messages).length && !imageMessage) onFailed(error);
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
            onChange={(file) => {
              setImage(file);
              setImageError(undefined);
            }}
            onRemoveChange={isEdit ? setRemoveImage : undefined}
            error={imageError}
            description="JPEG, PNG, GIF or WebP up to 5 MB."
          />
          <CheckboxField label="Active (shown on the public page)" {...register('is_active')} />

          <DialogFooter>
            <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={save.isPending}>
              Cancel
            </Dialog.Close>
            <button type="submit" className={buttonClasses({ variant: 'primary' })} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : isEdit ? 'Save Changes' : 'Add Member'}
            </button>
          </DialogFooter>
        </form>
        <DialogCloseButton disabled={save.isPending} />
      </DialogPanel>
    </Dialog.Root>
  );
}
