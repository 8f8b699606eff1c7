import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatDate,
  fromManilaDateTimeInput,
  MEETING_DEFAULTS,
  MEETING_KIND_LABELS,
  MEETING_KINDS,
  type Meeting,
  type MeetingInput,
  meetingInputSchema,
  toManilaDateTimeInput,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DialogCloseButton, DialogFormEnd, DialogPanel } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useLinkableEvents } from '../api/staff';

/** The meeting's times, typed in Manila's wall-clock time (datetime-local) and sent as instants. */
const TIME_FIELDS = [
  'startsAt',
  'nominationsOpenAt',
  'nominationsCloseAt',
  'proxyDeadline',
  'correctionsCloseAt',
  'votingOpensAt',
  'votingClosesAt',
  'challengeEndsAt',
] as const;
type TimeField = (typeof TIME_FIELDS)[number];

export type MeetingFormValues = Record<TimeField, string> & {
  kind: string;
  title: string;
  venue: string;
  onlineLink: string;
  agenda: string;
  procedure: string;
  recordDate: string;
  seats: string;
  seconders: string;
  honoraryVotes: boolean;
  associateVotes: boolean;
  eventId: string;
};
const FIELD_NAMES = [
  ...TIME_FIELDS,
  'kind',
  'title',
  'venue',
  'onlineLink',
  'agenda',
  'procedure',
  'recordDate',
  'seats',
  'seconders',
  'honoraryVotes',
  'associateVotes',
  'eventId',
];

const valuesOf = (meeting: Meeting | null): MeetingFormValues => ({
  kind: meeting?.kind ?? 'annual',
  title: meeting?.title ?? '',
  venue: meeting?.venue ?? '',
  onlineLink: meeting?.onlineLink ?? '',
  agenda: meeting?.agenda ?? '',
  procedure: meeting?.procedure ?? '',
  recordDate: meeting?.recordDate ?? '',
  seats: String(meeting?.seats ?? MEETING_DEFAULTS.seats),
  seconders: String(meeting?.seconders ?? MEETING_DEFAULTS.seconders),
  honoraryVotes: meeting?.honoraryVotes ?? MEETING_DEFAULTS.honoraryVotes,
  associateVotes: meeting?.associateVotes ?? MEETING_DEFAULTS.associateVotes,
  eventId: meeting?.eventId ?? '',
  ...(Object.fromEntries(
    TIME_FIELDS.map((field) => [field, toManilaDateTimeInput(meeting?.[field] ?? null)]),
  ) as Record<TimeField, string>),
});

/** A number as typed: blank takes the default, anything else goes to the schema as a number. */
const countOf = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));

/** What the form sends: the body of POST /meetings, the same for the schema here and on the server. */
export const bodyOf = (values: MeetingFormValues) => ({
  ...values,
  ...Object.fromEntries(TIME_FIELDS.map((field) => [field, fromManilaDateTimeInput(values[field])])),
  seats: countOf(values.seats),
  seconders: countOf(values.seconders),
  eventId: values.eventId || null,
});

// The shared schema judges the body the form would send, so its messages and fields are the server's.
const meetingResolver: Resolver<MeetingFormValues, unknown, MeetingInput> = (values, context, options) =>
  (zodResolver(meetingInputSchema) as unknown as Resolver<MeetingFormValues, unknown, MeetingInput>)(
    bodyOf(values) as unknown as MeetingFormValues,
    context,
    options,
  );

/**
 * Creating or editing a meeting (docs/decisions/071): its date, venue and online link, the agenda
 * and the remote-voting procedure the notice carries, the record date, the windows of
 * nominations, proxies, corrections and voting, the seats and seconders, who votes, and the event
 * whose check-in counts people present. Times are Manila's.
 */
