import { type AdminWaitlistEntry, formatDateTime, WAITLIST_ADMIN_MESSAGES } from '@portal/shared';
import { Send, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { type Column, DataTable, RowActions } from '@/components/admin-list/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import { ApiError } from '@/lib/api-client';
import { useAdminWaitlist, useWaitlistAction, type WaitlistAction } from '../api/admin-waitlist';

const columns: Column<AdminWaitlistEntry>[] = [
  {
    header: 'Place',
    className: 'whitespace-nowrap tabular-nums',
    cell: (entry) =>
      entry.position === null ? (
        <StatusBadge tone="blue" asWritten>
          Offered
        </StatusBadge>
      ) : (
        `No. ${entry.position}`
      ),
  },
  {
    header: 'Name',
    className: 'min-w-48',
    phone: 'heading',
    cell: (entry) => (
      <div>
        <p className="font-semibold text-stone-900">{entry.name}</p>
        <p className="text-stone-600 text-xs [overflow-wrap:anywhere]">
          {[entry.company, entry.email].filter(Boolean).join(' · ')}
        </p>
      </div>
    ),
  },
  { header: 'Joined', className: 'whitespace-nowrap', cell: (entry) => formatDateTime(entry.joined_at) },
  {
    header: 'Offer sent / expires',
    className: 'min-w-44',
    cell: (entry) =>
      entry.offered_at && entry.offer_expires_at ? (
        <span>
          {formatDateTime(entry.offered_at)}
          <span className="block text-stone-600 text-xs">
            Expires {formatDateTime(entry.offer_expires_at)}
          </span>
        </span>
      ) : (
        '—'
      ),
  },
];

/**
 * The Waitlist tab of the attendee page (docs/product-rules.md "Waitlist", docs/decisions/074):
 * who holds an offer and who waits, in the order seats go to them, with "Offer now" (out of order,
 * the capacity raised by one when the event is full) and "Remove", each after a confirmation.
 */
export function WaitlistTab({
  eventId,
  onDone,
  onFailed,
}: {
  eventId: string;
  onDone: (text: string) => void;
  onFailed: (text: string, detail?: string) => void;
}) {
  const waitlist = useAdminWaitlist(eventId);
  const act = useWaitlistAction(eventId);
  const [acting, setActing] = useState<{ entry: AdminWaitlistEntry; action: WaitlistAction } | null>(null);
  const confirm = () => {
    if (!acting) return;
    const { entry, action } = acting;
    act.mutate(acting, {
      onSuccess: () =>
        onDone(
          action === 'offer'
            ? WAITLIST_ADMIN_MESSAGES.offered(entry.name)
            : WAITLIST_ADMIN_MESSAGES.removed(entry.name),
        ),
      onError: (error) =>
        onFailed(WAITLIST_ADMIN_MESSAGES.failed, error instanceof ApiError ? error.error : undefined),
      onSettled: () => setActing(null),
    });
  };
  return (
    <>
      <DataTable
        label="Waitlist"
        columns={columns}
        rows={waitlist.isError ? [] : waitlist.data}
        rowKey={(entry) => entry.id}
        isLoading={waitlist.isPending}
        skeletonRows={3}
        emptyText={WAITLIST_ADMIN_MESSAGES.empty}
        actions={(entry) => (
          <RowActions
            actions={[
              ...(entry.state === 'waiting'
                ? [
                    {
                      label: `Offer now: ${entry.name}`,
                      icon: <Send />,
                      onClick: () => setActing({ entry, action: 'offer' as const }),
                    },
                  ]
                : []),
              {
                label: `Remove ${entry.name} from the waitlist`,
                icon: <UserMinus />,
                danger: true,
                onClick: () => setActing({ entry, action: 'remove' as const }),
              },
            ]}
          />
        )}
      />
      <ConfirmDialog
        open={acting !== null}
        title={acting?.action === 'offer' ? 'Offer now' : 'Remove from the waitlist'}
        text={
          acting
            ? (acting.action === 'offer'
                ? WAITLIST_ADMIN_MESSAGES.offerNowConfirm
                : WAITLIST_ADMIN_MESSAGES.removeConfirm)(acting.entry.name)
            : ''
        }
        confirmLabel={acting?.action === 'offer' ? 'Offer the seat' : 'Remove'}
        tone={acting?.action === 'remove' ? 'danger' : 'default'}
        pending={act.isPending}
        onConfirm={confirm}
        onCancel={() => setActing(null)}
      />
    </>
  );
}
