import { type Meeting, MEETING_MEMBER_TEXT as T } from '@portal/shared';
import { useState } from 'react';
import { Ballot } from './ballot';

/**
 * The ballots the viewer may cast while voting is open (decision 071): their own, then one per
 * validated proxy they hold (as the chair too, when they chair the meeting), each separate and
 * labelled with whose it is. A ballot cast here
 * stays on screen with its receipt (the meeting, read again, then says it is cast).
 */
export function VotingSection({ meeting }: { meeting: Meeting }) {
  const [castHere, setCastHere] = useState<string[]>([]);
  const { me } = meeting;
  const keep = (entryId: string) => () => setCastHere((ids) => [...ids, entryId]);
  const ballots = [
    ...(me.entry
      ? [{ entryId: me.entry.id, title: T.ownBallot, onBehalfOf: undefined, hasVoted: me.hasVoted }]
      : []),
    ...me.proxiesHeld.map(({ proxy, hasVoted }) => ({
      entryId: proxy.grantor.id,
      title: proxy.toChair
        ? T.chairBallot(proxy.grantor.memberName)
        : T.proxyBallot(proxy.grantor.memberName),
      onBehalfOf: proxy.grantor.id,
      hasVoted,
    })),
  ];
  if (ballots.length === 0) return null;
  return (
    <div className="space-y-4">
      {ballots.map((ballot) =>
        ballot.hasVoted && !castHere.includes(ballot.entryId) ? (
          <div key={ballot.entryId} className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
            <h3 className="font-display font-semibold text-lg text-stone-900">{ballot.title}</h3>
            <p className="mt-1 text-emerald-800">{T.alreadyCast}</p>
          </div>
        ) : (
          <Ballot
            key={ballot.entryId}
            meetingId={meeting.id}
            candidates={meeting.candidates}
            seats={meeting.seats}
            title={ballot.title}
            onBehalfOf={ballot.onBehalfOf}
            onCast={keep(ballot.entryId)}
          />
        ),
      )}
    </div>
  );
}
