import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CpdEvent,
  type CpdSettings,
  type CpdSettingsInput,
  cpdSettingsSchema,
  PROFESSIONS,
} from '@portal/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { ProfessionOptions } from '@/components/forms/profession-options';
import { buttonClasses } from '@/components/ui/button-styles';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useSaveCpdSettings } from '../api/cpd';

const EMPTY: CpdSettingsInput = {
  provider_name: '',
  provider_accreditation_number: '',
  provider_accreditation_valid_until: '',
  program_accreditation_number: '',
  participant_units_per_hour: '1',
  speaker_units_per_talk: '',
  moderator_units: '',
  facilitator_units: '',
  morning_hours: '',
  afternoon_hours: '',
  day_hours: '',
  signatory_name: '',
  signatory_title: '',
  accreditations: [],
};

type NumberName = keyof Pick<
  CpdSettingsInput,
  | 'participant_units_per_hour'
  | 'speaker_units_per_talk'
  | 'moderator_units'
  | 'facilitator_units'
  | 'morning_hours'
  | 'afternoon_hours'
  | 'day_hours'
>;

const UNIT_FIELDS: [NumberName, string][] = [
  ['participant_units_per_hour', 'Participant units per hour *'],
  ['speaker_units_per_talk', 'Speaker units per talk *'],
  ['moderator_units', 'Moderator units *'],
  ['facilitator_units', 'Facilitator units *'],
];
const HOUR_FIELDS: [NumberName, string][] = [
  ['morning_hours', 'Morning session hours *'],
  ['afternoon_hours', 'Afternoon session hours *'],
  ['day_hours', 'Single-session hours *'],
];

/**
 * The CPD settings of an event (docs/product-rules.md "CPD certificates"): what its certificates
 * print and how their units are counted. Validated by the API's own schema.
 */
export function CpdSettingsForm({
  eventId,
  settings,
  onSaved,
  onFailed,
}: {
  eventId: string;
  settings: CpdEvent['settings'];
  onSaved: () => void;
  onFailed: (error: unknown) => void;
}) {
  const save = useSaveCpdSettings(eventId);
  const defaultValues: CpdSettingsInput = settings ?? EMPTY;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CpdSettingsInput, unknown, CpdSettings>({
    resolver: zodResolver(cpdSettingsSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const accreditations = useFieldArray({ control, name: 'accreditations' });
  const unusedProfessions = PROFESSIONS.filter(
    (profession) => !accreditations.fields.some((field) => field.profession === profession.code),
  );
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => {
        const messages = serverFieldErrors(error);
        const unplaced = applyServerFieldErrors(messages, setError, [
          ...Object.keys(EMPTY),
          ...Object.keys(messages).filter((field) => field.startsWith('accreditations.')),
        ]);
        if (Object.keys(unplaced).length === Object.keys(messages).length) onFailed(error);
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" aria-label="CPD settings">
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-3 font-semibold text-stone-900">Provider and program</legend>
        <TextField
          label="Provider name *"
          error={errors.provider_name?.message}
          {...register('provider_name')}
        />
        <TextField
          label="PRC provider accreditation no. *"
          error={errors.provider_accreditation_number?.message}
          {...register('provider_accreditation_number')}
        />
        <TextField
          label="Accreditation valid until *"
          type="date"
          error={errors.provider_accreditation_valid_until?.message}
          {...register('provider_accreditation_valid_until')}
        />
        <TextField
          label="Program accreditation no. *"
          error={errors.program_accreditation_number?.message}
          {...register('program_accreditation_number')}
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-1 font-semibold text-stone-900">Program accreditation per profession</legend>
        <p className="text-sm text-stone-600">
          The PRC accredits a program per profession: each certificate prints the number of its attendee's
          profession, and no more than its units. An attendee whose profession is not listed gets no
          certificate. With none listed, every certificate prints the number above.
        </p>
        {accreditations.fields.map((field, index) => (
          <div
            key={field.id}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_8rem_auto] lg:items-start"
          >
            <SelectField
              label="Profession *"
              error={errors.accreditations?.[index]?.profession?.message}
              {...register(`accreditations.${index}.profession`)}
            >
              <ProfessionOptions />
            </SelectField>
            <TextField
              label="Program accreditation no. *"
              error={errors.accreditations?.[index]?.number?.message}
              {...register(`accreditations.${index}.number`)}
            />
            <TextField
              label="Units *"
              inputMode="decimal"
              error={errors.accreditations?.[index]?.units?.message}
              {...register(`accreditations.${index}.units`)}
            />
            <button
              type="button"
              className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} lg:mt-7`}
              onClick={() => accreditations.remove(index)}
              aria-label={`Remove accreditation ${index + 1}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              <span className="lg:sr-only">Remove</span>
            </button>
          </div>
        ))}
        {unusedProfessions.length > 0 && (
          <button
            type="button"
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            onClick={() =>
              accreditations.append({
                profession: (unusedProfessions[0] as (typeof PROFESSIONS)[number]).code,
                number: '',
                units: '',
              })
            }
          >
            <Plus aria-hidden="true" className="size-4" /> Add a profession
          </button>
        )}
      </fieldset>
      <fieldset className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="mb-3 font-semibold text-stone-900">Units by role</legend>
        {UNIT_FIELDS.map(([name, label]) => (
          <TextField
            key={name}
            label={label}
            inputMode="decimal"
            error={errors[name]?.message}
            {...register(name)}
          />
        ))}
      </fieldset>
      <fieldset className="grid gap-5 sm:grid-cols-3">
        <legend className="mb-3 font-semibold text-stone-900">Hours of each session</legend>
        {HOUR_FIELDS.map(([name, label]) => (
          <TextField
            key={name}
            label={label}
            inputMode="decimal"
            error={errors[name]?.message}
            {...register(name)}
          />
        ))}
      </fieldset>
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-3 font-semibold text-stone-900">Signatory</legend>
        <TextField
          label="Signatory name *"
          error={errors.signatory_name?.message}
          {...register('signatory_name')}
        />
        <TextField
          label="Signatory title *"
          error={errors.signatory_title?.message}
          {...register('signatory_title')}
        />
      </fieldset>
      <div className="flex justify-end">
        <button type="submit" className={buttonClasses()} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save CPD settings'}
        </button>
      </div>
    </form>
  );
}
