import { BREACH_MESSAGES, type Breach, formatDateTime } from '@portal/shared';
import { type ReactNode, useState } from 'react';
import { type FieldValues, type Path, type UseFormSetError, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import {
  type BreachBody,
  useBreach,
  useCloseBreach,
  useNotifyPeople,
  useRecordBreach,
  useRecordNpcNotice,
  useUpdateBreach,
} from './api/breaches';
import { BreachClock, breachClockState, useMinuteClock } from './breach-clock';

/** An ISO time as a `datetime-local` value in the browser's time zone, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : value;
};

/**
 * The server's field messages on the form's fields (an affected e-mail's `affected_emails.3` on
 * the list); what names no field here is the form's own message.
 */
function placeServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  names: readonly string[],
): string | null {
  const messages = serverFieldErrors(error);
  let placed = false;
  for (const [field, message] of Object.entries(messages)) {
    const name = field.split('.')[0] ?? field;
    if (names.includes(name)) {
      setError(name as Path<Values>, { message });
      placed = true;
    }
  }
  if (placed) return null;
  return error instanceof ApiError ? error.error : BREACH_MESSAGES.loadFailed;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `breach-${title.toLowerCase().replaceAll(/[^a-z]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-4 font-display font-semibold text-stone-900 text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function FormMessage({ error, notice }: { error: string | null; notice: string | null }) {
  if (error)
    return (
      <p role="alert" className="text-red-700 text-sm">
        {error}
      </p>
    );
  if (notice)
    return (
      <p role="status" className="text-emerald-800 text-sm">
        {notice}
      </p>
    );
  return null;
}

type DetailValues = {
  what: string;
  occurred_at: string;
  discovered_at: string;
  data_kinds: string;
  people_count: string;
  affected_emails: string;
};
const DETAIL_FIELDS = [
  'what',
  'occurred_at',
  'discovered_at',
  'data_kinds',
  'people_count',
  'affected_emails',
];

const detailValuesOf = (breach: Breach | null): DetailValues => ({
  what: breach?.what ?? '',
  occurred_at: toLocalInput(breach?.occurred_at ?? null),
  discovered_at: toLocalInput(breach?.discovered_at ?? null),
  data_kinds: breach?.data_kinds ?? '',
  people_count:
    breach?.people_count === null || breach?.people_count === undefined ? '' : String(breach.people_count),
  affected_emails: breach?.affected.map((person) => person.email).join('\n') ?? '',
});

const bodyOf = (values: DetailValues): BreachBody => ({
  what: values.what,
  occurred_at: values.occurred_at ? fromLocalInput(values.occurred_at) : null,
  discovered_at: fromLocalInput(values.discovered_at),
  data_kinds: values.data_kinds,
  people_count: values.people_count.trim() === '' ? null : Number(values.people_count),
  affected_emails: values.affected_emails
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean),
});

/** What happened, when, whose data, how many, and the affected members by e-mail. */
function BreachDetailsForm({
  breach,
  submitLabel,
  onSave,
  pending,
}: {
  breach: Breach | null;
  submitLabel: string;
  onSave: (body: BreachBody, setError: UseFormSetError<DetailValues>) => Promise<string | null>;
  pending: boolean;
}) {
  const closed = Boolean(breach?.closed_at);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DetailValues>({ defaultValues: detailValuesOf(breach) });
  const [message, setMessage] = useState<{ error: string | null; notice: string | null }>({
    error: null,
    notice: null,
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage({ error: null, notice: null });
    const error = await onSave(bodyOf(values), setError);
    setMessage(
      error ? { error, notice: null } : { error: null, notice: breach ? BREACH_MESSAGES.saved : null },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <fieldset disabled={closed || pending} className="space-y-5">
        <TextAreaField
          label={BREACH_MESSAGES.whatLabel}
          rows={3}
          error={errors.what?.message}
          {...register('what')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={BREACH_MESSAGES.discoveredLabel}
            type="datetime-local"
            error={errors.discovered_at?.message}
            {...register('discovered_at')}
          />
          <TextField
            label={BREACH_MESSAGES.occurredLabel}
            type="datetime-local"
            error={errors.occurred_at?.message}
            {...register('occurred_at')}
          />
        </div>
        <TextAreaField
          label={BREACH_MESSAGES.dataKindsLabel}
          rows={2}
          error={errors.data_kinds?.message}
          {...register('data_kinds')}
        />
        <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
          <TextField
            label={BREACH_MESSAGES.peopleCountLabel}
            type="number"
            min={0}
            inputMode="numeric"
            error={errors.people_count?.message}
            {...register('people_count')}
          />
          <TextAreaField
            label={BREACH_MESSAGES.affectedLabel}
            description={BREACH_MESSAGES.affectedHint}
            rows={4}
            error={errors.affected_emails?.message}
            {...register('affected_emails')}
          />
        </div>
      </fieldset>
      {!closed && (
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={buttonClasses()} disabled={pending}>
            {submitLabel}
          </button>
          <FormMessage {...message} />
        </div>
      )}
    </form>
  );
}

/** /admin/privacy/breaches/new: record a suspected breach; then its page, with the clock running. */
export function NewBreachPage() {
  const record = useRecordBreach();
  const navigate = useNavigate();
  return (
    <>
      <AdminPageHeader
        title={BREACH_MESSAGES.recordTitle}
        description={BREACH_MESSAGES.description}
        actions={
          <Link to={paths.adminPrivacyBreaches} className={buttonClasses({ variant: 'secondary' })}>
            {BREACH_MESSAGES.title}
          </Link>
        }
      />
      <Panel title="What is known">
        <BreachDetailsForm
          breach={null}
          submitLabel={BREACH_MESSAGES.record}
          pending={record.isPending}
          onSave={async (body, setError) => {
            try {
              const breach = await record.mutateAsync(body);
              navigate(paths.adminPrivacyBreach(breach.id));
              return null;
            } catch (error) {
              return placeServerErrors(error, setError, DETAIL_FIELDS);
            }
          }}
        />
      </Panel>
    </>
  );
}

type PeopleValues = { subject: string; body: string };

function PeoplePanel({ breach }: { breach: Breach }) {
  const notify = useNotifyPeople(breach.id);
  const waiting = breach.affected.filter((person) => !person.notified_at).length;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PeopleValues>({ defaultValues: breach.prepared_notice });
  const [message, setMessage] = useState<{ error: string | null; notice: string | null }>({
    error: null,
    notice: null,
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage({ error: null, notice: null });
    try {
      const result = await notify.mutateAsync(values);
      setMessage({ error: null, notice: BREACH_MESSAGES.peopleSent(result.queued) });
    } catch (error) {
      setMessage({ error: placeServerErrors(error, setError, ['subject', 'body']), notice: null });
    }
  });

  return (
    <Panel title={BREACH_MESSAGES.peopleTitle}>
      {breach.affected.length === 0 ? (
        <p className="text-stone-600">{BREACH_MESSAGES.peopleNone}</p>
      ) : (
        <ul className="mb-5 divide-y divide-stone-100 rounded-lg border border-stone-200">
          {breach.affected.map((person) => (
            <li
              key={person.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2.5"
            >
              <span>
                <span className="block font-medium text-stone-900">{person.name}</span>
                <span className="block break-all text-sm text-stone-600">{person.email}</span>
              </span>
              <span className="text-sm text-stone-600">
                {person.notified_at ? `Told ${formatDateTime(person.notified_at)}` : 'Not yet told'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {breach.people_notices.length > 0 && (
        <ul className="mb-5 space-y-1 text-sm text-stone-700">
          {breach.people_notices.map((notice) => (
            <li key={notice.sent_at}>
              “{notice.subject}” sent {formatDateTime(notice.sent_at)} to {notice.recipients} by{' '}
              {notice.sent_by}
            </li>
          ))}
        </ul>
      )}
      {!breach.closed_at && waiting > 0 && (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <fieldset disabled={notify.isPending} className="space-y-5">
            <TextField
              label={BREACH_MESSAGES.peopleSubject}
              error={errors.subject?.message}
              {...register('subject')}
            />
            <TextAreaField
              label={BREACH_MESSAGES.peopleBody}
              rows={12}
              error={errors.body?.message}
              {...register('body')}
            />
          </fieldset>
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className={buttonClasses()} disabled={notify.isPending}>
              {BREACH_MESSAGES.peopleSend} ({waiting})
            </button>
            <FormMessage {...message} />
          </div>
        </form>
      )}
      {(breach.closed_at || waiting === 0) && <FormMessage {...message} />}
    </Panel>
  );
}

type NpcValues = { notified_at: string; method: string; reference: string };

function NpcPanel({ breach }: { breach: Breach }) {
  const record = useRecordNpcNotice(breach.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NpcValues>({
    defaultValues: { notified_at: toLocalInput(new Date().toISOString()), method: '', reference: '' },
  });
  const [error, setFormError] = useState<string | null>(null);
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await record.mutateAsync({ ...values, notified_at: fromLocalInput(values.notified_at) });
    } catch (failure) {
      setFormError(placeServerErrors(failure, setError, ['notified_at', 'method', 'reference']));
    }
  });
  const notice = breach.npc_notice;

  return (
    <Panel title={BREACH_MESSAGES.npcTitle}>
      {notice ? (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-stone-600">{BREACH_MESSAGES.npcNotifiedAt}</dt>
          <dd>{formatDateTime(notice.notified_at)}</dd>
          <dt className="text-stone-600">How</dt>
          <dd>{notice.method}</dd>
          <dt className="text-stone-600">Reference</dt>
          <dd>{notice.reference ?? '—'}</dd>
          <dt className="text-stone-600">Recorded by</dt>
          <dd>{notice.recorded_by}</dd>
        </dl>
      ) : breach.closed_at ? (
        <p className="text-stone-600">Not recorded.</p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <fieldset disabled={record.isPending} className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={BREACH_MESSAGES.npcNotifiedAt}
              type="datetime-local"
              error={errors.notified_at?.message}
              {...register('notified_at')}
            />
            <TextField
              label={BREACH_MESSAGES.npcReference}
              error={errors.reference?.message}
              {...register('reference')}
            />
            <div className="sm:col-span-2">
              <TextField
                label={BREACH_MESSAGES.npcMethod}
                error={errors.method?.message}
                {...register('method')}
              />
            </div>
          </fieldset>
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className={buttonClasses()} disabled={record.isPending}>
              {BREACH_MESSAGES.npcRecord}
            </button>
            <FormMessage error={error} notice={null} />
          </div>
        </form>
      )}
    </Panel>
  );
}

function ClosePanel({ breach }: { breach: Breach }) {
  const close = useCloseBreach(breach.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ summary: string }>({ defaultValues: { summary: '' } });
  const [error, setFormError] = useState<string | null>(null);
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await close.mutateAsync(values);
    } catch (failure) {
      setFormError(placeServerErrors(failure, setError, ['summary']));
    }
  });
  return (
    <Panel title={BREACH_MESSAGES.closeTitle}>
      {breach.closed_at ? (
        <div className="space-y-2 text-sm">
          <p className="text-stone-600">Closed {formatDateTime(breach.closed_at)}</p>
          <p className="whitespace-pre-line text-stone-900">{breach.closure_summary}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <TextAreaField
            label={BREACH_MESSAGES.closeSummary}
            rows={3}
            error={errors.summary?.message}
            disabled={close.isPending}
            {...register('summary')}
          />
          <div className="flex flex-wrap items-center gap-4">
            <button
              type="submit"
              className={buttonClasses({ variant: 'secondary' })}
              disabled={close.isPending}
            >
              {BREACH_MESSAGES.close}
            </button>
            <FormMessage error={error} notice={null} />
          </div>
        </form>
      )}
    </Panel>
  );
}

/**
 * /admin/privacy/breaches/{id} (docs/decisions/069): the 72-hour clock plainly, what is known,
 * the people affected and the prepared e-mail, the notice to the NPC, and closure.
 */
export function BreachPage() {
  const { id = '' } = useParams();
  const breach = useBreach(id);
  const update = useUpdateBreach(id);
  const now = useMinuteClock();

  if (breach.isPending) return <Skeleton className="h-96 w-full" />;
  if (breach.isError || !breach.data) {
    return (
      <p role="alert" className="text-red-700">
        {breach.error instanceof ApiError && breach.error.status === 404
          ? BREACH_MESSAGES.notFound
          : BREACH_MESSAGES.loadFailed}
      </p>
    );
  }
  const data = breach.data;
  const clock = breachClockState(
    data,
    { npc: data.npc_notice?.notified_at ?? null, people: data.people_notices[0]?.sent_at ?? null },
    now,
  );

  return (
    <>
      <AdminPageHeader
        title={data.closed_at ? `Breach (${BREACH_MESSAGES.statusClosed.toLowerCase()})` : 'Breach'}
        description={
          <span>
            Discovered {formatDateTime(data.discovered_at)}; notices due by {formatDateTime(data.notify_by)}.
            Recorded by {data.recorded_by}.
          </span>
        }
        actions={
          <Link to={paths.adminPrivacyBreaches} className={buttonClasses({ variant: 'secondary' })}>
            {BREACH_MESSAGES.title}
          </Link>
        }
      />
      <div className="mb-6">
        <BreachClock state={clock} large />
      </div>
      <div className="space-y-6">
        <Panel title="What is known">
          <BreachDetailsForm
            key={`${data.id}-${data.affected.length}-${data.closed_at}`}
            breach={data}
            submitLabel="Save"
            pending={update.isPending}
            onSave={async (body, setError) => {
              try {
                await update.mutateAsync(body);
                return null;
              } catch (error) {
                return placeServerErrors(error, setError, DETAIL_FIELDS);
              }
            }}
          />
        </Panel>
        <PeoplePanel breach={data} />
        <NpcPanel breach={data} />
        <ClosePanel breach={data} />
      </div>
    </>
  );
}
