import { zodResolver } from '@hookform/resolvers/zod';
import {
  EXTERNAL_CERTIFICATE_MAX_BYTES,
  EXTERNAL_CERTIFICATE_TYPES,
  type ExternalUnit,
  type ExternalUnitInput,
  externalUnitSchema,
  formatDate,
  manilaDateString,
  PROFESSIONS,
  type PrcLicence,
  type PrcLicencesInput,
  prcLicencesSchema,
  TRANSCRIPT_MESSAGES,
  TRANSCRIPT_PDF_PATH,
  type TranscriptPeriod,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { Download, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { ProfessionOptions } from '@/components/forms/profession-options';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogCloseButton, DialogFormEnd, DialogPanel } from '@/components/ui/dialog';
import { FileField } from '@/components/ui/file-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useLicences, useRecordExternalUnit, useSaveLicences, useTranscript } from '../api/cpd-transcript';

type Notify = (notice: { variant: 'success' | 'error'; title: string; text: string }) => void;

/**
 * "CPD transcript" on /profile (docs/product-rules.md "CPD transcript"): the person's PRC licences
 * per profession, and per licence and renewal period the units required, earned here, approved
 * from elsewhere and still needed, with each entry; external units are recorded here.
 */
export function CpdTranscriptSection({ notify }: { notify: Notify }) {
  const licences = useLicences();
  const transcript = useTranscript();
  const [recording, setRecording] = useState(false);
  if (licences.isPending || transcript.isPending) return <Skeleton className="h-40" />;
  if (licences.isError || transcript.isError) {
    return (
      <p role="alert" className="text-red-800">
        {(licences.error ?? transcript.error)?.message}
      </p>
    );
  }
  const byProfession = PROFESSIONS.map((profession) => ({
    profession,
    periods: transcript.data.periods.filter((period) => period.profession === profession.code),
  })).filter((group) => group.periods.length > 0);
  return (
    <div className="space-y-8">
      <LicencesForm key={JSON.stringify(licences.data)} saved={licences.data} notify={notify} />
      {byProfession.length === 0 ? (
        <p className="text-stone-600">{TRANSCRIPT_MESSAGES.noLicences}</p>
      ) : (
        <>
          <div className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              className={buttonClasses({ size: 'sm' })}
              onClick={() => setRecording(true)}
            >
              <Plus aria-hidden="true" className="size-4" /> {TRANSCRIPT_MESSAGES.recordExternal}
            </button>
          </div>
          {byProfession.map(({ profession, periods }) => (
            <section
              key={profession.code}
              aria-labelledby={`transcript-${profession.code}`}
              className="space-y-4"
            >
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h3 id={`transcript-${profession.code}`} className="font-semibold text-lg text-stone-900">
                    {profession.label}
                  </h3>
                  <p className="text-sm text-stone-600">
                    {profession.board} · licence no. {periods[0]?.licence_number}
                  </p>
                </div>
                <button
                  type="button"
                  className={buttonClasses({ size: 'sm', variant: 'secondary' })}
                  onClick={() =>
                    downloadWithSession(`/cpd${TRANSCRIPT_PDF_PATH}`, { profession: profession.code })
                  }
                >
                  <Download aria-hidden="true" className="size-4" /> {TRANSCRIPT_MESSAGES.downloadPdf}
                </button>
              </div>
              {periods.map((period) => (
                <PeriodCard key={period.from} period={period} />
              ))}
            </section>
          ))}
        </>
      )}
      {recording && (
        <ExternalUnitDialog
          professions={licences.data.map((licence) => licence.profession)}
          onClose={() => setRecording(false)}
          onSent={() => {
            setRecording(false);
            notify({ variant: 'success', title: 'Sent', text: TRANSCRIPT_MESSAGES.externalSubmitted });
          }}
        />
      )}
    </div>
  );
}

function PeriodCard({ period }: { period: TranscriptPeriod }) {
  const figures: [string, string][] = [
    [`${TRANSCRIPT_MESSAGES.required} (${period.renewal_year})`, period.required],
    [TRANSCRIPT_MESSAGES.earnedHere, period.earned],
    [TRANSCRIPT_MESSAGES.external, period.external],
    [TRANSCRIPT_MESSAGES.remaining, period.remaining],
  ];
  return (
    <article className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      <h4 className="font-medium text-stone-900">
        {period.current ? 'Current period' : 'Earlier period'}: {formatDate(period.from)} –{' '}
        {formatDate(period.to)}
      </h4>
      {period.lapsed && (
        <p role="status" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
          {TRANSCRIPT_MESSAGES.lapsed(formatDate(period.to))}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value], index) => (
          <div key={label} className="rounded-lg bg-stone-50 px-3 py-2">
            <dt className="text-stone-600 text-xs">{label}</dt>
            <dd
              className={`font-semibold text-xl ${index === 3 && value !== '0' ? 'text-red-700' : 'text-stone-900'}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {period.entries.length > 0 && (
        <ul className="mt-4 divide-y divide-stone-200 border-stone-200 border-t text-sm">
          {period.entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium text-stone-900">{entry.title}</p>
                <p className="text-stone-600">
                  {formatDate(entry.date)} · {entry.provider} · {entry.accreditation_number}
                  {entry.certificate_number ? ` · ${entry.certificate_number}` : ''}
                </p>
                {entry.status === 'rejected' && entry.reason && (
                  <p className="text-red-700">{TRANSCRIPT_MESSAGES.externalRejected(entry.reason)}</p>
                )}
              </div>
              <div className="flex shrink-0 items-center gap-3">
                {entry.kind === 'external' && (
                  <StatusBadge
                    tone={
                      entry.status === 'approved' ? 'green' : entry.status === 'pending' ? 'yellow' : 'red'
                    }
                  >
                    {entry.status === 'approved'
                      ? TRANSCRIPT_MESSAGES.externalApproved
                      : entry.status === 'pending'
                        ? TRANSCRIPT_MESSAGES.externalPending
                        : 'Rejected'}
                  </StatusBadge>
                )}
                <span className="font-semibold text-stone-900">{entry.units} units</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

const EMPTY_LICENCE = (profession: PrcLicence['profession']): PrcLicence => ({
  profession,
  licence_number: '',
  registration_date: '',
  expiry_date: '',
});

/** The person's PRC licences, one row per profession; saved together. */
function LicencesForm({ saved, notify }: { saved: PrcLicence[]; notify: Notify }) {
  const save = useSaveLicences();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PrcLicencesInput, unknown, { licences: PrcLicence[] }>({
    resolver: zodResolver(prcLicencesSchema),
    defaultValues: { licences: saved },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'licences' });
  const unused = PROFESSIONS.filter(
    (profession) => !fields.some((field) => field.profession === profession.code),
  );
  // The form is drawn again from the saved licences once they are read back (its key), so the
  // outcome is taken from the promise, which settles even after this form has gone.
  const onSubmit = handleSubmit((values) =>
    save.mutateAsync(values.licences).then(
      () => notify({ variant: 'success', title: 'Saved', text: TRANSCRIPT_MESSAGES.licencesSaved }),
      (error) => {
        const messages = serverFieldErrors(error);
        applyServerFieldErrors(messages, setError, Object.keys(messages));
        if (Object.keys(messages).length === 0) {
          notify({ variant: 'error', title: 'Not saved', text: 'Your PRC licences could not be saved.' });
        }
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="licences-heading" className="space-y-4">
      <div>
        <h3 id="licences-heading" className="font-semibold text-stone-900">
          {TRANSCRIPT_MESSAGES.licencesTitle}
        </h3>
        <p className="text-sm text-stone-600">
          Your profession, licence number, registration date and expiry. The renewal follows from the expiry.
        </p>
      </div>
      {fields.map((field, index) => (
        <fieldset key={field.id} className="grid gap-4 rounded-xl border border-stone-200 p-4 sm:grid-cols-2">
          <legend className="sr-only">Licence {index + 1}</legend>
          <SelectField
            label="Profession *"
            error={errors.licences?.[index]?.profession?.message}
            {...register(`licences.${index}.profession`)}
          >
            <ProfessionOptions />
          </SelectField>
          <TextField
            label="PRC licence number *"
            inputMode="numeric"
            maxLength={7}
            error={errors.licences?.[index]?.licence_number?.message}
            {...register(`licences.${index}.licence_number`)}
          />
          <TextField
            label="Registration date *"
            type="date"
            error={errors.licences?.[index]?.registration_date?.message}
            {...register(`licences.${index}.registration_date`)}
          />
          <TextField
            label="Licence expiry *"
            type="date"
            error={errors.licences?.[index]?.expiry_date?.message}
            {...register(`licences.${index}.expiry_date`)}
          />
          <button
            type="button"
            className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} justify-self-end sm:col-span-2`}
            onClick={() => remove(index)}
            aria-label={`Remove licence ${index + 1}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            <span>Remove</span>
          </button>
        </fieldset>
      ))}
      {errors.licences?.root?.message || errors.licences?.message ? (
        <p role="alert" className="text-red-700 text-sm">
          {errors.licences?.root?.message ?? errors.licences?.message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {unused.length > 0 && (
          <button
            type="button"
            className={buttonClasses({ variant: 'secondary' })}
            onClick={() => append(EMPTY_LICENCE((unused[0] as (typeof PROFESSIONS)[number]).code))}
          >
            <Plus aria-hidden="true" className="size-4" /> Add a licence
          </button>
        )}
        <button type="submit" className={buttonClasses()} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save licences'}
        </button>
      </div>
    </form>
  );
}

/** "Record external units": units earned elsewhere, with the certificate, for the secretariat to review. */
function ExternalUnitDialog({
  professions,
  onClose,
  onSent,
}: {
  professions: PrcLicence['profession'][];
  onClose: () => void;
  onSent: () => void;
}) {
  const record = useRecordExternalUnit();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ExternalUnitInput, unknown, ExternalUnit>({
    resolver: zodResolver(externalUnitSchema),
    defaultValues: {
      profession: professions[0],
      provider: '',
      programme: '',
      accreditation_number: '',
      completed_on: manilaDateString(),
      units: '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const pickFile = (picked: File | null) => {
    setFile(picked);
    setFileError(
      picked && !(EXTERNAL_CERTIFICATE_TYPES as readonly string[]).includes(picked.type)
        ? TRANSCRIPT_MESSAGES.certificateType
        : picked && picked.size > EXTERNAL_CERTIFICATE_MAX_BYTES
          ? TRANSCRIPT_MESSAGES.certificateTooLarge
          : undefined,
    );
  };
  const onSubmit = handleSubmit((fields) => {
    setFailure(undefined);
    if (!file) return setFileError(TRANSCRIPT_MESSAGES.certificateRequired);
    if (fileError) return;
    record.mutate(
      { fields, certificate: file },
      {
        onSuccess: onSent,
        onError: (error) => {
          const messages = serverFieldErrors(error);
          const { certificate, ...rest } = messages;
          if (certificate) setFileError(certificate);
          const unplaced = applyServerFieldErrors(rest, setError, Object.keys(externalUnitSchema.shape));
          if (Object.keys(messages).length === 0 || Object.keys(unplaced).length > 0) {
            setFailure(error instanceof ApiError ? error.error : 'Your entry could not be sent.');
          }
        },
      },
    );
  });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !record.isPending && onClose()}>
      <DialogPanel size="wide">
        <DialogCloseButton disabled={record.isPending} />
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          {TRANSCRIPT_MESSAGES.recordExternal}
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          Units earned from another accredited provider. They count once the secretariat approves them.
        </Dialog.Description>
        <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-4 sm:grid-cols-2">
          <SelectField label="Profession *" error={errors.profession?.message} {...register('profession')}>
            {PROFESSIONS.filter((profession) => professions.includes(profession.code)).map((profession) => (
              <option key={profession.code} value={profession.code}>
                {profession.label}
              </option>
            ))}
          </SelectField>
          <TextField label="Provider *" error={errors.provider?.message} {...register('provider')} />
          <TextField label="Programme *" error={errors.programme?.message} {...register('programme')} />
          <TextField
            label="Accreditation number *"
            error={errors.accreditation_number?.message}
            {...register('accreditation_number')}
          />
          <TextField
            label="Date *"
            type="date"
            error={errors.completed_on?.message}
            {...register('completed_on')}
          />
          <TextField
            label="Units *"
            inputMode="decimal"
            error={errors.units?.message}
            {...register('units')}
          />
          <div className="sm:col-span-2">
            <FileField
              label="Certificate *"
              accept={EXTERNAL_CERTIFICATE_TYPES.join(',')}
              help="A PDF or a photo of the certificate, at most 5 MB."
              error={fileError}
              onChange={pickFile}
            />
          </div>
          <div className="sm:col-span-2">
            <DialogFormEnd
              failure={failure}
              pending={record.isPending}
              submitLabel="Send for review"
              pendingLabel="Sending…"
            />
          </div>
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
