import type { MembershipApplicationForm } from '@portal/shared';
import { maxRepresentatives, REPRESENTATIVE_LIMITS } from '@portal/shared';
import { Plus, Trash2 } from 'lucide-react';
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { buttonClasses } from '@/components/ui/button-styles';
import { ImageField } from '@/components/ui/image-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { type ApplicationFormValues, emptyRepresentative } from '../form-values';

type RepresentativesStepProps = {
  control: Control<ApplicationFormValues, unknown, MembershipApplicationForm>;
  register: UseFormRegister<ApplicationFormValues>;
  errors: FieldErrors<ApplicationFormValues>;
  category: string;
  /** The photo chosen for each representative, by position, and the server's message on one. */
  photos: (File | null)[];
  photoErrors: (string | undefined)[];
  onPhotosChange: (photos: (File | null)[], photoErrors: (string | undefined)[]) => void;
};

/**
 * The company's representatives (spec 000 §5, docs/product-rules.md "Representatives"): the first
 * is voting and added ones non-voting; a Regular company may name up to 4, every other up to 2, and
 * at least 1 is kept; only one may vote, so 'Voting' is disabled on the others while one votes.
 * First and last name are required; a photo each is optional.
 */
export function RepresentativesStep({
  control,
  register,
  errors,
  category,
  photos,
  photoErrors,
  onPhotosChange,
}: RepresentativesStepProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'representatives' });
  const types = useWatch({ control, name: 'representatives' }).map((representative) => representative.type);
  const max = maxRepresentatives(category);
  const listError = errors.representatives?.root?.message ?? errors.representatives?.message;

  const removeAt = (index: number) => {
    remove(index);
    onPhotosChange(
      photos.filter((_, at) => at !== index),
      photoErrors.filter((_, at) => at !== index),
    );
  };

  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600">
        {category} members may name up to {max} representatives, one of them voting. At least{' '}
        {REPRESENTATIVE_LIMITS.minimum} is required.
      </p>
      {listError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm">
          {listError}
        </p>
      )}
      <ol className="space-y-5">
        {fields.map((field, index) => {
          const rowErrors = errors.representatives?.[index];
          const anotherVotes = types.some((type, at) => at !== index && type === 'voting');
          return (
            <li key={field.id} className="rounded-xl border border-stone-200 bg-stone-50/60 p-4 sm:p-5">
              <fieldset aria-labelledby={`representative-${field.id}`}>
                <div className="flex items-center justify-between gap-4">
                  <h3 id={`representative-${field.id}`} className="font-semibold text-stone-900">
                    Representative {index + 1}
                  </h3>
                  {fields.length > REPRESENTATIVE_LIMITS.minimum && (
                    <button
                      type="button"
                      onClick={() => removeAt(index)}
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Remove <span className="sr-only">representative {index + 1}</span>
                    </button>
                  )}
                </div>
                <div className="mt-4 grid gap-4 sm:grid-cols-2">
                  <TextField
                    label="First name *"
                    autoComplete="off"
                    error={rowErrors?.firstName?.message}
                    {...register(`representatives.${index}.firstName`)}
                  />
                  <TextField
                    label="Last name *"
                    autoComplete="off"
                    error={rowErrors?.lastName?.message}
                    {...register(`representatives.${index}.lastName`)}
                  />
                  <TextField
                    label="Preferred name"
                    autoComplete="off"
                    error={rowErrors?.preferredName?.message}
                    {...register(`representatives.${index}.preferredName`)}
                  />
                  <TextField
                    label="Position"
                    autoComplete="off"
                    error={rowErrors?.position?.message}
                    {...register(`representatives.${index}.position`)}
                  />
                  <SelectField
                    label="Type"
                    error={rowErrors?.type?.message}
                    {...register(`representatives.${index}.type`)}
                  >
                    <option value="voting" disabled={anotherVotes}>
                      Voting
                    </option>
                    <option value="non-voting">Non-voting</option>
                  </SelectField>
                </div>
                <div className="mt-4">
                  <ImageField
                    key={field.id}
                    label={`Photo of representative ${index + 1}`}
                    currentImageUrl={field.avatarUrl}
                    description="Optional. JPEG, PNG, GIF or WebP up to 5 MB."
                    error={photoErrors[index]}
                    onChange={(file) => {
                      const next = [...photos];
                      next[index] = file;
                      const nextErrors = [...photoErrors];
                      nextErrors[index] = undefined;
                      onPhotosChange(next, nextErrors);
                    }}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        disabled={fields.length >= max}
        onClick={() => append(emptyRepresentative(fields.length))}
        className={buttonClasses({ variant: 'secondary' })}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add Representative
      </button>
      {fields.length >= max && (
        <p className="text-sm text-stone-600">
          You have named the most representatives a {category} member may have.
        </p>
      )}
    </div>
  );
}
