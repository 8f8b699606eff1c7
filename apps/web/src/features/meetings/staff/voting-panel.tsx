import { formatDateTime, MEETING_MESSAGES, MEETING_VENUE_TEXT, type Meeting } from '@portal/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '@/components/admin-list/data-table';
import type { useNotice } from '@/components/admin-list/use-notice';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import {
  type Turnout,
  useCertify,
  useCloseVoting,
  useOpenVoting,
  useResults,
  useTurnout,
} from '../api/staff';
import { Facts, Hint, type MeetingPowers, Panel, reasonOf, VotingStateBadge } from './meeting-parts';

type Notice = ReturnType<typeof useNotice>;
type TurnoutEntry = Turnout['entries'][number];

const turnoutColumns: Column<TurnoutEntry>[] = [
  {
    header: 'Voter',
    phone: 'heading',
    cell: (entry) => <span className="font-medium">{entry.voterName}</span>,
  },
  { header: 'Member', cell: (entry) => entry.memberName },
  {
    header: 'Voted',
    cell: (entry) =>
      entry.hasVoted ? (
        <StatusBadge tone="green" asWritten>
          Voted
        </StatusBadge>
      ) : (
        <StatusBadge tone="gray" asWritten>
          Not yet
        </StatusBadge>
      ),
  },
  {
    header: 'Cast by',
    cell: (entry) =>
      entry.castBy === 'proxy'
        ? 'Proxy holder'
        : entry.castBy === 'voter'
          ? entry.atVenue
            ? 'The voter, at the venue'
            : 'The voter'
          : '—',
  },
];

/**
 * Voting (docs/decisions/071): open and closed at the set times by itself, or now by the
 * secretariat; opening locks the roll, the candidates and the proxies. Turnout says who has voted
 * and whether by proxy, never how: no route answers a voter's choice.
 */
export function VotingPanel({
  meeting,
  powers,
  notice,
}: {
  meeting: Meeting;
  powers: MeetingPowers;
  notice: Notice;
}) {
  const frozen = meeting.rollFrozenAt !== null;
  const turnout = useTurnout(meeting.id, frozen);
  const open = useOpenVoting(meeting.id);
  const close = useCloseVoting(meeting.id);
  const [asking, setAsking] = useState<'open' | 'close' | null>(null);
  const state = meeting.votingState;
  const step = asking === 'open' ? open : close;

  return (
    <div className="space-y-6">
      <Panel
        title="Voting"
        actions={
          powers.run &&
          !meeting.certifiedAt && (
            <>
              {state === 'not_open' && frozen && (
                <button type="button" className={buttonClasses()} onClick={() => setAsking('open')}>
                  Open voting now
                </button>
              )}
              {state === 'open' && (
                <button
                  type="button"
                  className={buttonClasses({ variant: 'danger' })}
                  onClick={() => setAsking('close')}
                >
                  Close voting now
                </button>
              )}
            </>
          )
        }
      >
        <Facts
          items={[
            ['State', <VotingStateBadge key="state" state={state} />],
            ['Opens', formatDateTime(meeting.votingOpensAt)],
            ['Closes', formatDateTime(meeting.votingClosesAt)],
            ['Candidates', `${meeting.candidates.length} for ${meeting.seats} seats`],
          ]}
        />
        {!frozen && (
          <div className="mt-4">
            <Hint>{MEETING_MESSAGES.rollNotFrozen}: voting opens on a frozen roll.</Hint>
          </div>
        )}
        {state === 'open' && frozen && (
          // The venue's tablet (decision 071 "Venue voting"), for every role of this screen.
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Link
              to={paths.adminMeetingVenue(meeting.id)}
              className={buttonClasses({ variant: 'secondary' })}
            >
              {MEETING_VENUE_TEXT.link}
            </Link>
            <Hint>{meeting.eventId ? MEETING_VENUE_TEXT.linkHelp : MEETING_VENUE_TEXT.noEvent}</Hint>
          </div>
        )}
      </Panel>
      <Panel
        title="Turnout"
        description={
          turnout.data
            ? `${turnout.data.voted} of ${turnout.data.rollSize} on the roll have voted. Who voted is shown, never how.`
            : 'Who has voted is shown, never how.'
        }
      >
        {frozen ? (
          <div className="-mx-5 -mb-5 border-stone-200 border-t sm:-mx-6 sm:-mb-6">
            <DataTable
              label="Turnout"
              columns={turnoutColumns}
              rows={turnout.data?.entries}
              rowKey={(entry) => entry.id}
              isLoading={turnout.isPending}
              skeletonRows={5}
              emptyText={turnout.isError ? 'The turnout could not be loaded.' : 'Nobody is on the roll.'}
            />
          </div>
        ) : (
          <Hint>{MEETING_MESSAGES.rollNotFrozen}.</Hint>
        )}
      </Panel>
      {asking && (
        <ConfirmDialog
          open
          title={asking === 'open' ? 'Open voting now' : 'Close voting now'}
          text={
            asking === 'open'
              ? 'Voting opens at once. From then on the roll, the candidates and the proxies cannot change, and ballots cannot be undone.'
              : 'Voting closes at once for everyone, online and at the venue. It cannot be opened again.'
          }
          confirmLabel={asking === 'open' ? 'Open voting' : 'Close voting'}
          tone={asking === 'close' ? 'danger' : 'default'}
          pending={step.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            step.mutate(undefined, {
              onSuccess: () => notice.confirm(asking === 'open' ? 'Voting is open' : 'Voting is closed'),
              onError: (error) =>
                notice.failure(
                  asking === 'open' ? 'Voting was not opened.' : 'Voting was not closed.',
                  reasonOf(error),
                ),
              onSettled: () => setAsking(null),
            })
          }
        />
      )}
    </div>
  );
}

