import {
  addToDate,
  DUES_REASON_MAX_CHARS,
  formatCentavos,
  formatDate,
  manilaDateString,
  PAGE_SIZES,
  REMINDER_DELIVERY_STATES,
  REMINDER_MESSAGES,
  REMINDER_RECIPIENT_ROLE_LABELS,
  type ReminderDelivery,
  type ReminderMessage,
  reminderLogQuerySchema,
  reminderStepLabel,
} from '@portal/shared';
import { ArrowLeft, Filter, Pause, Play, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable, RowActions } from '@/components/admin-list/data-table';
import { ListFilterNote } from '@/components/admin-list/list-filter-note';
import { ListFooter } from '@/components/admin-list/list-footer';
import { FilterSelect, ListToolbar, SearchField } from '@/components/admin-list/list-toolbar';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { useNotice } from '@/components/admin-list/use-notice';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import {
  useReminderAction,
  useReminderLog,
  useReminderPauses,
  useReminderPreview,
} from './api/reminders-admin';

const refusal = (error: unknown) => (error instanceof ApiError ? error.error : 'Please try again.');
const STATE_LABELS = { queued: 'Queued', sent: 'Sent', failed: 'Failed' } as const;
type Pausing = { userId: string; name: string; paused: boolean };

/** Who a message goes to: the member's name and the address, with the recipient's role. */
function Recipient({ message }: { message: ReminderMessage }) {
  return (
    <div>
      <p className="font-semibold text-stone-900">{message.memberName}</p>
      <p className="break-words text-sm text-stone-600">
        {message.email} · {REMINDER_RECIPIENT_ROLE_LABELS[message.role]}
      </p>
    </div>
  );
}

const recipientColumn = <T extends ReminderMessage>(): Column<T> => ({
  header: 'Recipient',
  phone: 'heading',
  className: 'min-w-56',
  cell: (message) => <Recipient message={message} />,
});
const statementColumn = <T extends ReminderMessage>(): Column<T> => ({
  header: 'Statement and step',
  className: 'whitespace-nowrap',
  cell: (message) => (
    <div>
      <p className="text-stone-900">{message.statementNumber}</p>
      <p className="text-sm text-stone-600">{reminderStepLabel(message.offset)}</p>
    </div>
  ),
});
const dueColumn = <T extends ReminderMessage>(): Column<T> => ({
  header: 'Due',
  className: 'whitespace-nowrap tabular-nums',
  cell: (message) => (
    <div>
      <p className="text-stone-900">{formatCentavos(message.amount)}</p>
      <p className="text-sm text-stone-600">{formatDate(message.dueOn)}</p>
    </div>
  ),
});
const previewColumns: Column<ReminderMessage>[] = [recipientColumn(), statementColumn(), dueColumn()];

/**
 * /admin/dues/reminders (docs/decisions/042-scheduled-renewals.md): what the daily run sends on a
 * chosen day (tomorrow by default), the delivery log with its failures, a resend of one message,
 * and pausing one member's reminders with a reason.
 */
