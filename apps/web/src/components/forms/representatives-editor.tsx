import {
  addedRepresentativeType,
  REPRESENTATIVE_EDITOR_MESSAGES as MESSAGES,
  maxRepresentatives,
  REPRESENTATIVE_LIMITS,
} from '@portal/shared';
import { Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ImageField, useObjectUrl } from '@/components/ui/image-field';
import { MessageModal } from '@/components/ui/message-modal';
import { ProfilePicture } from '@/components/ui/profile-picture';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import {
  emptyRepresentativeRow,
  type RepresentativeRow,
  type RepresentativesFormValues,
  representativeRowName,
} from './representative-row';

type RepresentativesEditorProps = {
  /** The company's membership category, which sets how many it may name (Regular 4, others 2). */
  category: string;
  /**
   * How the list is edited. 'form' (the membership form, admin create-user): every row's fields
   * are open and a row is removed at once. 'drafts' (the profile's editor): rows are shown closed
   * and opened one at a time (Done, Cancel); Delete is soft, struck through and restorable, until
   * the page saves the list.
   */
  variant: 'form' | 'drafts';
  /** drafts: told when a row opens or closes, so the page holds Save All while one is open. */
  onEditingChange?: (editing: boolean) => void;
  /** drafts: the list rule the kept rows break as they stand, said above the list. */
  problem?: string | null;
  /** While the page saves the list. */
  disabled?: boolean;
};

type Notice = { title: string; text: string };

const ROW_FIELDS = ['firstName', 'lastName', 'preferredName', 'position', 'email', 'type'] as const;
const TYPE_LABELS: Record<string, string> = { voting: 'Voting', 'non-voting': 'Non-voting' };

/**
 * The company representatives editor (spec 000 §2, §5; docs/product-rules.md "Representatives"),
 * one for the membership form, admin create-user and the profile. It edits `representatives` of
 * the react-hook-form around it (a `FormProvider` whose values are `RepresentativesFormValues`),
 * checked by that form's shared Zod schema. The rules: a Regular company names up to 4, every
 * other up to 2; at least 1 stays, so the last one has no remove or delete button; one votes, so
 * 'Voting' is disabled on the others while one does; the first is voting and added ones
 * non-voting (voting again while no one kept votes). A photo refused when chosen says so in the
 * spec's notices ('Invalid Image', 'Image Processing Error').
 */
