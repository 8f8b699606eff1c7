import { MEETING_MEMBER_TEXT as T } from '@portal/shared';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useResults } from './api/member';
import { failureText } from './components/meeting-section';
import { ReceiptSearch } from './components/receipt-search';

/**
 * /meetings/{id}/results (decision 071): once certified, each candidate's votes and every ballot by
 * its receipt code, so anyone can recount and each voter can find their own. Before that, the
 * server's reason. Public, as the results are.
 */
export function MeetingResultsPage() {
  const { id = '' } = useParams();
  const query = useResults(id);
  const total = query.data?.ballots.length ?? 0;
  const election = query.data?.election ?? null;
  const most = Math.max(1, ...(query.data?.candidates.map((candidate) => candidate.votes) ?? []));
  return (
    <div className="bg-stone-50 pb-16">
      <PageHeader
        eyebrow="Election of trustees"
        title="Election results"
        intro={
          query.data
            ? `${total} ${total === 1 ? 'ballot' : 'ballots'} cast, every one listed by its receipt code.`
            : undefined
        }
      />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
        {query.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : query.isError ? (
          <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900">
            {failureText(query.error)}
          </p>
        ) : (
          <>
            <section
              aria-labelledby="votes"
              className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
            >
              <h2 id="votes" className="font-display font-semibold text-stone-900 text-xl">
                Votes per candidate
              </h2>
              {election ? (
                <p className="mt-1 text-sm text-stone-600">
                  {election.seats} {election.seats === 1 ? 'seat' : 'seats'}: the most votes are elected.
                  {election.tie
                    ? ` A tie for the last ${election.tie.needed === 1 ? 'seat' : `${election.tie.needed} seats`} at ${election.tie.votes} votes is for the committee to resolve.`
                    : ''}
                </p>
              ) : null}
              <ol className="mt-4 space-y-3">
                {query.data.candidates.map((candidate) => (
                  <li key={candidate.id}>
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
                        {candidate.name}
                        {election?.electedIds.includes(candidate.id) ? (
                          <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-800 text-xs">
                            Elected
                          </span>
                        ) : election?.tie?.candidateIds.includes(candidate.id) ? (
                          <span className="rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-900 text-xs">
                            Tied for the last seat
                          </span>
                        ) : null}
                      </span>
                      <span className="font-semibold text-stone-900 tabular-nums">{candidate.votes}</span>
                    </div>
                    <div className="mt-1 h-2 rounded-full bg-stone-100" aria-hidden="true">
                      <div
                        className="h-2 rounded-full bg-brand-600"
                        style={{ width: `${(candidate.votes / most) * 100}%` }}
                      />
                    </div>
                  </li>
                ))}
              </ol>
            </section>
            <section
              aria-labelledby="ballots"
              className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
            >
              <h2 id="ballots" className="font-display font-semibold text-stone-900 text-xl">
                Every ballot
              </h2>
              <p className="mt-1 text-sm text-stone-600">
                Each ballot by its receipt code, with its choices: {T.findReceipt.toLowerCase()} below, or
                recount them all.
              </p>
              <ReceiptSearch results={query.data} />
            </section>
          </>
        )}
      </div>
    </div>
  );
}
