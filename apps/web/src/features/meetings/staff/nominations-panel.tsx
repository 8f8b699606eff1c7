import {
  formatDateTime,
  isLocked,
  MEETING_MESSAGES,
  type Meeting,
  type MeetingProxy,
  NOMINATION_STATUS_LABELS,
  type Nomination,
  PROXY_SCOPE_LABELS,
  PROXY_STATUS_LABELS,
  proxyHolderName,
} from '@portal/shared';
import { useState } from 'react';
import { type Column, DataTable } from '@/components/admin-list/data-table';
import type { useNotice } from '@/components/admin-list/use-notice';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge';
import { useProxies, useValidateNomination, useValidateProxy } from '../api/staff';
import { Hint, type MeetingPowers, Panel, reasonOf } from './meeting-parts';
import { ValidationDialog } from './validation-dialog';

type Notice = ReturnType<typeof useNotice>;

const DECISION_TONES: Record<string, StatusTone> = {
  pending: 'yellow',
  filed: 'yellow',
  valid: 'green',
  invalid: 'red',
  rejected: 'red',
  withdrawn: 'gray',
  revoked: 'gray',
};

/** Validate and Reject, for a row still waiting for its decision. */
function DecisionButtons({ name, onDecide }: { name: string; onDecide: (valid: boolean) => void }) {
  return (
    <div className="flex gap-2">
      <button
        type="button"
        className={buttonClasses({ size: 'sm' })}
        aria-label={`Validate ${name}`}
        onClick={() => onDecide(true)}
      >
        Validate
      </button>
      <button
        type="button"
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        aria-label={`Reject ${name}`}
        onClick={() => onDecide(false)}
      >
        Reject
      </button>
    </div>
  );
}

/**
 * The nominations (docs/decisions/071): each with its seconds and the nominee's acceptance; the
 * election committee validates those complete, or rejects, until voting opens.
 */
export function NominationsPanel({
  meeting,
  powers,
  notice,
}: {
  meeting: Meeting;
  powers: MeetingPowers;
  notice: Notice;
}) {
  const validate = useValidateNomination(meeting.id);
  const [deciding, setDeciding] = useState<{ nomination: Nomination; valid: boolean } | null>(null);
  const mayDecide = powers.elect && !isLocked(meeting);

  const columns: Column<Nomination>[] = [
    {
      header: 'Nominee',
      phone: 'heading',
      className: 'min-w-52',
      cell: (row) => (
        <span>
          <span className="block font-medium text-stone-900">{row.nominee.voterName}</span>
          {row.nominee.memberName !== row.nominee.voterName && (
            <span className="block text-sm text-stone-600">{row.nominee.memberName}</span>
          )}
        </span>
      ),
    },
    { header: 'Nominated by', cell: (row) => row.nominatorName },
    {
      header: 'Seconds',
      cell: (row) => (
        <span title={row.seconds.map((second) => second.name).join(', ')}>
          {row.seconds.length} of {row.secondsNeeded}
        </span>
      ),
    },
    { header: 'Accepted', cell: (row) => (row.accepted ? 'Yes' : 'Not yet') },
    {
      header: 'Status',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge tone={DECISION_TONES[row.status] ?? 'gray'} asWritten>
            {NOMINATION_STATUS_LABELS[row.status]}
          </StatusBadge>
          {row.validationNote && <span className="text-sm text-stone-600">{row.validationNote}</span>}
        </span>
      ),
    },
  ];

  return (
    <Panel
      title="Nominations"
      description={`Open ${formatDateTime(meeting.nominationsOpenAt)} to ${formatDateTime(meeting.nominationsCloseAt)}. A nomination needs ${meeting.seconders} ${meeting.seconders === 1 ? 'second' : 'seconds'} and the nominee's acceptance.`}
    >
      <div className="-mx-5 -mb-5 border-stone-200 border-t sm:-mx-6 sm:-mb-6">
        <DataTable
          label="Nominations"
          columns={columns}
          rows={meeting.nominations}
          rowKey={(row) => row.id}
          isLoading={false}
          emptyText="No nominations yet."
          actions={
            mayDecide
              ? (row) =>
                  row.status === 'pending' && (
                    <DecisionButtons
                      name={`the nomination of ${row.nominee.voterName}`}
                      onDecide={(valid) => setDeciding({ nomination: row, valid })}
                    />
                  )
              : undefined
          }
        />
      </div>
      {powers.elect && isLocked(meeting) && (
        <div className="mt-8">
          <Hint>{MEETING_MESSAGES.locked}.</Hint>
        </div>
      )}
      {deciding && (
        <ValidationDialog
          title={deciding.valid ? 'Validate the nomination' : 'Reject the nomination'}
          text={
            deciding.valid
              ? `${deciding.nomination.nominee.voterName} becomes a candidate on the ballot.`
              : `${deciding.nomination.nominee.voterName} will not be on the ballot. Say why in the note.`
          }
          valid={deciding.valid}
          pending={validate.isPending}
          onCancel={() => setDeciding(null)}
          onConfirm={(note) =>
            validate.mutate(
              { id: deciding.nomination.id, valid: deciding.valid, note },
              {
                onSuccess: () =>
                  notice.confirm(deciding.valid ? 'Nomination validated' : 'Nomination rejected'),
                onError: (error) => notice.failure('The nomination was not changed.', reasonOf(error)),
                onSettled: () => setDeciding(null),
              },
            )
          }
        />
      )}
    </Panel>
  );
}