export function RemindersPage() {
  const [date, setDate] = useState(() => addToDate(manilaDateString(), { days: 1 }));
  const preview = useReminderPreview(date);
  const list = useListParams(reminderLogQuerySchema);
  const log = useReminderLog(list.query);
  const page = log.isError ? undefined : log.data;
  useKeepPageInRange(list, page?.pagination);
  const pauses = useReminderPauses();
  const action = useReminderAction();
  const notice = useNotice();
  const [pausing, setPausing] = useState<Pausing | null>(null);
  const pausedIds = new Set(pauses.data?.map((pause) => pause.userId));

  const run = () =>
    action.mutate(
      { kind: 'run', date },
      {
        onSuccess: (result) => {
          const { issued, messages } = result as { issued: number; messages: ReminderMessage[] };
          notice.show({
            variant: 'success',
            title: `Run for ${formatDate(date)}`,
            text: `${issued} statement${issued === 1 ? '' : 's'} issued, ${messages.length} reminder${messages.length === 1 ? '' : 's'} queued.`,
          });
        },
        onError: (error) => notice.failure('The day could not be run.', refusal(error)),
      },
    );
  const resend = (delivery: ReminderDelivery) =>
    action.mutate(
      { kind: 'resend', id: delivery.id },
      {
        onSuccess: () => notice.confirm(`A copy of the reminder is queued for ${delivery.email}.`),
        onError: (error) => notice.failure('The reminder could not be resent.', refusal(error)),
      },
    );
  const pauseAction = (userId: string | null, name: string) =>
    userId
      ? pausedIds.has(userId)
        ? {
            label: `Resume reminders for ${name}`,
            icon: <Play />,
            onClick: () => setPausing({ userId, name, paused: false }),
          }
        : {
            label: `Pause reminders for ${name}`,
            icon: <Pause />,
            onClick: () => setPausing({ userId, name, paused: true }),
          }
      : null;

  const logColumns: Column<ReminderDelivery>[] = [
    recipientColumn<ReminderDelivery>(),
    statementColumn<ReminderDelivery>(),
    {
      header: 'Queued',
      className: 'whitespace-nowrap',
      cell: (delivery) => (
        <span>
          {formatDate(delivery.queuedAt)}
          {delivery.resend && <span className="block text-sm text-stone-600">Resent copy</span>}
        </span>
      ),
    },
    {
      header: 'State',
      cell: (delivery) => (
        <div>
          <StatusBadge tone={toneOfStatus(delivery.state)}>{STATE_LABELS[delivery.state]}</StatusBadge>
          {delivery.error && delivery.state !== 'sent' && (
            <p className="mt-1 max-w-56 text-sm text-red-700">{delivery.error}</p>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Dues reminders"
        description="Reminders go out once per statement and step, by the schedule in the dues settings, until the statement is paid or void."
        actions={
          <Link to={paths.adminDues} className={buttonClasses({ variant: 'secondary' })}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to dues
          </Link>
        }
      />

      <section
        aria-labelledby="preview-heading"
        className="mb-8 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-wrap items-end justify-between gap-4 border-stone-200 border-b p-4">
          <div>
            <h2 id="preview-heading" className="font-display font-semibold text-stone-900 text-xl">
              Who gets what on {formatDate(date)}
            </h2>
            <p className="mt-1 text-sm text-stone-600">
              {preview.data
                ? `${preview.data.statementsToIssue.length} semester statement${preview.data.statementsToIssue.length === 1 ? '' : 's'} to issue, ${preview.data.messages.length} reminder${preview.data.messages.length === 1 ? '' : 's'} to send${preview.data.paused > 0 ? `, ${preview.data.paused} held back by a pause` : ''}.`
                : 'Reading the schedule…'}
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <label className="text-sm font-medium text-stone-800">
              Day
              <input
                type="date"
                value={date}
                onChange={(event) => event.target.value && setDate(event.target.value)}
                className="mt-1 block rounded-lg border border-stone-300 px-3 py-2 text-base"
              />
            </label>
            <button
              type="button"
              onClick={run}
              disabled={action.isPending}
              className={buttonClasses({ variant: 'primary' })}
            >
              <Send aria-hidden="true" className="size-4" />
              Run this day now
            </button>
          </div>
        </div>
        <DataTable
          label="Reminders to send"
          columns={previewColumns}
          rows={preview.data?.messages}
          rowKey={(message) => `${message.statementId}-${message.offset}-${message.email}`}
          isLoading={preview.isPending}
          skeletonRows={3}
          emptyText="No reminder is due on this day."
          actions={(message) => {
            const pause = pauseAction(message.userId, message.memberName);
            return pause ? <RowActions actions={[pause]} /> : null;
          }}
        />
      </section>

      <section
        aria-label="Delivery log"
        className="mb-8 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <h2 className="px-4 pt-4 font-display font-semibold text-stone-900 text-xl">Delivery log</h2>
        <ListToolbar columns="sm:grid-cols-[minmax(0,1fr)_14rem]">
          <SearchField
            label="Search the log"
            placeholder="Search by member, e-mail or statement"
            value={list.query.search}
            onSearch={(search) => list.setParams({ search })}
          />
          <FilterSelect
            label="Filter by state"
            allLabel="Every state"
            value={list.query.state}
            onChange={(state) => list.setParams({ state })}
            options={REMINDER_DELIVERY_STATES.map((state) => [state, STATE_LABELS[state]])}
          />
        </ListToolbar>
        {list.query.userId && (
          <ListFilterNote
            text="Showing one member's reminders."
            clearLabel="Show every member"
            onClear={() => list.setParams({ userId: undefined })}
          />
        )}
        <DataTable
          label="Reminders sent"
          columns={logColumns}
          rows={page?.deliveries}
          rowKey={(delivery) => delivery.id}
          isLoading={log.isPending}
          skeletonRows={PAGE_SIZES.adminDues}
          emptyText="No reminder matches."
          actions={(delivery) => {
            const pause = pauseAction(delivery.userId, delivery.memberName);
            return (
              <RowActions
                actions={[
                  { label: `Resend to ${delivery.email}`, icon: <Send />, onClick: () => resend(delivery) },
                  ...(delivery.userId
                    ? [
                        {
                          label: `Only ${delivery.memberName}'s reminders`,
                          icon: <Filter />,
                          onClick: () => list.setParams({ userId: delivery.userId ?? undefined }),
                        },
                      ]
                    : []),
                  ...(pause ? [pause] : []),
                ]}
              />
            );
          }}
        />
        <ListFooter
          pagination={page?.pagination}
          noun="reminders"
          label="Delivery log pages"
          onPageChange={list.setPage}
        />
      </section>

      <section
        aria-labelledby="paused-heading"
        className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
      >
        <h2 id="paused-heading" className="font-display font-semibold text-stone-900 text-xl">
          Paused reminders
        </h2>
        {pauses.data && pauses.data.length > 0 ? (
          <ul className="mt-3 divide-y divide-stone-200">
            {pauses.data.map((pause) => (
              <li key={pause.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold text-stone-900">{pause.memberName}</p>
                  <p className="text-sm text-stone-600">
                    Since {formatDate(pause.pausedAt)}: {pause.reason}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => setPausing({ userId: pause.userId, name: pause.memberName, paused: false })}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  Resume
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-stone-600">No member's reminders are paused.</p>
        )}
      </section>

      {pausing && (
        <ReasonDialog
          title={`${pausing.paused ? 'Pause' : 'Resume'} reminders for ${pausing.name}`}
          text={
            pausing.paused
              ? 'No reminder goes to this member until they are resumed. The reason is kept in the audit log.'
              : 'Reminders go to this member again from the next run. The reason is kept in the audit log.'
          }
          confirmLabel={pausing.paused ? 'Pause reminders' : 'Resume reminders'}
          pending={action.isPending}
          requiredMessage={REMINDER_MESSAGES.reasonRequired}
          maxLength={DUES_REASON_MAX_CHARS}
          onCancel={() => setPausing(null)}
          onConfirm={(reason) =>
            action.mutate(
              { kind: 'pause', userId: pausing.userId, paused: pausing.paused, reason },
              {
                onSuccess: () =>
                  notice.confirm(
                    `Reminders for ${pausing.name} are ${pausing.paused ? 'paused' : 'resumed'}.`,
                  ),
                onError: (error) => notice.failure('The change could not be saved.', refusal(error)),
                onSettled: () => setPausing(null),
              },
            )
          }
        />
      )}
      {notice.element}
    </>
  );
}
