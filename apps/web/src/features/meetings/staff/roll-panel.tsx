import { formatDate, formatDateTime, MEETING_MESSAGES, type Meeting, type RollEntry } from '@portal/shared';
import { useState } from 'react';
import { type Column, DataTable } from '@/components/admin-list/data-table';
import type { useNotice } from '@/components/admin-list/use-notice';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import {
  type RollCorrection,
  useFreezeRoll,
  useResolveCorrection,
  useRoll,
  useRollCorrections,
} from '../api/staff';
import { Hint, type MeetingPowers, Panel, reasonOf } from './meeting-parts';
import { ResolveCorrectionDialog } from './resolve-correction-dialog';

type Notice = ReturnType<typeof useNotice>;

const rollColumns: Column<RollEntry>[] = [
  {
    header: 'Voter',
    phone: 'heading',
    cell: (entry) => <span className="font-medium">{entry.voterName}</span>,
  },
  { header: 'Member', cell: (entry) => entry.memberName },
  {
    header: 'Votes as',
    cell: (entry) => (entry.kind === 'company' ? 'Voting representative' : 'Individual'),
  },
  { header: 'Category', cell: (entry) => entry.category },
];

const CORRECTION_TONES = { open: 'yellow', accepted: 'green', rejected: 'red' } as const;
const CORRECTION_LABELS = { open: 'Open', accepted: 'Accepted', rejected: 'Refused' } as const;

/**
 * The roll (docs/decisions/071): frozen once, at or after the record date, from the one
 * good-standing rule; then published to members for correction until the cut-off, the
 * secretariat accepting or refusing each correction with its resolution.
 */
export function RollPanel({
  meeting,
  powers,
  notice,
}: {
  meeting: Meeting;
  powers: MeetingPowers;
  notice: Notice;
}) {
  const frozen = meeting.rollFrozenAt !== null;
  const roll = useRoll(meeting.id, frozen);
  const freeze = useFreezeRoll(meeting.id);
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="space-y-6">
      <Panel
        title="Roll"
        description={
          frozen
            ? `Frozen ${formatDateTime(meeting.rollFrozenAt)} from good standing on ${formatDate(meeting.recordDate)}: ${meeting.rollSize} ${meeting.rollSize === 1 ? 'voter' : 'voters'}. Each company votes once, through its voting representative.`
            : `${MEETING_MESSAGES.rollNotFrozen}. It is frozen on or after the record date, ${formatDate(meeting.recordDate)}.`
        }
        actions={
          powers.run &&
          !frozen && (
            <button type="button" className={buttonClasses()} onClick={() => setConfirming(true)}>
              Freeze the roll
            </button>
          )
        }
      >
        {frozen ? (
          <div className="-mx-5 -mb-5 border-stone-200 border-t sm:-mx-6 sm:-mb-6">
            <DataTable
              label="Roll"
              columns={rollColumns}
              rows={roll.data?.entries}
              rowKey={(entry) => entry.id}
              isLoading={roll.isPending}
              skeletonRows={5}
              emptyText={roll.isError ? 'The roll could not be loaded.' : 'Nobody was in good standing.'}
            />
          </div>
        ) : (
          !powers.run && <Hint>The secretariat freezes it.</Hint>
        )}
      </Panel>
      {powers.run && frozen && <CorrectionsPanel meeting={meeting} notice={notice} />}
      {confirming && (
        <ConfirmDialog
          open
          title="Freeze the roll"
          text={`The roll is made once from the members in good standing on ${formatDate(meeting.recordDate)} and cannot be made again. Members may then ask for corrections until ${formatDateTime(meeting.correctionsCloseAt)}.`}
          confirmLabel="Freeze the roll"
          pending={freeze.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            freeze.mutate(undefined, {
              onSuccess: (frozenRoll) => {
                setConfirming(false);
                notice.confirm(`Roll frozen: ${frozenRoll.total} voters`);
              },
              onError: (error) => {
                setConfirming(false);
                notice.failure('The roll was not frozen.', reasonOf(error));
              },
            })
          }
        />
      )}
    </div>
  );
}

function CorrectionsPanel({ meeting, notice }: { meeting: Meeting; notice: Notice }) {
  const corrections = useRollCorrections(meeting.id, true);
  const resolve = useResolveCorrection(meeting.id);
  const [resolving, setResolving] = useState<{ correction: RollCorrection; accept: boolean } | null>(null);
  const [serverError, setServerError] = useState<string | undefined>();

  const columns: Column<RollCorrection>[] = [
    {
      header: 'Asked by',
      phone: 'heading',
      cell: (row) => <span className="font-medium">{row.requesterName}</span>,
    },
    {
      header: 'What is wrong',
      className: 'min-w-64',
      cell: (row) => <span className="whitespace-pre-line">{row.details}</span>,
    },
    {
      header: 'Status',
      cell: (row) => (
        <StatusBadge tone={CORRECTION_TONES[row.status]} asWritten>
          {CORRECTION_LABELS[row.status]}
        </StatusBadge>
      ),
    },
    { header: 'Resolution', cell: (row) => row.resolution ?? '—' },
  ];

  return (
    <Panel
      title="Corrections"
      description={`Members ask until ${formatDateTime(meeting.correctionsCloseAt)}; each answer is recorded.`}
    >
      <div className="-mx-5 -mb-5 border-stone-200 border-t sm:-mx-6 sm:-mb-6">
        <DataTable
          label="Corrections"
          columns={columns}
          rows={corrections.data}
          rowKey={(row) => row.id}
          isLoading={corrections.isPending}
          skeletonRows={2}
          emptyText={
            corrections.isError ? 'The corrections could not be loaded.' : 'No corrections asked for.'
          }
          actions={(row) =>
            row.status === 'open' && (
              <div className="flex gap-2">
                <button
                  type="button"
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  aria-label={`Accept the correction of ${row.requesterName}`}
                  onClick={() => {
                    setServerError(undefined);
                    setResolving({ correction: row, accept: true });
                  }}
                >
                  Accept
                </button>
                <button
                  type="button"
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  aria-label={`Refuse the correction of ${row.requesterName}`}
                  onClick={() => {
                    setServerError(undefined);
                    setResolving({ correction: row, accept: false });
                  }}
                >
                  Refuse
                </button>
              </div>
            )
          }
        />
      </div>
      {resolving && (
        <ResolveCorrectionDialog
          accept={resolving.accept}
          requesterName={resolving.correction.requesterName}
          pending={resolve.isPending}
          serverError={serverError}
          onCancel={() => setResolving(null)}
          onConfirm={(resolution) =>
            resolve.mutate(
              {
                id: resolving.correction.id,
                status: resolving.accept ? 'accepted' : 'rejected',
                resolution,
              },
              {
                onSuccess: () => {
                  setResolving(null);
                  notice.confirm(resolving.accept ? 'Correction accepted' : 'Correction refused');
                },
                onError: (error) => setServerError(reasonOf(error)),
              },
            )
          }
        />
      )}
    </Panel>
  );
}
