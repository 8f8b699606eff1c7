import {
  type AdminEventSummary,
  ANNOUNCEMENT_MESSAGES,
  adminEventListQuerySchema,
  EVENT_FORM_NOTICES,
  EVENT_MESSAGES,
  EVENT_STATUSES,
  EVENT_TYPES,
  formatDate,
  formatPesos,
  PAGE_SIZES,
} from '@portal/shared';
import { Award, Eye, Megaphone, Mic, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { type Column, DataTable, RowActions } from '@/components/admin-list/data-table';
import { ListFilterNote } from '@/components/admin-list/list-filter-note';
import { ListFooter } from '@/components/admin-list/list-footer';
import { FilterSelect, ListToolbar, SearchField } from '@/components/admin-list/list-toolbar';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { useNotice } from '@/components/admin-list/use-notice';
import { SendAnnouncementDialog } from '@/components/announcements/send-announcement-dialog';
import { announcementSentText } from '@/components/announcements/use-announce-on-save';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useAdminEvent, useAdminEvents, useDeleteEvent } from './api/admin-events';
import { EventFormDialog } from './components/event-form-dialog';
import { EventViewDialog } from './components/event-view-dialog';
import { SpeakersDialog } from './components/speakers-dialog';

/** The default, created_at descending, is the select's first choice ('Newest first'). */
const SORTS = [
  ['created_at:asc', 'Oldest first'],
  ['title:asc', 'Title A–Z'],
  ['title:desc', 'Title Z–A'],
  ['event_type:asc', 'Type'],
  ['status:asc', 'Status'],
] as const;

const PendingBadge = ({ count }: { count: number }) => (
  <StatusBadge tone="yellow">{count} pending</StatusBadge>
);

const capitalised = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/**
 * /admin/events (spec 001 §2, §4, §8, §9) on the admin list kit: search over title, organizer and
 * location; status and type filters; sort; 10 a page; Create Event; View, Edit, Attendees (decision
 * 048), Manage Speakers and Delete per row. Success notices show only after the server agreed
 * (docs/product-rules.md "Events").
 */
