import { zodResolver } from '@hookform/resolvers/zod';
import {
  EXTERNAL_UNIT_STATUSES,
  type ExternalUnitsAdminResponse,
  externalUnitsAdminQuerySchema,
  formatDate,
  PROFESSIONS,
  type ProviderAccreditations,
  type ProviderAccreditationsInput,
  professionLabel,
  providerAccreditationsSchema,
  TRANSCRIPT_MESSAGES,
} from '@portal/shared';
import { AlertTriangle, Download, FileText, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { type Column, DataTable } from '@/components/admin-list/data-table';
import { ListFooter } from '@/components/admin-list/list-footer';
import { FilterSelect, ListToolbar } from '@/components/admin-list/list-toolbar';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { useNotice } from '@/components/admin-list/use-notice';
import { ProfessionOptions } from '@/components/forms/profession-options';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { TextField } from '@/components/ui/text-field';
import { ApiError, buildApiUrl } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';
import { serverFieldErrors } from '@/lib/form-errors';
import {
  useDecideExternalUnit,
  useExternalUnits,
  useProviderAccreditations,
  useSaveProviderAccreditations,
} from './api/cpd';

type Entry = ExternalUnitsAdminResponse['data'][number];
const STATUS_LABELS = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected' } as const;
const STATUS_TONES = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;

/**
 * /admin/cpd (docs/product-rules.md "CPD transcript"): the external units members recorded, for
 * the secretariat to approve or reject with a reason; the association's provider accreditation
 * per profession, with a warning 60 days before one lapses; and the short-of-units report.
 */
export function AdminCpdTranscriptPage() {
  const list = useListParams(externalUnitsAdminQuerySchema);
  const entries = useExternalUnits(list.values.status, list.values.page);
  const decide = useDecideExternalUnit();
  const notice = useNotice();
  const [rejecting, setRejecting] = useState<Entry | null>(null);
  const page = entries.isError ? undefined : entries.data;
  useKeepPageInRange(list, page?.pagination);

  const approve = (entry: Entry) =>
    decide.mutate(
      { id: entry.id },
      {
        onSuccess: () => notice.confirm(`Approved ${entry.units} units for ${entry.name}.`),
        onError: (error) =>
          notice.failure(error instanceof ApiError ? error.error : 'The entry was not approved.'),
      },
    );

  const columns: Column<Entry>[] = [
    {
      header: 'Member',
      phone: 'heading',
      className: 'min-w-48',
      cell: (entry) => (
        <div>
          <p className="font-semibold text-stone-900">{entry.name}</p>
          <p className="text-stone-600 text-xs">{professionLabel(entry.profession)}</p>
        </div>
      ),
    },
    {
      header: 'Programme',
      className: 'min-w-56',
      cell: (entry) => (
        <div>
          <p className="text-stone-900">{entry.programme}</p>
          <p className="text-stone-600 text-xs">
            {entry.provider} · {entry.accreditation_number}
          </p>
        </div>
      ),
    },
    { header: 'Date', className: 'whitespace-nowrap', cell: (entry) => formatDate(entry.completed_on) },
    { header: 'Units', className: 'tabular-nums', cell: (entry) => entry.units },
    {
      header: 'Status',
      cell: (entry) => (
        <div>
          <StatusBadge tone={STATUS_TONES[entry.status]}>{STATUS_LABELS[entry.status]}</StatusBadge>
          {entry.reason && <p className="mt-1 text-stone-600 text-xs">{entry.reason}</p>}
        </div>
      ),
    },
    {
      header: 'Actions',
      cell: (entry) => (
        <div className="flex flex-wrap gap-2">
          <a
            href={buildApiUrl(`/cpd/external-units/${entry.id}/certificate`)}
            target="_blank"
            rel="noreferrer"
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <FileText aria-hidden="true" className="size-4" /> Certificate
          </a>
          {entry.status === 'pending' && (
            <>
              <button
                type="button"
                className={buttonClasses({ size: 'sm' })}
                disabled={decide.isPending}
                onClick={() => approve(entry)}
              >
                Approve
              </button>
              <button
                type="button"
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                disabled={decide.isPending}
                onClick={() => setRejecting(entry)}
              >
                Reject
              </button>
            </>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="CPD"
        description="External units to review, the provider's accreditation per profession, and members short of units."
        actions={
          <button
            type="button"
            className={buttonClasses({ variant: 'secondary' })}
            onClick={() => downloadWithSession('/cpd/admin/short-of-units.csv')}
          >
            <Download aria-hidden="true" className="size-4" /> Short of units (CSV)
          </button>
        }
      />
      <ProviderAccreditationsPanel onSaved={() => notice.confirm(TRANSCRIPT_MESSAGES.providerSaved)} />
      <section
        aria-label="External units"
        className="mt-8 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <ListToolbar columns="sm:grid-cols-[12rem]">
          <FilterSelect
            label="Filter by status"
            allLabel="All statuses"
            value={list.query.status}
            onChange={(status) => list.setParams({ status })}
            options={EXTERNAL_UNIT_STATUSES.map((status) => [status, STATUS_LABELS[status]])}
          />
        </ListToolbar>
        <DataTable
          label="External units"
          columns={columns}
          rows={page?.data}
          rowKey={(entry) => entry.id}
          isLoading={entries.isPending}
          skeletonRows={5}
          emptyText={entries.isError ? 'The entries could not be loaded.' : 'No external units to show.'}
        />
        <ListFooter
          pagination={page?.pagination}
          noun="entries"
          label="External unit pages"
          onPageChange={list.setPage}
        />
      </section>
      {rejecting && (
        <ReasonDialog
          title="Reject external units"
          text={`${rejecting.name}: ${rejecting.programme}, ${rejecting.units} units. The member reads the reason on their transcript.`}
          confirmLabel="Reject"
          pending={decide.isPending}
          serverError={serverFieldErrors(decide.error).reason}
          requiredMessage={TRANSCRIPT_MESSAGES.rejectReasonRequired}
          maxLength={500}
          onCancel={() => setRejecting(null)}
          onConfirm={(reason) =>
            decide.mutate(
              { id: rejecting.id, reason },
              {
                onSuccess: () => {
                  setRejecting(null);
                  notice.confirm(`Rejected the entry of ${rejecting.name}.`);
                },
              },
            )
          }
        />
      )}
      {notice.element}
    </>
  );
}

/** The provider's accreditation per profession, its warnings above the form. */
function ProviderAccreditationsPanel({ onSaved }: { onSaved: () => void }) {
  const providers = useProviderAccreditations();
  if (providers.isPending) return <Skeleton className="h-40" />;
  if (providers.isError) {
    return (
      <p role="alert" className="text-red-800">
        {providers.error.message}
      </p>
    );
  }
  return <ProviderForm key={JSON.stringify(providers.data)} saved={providers.data} onSaved={onSaved} />;
}

function ProviderForm({ saved, onSaved }: { saved: ProviderAccreditations; onSaved: () => void }) {
  const save = useSaveProviderAccreditations();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ProviderAccreditationsInput, unknown, ProviderAccreditationsInput>({
    resolver: zodResolver(providerAccreditationsSchema),
    defaultValues: {
      accreditations: saved.map(({ profession, number, valid_until }) => ({
        profession: profession as ProviderAccreditationsInput['accreditations'][number]['profession'],
        number,
        valid_until,
      })),
    },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'accreditations' });
  const unused = PROFESSIONS.filter(
    (profession) => !fields.some((field) => field.profession === profession.code),
  );
  const warnings = saved.filter((row) => row.warning);
  return (
    <section
      aria-labelledby="provider-heading"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="provider-heading" className="font-semibold text-lg text-stone-900">
        Provider accreditation per profession
      </h2>
      <p className="text-sm text-stone-600">
        Certificates of an event after the accreditation's validity are refused for that profession.
      </p>
      {warnings.length > 0 && (
        <ul className="mt-4 space-y-2">
          {warnings.map((row) => (
            <li
              key={row.profession}
              className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm"
            >
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {row.warning}
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={handleSubmit((values) =>
          save.mutateAsync(values.accreditations).then(onSaved, () => undefined),
        )}
      >
        {fields.map((field, index) => (
          <fieldset
            key={field.id}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1fr_auto] lg:items-start"
          >
            <legend className="sr-only">Accreditation {index + 1}</legend>
            <SelectField
              label="Profession *"
              error={errors.accreditations?.[index]?.profession?.message}
              {...register(`accreditations.${index}.profession`)}
            >
              <ProfessionOptions />
            </SelectField>
            <TextField
              label="Provider accreditation no. *"
              error={errors.accreditations?.[index]?.number?.message}
              {...register(`accreditations.${index}.number`)}
            />
            <TextField
              label="Valid until *"
              type="date"
              error={errors.accreditations?.[index]?.valid_until?.message}
              {...register(`accreditations.${index}.valid_until`)}
            />
            <button
              type="button"
              className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} lg:mt-7`}
              onClick={() => remove(index)}
              aria-label={`Remove accreditation ${index + 1}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              <span className="lg:sr-only">Remove</span>
            </button>
          </fieldset>
        ))}
        {(errors.accreditations?.root?.message ?? errors.accreditations?.message) && (
          <p role="alert" className="text-red-700 text-sm">
            {errors.accreditations?.root?.message ?? errors.accreditations?.message}
          </p>
        )}
        {save.isError && (
          <p role="alert" className="text-red-700 text-sm">
            {save.error instanceof ApiError ? save.error.error : 'Not saved.'}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {unused.length > 0 && (
            <button
              type="button"
              className={buttonClasses({ variant: 'secondary' })}
              onClick={() =>
                append({
                  profession: (unused[0] as (typeof PROFESSIONS)[number]).code,
                  number: '',
                  valid_until: '',
                })
              }
            >
              <Plus aria-hidden="true" className="size-4" /> Add a profession
            </button>
          )}
          <button type="submit" className={buttonClasses()} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save accreditations'}
          </button>
        </div>
      </form>
    </section>
  );
}