/**
 * Certification (docs/decisions/071): once voting has closed the election committee reads the
 * tally and certifies it; the results, every candidate's votes and every ballot by receipt code,
 * are then published and never change.
 */
export function CertificationPanel({
  meeting,
  powers,
  notice,
}: {
  meeting: Meeting;
  powers: MeetingPowers;
  notice: Notice;
}) {
  const certified = meeting.certifiedAt !== null;
  const closed = meeting.votingState === 'closed';
  const results = useResults(meeting.id, certified || (closed && powers.seeTally));
  const certify = useCertify(meeting.id);
  const [asking, setAsking] = useState(false);
  const ranked = [...(results.data?.candidates ?? [])].sort(
    (first, second) => second.votes - first.votes || first.name.localeCompare(second.name),
  );

  return (
    <Panel
      title="Certification"
      description={
        certified
          ? `Certified ${formatDateTime(meeting.certifiedAt)}. The results and every ballot by receipt code are published.`
          : closed
            ? 'Voting has closed. The election committee certifies the results.'
            : MEETING_MESSAGES.certifyBeforeClose
      }
      actions={
        powers.elect &&
        closed &&
        !certified && (
          <button type="button" className={buttonClasses()} onClick={() => setAsking(true)}>
            Certify the results
          </button>
        )
      }
    >
      {results.data ? (
        <div className="space-y-4">
          <ol className="divide-y divide-stone-100 rounded-lg border border-stone-200">
            {ranked.map((candidate, index) => (
              <li key={candidate.id} className="flex items-baseline justify-between gap-4 px-4 py-2.5">
                <span>
                  <span className="mr-2 text-stone-500 tabular-nums">{index + 1}.</span>
                  <span className="font-medium text-stone-900">{candidate.name}</span>
                  {index < meeting.seats && candidate.votes > 0 && (
                    <span className="ml-2">
                      <StatusBadge tone="green" asWritten>
                        {certified ? 'Elected' : 'Leading'}
                      </StatusBadge>
                    </span>
                  )}
                </span>
                <span className="font-semibold text-stone-900 tabular-nums">
                  {candidate.votes} {candidate.votes === 1 ? 'vote' : 'votes'}
                </span>
              </li>
            ))}
          </ol>
          <Hint>
            {results.data.ballots.length} {results.data.ballots.length === 1 ? 'ballot' : 'ballots'} cast.
          </Hint>
        </div>
      ) : (
        closed && !certified && !powers.seeTally && <Hint>{MEETING_MESSAGES.resultsNotCertified}.</Hint>
      )}
      {asking && (
        <ConfirmDialog
          open
          title="Certify the results"
          text="The results are published with every ballot by receipt code. Certified results never change."
          confirmLabel="Certify"
          pending={certify.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            certify.mutate(undefined, {
              onSuccess: () => notice.confirm('Results certified'),
              onError: (error) => notice.failure('The results were not certified.', reasonOf(error)),
              onSettled: () => setAsking(false),
            })
          }
        />
      )}
    </Panel>
  );
}
