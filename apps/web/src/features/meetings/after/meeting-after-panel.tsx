import {
  formatDate,
  formatDateTime,
  MEETING_AFTER_MESSAGES,
  MEETING_DOCUMENT_KIND_LABELS,
  MEETING_DOCUMENT_KINDS,
  type MeetingDocumentKind,
  type MeetingOutcome,
  OFFICER_FIELDS,
  OFFICER_POSITIONS,
  type OfficersInput,
} from '@portal/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { FileField } from '@/components/ui/file-field';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useMayOpen } from '@/lib/staff-access';
import {
  certificateUrl,
  documentFileUrl,
  useApplyElection,
  useMeetingDocuments,
  useMeetingOutcome,
  useRecordOfficers,
  useRemoveMeetingDocument,
  useUploadMeetingDocument,
} from './api/meeting-after';

const errorOf = (error: unknown) =>
  error instanceof ApiError ? error.error : error ? String(error) : undefined;

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-display font-semibold text-stone-900 text-xl">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Notice({ tone, children }: { tone: 'ok' | 'error' | 'info'; children: ReactNode }) {
  const tones = {
    ok: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    error: 'border-red-200 bg-red-50 text-red-800',
    info: 'border-amber-200 bg-amber-50 text-amber-900',
  } as const;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`mt-4 rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {children}
    </p>
  );
}

/** The trustees with their votes, as the certificate lists them. */
function TrusteeTable({ rows }: { rows: { nominationId: string; name: string; votes: number }[] }) {
  return (
    <ol className="divide-y divide-stone-100 rounded-lg border border-stone-200">
      {rows.map((row, index) => (
        <li key={row.nominationId} className="flex items-center justify-between gap-4 px-4 py-2.5">
          <span className="min-w-0 text-stone-900">
            <span className="mr-3 inline-block w-5 text-right text-sm text-stone-500 tabular-nums">
              {index + 1}
            </span>
            {row.name}
          </span>
          <span className="shrink-0 text-sm text-stone-600 tabular-nums">
            {row.votes} {row.votes === 1 ? 'vote' : 'votes'}
          </span>
        </li>
      ))}
    </ol>
  );
}

function ElectionSection({ outcome, mayApply }: { outcome: MeetingOutcome; mayApply: boolean }) {
  const apply = useApplyElection(outcome.meetingId);
  const [winners, setWinners] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const turnout = outcome.rollSize === 0 ? 0 : Math.round((1000 * outcome.voted) / outcome.rollSize) / 10;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply.mutate(outcome.tie ? { tieWinners: winners, tieReason: reason } : { tieReason: null });
  };

  return (
    <Section
      title="Elected trustees"
      aside={
        <span className="text-sm text-stone-600">
          {outcome.voted} of {outcome.rollSize} on the roll voted ({turnout}%) · {outcome.seats} seats
        </span>
      }
    >
      {!outcome.certified ? (
        <p className="text-stone-600">{MEETING_AFTER_MESSAGES.notCertified}.</p>
      ) : (
        <>
          <TrusteeTable rows={outcome.elected} />
          {outcome.applied ? (
            <Notice tone="ok">
              Applied to the board of trustees on {formatDateTime(outcome.applied.at)} by{' '}
              {outcome.applied.byName}.
              {outcome.applied.tieReason &&
                ` The tie at the last seat was resolved: ${outcome.applied.tieReason}`}
            </Notice>
          ) : (
            <form onSubmit={submit} className="mt-5 space-y-4">
              {outcome.tie && (
                <fieldset className="rounded-lg border border-amber-300 bg-amber-50 p-4">
                  <legend className="px-1 font-semibold text-amber-950 text-sm">
                    Tie for the last {outcome.tie.needed === 1 ? 'seat' : `${outcome.tie.needed} seats`}:{' '}
                    {outcome.tie.votes} votes each
                  </legend>
                  <p className="mb-3 text-amber-950 text-sm">
                    Choose {outcome.tie.needed} as the members resolved it; the product does not choose.
                  </p>
                  <div className="space-y-2">
                    {outcome.tie.candidates.map((candidate) => (
                      <label key={candidate.nominationId} className="flex items-center gap-3 text-stone-900">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-700"
                          checked={winners.includes(candidate.nominationId)}
                          disabled={!mayApply}
                          onChange={(event) =>
                            setWinners((current) =>
                              event.target.checked
                                ? [...current, candidate.nominationId]
                                : current.filter((id) => id !== candidate.nominationId),
                            )
                          }
                        />
                        {candidate.name}
                      </label>
                    ))}
                  </div>
                  <div className="mt-4">
                    <TextAreaField
                      label="How the tie was resolved"
                      rows={2}
                      value={reason}
                      disabled={!mayApply}
                      onChange={(event) => setReason(event.target.value)}
                    />
                  </div>
                </fieldset>
              )}
              <div className="flex flex-wrap items-center gap-3">
                <button
                  type="submit"
                  className={buttonClasses({ variant: 'primary' })}
                  disabled={!mayApply || !outcome.canApply || apply.isPending}
                >
                  {apply.isPending ? 'Applying…' : 'Apply to the board of trustees'}
                </button>
                {!outcome.canApply && (
                  <span className="text-sm text-stone-600">
                    Available once the challenge window ends ({formatDateTime(outcome.challengeEndsAt)}).
                  </span>
                )}
                {outcome.canApply && !mayApply && (
                  <span className="text-sm text-stone-600">The board's staff apply the election.</span>
                )}
              </div>
              {apply.isError && <Notice tone="error">{errorOf(apply.error)}</Notice>}
            </form>
          )}
          {apply.isSuccess && <Notice tone="ok">{MEETING_AFTER_MESSAGES.appliedNotice}</Notice>}
        </>
      )}
    </Section>
  );
}

function OfficersSection({ outcome, mayRecord }: { outcome: MeetingOutcome; mayRecord: boolean }) {
  const record = useRecordOfficers(outcome.meetingId);
  const initial = Object.fromEntries(
    OFFICER_POSITIONS.map((position) => [
      OFFICER_FIELDS[position],
      outcome.officers.find((officer) => officer.position === position)?.nominationId ?? '',
    ]),
  ) as OfficersInput;
  const [choice, setChoice] = useState<OfficersInput>(initial);
  const fieldErrors =
    record.error instanceof ApiError
      ? ((record.error.body as { fields?: Record<string, string> } | undefined)?.fields ?? {})
      : {};

  if (!outcome.applied)
    return (
      <Section title="Officers">
        <p className="text-stone-600">{MEETING_AFTER_MESSAGES.boardNotApplied}.</p>
      </Section>
    );
  return (
    <Section
      title="Officers"
      aside={
        outcome.officersRecordedAt && (
          <span className="text-sm text-stone-600">
            Recorded {formatDateTime(outcome.officersRecordedAt)}
          </span>
        )
      }
    >
      <p className="mb-4 text-stone-600">
        The trustees elect the President, Vice President, Secretary and Treasurer among themselves at their
        organisational meeting. They appear under Executive Leadership on the board page.
      </p>
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          record.mutate(choice);
        }}
      >
        {OFFICER_POSITIONS.map((position) => {
          const field = OFFICER_FIELDS[position];
          return (
            <SelectField
              key={position}
              label={position}
              placeholder="Choose a trustee"
              value={choice[field]}
              disabled={!mayRecord}
              error={fieldErrors[field]}
              onChange={(event) => setChoice((current) => ({ ...current, [field]: event.target.value }))}
            >
              {outcome.elected.map((trustee) => (
                <option key={trustee.nominationId} value={trustee.nominationId}>
                  {trustee.name}
                </option>
              ))}
            </SelectField>
          );
        })}
        <div className="sm:col-span-2">
          <button
            type="submit"
            className={buttonClasses({ variant: 'primary' })}
            disabled={!mayRecord || record.isPending}
          >
            {record.isPending ? 'Saving…' : 'Record the officers'}
          </button>
        </div>
      </form>
      {record.isSuccess && <Notice tone="ok">{MEETING_AFTER_MESSAGES.officersNotice}</Notice>}
      {record.isError && Object.keys(fieldErrors).length === 0 && (
        <Notice tone="error">{errorOf(record.error)}</Notice>
      )}
    </Section>
  );
}

function DocumentsSection({ meetingId, mayUpload }: { meetingId: string; mayUpload: boolean }) {
  const documents = useMeetingDocuments(meetingId);
  const upload = useUploadMeetingDocument(meetingId);
  const remove = useRemoveMeetingDocument();
  const [kind, setKind] = useState<MeetingDocumentKind>('minutes');
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const fieldErrors =
    upload.error instanceof ApiError
      ? ((upload.error.body as { fields?: Record<string, string> } | undefined)?.fields ?? {})
      : {};
  const list = documents.data?.[0]?.documents ?? [];

  return (
    <Section title="Minutes and resolutions">
      {documents.isPending ? (
        <Skeleton className="h-16" />
      ) : list.length === 0 ? (
        <p className="text-stone-600">{MEETING_AFTER_MESSAGES.noDocuments}.</p>
      ) : (
        <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
          {list.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span className="min-w-0">
                <span className="block font-medium text-stone-900">{document.title}</span>
                <span className="text-sm text-stone-600">
                  {MEETING_DOCUMENT_KIND_LABELS[document.kind]} · {formatDate(document.uploadedAt)} ·{' '}
                  {Math.max(1, Math.round(document.byteSize / 1024))} KB
                </span>
              </span>
              <span className="flex gap-2">
                <a
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  href={documentFileUrl(document.id)}
                >
                  Download
                </a>
                {mayUpload && (
                  <button
                    type="button"
                    className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(document.id)}
                  >
                    Remove
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {mayUpload && (
        <form
          key={formKey}
          className="mt-5 grid gap-4 sm:grid-cols-[12rem_1fr]"
          onSubmit={(event) => {
            event.preventDefault();
            if (!file) return;
            upload.mutate(
              { kind, title, file },
              {
                onSuccess: () => {
                  setTitle('');
                  setFile(null);
                  setFormKey((key) => key + 1);
                },
              },
            );
          }}
        >
          <SelectField
            label="Kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as MeetingDocumentKind)}
          >
            {MEETING_DOCUMENT_KINDS.map((value) => (
              <option key={value} value={value}>
                {MEETING_DOCUMENT_KIND_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Title"
            value={title}
            error={fieldErrors.title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <div className="sm:col-span-2">
            <FileField
              label="PDF"
              accept="application/pdf"
              help="A PDF of 5 MB at most. Members in good standing download it from the members' area."
              error={fieldErrors.file}
              onChange={setFile}
            />
          </div>
          <div className="sm:col-span-2">
            <button
              type="submit"
              className={buttonClasses({ variant: 'primary' })}
              disabled={!file || upload.isPending}
            >
              {upload.isPending ? 'Uploading…' : 'Publish to the members'}
            </button>
          </div>
          {upload.isError && Object.keys(fieldErrors).length === 0 && (
            <div className="sm:col-span-2">
              <Notice tone="error">{errorOf(upload.error)}</Notice>
            </div>
          )}
        </form>
      )}
    </Section>
  );
}

/**
 * After the annual meeting (docs/decisions/078-after-the-annual-meeting.md): the certified
 * election applied to the board, the officers, the secretary's certificate, the minutes and
 * resolutions, and the General Information Sheet's deadline. Each control is offered to the staff
 * the server lets act; the others read.
 */
export function MeetingAfterPanel({ meetingId }: { meetingId: string }) {
  const outcome = useMeetingOutcome(meetingId);
  const mayManageBoard = useMayOpen('board');
  const mayRun = useMayOpen('meetingsRun');

  if (outcome.isPending)
    return (
      <div className="space-y-4">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  if (outcome.isError) return <Notice tone="error">{errorOf(outcome.error)}</Notice>;
  const data = outcome.data;

  return (
    <div className="space-y-6">
      <ElectionSection outcome={data} mayApply={mayManageBoard} />
      <OfficersSection key={data.officersRecordedAt ?? 'none'} outcome={data} mayRecord={mayManageBoard} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Secretary's certificate">
          <p className="mb-4 text-stone-600">
            The certificate of the election: the meeting, its date, the roll and turnout, and the elected
            trustees with their votes.
          </p>
          {data.certified ? (
            <a className={buttonClasses({ variant: 'secondary' })} href={certificateUrl(meetingId)}>
              Download the certificate (PDF)
            </a>
          ) : (
            <p className="text-sm text-stone-600">{MEETING_AFTER_MESSAGES.notCertified}.</p>
          )}
        </Section>
        <Section title="General Information Sheet">
          <p className="text-stone-600">
            File the GIS with the SEC within 30 days of the annual meeting: by{' '}
            <strong className="text-stone-900">{formatDate(data.gisDueOn)}</strong>.
          </p>
          <p className="mt-2 text-sm text-stone-600">
            {data.gisReminderSentOn
              ? `The reminder was e-mailed to the secretariat on ${formatDate(data.gisReminderSentOn)}.`
              : 'A reminder is e-mailed to the secretariat on the day of the meeting.'}
          </p>
        </Section>
      </div>
      <DocumentsSection meetingId={meetingId} mayUpload={mayRun} />
    </div>
  );
}
