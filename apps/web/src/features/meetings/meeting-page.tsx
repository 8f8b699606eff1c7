import {
  formatDate,
  formatDateTime,
  MEETING_KIND_LABELS,
  MEETING_MESSAGES,
  type Meeting,
  siteConfig,
} from '@portal/shared';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMeeting, useVoters } from './api/member';
import { MeetingSection } from './components/meeting-section';
import { NominationsSection } from './components/nominations-section';
import { ProxySection } from './components/proxy-section';
import { VotingSection } from './components/voting-section';

/**
 * /meetings/{id} (decision 071 "the member screens"): the notice, agenda and documents, the
 * member's voting status, the ballots while voting is open, the nominations and the proxies.
 * Phone first: the status and the ballot come before the reading matter.
 */
export function MeetingPage() {
  const { id = '' } = useParams();
  const query = useMeeting(id);
  if (query.isPending) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 pt-28 pb-16">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (query.isError) {
    const text =
      query.error instanceof ApiError && query.error.status === 404
        ? MEETING_MESSAGES.notFound
        : 'The meeting could not be loaded. Please try again.';
    return (
      <>
        <PageHeader eyebrow="Meetings" title={text} />
        <div className="mx-auto max-w-3xl px-4 py-10">
          <Link to={paths.meetings} className="font-medium text-brand-800 underline">
            All meetings
          </Link>
        </div>
      </>
    );
  }
  return <MeetingContent meeting={query.data} />;
}

function MeetingContent({ meeting }: { meeting: Meeting }) {
  const now = new Date();
  const onRoll = meeting.me.entry !== null;
  const voters = useVoters(meeting.id, onRoll);
  return (
    <div className="bg-stone-50 pb-16">
      <PageHeader
        eyebrow={MEETING_KIND_LABELS[meeting.kind]}
        title={meeting.title}
        intro={
          <p>
            {formatDateTime(meeting.startsAt)} · {meeting.venue}
            {meeting.onlineLink ? ' and online' : ''}
          </p>
        }
      />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_22rem] lg:px-8">
        <div className="min-w-0 space-y-6">
          <MeetingSection id="my-vote" title="My vote">
            <VotingStatus meeting={meeting} />
          </MeetingSection>
          {meeting.votingState === 'open' && <VotingSection meeting={meeting} />}
          <MeetingSection id="nominations" title="Nominations">
            <NominationsSection meeting={meeting} voters={voters.data ?? []} now={now} />
          </MeetingSection>
          <MeetingSection id="proxies" title="Proxies">
            <ProxySection meeting={meeting} voters={voters.data ?? []} now={now} />
          </MeetingSection>
          <MeetingSection id="agenda" title="Agenda">
            <p className="whitespace-pre-line text-stone-800 leading-relaxed [overflow-wrap:anywhere]">
              {meeting.agenda}
            </p>
          </MeetingSection>
          <MeetingSection id="procedure" title="How to vote">
            <p className="whitespace-pre-line text-stone-800 leading-relaxed [overflow-wrap:anywhere]">
              {meeting.procedure}
            </p>
          </MeetingSection>
        </div>
        <aside className="space-y-6">
          <MeetingSection id="notice" title="Notice">
            <dl className="divide-y divide-stone-200 text-sm">
              <Fact label="When" value={formatDateTime(meeting.startsAt)} />
              <Fact label="Venue" value={meeting.venue} />
              {meeting.onlineLink && (
                <Fact
                  label="Online"
                  value={
                    <a
                      href={meeting.onlineLink}
                      className="font-medium text-brand-800 underline [overflow-wrap:anywhere]"
                    >
                      Join the meeting online
                    </a>
                  }
                />
              )}
              <Fact
                label="Notice sent"
                value={meeting.noticeSentAt ? formatDate(meeting.noticeSentAt) : 'Not yet'}
              />
              <Fact label="Record date" value={formatDate(meeting.recordDate)} />
              <Fact label="Nominations close" value={formatDateTime(meeting.nominationsCloseAt)} />
              <Fact label="Proxy deadline" value={formatDateTime(meeting.proxyDeadline)} />
              <Fact label="Voting opens" value={formatDateTime(meeting.votingOpensAt)} />
              <Fact label="Voting closes" value={formatDateTime(meeting.votingClosesAt)} />
              <Fact label="Trustees to elect" value={String(meeting.seats)} />
              <Fact label="Chair" value={meeting.chair?.name ?? 'To be named'} />
            </dl>
          </MeetingSection>
          <MeetingSection id="documents" title="Documents">
            <ul className="space-y-2 text-sm">
              <li>
                <Link to={paths.associationForms} className="font-medium text-brand-800 underline">
                  {siteConfig.acronym} Forms: meeting documents
                </Link>
              </li>
              <li>
                <Link to={paths.meetingDocuments} className="font-medium text-brand-800 underline">
                  Minutes and resolutions of past meetings
                </Link>
              </li>
              {meeting.certifiedAt && (
                <li>
                  <Link
                    to={paths.meetingResults(meeting.id)}
                    className="font-medium text-brand-800 underline"
                  >
                    The certified results
                  </Link>
                </li>
              )}
            </ul>
          </MeetingSection>
          <p className="text-sm">
            <Link to={paths.meetings} className="font-medium text-brand-800 underline">
              All meetings
            </Link>
          </p>
        </aside>
      </div>
    </div>
  );
}

/** Where the member stands: on the roll (and who votes for a company), or not and why. */
function VotingStatus({ meeting }: { meeting: Meeting }) {
  const { entry, notOnRollReason, hasVoted } = meeting.me;
  const state =
    meeting.votingState === 'open'
      ? `Voting is open until ${formatDateTime(meeting.votingClosesAt)}.`
      : meeting.votingState === 'closed'
        ? meeting.certifiedAt
          ? 'Voting has closed and the results are certified.'
          : 'Voting has closed; the election committee certifies the results.'
        : `Voting opens ${formatDateTime(meeting.votingOpensAt)}.`;
  return (
    <div className="space-y-2 text-stone-800">
      {entry ? (
        <>
          <p>
            <StatusBadge tone="green" asWritten>
              On the roll
            </StatusBadge>
          </p>
          <p>
            {entry.kind === 'company'
              ? `${entry.memberName} votes through its voting representative, ${entry.voterName}.`
              : `You vote as ${entry.voterName}.`}
          </p>
          {hasVoted && <p className="font-medium text-emerald-800">Your ballot has been cast.</p>}
        </>
      ) : (
        <>
          <p>
            <StatusBadge tone="gray" asWritten>
              Not on the roll
            </StatusBadge>
          </p>
          <p>{notOnRollReason}</p>
        </>
      )}
      {meeting.me.chair && (
        <p>
          You chair this meeting: you cast the proxies given to the chair
          {meeting.votingState === 'open' ? ', each on its own ballot below.' : ' once voting opens.'}
        </p>
      )}
      <p className="text-sm text-stone-600">{state}</p>
      {meeting.certifiedAt && (
        <p>
          <Link to={paths.meetingResults(meeting.id)} className="font-medium text-brand-800 underline">
            See the results and find your receipt
          </Link>
        </p>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-stone-600">{label}</dt>
      <dd className="text-right font-medium text-stone-900 [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}
