import { formatDateTime, MEETING_KIND_LABELS, MEETING_MESSAGES } from '@portal/shared';
import * as Tabs from '@radix-ui/react-tabs';
import { ExternalLink } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useNotice } from '@/components/admin-list/use-notice';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useStaffMeeting } from '../api/staff';
import { ChairPanel } from './chair-panel';
import { DetailsPanel, NoticePanel } from './details-panel';
import { MeetingStatusBadge, useMeetingPowers, VotingStateBadge } from './meeting-parts';
import { NominationsPanel, ProxiesPanel } from './nominations-panel';
import { RollPanel } from './roll-panel';
import { CertificationPanel, VotingPanel } from './voting-panel';

const tabClasses =
  'shrink-0 rounded-md px-4 py-2 font-medium text-sm text-stone-700 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm';

/** The tabs, each a step of the year; `?tab=` keeps the one open across a reload or a shared link. */
const TABS = [
  { value: 'details', label: 'Details and notice' },
  { value: 'roll', label: 'Roll' },
  { value: 'nominations', label: 'Nominations' },
  { value: 'proxies', label: 'Proxies', runOnly: true },
  { value: 'voting', label: 'Voting and turnout' },
  { value: 'certification', label: 'Certification' },
] as const;

/**
 * /admin/meetings/{id} (docs/decisions/071): one meeting's staff page. Every role with the
 * meetings area reads it; each control shows only to the roles whose calls the server accepts
 * (`useMeetingPowers`): the secretariat sends the notice, freezes the roll, resolves corrections,
 * validates proxies and opens or closes voting; the election committee validates nominations and
 * certifies. The irreversible steps ask first.
 */
export function MeetingPage() {
  const { id = '' } = useParams();
  const meeting = useStaffMeeting(id);
  const powers = useMeetingPowers();
  const notice = useNotice();
  const [search, setSearch] = useSearchParams();
  const tabs = TABS.filter((tab) => !('runOnly' in tab) || powers.run);
  const asked = search.get('tab');
  const tab = tabs.some((entry) => entry.value === asked) ? (asked as string) : 'details';

  if (meeting.isPending) return <Skeleton className="h-96 w-full" />;
  if (meeting.isError) {
    return (
      <p role="alert" className="text-red-700">
        {meeting.error instanceof ApiError && meeting.error.status === 404
          ? MEETING_MESSAGES.notFound
          : 'The meeting could not be loaded.'}
      </p>
    );
  }
  const data = meeting.data;

  return (
    <>
      <AdminPageHeader
        title={data.title}
        description={
          <span className="flex flex-col gap-2">
            <span>
              {MEETING_KIND_LABELS[data.kind]} · {formatDateTime(data.startsAt)} · {data.venue}
            </span>
            <span className="flex flex-wrap gap-2">
              <MeetingStatusBadge status={data.status} />
              <VotingStateBadge state={data.votingState} />
            </span>
          </span>
        }
        actions={
          <>
            {/* In a new tab, to be moved to the projector while this page stays with the staff. */}
            <Link
              to={paths.meetingQuorum(data.id)}
              target="_blank"
              className={buttonClasses({ variant: 'secondary' })}
            >
              Live quorum
              <ExternalLink aria-hidden="true" className="size-4" />
            </Link>
            <Link to={paths.adminMeetings} className={buttonClasses({ variant: 'secondary' })}>
              All meetings
            </Link>
          </>
        }
      />
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setSearch({ tab: value }, { replace: true })}
        className="space-y-6"
      >
        <Tabs.List
          aria-label="Meeting"
          className="flex max-w-full gap-1 overflow-x-auto rounded-lg bg-stone-100 p-1 sm:inline-flex"
        >
          {tabs.map((entry) => (
            <Tabs.Trigger key={entry.value} value={entry.value} className={tabClasses}>
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="details" className="space-y-6">
          <DetailsPanel meeting={data} powers={powers} notice={notice} />
          <ChairPanel meeting={data} powers={powers} notice={notice} />
          <NoticePanel meeting={data} powers={powers} notice={notice} />
        </Tabs.Content>
        <Tabs.Content value="roll">
          <RollPanel meeting={data} powers={powers} notice={notice} />
        </Tabs.Content>
        <Tabs.Content value="nominations">
          <NominationsPanel meeting={data} powers={powers} notice={notice} />
        </Tabs.Content>
        {powers.run && (
          <Tabs.Content value="proxies">
            <ProxiesPanel meeting={data} notice={notice} />
          </Tabs.Content>
        )}
        <Tabs.Content value="voting">
          <VotingPanel meeting={data} powers={powers} notice={notice} />
        </Tabs.Content>
        <Tabs.Content value="certification">
          <CertificationPanel meeting={data} powers={powers} notice={notice} />
        </Tabs.Content>
      </Tabs.Root>
      {notice.element}
    </>
  );
}
