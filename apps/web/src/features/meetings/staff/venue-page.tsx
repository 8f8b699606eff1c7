import {
  formatReceipt,
  MEETING_MEMBER_TEXT,
  MEETING_MESSAGES,
  type Meeting,
  type RollEntry,
  MEETING_VENUE_TEXT as T,
} from '@portal/shared';
import { ArrowLeft, Search } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { QrCamera } from '@/components/ui/qr-camera';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCastVenueBallot, useStaffMeeting, useVenueTicket, useVenueVoters } from '../api/staff';
import { Ballot } from '../components/ballot';
import { failureText } from '../components/meeting-section';

/**
 * /admin/meetings/{id}/venue (docs/decisions/071 "Venue voting"): the tablet at the venue. A staff
 * member finds a voter checked in at the meeting's event who has not voted (by name, or by the QR
 * code of their event ticket), hands them the tablet, and the voter casts the same ballot as
 * online. "Done — next voter" unmounts the voter's turn, so their choices leave the screen and
 * the client with it (the cast's mutation keeps nothing once gone: api/staff.ts).
 */
export function VenuePage() {
  const { id = '' } = useParams();
  const meeting = useStaffMeeting(id);
  const [voter, setVoter] = useState<RollEntry | null>(null);

  if (meeting.isPending) return <p className="p-6 text-lg text-stone-600">Loading the meeting…</p>;
  if (!meeting.data)
    return (
      <p role="alert" className="p-6 text-lg text-red-700">
        {meeting.error instanceof ApiError && meeting.error.status === 404
          ? MEETING_MESSAGES.notFound
          : 'The meeting could not be loaded.'}
      </p>
    );
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-5 sm:px-8 sm:py-8">
      {voter ? (
        <VoterTurn key={voter.id} meeting={meeting.data} voter={voter} onDone={() => setVoter(null)} />
      ) : (
        <StaffView meeting={meeting.data} onHand={setVoter} />
      )}
    </div>
  );
}

function StaffView({ meeting, onHand }: { meeting: Meeting; onHand: (voter: RollEntry) => void }) {
  const open = meeting.votingState === 'open' && meeting.rollFrozenAt !== null;
  const ready = open && meeting.eventId !== null;
  return (
    <>
      <Link
        to={`${paths.adminMeeting(meeting.id)}?tab=voting`}
        className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 text-sm"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {meeting.title}
      </Link>
      <h1 className="mt-1 font-display font-semibold text-3xl text-stone-900">{T.title}</h1>
      {!meeting.eventId ? (
        <p className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-amber-900">{T.noEvent}</p>
      ) : !open ? (
        <p className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-amber-900">{T.notOpen}</p>
      ) : null}
      {ready && (
        <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <TicketScan meetingId={meeting.id} onHand={onHand} />
          <PresentList meetingId={meeting.id} onHand={onHand} />
        </div>
      )}
    </>
  );
}

function HandButton({ voter, onHand }: { voter: RollEntry; onHand: (voter: RollEntry) => void }) {
  return (
    <button
      type="button"
      className={`${buttonClasses({ variant: 'primary' })} min-h-12 w-full sm:w-auto`}
      onClick={() => onHand(voter)}
    >
      {T.hand(voter.voterName)}
    </button>
  );
}

/** The check-in's scanner (decision 053): a ticket names its registration; the server finds the voter. */
function TicketScan({ meetingId, onHand }: { meetingId: string; onHand: (voter: RollEntry) => void }) {
  const find = useVenueTicket(meetingId);
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="font-display font-semibold text-lg text-stone-900">{T.scanTitle}</h2>
      <p className="mt-1 text-sm text-stone-600">{T.scanHelp}</p>
      <div className="mt-3">
        <QrCamera onScan={(token) => find.mutate(token)} />
      </div>
      {find.isError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
          {failureText(find.error)}
        </p>
      )}
      {find.data && (
        <div className="mt-3 rounded-xl bg-brand-50 p-3">
          <p className="font-semibold text-stone-900">{find.data.voterName}</p>
          {find.data.memberName !== find.data.voterName && (
            <p className="text-sm text-stone-600">{find.data.memberName}</p>
          )}
          <div className="mt-2">
            <HandButton voter={find.data} onHand={onHand} />
          </div>
        </div>
      )}
    </section>
  );
}

