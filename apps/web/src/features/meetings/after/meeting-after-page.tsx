import { useParams } from 'react-router';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { useMeetingOutcome } from './api/meeting-after';
import { MeetingAfterPanel } from './meeting-after-panel';

/** /admin/meetings/:id/after: what follows the annual meeting (docs/decisions/078). */
export function MeetingAfterPage() {
  const { id = '' } = useParams();
  const outcome = useMeetingOutcome(id);
  return (
    <>
      <AdminPageHeader
        title={outcome.data ? `After the meeting: ${outcome.data.title}` : 'After the meeting'}
        description="The elected trustees and officers for the board, the secretary's certificate, the minutes and resolutions, and the General Information Sheet."
      />
      <MeetingAfterPanel meetingId={id} />
    </>
  );
}
