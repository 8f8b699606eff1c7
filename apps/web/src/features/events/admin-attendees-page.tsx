import {
  ATTENDEE_MESSAGES,
  type Attendee,
  attendeeListQuerySchema,
  EVENT_FORM_NOTICES,
  EVENT_MESSAGES,
  EVENT_PRICE_MESSAGES,
  formatCentavos,
  formatDate,
  formatDateTime,
  formatTimeOfDay,
  PAGE_SIZES,
  REGISTRATION_PAYMENT_LABELS,
  REGISTRATION_STATUSES,
  type RegistrationPaymentState,
  WAITLIST_ADMIN_MESSAGES,
} from '@portal/shared';
import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeft, BadgePercent, Banknote, Check, Download, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type Column, DataTable, RowActions } from '@/components/admin-list/data-table';
import { ListFooter } from '@/components/admin-list/list-footer';
import { FilterSelect, ListToolbar, SearchField } from '@/components/admin-list/list-toolbar';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { useNotice } from '@/components/admin-list/use-notice';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StatusBadge, type StatusTone, toneOfStatus } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';
import { useAdminEvent, useDecideRegistration } from './api/admin-events';
import { type SettleAction, useAttendees, useSettleRegistration } from './api/attendees';
import { AttendeeMessages } from './components/attendee-messages';
import { CheckInStaff } from './components/check-in-staff';
import { WaitlistTab } from './components/waitlist-tab';

const tabClasses =
  'rounded-md px-4 py-2 font-medium text-sm text-stone-700 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm';

const STATUS_LABELS = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Released',
} as const;

const PAYMENT_TONES: Record<RegistrationPaymentState, StatusTone> = {
  free: 'gray',
  awaiting: 'yellow',
  paid: 'green',
  waived: 'blue',
  released: 'gray',
};

/** A fee the admin can settle: a pending registration whose fee is still awaited. */
const settleable = (attendee: Attendee) => attendee.status === 'pending' && attendee.payment === 'awaiting';

/** The default, newest registration first, is the select's first choice. */
const SORTS = [
  ['registered_at:asc', 'Oldest first'],
  ['name:asc', 'Name A–Z'],
  ['name:desc', 'Name Z–A'],
  ['status:asc', 'Status'],
] as const;

/**
 * The list's columns (docs/product-rules.md "Event attendees"): at 1280 px beside the admin sidebar
 * every one fits, so the e-mail sits under the name and the fee under the tier rather than in
 * columns of their own.
 */
const columns: Column<Attendee>[] = [
  {
    header: 'Name',
    className: 'min-w-40',
    phone: 'heading',
    sortBy: 'name',
    cell: (attendee) => (
      <div>
        <p className="font-semibold text-stone-900">{attendee.name}</p>
        {/* Broken only where a long address would overflow. */}
        <p className="text-stone-600 text-xs [overflow-wrap:anywhere]">{attendee.email}</p>
      </div>
    ),
  },
  {
    header: 'Company',
    className: 'min-w-28 max-w-44',
    cell: (attendee) => attendee.company ?? '—',
  },
  {
    header: 'Status',
    sortBy: 'status',
    cell: (attendee) => <StatusBadge tone={toneOfStatus(attendee.status)}>{attendee.status}</StatusBadge>,
  },
  {
    header: 'Tier',
    cell: (attendee) =>
      attendee.tier_name === null && attendee.amount === null ? (
        '—'
      ) : (
        <span>
          {attendee.tier_name ?? '—'}
          {attendee.amount !== null && (
            <span className="block whitespace-nowrap text-stone-600 text-xs tabular-nums">
              {formatCentavos(attendee.amount)}
            </span>
          )}
        </span>
      ),
  },
  {
    header: 'Payment',
    className: 'min-w-28',
    cell: (attendee) =>
      attendee.payment ? (
        <span>
          <StatusBadge tone={PAYMENT_TONES[attendee.payment]} asWritten>
            {REGISTRATION_PAYMENT_LABELS[attendee.payment]}
          </StatusBadge>
          {attendee.hold_expires_at && (
            <span className="mt-1 block text-stone-600 text-xs">
              {EVENT_PRICE_MESSAGES.heldUntil(formatDateTime(attendee.hold_expires_at))}
            </span>
          )}
        </span>
      ) : (
        '—'
      ),
  },
  {
    header: 'Checked in',
    className: 'whitespace-nowrap',
    cell: (attendee) =>
      attendee.checked_in > 0 ? (
        <StatusBadge tone="green" asWritten>
          {attendee.checked_in === 1 ? 'Yes' : `Yes · ${attendee.checked_in} sessions`}
        </StatusBadge>
      ) : (
        'No'
      ),
  },
  {
    header: 'Registered',
    className: 'whitespace-nowrap',
    sortBy: 'registered_at',
    // Two short lines: one long line pushed the column under the sticky actions.
    cell: (attendee) => (
      <span>
        {formatDate(attendee.registered_at)}
        <span className="block text-stone-600 text-xs">{formatTimeOfDay(attendee.registered_at)}</span>
      </span>
    ),
  },
];