function PresentList({ meetingId, onHand }: { meetingId: string; onHand: (voter: RollEntry) => void }) {
  const searchId = useId();
  const voters = useVenueVoters(meetingId, true);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim().toLowerCase());
  const shown = (voters.data ?? []).filter(
    (voter) =>
      deferred === '' ||
      voter.voterName.toLowerCase().includes(deferred) ||
      voter.memberName.toLowerCase().includes(deferred),
  );
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="font-display font-semibold text-lg text-stone-900">
        {T.listTitle}
        {voters.data && <span className="ml-2 font-normal text-stone-500">({voters.data.length})</span>}
      </h2>
      <label htmlFor={searchId} className="mt-3 block font-medium text-sm text-stone-800">
        {T.searchLabel}
      </label>
      <div className="relative mt-1">
        <Search aria-hidden="true" className="absolute top-3.5 left-3 size-5 text-stone-400" />
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder={T.searchPlaceholder}
          onChange={(event) => setSearch(event.target.value)}
          className="min-h-12 w-full rounded-lg border border-stone-300 py-2 pr-3 pl-10 text-base"
        />
      </div>
      {voters.isPending ? (
        <p className="mt-4 text-stone-600">Loading the voters present…</p>
      ) : voters.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {failureText(voters.error)}
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-4 text-stone-600">{voters.data.length === 0 ? T.listEmpty : T.listNoMatch}</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200">
          {shown.map((voter) => (
            <li key={voter.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span className="min-w-0">
                <span className="block font-medium text-stone-900">{voter.voterName}</span>
                {voter.memberName !== voter.voterName && (
                  <span className="block text-sm text-stone-600">{voter.memberName}</span>
                )}
              </span>
              <HandButton voter={voter} onHand={onHand} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The voter's turn: the member ballot, cast on the venue's route; its receipt large, then "Done". */
function VoterTurn({ meeting, voter, onDone }: { meeting: Meeting; voter: RollEntry; onDone: () => void }) {
  const cast = useCastVenueBallot(meeting.id, voter.id);
  const done = () => {
    cast.reset();
    onDone();
  };
  return (
    <>
      <p className="font-medium text-brand-800 text-sm">{meeting.title}</p>
      <h1 className="mt-1 mb-4 font-display font-semibold text-2xl text-stone-900">{T.title}</h1>
      {!cast.data && (
        <button
          type="button"
          className={`${buttonClasses({ variant: 'secondary' })} mb-4 min-h-11`}
          disabled={cast.isPending}
          onClick={done}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {T.handBack}
        </button>
      )}
      <Ballot
        meetingId={meeting.id}
        candidates={meeting.candidates}
        seats={meeting.seats}
        title={T.ballotOf(voter.voterName)}
        headingLevel={2}
        cast={cast}
        receipt={(receipt) => (
          <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-center sm:p-8">
            <p className="font-semibold text-emerald-900 text-lg">{MEETING_MEMBER_TEXT.cast}</p>
            <p className="mt-4 text-stone-700">{T.receiptTitle}</p>
            <output
              aria-label={T.receiptTitle}
              className="mt-2 block font-mono font-semibold text-4xl text-stone-900 tracking-widest sm:text-6xl"
            >
              {formatReceipt(receipt)}
            </output>
            <p className="mx-auto mt-5 max-w-xl text-left text-stone-700 leading-relaxed">{T.receiptHelp}</p>
            <button
              type="button"
              className={`${buttonClasses({ variant: 'primary' })} mt-6 min-h-14 w-full text-lg sm:w-auto sm:px-10`}
              onClick={done}
            >
              {T.done}
            </button>
          </div>
        )}
      />
    </>
  );
}
