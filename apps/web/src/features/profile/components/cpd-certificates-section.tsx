import { zodResolver } from '@hookform/resolvers/zod';
import {
  CPD_MESSAGES,
  certificatePdfPath,
  EVALUATION_RATING_MAX,
  EVALUATION_RATING_MIN,
  formatDate,
  type MyCpdEvent,
  type PrcDetails,
  prcDetailsSchema,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { ClipboardCheck, Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogCloseButton, DialogFormEnd, DialogPanel } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import {
  useMyCpdEvents,
  useMyEvaluation,
  usePrcDetails,
  useSavePrcDetails,
  useSubmitEvaluation,
} from '../api/cpd';

const NO_CPD_EVENTS_TEXT = 'The CPD events you attend appear here, with their certificates.';

type Notify = (notice: { variant: 'success' | 'error'; title: string; text: string }) => void;

/**
 * "CPD certificates" on /profile (docs/product-rules.md "CPD certificates"): the person's PRC
 * details, and per past certified event they attended, "Answer the evaluation" or "Download
 * certificate".
 */
export function CpdCertificatesSection({ notify }: { notify: Notify }) {
  const events = useMyCpdEvents();
  const prc = usePrcDetails();
  const [evaluating, setEvaluating] = useState<MyCpdEvent | null>(null);
  const [enteringPrc, setEnteringPrc] = useState(false);
  if (events.isPending || prc.isPending) return <Skeleton className="h-32" />;
  if (events.isError) {
    return (
      <p role="alert" className="text-red-800">
        {events.error.message}
      </p>
    );
  }
  // Most accounts never attend a certified event: until one does, or its owner gave a PRC number
  // (the professional rate, or saved details), the form waits behind a button.
  const prcAsked =
    enteringPrc || events.data.length > 0 || Boolean(prc.data?.details ?? prc.data?.suggested_prc_number);
  if (!prcAsked) {
    return (
      <div className="space-y-4">
        <p className="text-stone-600">{NO_CPD_EVENTS_TEXT}</p>
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          onClick={() => setEnteringPrc(true)}
        >
          Enter PRC details
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <PrcDetailsForm notify={notify} />
      {events.data.length === 0 ? (
        <p className="text-stone-600">{NO_CPD_EVENTS_TEXT}</p>
      ) : (
        <ul className="divide-y divide-stone-200 border-stone-200 border-t">
          {events.data.map((event) => (
            <li
              key={event.event_id}
              className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">{event.title}</p>
                <p className="text-sm text-stone-600">
                  {formatDate(event.start_date)}
                  {event.certificate
                    ? ` · ${event.certificate.units} CPD units · ${event.certificate.number}`
                    : !event.checked_in
                      ? ' · Not checked in'
                      : event.evaluation_submitted
                        ? ' · Evaluation received; certificate not issued yet'
                        : ''}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                {event.checked_in && !event.evaluation_submitted && (
                  <button
                    type="button"
                    className={buttonClasses({ size: 'sm' })}
                    onClick={() => setEvaluating(event)}
                  >
                    <ClipboardCheck aria-hidden="true" className="size-4" /> {CPD_MESSAGES.answerEvaluation}
                  </button>
                )}
                {event.certificate && (
                  <button
                    type="button"
                    className={buttonClasses({ size: 'sm', variant: 'secondary' })}
                    onClick={() => downloadWithSession(certificatePdfPath(event.certificate?.number ?? ''))}
                  >
                    <Download aria-hidden="true" className="size-4" /> {CPD_MESSAGES.downloadCertificate}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {evaluating && (
        <EvaluationDialog
          event={evaluating}
          onClose={() => setEvaluating(null)}
          onSubmitted={() => {
            setEvaluating(null);
            notify({ variant: 'success', title: 'Evaluation sent', text: CPD_MESSAGES.evaluationSubmitted });
          }}
        />
      )}
    </div>
  );
}

/** The attendee's PRC details: private, printed on their certificates. */
function PrcDetailsForm({ notify }: { notify: Notify }) {
  const details = usePrcDetails();
  if (!details.data) return <Skeleton className="h-24" />;
  const { details: saved, suggested_prc_number } = details.data;
  return (
    <PrcDetailsFields
      key={saved ? 'saved' : 'new'}
      defaults={saved ?? { prc_name: '', profession: '', prc_number: suggested_prc_number ?? '' }}
      notify={notify}
    />
  );
}

function PrcDetailsFields({ defaults, notify }: { defaults: PrcDetails; notify: Notify }) {
  const save = useSavePrcDetails();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PrcDetails>({
    resolver: zodResolver(prcDetailsSchema),
    defaultValues: defaults,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notify({ variant: 'success', title: 'Saved', text: CPD_MESSAGES.prcSaved }),
      onError: (error) => {
        const messages = serverFieldErrors(error);
        applyServerFieldErrors(messages, setError, Object.keys(defaults));
        if (Object.keys(messages).length === 0) {
          notify({ variant: 'error', title: 'Not saved', text: 'Your PRC details could not be saved.' });
        }
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="prc-heading" className="space-y-4">
      <div>
        <h3 id="prc-heading" className="font-semibold text-stone-900">
          PRC details
        </h3>
        <p className="text-sm text-stone-600">
          Printed on your certificates. Only you and the secretariat can see them.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Name as on the PRC ID *"
          error={errors.prc_name?.message}
          {...register('prc_name')}
        />
        <TextField label="Profession *" error={errors.profession?.message} {...register('profession')} />
        <TextField
          label="PRC licence number *"
          inputMode="numeric"
          maxLength={7}
          error={errors.prc_number?.message}
          {...register('prc_number')}
        />
      </div>
      <div className="flex justify-end">
        <button type="submit" className={buttonClasses({ variant: 'secondary' })} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save PRC details'}
        </button>
      </div>
    </form>
  );
}

const RATINGS = Array.from(
  { length: EVALUATION_RATING_MAX - EVALUATION_RATING_MIN + 1 },
  (_, index) => EVALUATION_RATING_MIN + index,
);

/** The event's evaluation: a rating from 1 to 5 per rating question, comments optional. */
function EvaluationDialog({
  event,
  onClose,
  onSubmitted,
}: {
  event: MyCpdEvent;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const form = useMyEvaluation(event.event_id);
  const submit = useSubmitEvaluation(event.event_id);
  const [answers, setAnswers] = useState<Record<string, number | string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const questions = form.data?.questions ?? [];
  const onSubmit = (submitted: React.FormEvent) => {
    submitted.preventDefault();
    const missing = Object.fromEntries(
      questions
        .filter((question) => question.kind === 'rating' && typeof answers[question.id] !== 'number')
        .map((question) => [`answers.${question.id}`, CPD_MESSAGES.ratingRequired]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    submit.mutate(answers, {
      onSuccess: onSubmitted,
      onError: (error) => {
        const messages = serverFieldErrors(error);
        setErrors(messages);
        if (Object.keys(messages).length === 0) {
          setFailure(error instanceof ApiError ? error.error : 'Your evaluation could not be sent.');
        }
      },
    });
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !submit.isPending && onClose()}>
      <DialogPanel size="wide">
        <DialogCloseButton disabled={submit.isPending} />
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">Evaluation</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">{event.title}</Dialog.Description>
        {!form.data ? (
          <Skeleton className="mt-6 h-64" />
        ) : (
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-6">
            {questions.map((question) =>
              question.kind === 'rating' ? (
                <fieldset key={question.id} aria-describedby={`error-${question.id}`}>
                  <legend className="font-medium text-stone-900">{question.prompt} *</legend>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {RATINGS.map((rating) => (
                      <label
                        key={rating}
                        className="flex h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg border border-stone-300 px-3 text-stone-800 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600"
                      >
                        <input
                          type="radio"
                          className="sr-only"
                          name={question.id}
                          value={rating}
                          checked={answers[question.id] === rating}
                          onChange={() => {
                            setAnswers((current) => ({ ...current, [question.id]: rating }));
                            setErrors(({ [`answers.${question.id}`]: _, ...rest }) => rest);
                          }}
                        />
                        {rating}
                      </label>
                    ))}
                  </div>
                  <p className="mt-1 text-stone-500 text-xs">1 = strongly disagree, 5 = strongly agree</p>
                  {errors[`answers.${question.id}`] && (
                    <p id={`error-${question.id}`} className="mt-1 text-red-700 text-sm">
                      {errors[`answers.${question.id}`]}
                    </p>
                  )}
                </fieldset>
              ) : (
                <TextAreaField
                  key={question.id}
                  label={question.prompt}
                  rows={3}
                  maxLength={2000}
                  value={String(answers[question.id] ?? '')}
                  error={errors[`answers.${question.id}`]}
                  onChange={(change) =>
                    setAnswers((current) => ({ ...current, [question.id]: change.target.value }))
                  }
                />
              ),
            )}
            <DialogFormEnd
              failure={failure}
              pending={submit.isPending}
              submitLabel="Send evaluation"
              pendingLabel="Sending…"
            />
          </form>
        )}
      </DialogPanel>
    </Dialog.Root>
  );
}