/**
 * /admin/events/{id}/attendees (docs/decisions/048): the event's registrants on the admin list kit,
 * filtered by status and by name, company or e-mail in the address; Approve and Reject for pending
 * ones (spec 001 §4: decided ones show no actions); the filtered list as CSV; and the messages
 * written to them, with the form that writes one to the group the list shows.
 */
export function AdminAttendeesPage() {
  const eventId = useParams().id ?? '';
  const event = useAdminEvent(eventId);
  const list = useListParams(attendeeListQuerySchema);
  const attendees = useAttendees(eventId, list.query);
  const page = attendees.isError ? undefined : attendees.data;
  useKeepPageInRange(list, page?.pagination);
  const decide = useDecideRegistration();
  const notice = useNotice();
  const settle = useSettleRegistration();
  const [settling, setSettling] = useState<{ attendee: Attendee; action: SettleAction } | null>(null);
  const [exporting, setExporting] = useState(false);
  const { page: _page, limit: _limit, ...filters } = list.query;

  const act = (attendee: Attendee, status: 'approved' | 'rejected') =>
    decide.mutate(
      { eventId, userId: attendee.user_id, status },
      {
        onSuccess: () => notice.confirm(EVENT_FORM_NOTICES.registrationUpdated(status)),
        onError: () => notice.failure(EVENT_FORM_NOTICES.registrationFailed),
      },
    );
  const confirmSettle = () => {
    if (!settling) return;
    const { attendee, action } = settling;
    settle.mutate(
      { registrationId: attendee.registration_id, action },
      {
        onSuccess: () =>
          notice.confirm(
            action === 'waive' ? EVENT_PRICE_MESSAGES.waivedNotice : EVENT_PRICE_MESSAGES.paidAtDoorNotice,
          ),
        // The server's rule (no longer pending, nothing left to settle) under the failure.
        onError: (error) =>
          notice.failure(
            EVENT_PRICE_MESSAGES.settleFailed,
            error instanceof ApiError ? error.error : undefined,
          ),
        onSettled: () => setSettling(null),
      },
    );
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadWithSession(`/events/admin/${encodeURIComponent(eventId)}/attendees.csv`, filters);
    } catch {
      notice.failure('The export could not be started. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const title = event.data?.title ?? (event.isError ? EVENT_MESSAGES.notFound : 'Attendees');
  return (
    <>
      <AdminPageHeader
        title={title}
        description={
          event.data
            ? `Attendees · ${formatDate(event.data.start_date)} · ${event.data.seats_taken}${event.data.max_attendees === null ? '' : ` of ${event.data.max_attendees}`} seats taken${event.data.waitlist_count > 0 ? ` · ${event.data.waitlist_count} waiting` : ''}`
            : 'Attendees'
        }
        actions={
          <>
            <Link to={paths.adminEvents} className={buttonClasses({ variant: 'secondary' })}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to events
            </Link>
            <button
              type="button"
              onClick={exportCsv}
              disabled={exporting}
              className={buttonClasses({ variant: 'secondary' })}
            >
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </button>
          </>
        }
      />

      <Tabs.Root defaultValue="attendees" className="mb-8">
        <Tabs.List
          aria-label="Registrations and waitlist"
          className="mb-3 inline-flex gap-1 rounded-lg bg-stone-100 p-1"
        >
          <Tabs.Trigger value="attendees" className={tabClasses}>
            Attendees
          </Tabs.Trigger>
          <Tabs.Trigger value="waitlist" className={tabClasses}>
            {WAITLIST_ADMIN_MESSAGES.tab}
            {event.data && event.data.waitlist_count > 0 ? ` (${event.data.waitlist_count})` : ''}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="waitlist">
          <section aria-label="Waitlist" className="rounded-xl border border-stone-200 bg-white shadow-sm">
            <WaitlistTab eventId={eventId} onDone={notice.confirm} onFailed={notice.failure} />
          </section>
        </Tabs.Content>
        <Tabs.Content value="attendees">
          <section aria-label="Attendees" className="rounded-xl border border-stone-200 bg-white shadow-sm">
            <ListToolbar columns="sm:grid-cols-[minmax(0,1fr)_10rem_10rem_11rem]">
              <SearchField
                label="Search attendees"
                placeholder="Search by name, company or e-mail"
                value={list.query.search}
                onSearch={(search) => list.setParams({ search })}
              />
              <FilterSelect
                label="Filter by status"
                allLabel="All Status"
                value={list.query.status}
                onChange={(status) => list.setParams({ status })}
                options={REGISTRATION_STATUSES.map((status) => [status, STATUS_LABELS[status]])}
              />
              <FilterSelect
                label="Filter by check-in"
                allLabel="Checked in or not"
                value={list.query.checked_in}
                onChange={(checked_in) => list.setParams({ checked_in })}
                options={[
                  ['yes', 'Checked in'],
                  ['no', 'Not checked in'],
                ]}
              />
              <FilterSelect
                label="Sort by"
                allLabel="Newest first"
                value={list.query.sort_by ? `${list.values.sort_by}:${list.values.sort_order}` : undefined}
                onChange={(sort) => {
                  const [sort_by, sort_order] = sort ? sort.split(':') : [];
                  list.setParams({ sort_by, sort_order });
                }}
                options={SORTS}
              />
            </ListToolbar>
            <DataTable
              label="Attendees"
              columns={columns}
              rows={page?.attendees}
              rowKey={(attendee) => attendee.registration_id}
              isLoading={attendees.isPending}
              skeletonRows={PAGE_SIZES.adminAttendees}
              sort={{
                by: list.values.sort_by,
                order: list.values.sort_order,
                onSort: (sort_by, sort_order) => list.setParams({ sort_by, sort_order }),
              }}
              emptyText={ATTENDEE_MESSAGES.listEmpty}
              actions={(attendee) =>
                attendee.status === 'pending' ? (
                  <RowActions
                    actions={[
                      ...(settleable(attendee)
                        ? [
                            {
                              label: `Paid at the door: ${attendee.name}`,
                              icon: <Banknote />,
                              onClick: () => setSettling({ attendee, action: 'paid-at-door' }),
                            },
                            {
                              label: `Waive fee of ${attendee.name}`,
                              icon: <BadgePercent />,
                              onClick: () => setSettling({ attendee, action: 'waive' }),
                            },
                          ]
                        : []),
                      {
                        label: `Approve ${attendee.name}`,
                        icon: <Check />,
                        onClick: () => act(attendee, 'approved'),
                      },
                      {
                        label: `Reject ${attendee.name}`,
                        icon: <X />,
                        onClick: () => act(attendee, 'rejected'),
                        danger: true,
                      },
                    ]}
                  />
                ) : null
              }
            />
            <ListFooter
              pagination={page?.pagination}
              noun="attendees"
              label="Attendees pages"
              onPageChange={list.setPage}
            />
          </section>
        </Tabs.Content>
      </Tabs.Root>

      <CheckInStaff eventId={eventId} />

      <AttendeeMessages
        eventId={eventId}
        filter={{
          status: list.values.status,
          checked_in: list.values.checked_in,
          search: list.values.search,
        }}
        onSent={notice.confirm}
        onFailed={notice.failure}
      />
      <ConfirmDialog
        open={settling !== null}
        title={
          settling?.action === 'waive' ? EVENT_PRICE_MESSAGES.waiveTitle : EVENT_PRICE_MESSAGES.doorTitle
        }
        text={
          settling
            ? (settling.action === 'waive'
                ? EVENT_PRICE_MESSAGES.waiveConfirm
                : EVENT_PRICE_MESSAGES.doorConfirm)(
                settling.attendee.name,
                formatCentavos(settling.attendee.amount ?? 0),
              )
            : ''
        }
        confirmLabel={settling?.action === 'waive' ? EVENT_PRICE_MESSAGES.waiveTitle : 'Record payment'}
        pending={settle.isPending}
        onConfirm={confirmSettle}
        onCancel={() => setSettling(null)}
      />
      {notice.element}
    </>
  );
}