export function MeetingFormDialog({
  meeting,
  save,
  onClose,
  onSaved,
}: {
  meeting: Meeting | null;
  save: (body: MeetingInput) => Promise<{ id: string }>;
  onClose: () => void;
  onSaved: (saved: { id: string }) => void;
}) {
  const events = useLinkableEvents(true);
  const [failure, setFailure] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MeetingFormValues, unknown, MeetingInput>({
    resolver: meetingResolver,
    defaultValues: valuesOf(meeting),
  });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(undefined);
    setPending(true);
    try {
      onSaved(await save(body));
    } catch (error) {
      const messages = serverFieldErrors(error);
      const unplaced = applyServerFieldErrors(messages, setError, FIELD_NAMES);
      if (Object.keys(messages).length === 0 || Object.keys(unplaced).length > 0) {
        setFailure(error instanceof ApiError ? error.error : 'The meeting could not be saved.');
      }
    } finally {
      setPending(false);
    }
  });

  const time = (field: TimeField, label: string) => (
    <TextField
      label={`${label} *`}
      type="datetime-local"
      error={errors[field]?.message}
      {...register(field)}
    />
  );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogPanel size="wide">
        <DialogCloseButton disabled={pending} />
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          {meeting ? 'Edit meeting' : 'New meeting'}
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          Times are Manila time. The notice sends the agenda and the voting procedure to every member in good
          standing.
        </Dialog.Description>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-6">
          <fieldset disabled={pending} className="space-y-5">
            <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
              <SelectField label="Kind *" error={errors.kind?.message} {...register('kind')}>
                {MEETING_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {MEETING_KIND_LABELS[kind]}
                  </option>
                ))}
              </SelectField>
              <TextField label="Title *" error={errors.title?.message} {...register('title')} />
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              {time('startsAt', 'Date and time')}
              <TextField label="Venue *" error={errors.venue?.message} {...register('venue')} />
            </div>
            <TextField
              label="Online link"
              type="url"
              inputMode="url"
              placeholder="https://"
              error={errors.onlineLink?.message}
              {...register('onlineLink')}
            />
            <TextAreaField label="Agenda *" rows={5} error={errors.agenda?.message} {...register('agenda')} />
            <TextAreaField
              label="Voting procedure *"
              rows={4}
              description={
                <p className="text-sm text-stone-600">
                  How members vote online, in absentia and at the venue; sent with the notice.
                </p>
              }
              error={errors.procedure?.message}
              {...register('procedure')}
            />
          </fieldset>

          <fieldset disabled={pending} className="grid gap-5 sm:grid-cols-2">
            <legend className="mb-3 font-semibold text-stone-900">The roll and its windows</legend>
            <TextField
              label="Record date *"
              type="date"
              description={
                <p className="text-sm text-stone-600">Good standing on this day puts a member on the roll.</p>
              }
              error={errors.recordDate?.message}
              {...register('recordDate')}
            />
            {time('correctionsCloseAt', 'Roll corrections close')}
            {time('nominationsOpenAt', 'Nominations open')}
            {time('nominationsCloseAt', 'Nominations close')}
            {time('proxyDeadline', 'Proxy deadline')}
            {time('votingOpensAt', 'Voting opens')}
            {time('votingClosesAt', 'Voting closes')}
            {time('challengeEndsAt', 'Challenge window ends')}
          </fieldset>

          <fieldset disabled={pending} className="grid gap-5 sm:grid-cols-2">
            <legend className="mb-3 font-semibold text-stone-900">The election</legend>
            <TextField
              label="Seats *"
              inputMode="numeric"
              error={errors.seats?.message}
              {...register('seats')}
            />
            <TextField
              label="Seconders *"
              inputMode="numeric"
              error={errors.seconders?.message}
              {...register('seconders')}
            />
            <CheckboxField
              label="Honorary members vote"
              error={errors.honoraryVotes?.message}
              {...register('honoraryVotes')}
            />
            <CheckboxField
              label="Associate members vote"
              error={errors.associateVotes?.message}
              {...register('associateVotes')}
            />
            <div className="sm:col-span-2">
              <SelectField
                label="Event for check-in"
                placeholder={events.isPending ? 'Loading events…' : 'No event'}
                description={
                  <p className="text-sm text-stone-600">
                    People checked in at this event count as present for the quorum.
                  </p>
                }
                error={errors.eventId?.message}
                {...register('eventId')}
              >
                {events.data?.map((event) => (
                  <option key={event.id} value={event.id}>
                    {event.title} — {formatDate(event.start_date)}
                  </option>
                ))}
              </SelectField>
            </div>
          </fieldset>

          <DialogFormEnd
            failure={failure}
            pending={pending}
            submitLabel={meeting ? 'Save changes' : 'Create meeting'}
            pendingLabel="Saving…"
          />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
