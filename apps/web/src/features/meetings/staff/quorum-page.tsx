import { formatClockTime, formatCount, MEETING_MESSAGES, type Quorum } from '@portal/shared';
import { useId } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useQuorum } from '../api/staff';

/** The figures in the order the room reads them: who is here, then what the quorum asks. */
const FIGURES: { key: keyof Omit<Quorum, 'title' | 'reached'>; label: string }[] = [
  { key: 'rollSize', label: 'On the roll' },
  { key: 'present', label: 'Present' },
  { key: 'online', label: 'Online' },
  { key: 'byProxy', label: 'By proxy' },
  { key: 'represented', label: 'Represented' },
  { key: 'needed', label: 'Quorum (a majority of the roll)' },
];

/**
 * /meetings/{id}/quorum (docs/decisions/071): the live quorum on the projector, in type the back
 * of the room can read. It asks the server every ten seconds through the api client, which renews
 * the session as it runs out, so the page keeps going for the whole meeting.
 */
export function QuorumPage() {
  const { id = '' } = useParams();
  const quorum = useQuorum(id);

  if (quorum.isPending) {
    return <p className="p-8 text-2xl text-stone-600">Counting the quorum…</p>;
  }
  if (!quorum.data) {
    return (
      <p role="alert" className="p-8 text-2xl text-red-700">
        {quorum.error instanceof ApiError && quorum.error.status === 404
          ? MEETING_MESSAGES.notFound
          : 'The quorum could not be loaded.'}
      </p>
    );
  }
  const data = quorum.data;
  const short = data.needed - data.represented;

  return (
    <div className="flex min-h-dvh flex-col gap-8 bg-stone-950 px-5 py-6 text-white sm:px-10 sm:py-10">
      <header className="space-y-2">
        <p className="font-semibold text-lg text-stone-300 uppercase tracking-wide sm:text-2xl">
          Live quorum
        </p>
        <h1 className="font-bold text-3xl text-white leading-tight sm:text-5xl">{data.title}</h1>
      </header>
      <p
        role="status"
        className={`rounded-xl px-6 py-5 font-bold text-4xl sm:text-7xl ${
          data.reached ? 'bg-emerald-700 text-white' : 'bg-amber-400 text-stone-950'
        }`}
      >
        {data.reached ? 'Quorum reached' : `${formatCount(short)} more needed`}
      </p>
      <div className="grid flex-1 grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-3">
        {FIGURES.map((figure) => (
          <Figure key={figure.key} label={figure.label} value={data[figure.key]} />
        ))}
      </div>
      <p className="text-lg text-stone-300 sm:text-2xl">
        Last updated {formatClockTime(new Date(quorum.dataUpdatedAt))} · updates every ten seconds
        {quorum.isError && (
          <span role="alert" className="mt-2 block font-semibold text-amber-300">
            The server did not answer the last update: trying again.
          </span>
        )}
      </p>
    </div>
  );
}

/** One count, named by its caption, so assistive technology (and the tests) find it by its label. */
function Figure({ label, value }: { label: string; value: number }) {
  const captionId = useId();
  return (
    <figure
      aria-labelledby={captionId}
      className="flex flex-col justify-between gap-2 rounded-xl border border-stone-700 bg-stone-900 p-4 sm:p-6"
    >
      <figcaption id={captionId} className="font-medium text-lg text-stone-200 sm:text-3xl">
        {label}
      </figcaption>
      <p className="font-bold text-6xl tabular-nums leading-none sm:text-8xl">{formatCount(value)}</p>
    </figure>
  );
}
