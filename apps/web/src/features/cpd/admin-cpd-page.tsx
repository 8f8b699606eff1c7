import {
  CPD_MESSAGES,
  CPD_ROLE_LABELS,
  CPD_ROLES,
  type CpdAttendee,
  type CpdRole,
  certificatePdfPath,
  formatDate,
  sitePaths,
} from '@portal/shared';
import { ArrowLeft, Award, Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type Column, DataTable } from '@/components/admin-list/data-table';
import { useNotice } from '@/components/admin-list/use-notice';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';
import {
  cpdEventPath,
  useCpdEvent,
  useIssueCertificates,
  useProviderAccreditations,
  useRevokeCertificate,
  useSetRole,
} from './api/cpd';
import { CpdSettingsForm } from './components/cpd-settings-form';
import { EvaluationEditor } from './components/evaluation-editor';
import { EvaluationResultsSummary } from './components/evaluation-results';

const SESSION_LABELS = { morning: 'AM', afternoon: 'PM', day: 'Day' } as const;

function Section({
  id,
  title,
  children,
  aside,
}: {
  id: string;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="font-display font-semibold text-stone-900 text-xl">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

const failureDetail = (error: unknown) => (error instanceof ApiError ? error.error : undefined);

/**
 * /admin/events/{id}/cpd (docs/product-rules.md "CPD certificates"): an event's CPD settings, its
 * evaluation and results, each registrant's role, check-ins and certificate, the issue in bulk
 * and the reports.
 */
export function AdminCpdPage() {
  const { id: eventId = '' } = useParams();
  const cpd = useCpdEvent(eventId);
  const providers = useProviderAccreditations();
  const notice = useNotice();
  const issue = useIssueCertificates(eventId);
  const [revoking, setRevoking] = useState<string | null>(null);
  const revoke = useRevokeCertificate();
  const [revokeError, setRevokeError] = useState<string | undefined>();

  const download = async (path: string) => {
    try {
      await downloadWithSession(path);
    } catch {
      notice.failure('The export could not be started. Please try again.');
    }
  };

  if (cpd.isError) {
    return <p className="text-stone-700">{failureDetail(cpd.error) ?? 'The event could not be loaded.'}</p>;
  }
  if (!cpd.data) return <Skeleton className="h-96" />;
  const { event, settings, questions, questions_locked, attendees } = cpd.data;

  const issueAll = () =>
    issue.mutate(undefined, {
      onSuccess: (result) =>
        notice.show({
          variant: 'success',
          title: 'Certificates',
          text: CPD_MESSAGES.issuedNotice(result.issued.length, result.skipped.length),
          // Who got none and why: a missing accreditation or a lapsed provider among the reasons.
          detail:
            result.skipped.length > 0
              ? result.skipped.map((row) => `${row.name}: ${row.reasons.join('; ')}`).join('\n')
              : undefined,
        }),
      onError: (error) => notice.failure('The certificates could not be issued.', failureDetail(error)),
    });

  return (
    <div className="space-y-8">
      <AdminPageHeader
        title="CPD and certificates"
        description={
          <>
            {event.title} · {formatDate(event.start_date)}
            {event.end_date && event.end_date !== event.start_date ? ` – ${formatDate(event.end_date)}` : ''}
          </>
        }
        actions={
          <Link to={paths.adminEvents} className={buttonClasses({ variant: 'secondary' })}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Events
          </Link>
        }
      />
      {event.certification_provided &&
        providers.data
          ?.filter((row) => row.warning)
          .map((row) => (
            <p key={row.profession} role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900">
              {row.warning}
            </p>
          ))}
      {!event.certification_provided && (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900">
          {CPD_MESSAGES.notCertified}. Turn on “Certification provided” in the event’s form to set up CPD.
        </p>
      )}
      {event.certification_provided && (
        <>
          <Section id="cpd-settings-heading" title={CPD_MESSAGES.settingsTitle}>
            <CpdSettingsForm
              key={settings ? 'saved' : 'new'}
              eventId={eventId}
              settings={settings}
              onSaved={() => notice.confirm('CPD settings saved.')}
              onFailed={(error) =>
                notice.failure('The CPD settings could not be saved.', failureDetail(error))
              }
            />
          </Section>

          <Section
            id="cpd-attendees-heading"
            title="Attendees and certificates"
            aside={
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  onClick={() => download(`${cpdEventPath(eventId)}/attendance.csv`)}
                >
                  <Download aria-hidden="true" className="size-4" /> Attendance report
                </button>
                <button
                  type="button"
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  onClick={() => download(`${cpdEventPath(eventId)}/prc-report.csv`)}
                >
                  <Download aria-hidden="true" className="size-4" /> PRC report by profession
                </button>
                <button
                  type="button"
                  className={buttonClasses({ size: 'sm' })}
                  disabled={!event.ended || !settings || issue.isPending}
                  onClick={issueAll}
                >
                  <Award aria-hidden="true" className="size-4" />
                  {issue.isPending ? 'Issuing…' : 'Issue certificates'}
                </button>
              </div>
            }
          >
            {!event.ended && <p className="mb-4 text-sm text-stone-600">{CPD_MESSAGES.eventNotEnded}.</p>}
            <AttendeeTable
              attendees={attendees}
              onRevoke={setRevoking}
              onFailed={(error) => notice.failure('The role could not be saved.', failureDetail(error))}
            />
          </Section>

          <Section
            id="cpd-evaluation-heading"
            title="Evaluation"
            aside={
              <button
                type="button"
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                onClick={() => download(`${cpdEventPath(eventId)}/evaluation-results.csv`)}
              >
                <Download aria-hidden="true" className="size-4" /> Results CSV
              </button>
            }
          >
            <div className="grid gap-8 lg:grid-cols-2">
              <div>
                <h3 className="mb-3 font-semibold text-stone-800">Questions</h3>
                <EvaluationEditor
                  key={questions.map((question) => question.id).join()}
                  eventId={eventId}
                  questions={questions}
                  locked={questions_locked}
                  onSaved={() => notice.confirm('Questions saved.')}
                  onFailed={(error) =>
                    notice.failure('The questions could not be saved.', failureDetail(error))
                  }
                />
              </div>
              <div>
                <h3 className="mb-3 font-semibold text-stone-800">Results</h3>
                <EvaluationResultsSummary eventId={eventId} />
              </div>
            </div>
          </Section>
        </>
      )}
      {revoking && (
        <ReasonDialog
          title="Revoke certificate"
          text={`Revoke certificate ${revoking}? Its verification page will say it was revoked, with the reason.`}
          confirmLabel="Revoke"
          pending={revoke.isPending}
          serverError={revokeError}
          requiredMessage={CPD_MESSAGES.revokeReasonRequired}
          maxLength={500}
          onCancel={() => {
            setRevoking(null);
            setRevokeError(undefined);
          }}
          onConfirm={(reason) =>
            revoke.mutate(
              { number: revoking, reason },
              {
                onSuccess: () => {
                  setRevoking(null);
                  notice.confirm(`Certificate ${revoking} revoked.`);
                },
                onError: (error) =>
                  setRevokeError(failureDetail(error) ?? 'The certificate could not be revoked.'),
              },
            )
          }
        />
      )}
      {notice.element}
    </div>
  );
}

/** The registrants, their role, check-ins, units and certificate: the admin table, cards on phones. */
function AttendeeTable({
  attendees,
  onRevoke,
  onFailed,
}: {
  attendees: CpdAttendee[];
  onRevoke: (number: string) => void;
  onFailed: (error: unknown) => void;
}) {
  const columns: Column<CpdAttendee>[] = [
    {
      header: 'Name',
      phone: 'heading',
      cell: (attendee) => (
        <>
          <div className="font-medium text-stone-900">{attendee.name}</div>
          <div className="text-stone-500 text-xs">{attendee.email}</div>
        </>
      ),
    },
    { header: 'Role', cell: (attendee) => <RoleCell attendee={attendee} onFailed={onFailed} /> },
    {
      header: 'Check-ins',
      cell: (attendee) =>
        attendee.sessions.length === 0
          ? '—'
          : attendee.sessions.map((s) => `${formatDate(s.day)} ${SESSION_LABELS[s.session]}`).join(', '),
    },
    {
      header: 'Units',
      cell: (attendee) => <span className="font-semibold text-stone-900">{attendee.units}</span>,
    },
    {
      header: 'Certificate',
      cell: (attendee) => <CertificateCell attendee={attendee} onRevoke={onRevoke} />,
    },
  ];
  return (
    <div className="-mx-5 sm:-mx-6">
      <DataTable
        label="Attendees"
        columns={columns}
        rows={attendees}
        rowKey={(attendee) => attendee.registration_id}
        emptyText="No registrations yet."
        isLoading={false}
      />
    </div>
  );
}

/** An attendee's role, saved when chosen; a speaker's number of talks, saved on leaving the field. */
function RoleCell({ attendee, onFailed }: { attendee: CpdAttendee; onFailed: (error: unknown) => void }) {
  const setRole = useSetRole();
  return (
    <>
      <select
        aria-label={`Role of ${attendee.name}`}
        value={attendee.role}
        disabled={setRole.isPending}
        onChange={(event) =>
          setRole.mutate(
            {
              registrationId: attendee.registration_id,
              role: event.target.value as CpdRole,
              talks: attendee.talks,
            },
            { onError: onFailed },
          )
        }
        className="h-9 rounded-lg border border-stone-300 bg-white px-2 text-stone-900"
      >
        {CPD_ROLES.map((role) => (
          <option key={role} value={role}>
            {CPD_ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {attendee.role === 'speaker' && (
        <label className="mt-2 flex items-center gap-2 text-stone-600 text-xs">
          Talks
          <input
            type="number"
            min={1}
            max={20}
            defaultValue={attendee.talks}
            aria-label={`Talks of ${attendee.name}`}
            disabled={setRole.isPending}
            // Saved when the admin leaves the field: one request per change, not per key.
            onBlur={(event) => {
              const talks = Number(event.target.value);
              if (talks === attendee.talks) return;
              setRole.mutate(
                { registrationId: attendee.registration_id, role: 'speaker', talks },
                { onError: onFailed },
              );
            }}
            className="h-8 w-16 rounded-lg border border-stone-300 bg-white px-2 text-stone-900"
          />
        </label>
      )}
    </>
  );
}

function CertificateCell({
  attendee,
  onRevoke,
}: {
  attendee: CpdAttendee;
  onRevoke: (number: string) => void;
}) {
  const { certificate } = attendee;
  if (certificate && !certificate.revoked) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => downloadWithSession(certificatePdfPath(certificate.number))}
          className="font-mono text-emerald-800 underline"
        >
          {certificate.number}
        </button>
        <Link
          to={sitePaths.verifyCertificate(certificate.verify_code)}
          className="text-stone-600 text-xs underline"
        >
          Verify page
        </Link>
        <button
          type="button"
          onClick={() => onRevoke(certificate.number)}
          className="text-red-700 text-xs underline"
        >
          Revoke
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      {certificate?.revoked && (
        <StatusBadge tone="red" asWritten>
          {certificate.number} revoked
        </StatusBadge>
      )}
      {attendee.blockers.length > 0 ? (
        <ul className="text-stone-600 text-xs">
          {attendee.blockers.map((blocker) => (
            <li key={blocker}>{CPD_MESSAGES.blockers[blocker]}</li>
          ))}
        </ul>
      ) : (
        <span className="text-emerald-800 text-xs">Ready to issue</span>
      )}
    </div>
  );
}
