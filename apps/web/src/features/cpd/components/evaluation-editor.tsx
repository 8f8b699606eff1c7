import {
  CPD_MESSAGES,
  type EvaluationQuestion,
  type EvaluationQuestionKind,
  evaluationQuestionsSchema,
  MAX_EVALUATION_QUESTIONS,
} from '@portal/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { useSaveQuestions } from '../api/cpd';

const KIND_LABELS: Record<EvaluationQuestionKind, string> = { rating: 'Rating 1–5', comment: 'Comments' };

/**
 * The evaluation's questions, editable until the first answer (then read only, as the server
 * holds them: every answer counted was given to the same questions).
 */
export function EvaluationEditor({
  eventId,
  questions: saved,
  locked,
  onSaved,
  onFailed,
}: {
  eventId: string;
  questions: EvaluationQuestion[];
  locked: boolean;
  onSaved: () => void;
  onFailed: (error: unknown) => void;
}) {
  const save = useSaveQuestions(eventId);
  const [questions, setQuestions] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const change = (index: number, patch: Partial<EvaluationQuestion>) =>
    setQuestions((current) =>
      current.map((question, at) => (at === index ? { ...question, ...patch } : question)),
    );
  const add = () =>
    setQuestions((current) => [
      ...current,
      { id: `q${Date.now().toString(36)}`, kind: 'rating', prompt: '' },
    ]);
  const submit = () => {
    const parsed = evaluationQuestionsSchema.safeParse({ questions });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data.questions, { onSuccess: onSaved, onError: onFailed });
  };
  if (locked) {
    return (
      <div>
        <p className="mb-3 text-sm text-stone-600">{CPD_MESSAGES.questionsLocked}.</p>
        <ol className="list-decimal space-y-1 pl-6 text-stone-800">
          {saved.map((question) => (
            <li key={question.id}>
              {question.prompt} <span className="text-stone-500 text-sm">({KIND_LABELS[question.kind]})</span>
            </li>
          ))}
        </ol>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <ol className="space-y-3">
        {questions.map((question, index) => (
          <li key={question.id} className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <label className="sr-only" htmlFor={`question-${question.id}`}>
              Question {index + 1}
            </label>
            <input
              id={`question-${question.id}`}
              value={question.prompt}
              maxLength={300}
              onChange={(event) => change(index, { prompt: event.target.value })}
              className="h-11 flex-1 rounded-lg border border-stone-300 bg-white px-3 text-stone-900"
            />
            <div className="flex gap-2">
              <label className="sr-only" htmlFor={`kind-${question.id}`}>
                Kind of question {index + 1}
              </label>
              <select
                id={`kind-${question.id}`}
                value={question.kind}
                onChange={(event) => change(index, { kind: event.target.value as EvaluationQuestionKind })}
                className="h-11 rounded-lg border border-stone-300 bg-white px-3 text-stone-900"
              >
                {Object.entries(KIND_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              <button
                type="button"
                aria-label={`Remove question ${index + 1}`}
                onClick={() => setQuestions((current) => current.filter((_, at) => at !== index))}
                className={buttonClasses({ variant: 'secondary' })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
          </li>
        ))}
      </ol>
      {error && (
        <p role="alert" className="text-red-700 text-sm">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-3">
        <button
          type="button"
          onClick={add}
          disabled={questions.length >= MAX_EVALUATION_QUESTIONS}
          className={buttonClasses({ variant: 'secondary' })}
        >
          <Plus aria-hidden="true" className="size-4" /> Add a question
        </button>
        <button type="button" onClick={submit} disabled={save.isPending} className={buttonClasses()}>
          {save.isPending ? 'Saving…' : 'Save questions'}
        </button>
      </div>
    </div>
  );
}