export function RepresentativesEditor({
  category,
  variant,
  onEditingChange,
  problem,
  disabled = false,
}: RepresentativesEditorProps) {
  const { control, getValues, setValue, trigger, clearErrors } = useFormContext<RepresentativesFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'representatives' });
  const rows = useWatch({ control, name: 'representatives' });
  const { errors } = useFormState({ control, name: 'representatives' });
  // drafts: the open row, and the row as it was when opened (null for one just added): Cancel
  // brings it back, and its form keeps that name rather than being renamed while it is typed.
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const openedAs = useRef<RepresentativeRow | null>(null);
  const [toDelete, setToDelete] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const max = maxRepresentatives(category);
  const kept = rows.filter((row) => !row.isDeleted);
  const atLimit = kept.length >= max;
  const removable = kept.length > REPRESENTATIVE_LIMITS.minimum;
  const listError = problem ?? errors.representatives?.root?.message ?? errors.representatives?.message;
  const votingTakenBesides = (index: number) =>
    rows.some((row, at) => at !== index && !row.isDeleted && row.type === 'voting');

  const setOpen = (index: number | null) => {
    setOpenIndex(index);
    onEditingChange?.(index !== null);
  };

  const openRow = (index: number) => {
    // A copy: the form's values change in place as the fields are typed in.
    const row = { ...getValues(`representatives.${index}`) };
    openedAs.current = row;
    // The fields offer voting and non-voting: a stored one without a type ("Other") is edited as
    // non-voting, and voting only while no one else votes.
    if (row.type !== 'non-voting' && (row.type !== 'voting' || votingTakenBesides(index))) {
      setValue(`representatives.${index}.type`, 'non-voting');
    }
    setOpen(index);
  };

  const add = () => {
    append(emptyRepresentativeRow(addedRepresentativeType(kept)));
    if (variant === 'drafts') {
      openedAs.current = null;
      setOpen(rows.length);
    }
  };

  const finishEditing = async (index: number) => {
    if (await trigger(ROW_FIELDS.map((field) => `representatives.${index}.${field}` as const))) setOpen(null);
  };

  const cancelEditing = (index: number) => {
    const before = openedAs.current;
    clearErrors(`representatives.${index}`);
    // One added in this visit that was never completed goes away again.
    if (!before) remove(index);
    else setValue(`representatives.${index}`, before);
    setOpen(null);
  };

  const deleteRow = (index: number) => {
    // One stored is kept, struck through, until the save; one added in this visit simply goes.
    if (getValues(`representatives.${index}.id`)) setValue(`representatives.${index}.isDeleted`, true);
    else remove(index);
  };

  const photoField = (index: number, row: RepresentativeRow) => (
    <ImageField
      label={`Photo of representative ${index + 1}`}
      currentImageUrl={row.removePhoto ? null : row.avatarUrl}
      initialFile={row.photo}
      description="Optional. JPEG, PNG, GIF or WebP up to 5 MB."
      error={errors.representatives?.[index]?.photo?.message}
      onChange={(file) => {
        clearErrors(`representatives.${index}.photo`);
        setValue(`representatives.${index}.photo`, file);
        if (file) setValue(`representatives.${index}.removePhoto`, false);
      }}
      onRemoveChange={
        variant === 'drafts'
          ? (removed) => setValue(`representatives.${index}.removePhoto`, removed)
          : undefined
      }
      onRefuse={({ message, unreadable }) =>
        setNotice(
          unreadable
            ? {
                title: MESSAGES.imageProcessingTitle,
                text: MESSAGES.imageProcessing(representativeRowName(row)),
              }
            : { title: MESSAGES.invalidImage, text: message },
        )
      }
    />
  );

  return (
    <div className="space-y-5">
      <p className="text-sm text-stone-600">
        {category} members may name up to {max} representatives, one of them voting. At least{' '}
        {REPRESENTATIVE_LIMITS.minimum} is required.
      </p>
      {listError && (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm"
        >
          {listError}
        </p>
      )}

      {variant === 'form' ? (
        <ol className="space-y-5">
          {fields.map((field, index) => {
            const row = rows[index] ?? field;
            return (
              <li key={field.id} className="rounded-xl border border-stone-200 bg-stone-50/60 p-4 sm:p-5">
                <fieldset aria-labelledby={`representative-${field.id}`} className="min-w-0">
                  <div className="flex items-center justify-between gap-4">
                    <h3 id={`representative-${field.id}`} className="font-semibold text-stone-900">
                      Representative {index + 1}
                    </h3>
                    {removable && (
                      <button
                        type="button"
                        onClick={() => remove(index)}
                        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        Remove <span className="sr-only">representative {index + 1}</span>
                      </button>
                    )}
                  </div>
                  <div className="mt-4">
                    <RepresentativeFields index={index} votingTaken={votingTakenBesides(index)} />
                  </div>
                  <div className="mt-4">{photoField(index, row)}</div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      ) : (
        <ul className="space-y-4">
          {fields.map((field, index) => {
            const row = rows[index] ?? field;
            return (
              <li key={field.id}>
                {openIndex === index ? (
                  <DraftRowForm
                    name={representativeRowName(openedAs.current ?? emptyRepresentativeRow('non-voting'))}
                    onDone={() => void finishEditing(index)}
                    onCancel={() => cancelEditing(index)}
                  >
                    <RepresentativeFields index={index} votingTaken={votingTakenBesides(index)} />
                    {photoField(index, row)}
                  </DraftRowForm>
                ) : (
                  <DraftRowSummary
                    row={row}
                    disabled={openIndex !== null || disabled}
                    removable={removable}
                    restorable={!atLimit}
                    onEdit={() => openRow(index)}
                    onDelete={() => setToDelete(index)}
                    onRestore={() => setValue(`representatives.${index}.isDeleted`, false)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}

      <div>
        <button
          type="button"
          onClick={add}
          disabled={atLimit || openIndex !== null || disabled}
          className={buttonClasses({ variant: 'secondary' })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add Representative
        </button>
        {atLimit && (
          <p className="mt-2 text-sm text-stone-600">The limit of {max} representatives is reached.</p>
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Representative"
        text={`Remove ${representativeRowName(rows[toDelete ?? -1] ?? { firstName: '', lastName: '' })} from your representatives? You can restore them until you save.`}
        confirmLabel="Delete"
        tone="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete !== null) deleteRow(toDelete);
          setToDelete(null);
        }}
      />
      <MessageModal
        open={notice !== null}
        variant="error"
        title={notice?.title ?? ''}
        text={notice?.text ?? ''}
        onClose={() => setNotice(null)}
      />
    </div>
  );
}

/** One representative's own fields: first and last name required (spec 000 §5), the type. */
function RepresentativeFields({ index, votingTaken }: { index: number; votingTaken: boolean }) {
  const { register } = useFormContext<RepresentativesFormValues>();
  const { errors } = useFormState<RepresentativesFormValues>({ name: `representatives.${index}` });
  const rowErrors = errors.representatives?.[index];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
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
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        description={
          <p className="text-stone-600 text-xs">
            The voting representative is sent the dues reminders here too.
          </p>
        }
        error={rowErrors?.email?.message}
        {...register(`representatives.${index}.email`)}
      />
      <SelectField
        label="Type"
        error={rowErrors?.type?.message}
        {
          // The one-voting rule is the list's: a changed type checks the list again (once checked).
          ...register(`representatives.${index}.type`, { deps: 'representatives' })
        }
      >
        <option value="voting" disabled={votingTaken}>
          Voting{votingTaken ? ' (already chosen)' : ''}
        </option>
        <option value="non-voting">Non-voting</option>
      </SelectField>
    </div>
  );
}

/** drafts: the open row, a form of its own so Enter means Done. */
function DraftRowForm({
  name,
  onDone,
  onCancel,
  children,
}: {
  name: string;
  onDone: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        // The page around may be a form too: its submit must not run.
        event.stopPropagation();
        onDone();
      }}
      aria-label={`Edit ${name}`}
      className="space-y-5 rounded-xl border border-brand-200 bg-brand-50/40 p-5"
    >
      {children}
      <div className="flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Cancel
        </button>
        <button type="submit" className={buttonClasses({ variant: 'primary', size: 'sm' })}>
          Done
        </button>
      </div>
    </form>
  );
}

/** drafts: a closed row, struck through while deleted. */
function DraftRowSummary({
  row,
  disabled,
  removable,
  restorable,
  onEdit,
  onDelete,
  onRestore,
}: {
  row: RepresentativeRow;
  disabled: boolean;
  removable: boolean;
  restorable: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onRestore: () => void;
}) {
  const name = representativeRowName(row);
  // The picture it will have once saved: a new photo, none when removed, else the stored one.
  const photoUrl = useObjectUrl(row.photo);
  return (
    <div
      className={`flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-center ${
        row.isDeleted ? 'border-stone-200 border-dashed bg-stone-100' : 'border-stone-200 bg-white shadow-sm'
      }`}
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        {/* A deleted one is faded by its picture only: faded text would be too pale to read. */}
        <ProfilePicture
          src={row.removePhoto ? null : (photoUrl ?? row.avatarUrl)}
          name={name}
          className={`size-14 shrink-0 rounded-full ${row.isDeleted ? 'opacity-50 grayscale' : ''}`}
        />
        <div className="min-w-0">
          <p
            className={`font-semibold [overflow-wrap:anywhere] ${row.isDeleted ? 'text-stone-600' : 'text-stone-900'}`}
          >
            <span data-representative-name="" className={row.isDeleted ? 'line-through' : ''}>
              {name}
            </span>
            {row.isDeleted && (
              <span className="ml-2 inline-block font-medium text-red-700 text-xs">
                (deleted when you save)
              </span>
            )}
          </p>
          <p className="text-sm text-stone-600">
            {[row.position, TYPE_LABELS[row.type] ?? 'Other'].filter(Boolean).join(' · ')}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        {row.isDeleted ? (
          <button
            type="button"
            onClick={onRestore}
            disabled={disabled || !restorable}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Restore <span className="sr-only">{name}</span>
          </button>
        ) : (
          <>
            <button
              type="button"
              onClick={onEdit}
              disabled={disabled}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Edit <span className="sr-only">{name}</span>
            </button>
            {removable && (
              <button
                type="button"
                onClick={onDelete}
                disabled={disabled}
                className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'text-red-700' })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete <span className="sr-only">{name}</span>
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
