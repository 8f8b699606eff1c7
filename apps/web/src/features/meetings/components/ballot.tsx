import { type Meeting, MEETING_MEMBER_TEXT as T } from '@portal/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCastBallot } from '../api/member';
import { CandidatePhoto } from './candidate-photo';
import { failureText } from './meeting-section';
import { ReceiptCard } from './receipt-card';

/** What casts a ballot: the member's own call, or the venue's (features/meetings/staff/venue-page.tsx). */
export type BallotCast = UseMutationResult<
  { receipt: string },
  Error,
  { candidateIds: string[]; onBehalfOf?: string }
>;

type BallotProps = {
  meetingId: string;
  candidates: Meeting['candidates'];
  seats: number;
  /** Whose ballot: the heading says it, so a proxy holder never mistakes one for another. */
  title: string;
  /** The roll entry whose proxy the viewer holds; absent for the viewer's own ballot. */
  onBehalfOf?: string;
  /** Told once the ballot is cast, so the page keeps this ballot (and its receipt) on screen. */
  onCast?: () => void;
  /** Casts it some other way than the member's own call (the venue's tablet casts for the voter present). */
  cast?: BallotCast;
  /** Shows the receipt some other way than the member's card (large, with the venue's "Done"). */
  receipt?: (receipt: string) => ReactNode;
  /** The heading's level where it sits: h3 under the member page's sections, h2 under the venue's h1. */
  headingLevel?: 2 | 3;
};

/**
 * One ballot (decision 071 "the member screens"): tick up to `seats` candidates, each once, then
 * cast it once after a confirmation. Past the seats the other boxes are disabled, and the server
 * refuses more anyway. The answer is the receipt code; the server's refusals (already cast,
 * not on the roll, voting closed) are shown as it words them.
 */
export function Ballot({
  meetingId,
  candidates,
  seats,
  title,
  onBehalfOf,
  onCast,
  cast: castOtherwise,
  receipt,
  headingLevel = 3,
}: BallotProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const [chosen, setChosen] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const own = useCastBallot(meetingId);
  const cast = castOtherwise ?? own;
  const full = chosen.length >= seats;

  const toggle = (id: string) =>
    setChosen((current) =>
      current.includes(id)
        ? current.filter((other) => other !== id)
        : current.length < seats
          ? [...current, id]
          : current,
    );
  const submit = () =>
    cast.mutate(
      { candidateIds: chosen, ...(onBehalfOf ? { onBehalfOf } : {}) },
      {
        onSuccess: () => onCast?.(),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <Heading id={headingId} className="font-display font-semibold text-lg text-stone-900">
        {title}
      </Heading>
      {cast.data ? (
        <div className="mt-4">
          {receipt ? (
            receipt(cast.data.receipt)
          ) : (
            <ReceiptCard receipt={cast.data.receipt} meetingId={meetingId} />
          )}
        </div>
      ) : candidates.length === 0 ? (
        <p className="mt-2 text-stone-600">{T.noCandidates}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-600">Choose up to {seats} trustees, each at most once.</p>
          <fieldset className="mt-4">
            <legend className="sr-only">{title}: the candidates</legend>
            <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200">
              {candidates.map((candidate) => {
                const checked = chosen.includes(candidate.id);
                const inputId = `${headingId}-${candidate.id}`;
                return (
                  <li key={candidate.id}>
                    <label
                      htmlFor={inputId}
                      className={`flex min-h-14 cursor-pointer items-start gap-3 px-4 py-3 ${checked ? 'bg-brand-50' : ''} ${full && !checked ? 'cursor-not-allowed opacity-60' : ''}`}
                    >
                      <input
                        id={inputId}
                        type="checkbox"
                        checked={checked}
                        disabled={(full && !checked) || cast.isPending}
                        onChange={() => toggle(candidate.id)}
                        aria-labelledby={`${inputId}-name`}
                        aria-describedby={`${inputId}-statement`}
                        className="mt-1 size-5 shrink-0 accent-brand-700"
                      />
                      <CandidatePhoto src={candidate.photoUrl} name={candidate.name} />
                      <span className="min-w-0">
                        <span id={`${inputId}-name`} className="block font-medium text-stone-900">
                          {candidate.name}
                        </span>
                        <span
                          id={`${inputId}-statement`}
                          className="mt-0.5 block text-sm text-stone-600 leading-relaxed [overflow-wrap:anywhere]"
                        >
                          {candidate.statement}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <div className="sticky bottom-0 -mx-4 mt-4 flex flex-wrap items-center justify-between gap-3 border-stone-200 border-t bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <p aria-live="polite" className="font-semibold text-stone-900">
              {T.chosenCount(chosen.length, seats)}
              {full && <span className="block font-normal text-sm text-stone-600">{T.seatsFull(seats)}</span>}
            </p>
            <button
              type="button"
              className={buttonClasses({ variant: 'primary' })}
              disabled={cast.isPending}
              onClick={() => {
                cast.reset();
                setConfirming(true);
              }}
            >
              {T.castButton}
            </button>
          </div>
          {cast.isError && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
              {failureText(cast.error)}
            </p>
          )}
          <ConfirmDialog
            open={confirming}
            title={T.confirmTitle}
            text={T.confirmText}
            confirmLabel={T.confirmButton}
            pending={cast.isPending}
            onConfirm={submit}
            onCancel={() => setConfirming(false)}
          >
            <p className="font-medium text-sm text-stone-900">{title}</p>
            {chosen.length === 0 ? (
              <p className="mt-1 text-sm text-stone-700">{T.confirmEmpty}</p>
            ) : (
              <ul className="mt-1 list-disc pl-5 text-sm text-stone-700">
                {candidates
                  .filter((candidate) => chosen.includes(candidate.id))
                  .map((candidate) => (
                    <li key={candidate.id}>{candidate.name}</li>
                  ))}
              </ul>
            )}
          </ConfirmDialog>
        </>
      )}
    </section>
  );
}
