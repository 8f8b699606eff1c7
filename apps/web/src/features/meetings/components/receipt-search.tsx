import { formatReceipt, type MeetingResults, MEETING_MEMBER_TEXT as T } from '@portal/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';

/** What a voter types ("abcde-fghjk", spaces, either case) as the stored code. */
const normalise = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Every published ballot with its choices, and "find my receipt": the ballot with the code typed
 * is highlighted and scrolled to (decision 071: a voter checks their ballot by its receipt).
 */
export function ReceiptSearch({ results }: { results: MeetingResults }) {
  const inputId = useId();
  const [code, setCode] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const found = useRef<HTMLLIElement | null>(null);
  const names = new Map(results.candidates.map((candidate) => [candidate.id, candidate.name]));
  const match = searched ? results.ballots.find((ballot) => ballot.receipt === searched) : undefined;

  useEffect(() => {
    if (match) found.current?.scrollIntoView?.({ block: 'center' });
  }, [match]);

  return (
    <div className="mt-4">
      <search>
        <form
          aria-label={T.findReceipt}
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setSearched(normalise(code));
          }}
        >
          <div className="flex-1">
            <label htmlFor={inputId} className="font-medium text-sm text-stone-800">
              Receipt code
            </label>
            <input
              id={inputId}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              placeholder="ABCDE-FGHJK"
              className="mt-1 block h-11 w-full rounded-lg border border-stone-300 px-3 font-mono uppercase tracking-widest focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
            />
          </div>
          <button type="submit" className={buttonClasses({ variant: 'primary' })}>
            {T.findReceipt}
          </button>
        </form>
      </search>
      <p aria-live="polite" className="mt-2 min-h-6 text-sm">
        {searched === null ? (
          ''
        ) : match ? (
          <span className="text-emerald-800">{T.receiptFound}</span>
        ) : (
          <span className="text-red-800">{T.receiptMissing}</span>
        )}
      </p>
      <ul aria-label="Ballots" className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200">
        {results.ballots.map((ballot) => {
          const mine = ballot === match;
          return (
            <li
              key={ballot.receipt}
              ref={mine ? found : undefined}
              aria-current={mine ? 'true' : undefined}
              className={`px-4 py-3 ${mine ? 'bg-accent-100 ring-2 ring-accent-400 ring-inset' : ''}`}
            >
              <p className="font-mono font-semibold text-stone-900 tracking-widest">
                {formatReceipt(ballot.receipt)}
              </p>
              <p className="mt-0.5 text-sm text-stone-700">
                {ballot.candidateIds.length === 0
                  ? 'No candidate chosen'
                  : ballot.candidateIds.map((id) => names.get(id) ?? 'Unknown candidate').join(', ')}
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
