import { formatDateTime, MEETING_KIND_LABELS, type MeetingSummary } from '@portal/shared';
import { CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { SectionEmptyState } from '@/components/ui/section-empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useMeetings } from './api/member';
import { failureText } from './components/meeting-section';

const stateOf = (meeting: MeetingSummary): { text: string; tone: StatusTone } =>
  meeting.status === 'certified'
    ? { text: 'Results certified', tone: 'blue' }
    : meeting.votingState === 'open'
      ? { text: 'Voting open', tone: 'green' }
      : meeting.votingState === 'closed'
        ? { text: 'Voting closed', tone: 'gray' }
        : { text: 'Upcoming', tone: 'yellow' };

/** /meetings (decision 071): the association's meetings, newest first, each to its page. */
export function MeetingsPage() {
  const query = useMeetings();
  return (
    <div className="bg-stone-50 pb-16">
      <PageHeader
        eyebrow="Members"
        title="Meetings and elections"
        intro="The annual meeting, where members elect the seven trustees: the notice, nominations, proxies, your ballot and the results."
      />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        {query.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : query.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
            {failureText(query.error)}
          </p>
        ) : query.data.length === 0 ? (
          <SectionEmptyState text="No meetings have been called yet." />
        ) : (
          <ul className="space-y-4" aria-label="Meetings">
            {query.data.map((meeting) => {
              const state = stateOf(meeting);
              return (
                <li key={meeting.id}>
                  <Link
                    to={paths.meeting(meeting.id)}
                    className="block rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 sm:p-6"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-semibold text-brand-700 text-xs uppercase tracking-wide">
                        {MEETING_KIND_LABELS[meeting.kind]}
                      </span>
                      <StatusBadge tone={state.tone} asWritten>
                        {state.text}
                      </StatusBadge>
                    </div>
                    <p className="mt-2 font-display font-semibold text-stone-900 text-xl">{meeting.title}</p>
                    <p className="mt-2 flex items-center gap-2 text-sm text-stone-600">
                      <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
                      {formatDateTime(meeting.startsAt)}
                    </p>
                    <p className="mt-1 flex items-center gap-2 text-sm text-stone-600">
                      <MapPin aria-hidden="true" className="size-4 shrink-0" />
                      {meeting.venue}
                    </p>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
