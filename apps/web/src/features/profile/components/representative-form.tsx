import { zodResolver } from '@hookform/resolvers/zod';
import { representativeInputSchema } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClasses } from '@/components/ui/button-styles';
import { ImageField } from '@/components/ui/image-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { type DraftRepresentative, draftName } from './representatives-draft';

const formSchema = z.object({
  firstName: representativeInputSchema.shape.firstName,
  lastName: representativeInputSchema.shape.lastName,
  preferredName: z.string().trim().max(100, 'Preferred name must be at most 100 characters'),
  position: z.string().trim().max(200, 'Position must be at most 200 characters'),
  type: z.enum(['voting', 'non-voting']),
});
type FormValues = z.input<typeof formSchema>;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(reader.error));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

type RepresentativeFormProps = {
  draft: DraftRepresentative;
  /** Another kept representative already votes: the voting option is disabled (spec 000 §5). */
  votingTaken: boolean;
  onDone: (draft: DraftRepresentative) => void;
  onCancel: () => void;
  /** spec 000 §8: 'Image Processing Error - Failed to process image for {name}. Please try again.' */
  onImageFailed: (name: string) => void;
};

/** One representative's fields, open in place in the editor: first and last name required. */
export function RepresentativeForm({
  draft,
  votingTaken,
  onDone,
  onCancel,
  onImageFailed,
}: RepresentativeFormProps) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [reading, setReading] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      firstName: draft.firstName,
      lastName: draft.lastName,
      preferredName: draft.preferredName,
      position: draft.position,
      type: draft.type === 'voting' && !votingTaken ? 'voting' : 'non-voting',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    let picture = { avatarUrl: draft.avatarUrl, hasNewAvatar: draft.hasNewAvatar };
    if (photo) {
      setReading(true);
      try {
        picture = { avatarUrl: await readAsDataUrl(photo), hasNewAvatar: true };
      } catch {
        onImageFailed(draftName(values));
        return;
      } finally {
        setReading(false);
      }
    } else if (removePhoto) {
      picture = { avatarUrl: null, hasNewAvatar: false };
    }
    onDone({ ...draft, ...values, ...picture });
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Edit ${draftName(draft)}`}
      className="space-y-5 rounded-xl border border-brand-200 bg-brand-50/40 p-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name *"
          autoComplete="off"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name *"
          autoComplete="off"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField
          label="Preferred name"
          autoComplete="off"
          error={errors.preferredName?.message}
          {...register('preferredName')}
        />
        <TextField
          label="Position"
          autoComplete="off"
          error={errors.position?.message}
          {...register('position')}
        />
        <SelectField label="Representative type" error={errors.type?.message} {...register('type')}>
          <option value="voting" disabled={votingTaken}>
            Voting{votingTaken ? ' (already chosen)' : ''}
          </option>
          <option value="non-voting">Non-voting</option>
        </SelectField>
      </div>
      <ImageField
        label="Photo"
        currentImageUrl={draft.avatarUrl}
        onChange={setPhoto}
        onRemoveChange={draft.avatarUrl ? setRemovePhoto : undefined}
        description="JPEG, PNG, GIF or WebP up to 5 MB."
      />
      <div className="flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={reading}
          className={buttonClasses({ variant: 'primary', size: 'sm' })}
        >
          Done
        </button>
      </div>
    </form>
  );
}
