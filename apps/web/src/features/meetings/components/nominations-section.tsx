import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatDateTime,
  type Meeting,
  NOMINATION_PHOTO_FIELD,
  NOMINATION_STATUS_LABELS,
  type Nomination,
  nominationInputSchema,
  MEETING_MEMBER_TEXT as T,
  type Voter,
} from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '@/components/ui/button-styles';
import { ImageField } from '@/components/ui/image-field';
import { SelectField } from '@/components/ui/select-field';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge';
import { TextAreaField } from '@/components/ui/text-area-field';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useNominate, useNominationAction, useNominationPhoto } from '../api/member';
import { CandidatePhoto } from './candidate-photo';
import { failureText } from './meeting-section';

type NominationValues = z.input<typeof nominationInputSchema>;
const STATUS_TONES: Record<Nomination['status'], StatusTone> = {
  pending: 'yellow',
  valid: 'green',
  invalid: 'red',
  withdrawn: 'gray',
};

/**
 * The nominations (decision 071): each with its seconds and the nominee's acceptance; a voter
 * seconds another's nomination, accepts or withdraws their own until voting opens, and nominates
 * while nominations are open. The server decides every rule; its refusal is shown as it says.
 */
export function NominationsSection({
  meeting,
  voters,
  now,
}: {
  meeting: Meeting;
  voters: Voter[];
  now: Date;
}) {
  const { me } = meeting;
  const action = useNominationAction(meeting.id);
  const open =
    me.entry !== null &&
    now >= new Date(meeting.nominationsOpenAt) &&
    now < new Date(meeting.nominationsCloseAt) &&
    meeting.votingState === 'not_open';
  const beforeVoting = meeting.votingState === 'not_open';
  const myName = me.entry?.voterName;

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600">
        Nominations {open ? 'are open until' : 'close'} {formatDateTime(meeting.nominationsCloseAt)}. A
        nomination needs {meeting.seconders} {meeting.seconders === 1 ? 'second' : 'seconds'} and the
        nominee's acceptance, then the election committee validates it.
      </p>
      {meeting.nominations.length === 0 ? (
        <p className="text-stone-600">No nominations yet.</p>
      ) : (
        <ul className="space-y-3">
          {meeting.nominations.map((nomination) => {
            const mine = nomination.nominee.id === me.entry?.id;
            const seconded = nomination.seconds.some((second) => second.name === myName);
            const canSecond =
              open &&
              !mine &&
              nomination.nominatorName !== myName &&
              !seconded &&
              nomination.seconds.length < nomination.secondsNeeded &&
              nomination.status !== 'withdrawn';
            return (
              <li key={nomination.id} className="rounded-xl border border-stone-200 p-4">
                <div className="flex items-start gap-3">
                  <CandidatePhoto src={nomination.photoUrl} name={nomination.nominee.voterName} size="md" />
                  <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold text-stone-900">{nomination.nominee.voterName}</p>
                      {nomination.nominee.kind === 'company' && (
                        <p className="text-sm text-stone-600">{nomination.nominee.memberName}</p>
                      )}
                    </div>
                    <StatusBadge tone={STATUS_TONES[nomination.status]} asWritten>
                      {NOMINATION_STATUS_LABELS[nomination.status]}
                    </StatusBadge>
                  </div>
                </div>
                <p className="mt-2 whitespace-pre-line text-sm text-stone-700 leading-relaxed [overflow-wrap:anywhere]">
                  {nomination.statement}
                </p>
                <dl className="mt-3 grid gap-1 text-sm text-stone-600">
                  <div>
                    <dt className="inline font-medium text-stone-700">Nominated by </dt>
                    <dd className="inline">{nomination.nominatorName}</dd>
                  </div>
                  <div>
                    <dt className="inline font-medium text-stone-700">
                      Seconds ({nomination.seconds.length} of {nomination.secondsNeeded}):{' '}
                    </dt>
                    <dd className="inline">
                      {nomination.seconds.length > 0
                        ? nomination.seconds.map((second) => second.name).join(', ')
                        : 'none yet'}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline font-medium text-stone-700">Nominee's acceptance: </dt>
                    <dd className="inline">{nomination.accepted ? 'accepted' : 'not yet'}</dd>
                  </div>
                </dl>
                {(mine || nomination.nominatorName === myName) &&
                  beforeVoting &&
                  nomination.status !== 'withdrawn' && (
                    <PhotoControl meetingId={meeting.id} nomination={nomination} />
                  )}
                <div className="mt-3 flex flex-wrap gap-2">
                  {canSecond && (
                    <button
                      type="button"
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                      disabled={action.isPending}
                      onClick={() => action.mutate({ nominationId: nomination.id, action: 'seconds' })}
                    >
                      Second {nomination.nominee.voterName}
                    </button>
                  )}
                  {mine && beforeVoting && !nomination.accepted && nomination.status !== 'withdrawn' && (
                    <button
                      type="button"
                      className={buttonClasses({ variant: 'primary', size: 'sm' })}
                      disabled={action.isPending}
                      onClick={() => action.mutate({ nominationId: nomination.id, action: 'accept' })}
                    >
                      Accept my nomination
                    </button>
                  )}
                  {mine && beforeVoting && nomination.status !== 'withdrawn' && (
                    <button
                      type="button"
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                      disabled={action.isPending}
                      onClick={() => action.mutate({ nominationId: nomination.id, action: 'withdraw' })}
                    >
                      Withdraw my nomination
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {action.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
          {failureText(action.error)}
        </p>
      )}
      {open && <NominateForm meetingId={meeting.id} voters={voters} />}
    </div>
  );
}

/**
 * The nominator's or the nominee's control of the candidate's photo, until voting opens: folded
 * away, as most visits are to read the nominations, not to change a picture.
 */
function PhotoControl({ meetingId, nomination }: { meetingId: string; nomination: Nomination }) {
  const change = useNominationPhoto(meetingId);
  const [photo, setPhoto] = useState<File | null>(null);
  const [key, setKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const fieldError = serverFieldErrors(change.error)[NOMINATION_PHOTO_FIELD];
  const send = (next: File | null) => {
    setSaved(null);
    change.mutate(
      { nominationId: nomination.id, photo: next },
      {
        onSuccess: () => {
          setSaved(next ? T.photoSaved : T.photoRemoved);
          setPhoto(null);
          setKey((value) => value + 1);
        },
      },
    );
  };
  return (
    <details className="group mt-3 rounded-lg bg-stone-50 px-3 py-2">
      <summary className="cursor-pointer font-medium text-brand-800 text-sm">{T.photoSummary}</summary>
      <div className="mt-3 space-y-3">
        <ImageField
          key={key}
          label={T.photoLabel}
          description={T.photoDescription}
          currentImageUrl={nomination.photoUrl}
          onChange={setPhoto}
          error={fieldError}
        />
        {change.isError && !fieldError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
            {failureText(change.error)}
          </p>
        )}
        {saved && (
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 text-sm">
            {saved}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClasses({ variant: 'primary', size: 'sm' })}
            disabled={!photo || change.isPending}
            onClick={() => send(photo)}
          >
            {T.photoSave}
          </button>
        </div>
      </div>
    </details>
  );
}

function NominateForm({ meetingId, voters }: { meetingId: string; voters: Voter[] }) {
  const nominate = useNominate(meetingId);
  const sendPhoto = useNominationPhoto(meetingId);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoKey, setPhotoKey] = useState(0);
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<NominationValues>({
    resolver: zodResolver(nominationInputSchema),
    defaultValues: { nomineeId: '', statement: '' },
  });
  const submit = handleSubmit((values) => {
    setSent(null);
    sendPhoto.reset();
    nominate.mutate(values, {
      onSuccess: async (nomination) => {
        // The photo goes right after the nomination it belongs to; a refusal of it leaves the
        // nomination made, and the nomination's own photo control can send another.
        const photoSent = photo
          ? await sendPhoto.mutateAsync({ nominationId: nomination.id, photo }).then(
              () => true,
              () => false,
            )
          : true;
        setSent(
          photoSent
            ? `You nominated ${nomination.nominee.voterName}.`
            : `You nominated ${nomination.nominee.voterName}. ${T.photoNotSent}`,
        );
        reset();
        setPhoto(null);
        setPhotoKey((value) => value + 1);
      },
      onError: (error) =>
        applyServerFieldErrors(serverFieldErrors(error), setError, ['nomineeId', 'statement']),
    });
  });
  const fieldError = nominate.isError && Object.keys(serverFieldErrors(nominate.error)).length === 0;
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl bg-stone-50 p-4">
      <h3 className="font-semibold text-stone-900">Nominate a trustee</h3>
      <SelectField
        label="Nominee"
        placeholder="Choose a voter on the roll"
        description="Any voter on the roll, yourself included."
        error={errors.nomineeId?.message}
        {...register('nomineeId')}
      >
        {voters.map((voter) => (
          <option key={voter.id} value={voter.id}>
            {voter.kind === 'company' ? `${voter.voterName} (${voter.memberName})` : voter.voterName}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Statement"
        description="Why this person should serve: shown on the ballot."
        rows={4}
        error={errors.statement?.message}
        {...register('statement')}
      />
      <ImageField
        key={photoKey}
        label={T.photoLabel}
        description={T.photoDescription}
        onChange={setPhoto}
        error={serverFieldErrors(sendPhoto.error)[NOMINATION_PHOTO_FIELD]}
      />
      {fieldError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
          {failureText(nominate.error)}
        </p>
      )}
      {sent && (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 text-sm">
          {sent}
        </p>
      )}
      <button
        type="submit"
        className={buttonClasses({ variant: 'primary' })}
        disabled={nominate.isPending || sendPhoto.isPending}
      >
        Nominate
      </button>
    </form>
  );
}