/**
 * The proxies filed (docs/decisions/071): who gave theirs to whom, for what; the corporate
 * secretary (the secretariat) validates or rejects each until voting opens.
 */
export function ProxiesPanel({ meeting, notice }: { meeting: Meeting; notice: Notice }) {
  const proxies = useProxies(meeting.id, true);
  const validate = useValidateProxy(meeting.id);
  const [deciding, setDeciding] = useState<{ proxy: MeetingProxy; valid: boolean } | null>(null);
  const locked = isLocked(meeting);

  const columns: Column<MeetingProxy>[] = [
    {
      header: 'Given by',
      phone: 'heading',
      className: 'min-w-48',
      cell: (row) => (
        <span>
          <span className="block font-medium text-stone-900">{row.grantor.voterName}</span>
          {row.grantor.memberName !== row.grantor.voterName && (
            <span className="block text-sm text-stone-600">{row.grantor.memberName}</span>
          )}
        </span>
      ),
    },
    { header: 'Holder', cell: (row) => proxyHolderName(row, meeting.chair) },
    { header: 'For', cell: (row) => PROXY_SCOPE_LABELS[row.scope] },
    { header: 'Filed', className: 'whitespace-nowrap', cell: (row) => formatDateTime(row.filedAt) },
    {
      header: 'Status',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge tone={DECISION_TONES[row.status] ?? 'gray'} asWritten>
            {PROXY_STATUS_LABELS[row.status]}
          </StatusBadge>
          {row.note && <span className="text-sm text-stone-600">{row.note}</span>}
        </span>
      ),
    },
  ];

  return (
    <Panel title="Proxies" description={`Filed until ${formatDateTime(meeting.proxyDeadline)}.`}>
      <div className="-mx-5 -mb-5 border-stone-200 border-t sm:-mx-6 sm:-mb-6">
        <DataTable
          label="Proxies"
          columns={columns}
          rows={proxies.data}
          rowKey={(row) => row.id}
          isLoading={proxies.isPending}
          skeletonRows={2}
          emptyText={proxies.isError ? 'The proxies could not be loaded.' : 'No proxies filed.'}
          actions={
            locked
              ? undefined
              : (row) =>
                  row.status === 'filed' && (
                    <DecisionButtons
                      name={`the proxy of ${row.grantor.voterName}`}
                      onDecide={(valid) => setDeciding({ proxy: row, valid })}
                    />
                  )
          }
        />
      </div>
      {deciding && (
        <ValidationDialog
          title={deciding.valid ? 'Validate the proxy' : 'Reject the proxy'}
          text={
            deciding.valid
              ? `${proxyHolderName(deciding.proxy, meeting.chair)} may cast the ballot of ${deciding.proxy.grantor.voterName}.`
              : `The proxy of ${deciding.proxy.grantor.voterName} will not count. Say why in the note.`
          }
          valid={deciding.valid}
          pending={validate.isPending}
          onCancel={() => setDeciding(null)}
          onConfirm={(note) =>
            validate.mutate(
              { id: deciding.proxy.id, valid: deciding.valid, note },
              {
                onSuccess: () => notice.confirm(deciding.valid ? 'Proxy validated' : 'Proxy rejected'),
                onError: (error) => notice.failure('The proxy was not changed.', reasonOf(error)),
                onSettled: () => setDeciding(null),
              },
            )
          }
        />
      )}
    </Panel>
  );
}
