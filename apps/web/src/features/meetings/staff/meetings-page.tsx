import { formatDateTime, MEETING_KIND_LABELS, type MeetingSummary } from '@portal/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable } from '@/components/admin-list/data-table';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { useMayOpen } from '@/lib/staff-access';
import { useCreateMeeting, useStaffMeetings } from '../api/staff';
import { MeetingFormDialog } from './meeting-form-dialog';
import { MeetingStatusBadge, VotingStateBadge } from './meeting-parts';

const columns: Column<MeetingSummary>[] = [
  {
    header: 'Meeting',
    phone: 'heading',
    className: 'min-w-64',
    cell: (meeting) => (
      <Link
        to={paths.adminMeeting(meeting.id)}
        className="font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        {meeting.title}
      </Link>
    ),
  },
  { header: 'Kind', cell: (meeting) => MEETING_KIND_LABELS[meeting.kind] },
  { header: 'Date', className: 'whitespace-nowrap', cell: (meeting) => formatDateTime(meeting.startsAt) },
  { header: 'Venue', className: 'hidden xl:table-cell', cell: (meeting) => meeting.venue },
  { header: 'Status', cell: (meeting) => <MeetingStatusBadge status={meeting.status} /> },
  { header: 'Voting', cell: (meeting) => <VotingStateBadge state={meeting.votingState} /> },
];

/**
 * /admin/meetings (docs/decisions/071): the annual and special meetings, newest first, on the admin
 * list kit; the secretariat creates one here. Everyone with the meetings area opens a meeting.
 */
export function MeetingsPage() {
  const meetings = useStaffMeetings();
  const mayRun = useMayOpen('meetingsRun');
  const create = useCreateMeeting();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <AdminPageHeader
        title="Annual meeting"
        description="The meetings of the members: notice, roll, nominations, proxies, voting and the certified results."
        actions={
          mayRun && (
            <button type="button" className={buttonClasses()} onClick={() => setCreating(true)}>
              New meeting
            </button>
          )
        }
      />
      <section aria-label="Meetings" className="rounded-xl border border-stone-200 bg-white shadow-sm">
        <DataTable
          label="Meetings"
          columns={columns}
          rows={meetings.data}
          rowKey={(meeting) => meeting.id}
          isLoading={meetings.isPending}
          skeletonRows={3}
          emptyText={meetings.isError ? 'The meetings could not be loaded.' : 'No meetings yet.'}
        />
      </section>
      {creating && (
        <MeetingFormDialog
          meeting={null}
          save={create.mutateAsync}
          onClose={() => setCreating(false)}
          onSaved={(saved) => navigate(paths.adminMeeting(saved.id))}
        />
      )}
    </>
  );
}