export function AdminEventsPage() {
  const list = useListParams(adminEventListQuerySchema);
  const events = useAdminEvents(list.query);
  const page = events.isError ? undefined : events.data;
  useKeepPageInRange(list, page?.pagination);
  useEffect(() => {
    if (events.isError) console.error('Failed to load events', events.error);
  }, [events.isError, events.error]);

  const notice = useNotice();
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<AdminEventSummary | null>(null);
  const [editing, setEditing] = useState<AdminEventSummary | 'new' | null>(null);
  const [speakersOf, setSpeakersOf] = useState<AdminEventSummary | null>(null);
  const [deleting, setDeleting] = useState<AdminEventSummary | null>(null);
  const [announcing, setAnnouncing] = useState<AdminEventSummary | null>(null);
  const deleteEvent = useDeleteEvent();
  // The edit form needs the content, which only the detail carries.
  const editedDetail = useAdminEvent(editing && editing !== 'new' ? editing.id : null);
  const success = (text: string) => notice.show({ variant: 'success', title: 'Success', text });
  const validationNotice = () =>
    notice.show({
      variant: 'error',
      title: EVENT_FORM_NOTICES.validationTitle,
      text: EVENT_FORM_NOTICES.validationMessage,
    });

  const columns: Column<AdminEventSummary>[] = [
    {
      header: 'Event',
      className: 'min-w-48',
      phone: 'heading',
      sortBy: 'title',
      cell: (event) => (
        <div>
          <p className="font-semibold text-stone-900">{event.title}</p>
          <p className="text-stone-600 text-xs">
            {[event.organizer_name, event.location_name].filter(Boolean).join(' · ')}
          </p>
          {/* Phones: the pending count under the title, where it has the card's whole width. */}
          {event.pending_count > 0 && (
            <p className="mt-1.5 md:hidden">
              <PendingBadge count={event.pending_count} />
            </p>
          )}
        </div>
      ),
    },
    {
      header: 'Type',
      // From 1536 px, like the price: at 1280 the row's actions (now with Attendees) need the room.
      className: 'hidden whitespace-nowrap 2xl:table-cell',
      sortBy: 'event_type',
      cell: (event) => event.event_type,
    },
    {
      header: 'Date',
      className: 'whitespace-nowrap',
      cell: (event) => (
        <div>
          <p>{formatDate(event.start_date)}</p>
          {/* Below 1536 px the price goes under the date: at 1280 a column of its own made the
              table scroll sideways past the row's actions. */}
          <p className="text-stone-600 text-xs tabular-nums 2xl:hidden">{formatPesos(event.price)}</p>
        </div>
      ),
    },
    {
      header: 'Status',
      sortBy: 'status',
      cell: (event) => <StatusBadge tone={toneOfStatus(event.status)}>{event.status}</StatusBadge>,
    },
    {
      header: 'Price',
      // A column of its own from 1536 px; under the date below that.
      className: 'hidden whitespace-nowrap tabular-nums 2xl:table-cell',
      phone: 'hidden',
      cell: (event) => formatPesos(event.price),
    },
    {
      header: 'Registrations',
      className: 'whitespace-nowrap',
      cell: (event) =>
        event.is_registration_required ? (
          <span>
            {event.registration_count}
            {event.max_attendees !== null && ` / ${event.max_attendees}`}
            {event.pending_count > 0 && (
              <span className="ml-2 hidden md:inline-block">
                <PendingBadge count={event.pending_count} />
              </span>
            )}
          </span>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Events"
        description="Meetings, forums and trainings: what the public events page shows, and who registered."
        actions={
          <button
            type="button"
            onClick={() => setEditing('new')}
            className={buttonClasses({ variant: 'primary' })}
          >
            <Plus aria-hidden="true" className="size-4" />
            Create Event
          </button>
        }
      />

      <section aria-label="Events" className="rounded-xl border border-stone-200 bg-white shadow-sm">
        <ListToolbar columns="sm:grid-cols-[minmax(0,1fr)_10rem_10rem_11rem]">
          <SearchField
            label="Search events"
            placeholder="Search by title, organizer or location"
            value={list.query.search}
            onSearch={(search) => list.setParams({ search })}
          />
          <FilterSelect
            label="Filter by status"
            allLabel="All Status"
            value={list.query.status}
            onChange={(status) => list.setParams({ status })}
            options={EVENT_STATUSES.map((status) => [status, capitalised(status)])}
          />
          <FilterSelect
            label="Filter by type"
            allLabel="All Types"
            value={list.query.event_type}
            onChange={(event_type) => list.setParams({ event_type })}
            options={EVENT_TYPES.map((type) => [type, type])}
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
        {list.query.has_pending === 'true' && (
          <ListFilterNote
            text="Showing events with registrations awaiting approval."
            onClear={() => list.setParams({ has_pending: undefined })}
          />
        )}
        {list.query.upcoming === 'true' && (
          <ListFilterNote
            text="Showing events that have not started yet."
            onClear={() => list.setParams({ upcoming: undefined })}
          />
        )}
        {list.query.id && (
          <ListFilterNote
            text="Showing one event, from the dashboard."
            onClear={() => list.setParams({ id: undefined })}
          />
        )}
        <DataTable
          label="Events"
          columns={columns}
          rows={page?.events}
          rowKey={(event) => event.id}
          isLoading={events.isPending}
          skeletonRows={PAGE_SIZES.adminEvents}
          sort={{
            by: list.values.sort_by,
            order: list.values.sort_order,
            onSort: (sort_by, sort_order) => list.setParams({ sort_by, sort_order }),
          }}
          emptyText={EVENT_MESSAGES.listEmpty}
          actions={(event) => (
            <RowActions
              actions={[
                { label: `View ${event.title}`, icon: <Eye />, onClick: () => setViewing(event) },
                { label: `Edit ${event.title}`, icon: <Pencil />, onClick: () => setEditing(event) },
                {
                  label: `Attendees of ${event.title}`,
                  icon: <Users />,
                  onClick: () => navigate(paths.adminEventAttendees(event.id)),
                },
                ...(event.certification_provided
                  ? [
                      {
                        label: `CPD and certificates of ${event.title}`,
                        icon: <Award />,
                        onClick: () => navigate(paths.adminEventCpd(event.id)),
                      },
                    ]
                  : []),
                {
                  label: `Manage speakers of ${event.title}`,
                  icon: <Mic />,
                  onClick: () => setSpeakersOf(event),
                },
                ...(event.status === 'published'
                  ? [
                      {
                        label: `${ANNOUNCEMENT_MESSAGES.sendAction}: ${event.title}`,
                        icon: <Megaphone />,
                        onClick: () => setAnnouncing(event),
                      },
                    ]
                  : []),
                {
                  label: `Delete ${event.title}`,
                  icon: <Trash2 />,
                  onClick: () => setDeleting(event),
                  danger: true,
                },
              ]}
            />
          )}
        />
        <ListFooter
          pagination={page?.pagination}
          noun="events"
          label="Events pages"
          onPageChange={list.setPage}
        />
      </section>

      <EventViewDialog event={viewing} onClose={() => setViewing(null)} />
      {editing !== null && (editing === 'new' || editedDetail.data) && (
        <EventFormDialog
          event={editing === 'new' ? null : { ...editing, content: editedDetail.data?.content ?? null }}
          onClose={() => setEditing(null)}
          onSaved={(_saved, announcement) => {
            // The event is saved either way; a refused announcement is said in its own message.
            if (announcement && 'failed' in announcement)
              notice.failure(ANNOUNCEMENT_MESSAGES.sendFailed, announcement.failed);
            else
              success(
                `${editing === 'new' ? EVENT_FORM_NOTICES.created : EVENT_FORM_NOTICES.updated}${announcementSentText(announcement)}`,
              );
            setEditing(null);
          }}
          onInvalid={validationNotice}
          onFailed={(error) => {
            console.error('Failed to save event', error);
            notice.failure(
              editing === 'new' ? EVENT_FORM_NOTICES.createFailed : EVENT_FORM_NOTICES.updateFailed,
            );
          }}
        />
      )}
      {announcing && (
        <SendAnnouncementDialog
          itemType="event"
          itemId={announcing.id}
          itemTitle={announcing.title}
          onClose={() => setAnnouncing(null)}
          onSent={(announcement) => {
            success(ANNOUNCEMENT_MESSAGES.sent(announcement.recipient_count));
            setAnnouncing(null);
          }}
          onFailed={(text, detail) => {
            notice.failure(text, detail);
            setAnnouncing(null);
          }}
        />
      )}
      {speakersOf && (
        <SpeakersDialog
          event={speakersOf}
          onClose={() => setSpeakersOf(null)}
          onSaved={success}
          onFailed={notice.failure}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={EVENT_FORM_NOTICES.deleteTitle}
        text={EVENT_FORM_NOTICES.deleteMessage}
        confirmLabel="Delete"
        tone="danger"
        pending={deleteEvent.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          deleteEvent.mutate(deleting.id, {
            onSuccess: () => success(EVENT_FORM_NOTICES.deleted),
            onError: (error) => {
              console.error('Failed to delete event', error);
              notice.failure(EVENT_FORM_NOTICES.deleteFailed);
            },
            onSettled: () => setDeleting(null),
          })
        }
      >
        {deleting && (
          <div className="rounded-lg bg-stone-50 p-3 text-sm">
            <p className="font-semibold text-stone-900">{deleting.title}</p>
            {deleting.total_registrations > 0 && (
              <p className="mt-1 text-red-800">
                Its {deleting.total_registrations} registration{deleting.total_registrations === 1 ? '' : 's'}{' '}
                will be deleted too.
              </p>
            )}
          </div>
        )}
      </ConfirmDialog>
      {notice.element}
    </>
  );
}
