import { useEvaluationResults } from '../api/cpd';

/** The evaluation's results: each rating's average and count, the comments. */
export function EvaluationResultsSummary({ eventId }: { eventId: string }) {
  const results = useEvaluationResults(eventId);
  if (!results.data) return <p className="text-stone-600">Loading the results…</p>;
  const { responses, questions } = results.data;
  if (responses === 0) return <p className="text-stone-600">No answers yet.</p>;
  return (
    <div className="space-y-4">
      <p className="text-stone-700">
        {responses} response{responses === 1 ? '' : 's'}
      </p>
      <table className="w-full text-left text-sm">
        <thead className="border-stone-200 border-b text-stone-500">
          <tr>
            <th className="py-2 pr-4 font-semibold">Question</th>
            <th className="py-2 pr-4 font-semibold">Average</th>
            <th className="py-2 font-semibold">Answers</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {questions
            .filter((question) => question.kind === 'rating')
            .map((question) => (
              <tr key={question.id}>
                <td className="py-2 pr-4 text-stone-800">{question.prompt}</td>
                <td className="py-2 pr-4 font-semibold text-stone-900">{question.average ?? '—'}</td>
                <td className="py-2 text-stone-700">{question.count}</td>
              </tr>
            ))}
        </tbody>
      </table>
      {questions
        .filter((question) => question.kind === 'comment' && question.comments.length > 0)
        .map((question) => (
          <div key={question.id}>
            <h4 className="font-semibold text-stone-800">{question.prompt}</h4>
            <ul className="mt-2 list-disc space-y-1 pl-6 text-stone-700">
              {question.comments.map((comment, index) => (
                // Comments have no id of their own; their order is the answers'.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                <li key={index}>{comment}</li>
              ))}
            </ul>
          </div>
        ))}
    </div>
  );
}
