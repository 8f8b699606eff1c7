import { zodResolver } from '@hookform/resolvers/zod';
import {
  ATTENDEE_MESSAGE_LIMITS,
  ATTENDEE_MESSAGES,
  type AttendeeFilter,
  type AttendeeMessage,
  attendeeMessageCreateSchema,
  DEFAULT_MESSAGE_STATUS,
  formatDateTime,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
} from '@portal/shared';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type Column, DataTable } from '@/components/admin-list/data-table';
import { ListFooter } from '@/components/admin-list/list-footer';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useAttendeeMessages, useAttendees, useMessageAttendees } from '../api/attendees';

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

const messageFieldsSchema = attendeeMessageCreateSchema.pick({ subject: true, body: true });
type MessageFields = { subject: string; body: string };

/** Which group a message went to, in words: 'Approved · matching “cordillera”', or everyone. */
export function describeFilter(filter: {
  status?: string | null;
  checked_in?: string | null;
  search?: string | null;
}) {
  const parts = [
    filter.status ? `${filter.status[0]?.toUpperCase()}${filter.status.slice(1)}` : null,
    filter.checked_in ? (filter.checked_in === 'yes' ? 'checked in' : 'not checked in') : null,
    filter.search ? `matching “${filter.search}”` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : ATTENDEE_MESSAGES.toEveryone;
}

/** The message form's groups, approved first: its default (docs/product-rules.md "Event attendees"). */
const GROUP_LABELS: Record<RegistrationStatus, string> = {
  approved: 'Approved attendees',
  pending: 'Pending registrations',
  rejected: 'Rejected registrations',
  expired: 'Released seats',
};
const GROUPS = [
  DEFAULT_MESSAGE_STATUS,
  ...REGISTRATION_STATUSES.filter((status) => status !== DEFAULT_MESSAGE_STATUS),
];

const logColumns: Column<AttendeeMessage>[] = [
  {
    header: 'Subject',
    phone: 'heading',
    className: 'min-w-56',
    cell: (message) => (
      <div>
        <p className="font-semibold text-stone-900">{message.subject}</p>
        <p className="line-clamp-2 whitespace-pre-line text-stone-600 text-xs">{message.body}</p>
      </div>
    ),
  },
  { header: 'To', cell: (message) => describeFilter(message.filter) },
  { header: 'People', className: 'tabular-nums', cell: (message) => message.recipient_count },
  { header: 'Sent by', cell: (message) => message.sent_by },
  { header: 'Sent', className: 'whitespace-nowrap', cell: (message) => formatDateTime(message.created_at) },
];

type AttendeeMessagesProps = {
  eventId: string;
  /**
   * The list's filters: the message goes to the people they select, of the status the list shows
   * or, with no status filter, the approved ones unless the admin picks another group.
   */
  filter: AttendeeFilter;
  onSent: (text: string) => void;
  onFailed: (text: string, detail?: string) => void;
};

/**
 * Message attendees (docs/decisions/048): a subject and plain text to a group of the list (approved
 * attendees by default, "To" picks another), confirmed with the number of people, then the log of
 * what was sent. The form's idempotency key
 * is made once per message: a second click, or the request sent again, sends nothing more.
 */
export function AttendeeMessages({ eventId, filter: listFilter, onSent, onFailed }: AttendeeMessagesProps) {
  // '' is everyone; the list's own status filter, when it has one, is where the form starts.
  const [to, setTo] = useState<RegistrationStatus | ''>(listFilter.status ?? DEFAULT_MESSAGE_STATUS);
  const [followedStatus, setFollowedStatus] = useState(listFilter.status);
  if (followedStatus !== listFilter.status) {
    setFollowedStatus(listFilter.status);
    setTo(listFilter.status ?? DEFAULT_MESSAGE_STATUS);
  }
  const filter: AttendeeFilter = { ...listFilter, status: to || undefined };
  // How many the group holds: the list's first page of it, one row, for its total.
  const group = useAttendees(eventId, {
    status: filter.status,
    checked_in: filter.checked_in,
    search: filter.search,
    limit: '1',
  });
  const recipientCount = group.isError ? undefined : group.data?.pagination.total;
  const [logPage, setLogPage] = useState(1);
  const log = useAttendeeMessages(eventId, logPage);
  const send = useMessageAttendees(eventId);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [confirming, setConfirming] = useState<MessageFields | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<MessageFields>({ resolver: zodResolver(messageFieldsSchema) });

  const confirmSend = () => {
    if (!confirming) return;
    send.mutate(
      {
        ...confirming,
        status: filter.status,
        checked_in: filter.checked_in,
        search: filter.search,
        idempotency_key: idempotencyKey,
      },
      {
        onSuccess: (message) => {
          onSent(ATTENDEE_MESSAGES.sent(message.recipient_count));
          reset({ subject: '', body: '' });
          setIdempotencyKey(crypto.randomUUID());
          setLogPage(1);
        },
        onError: (error) => {
          const fields =
            error instanceof ApiError
              ? (error.body as { fields?: Record<string, string> })?.fields
              : undefined;
          if (fields?.subject) setError('subject', { message: fields.subject });
          if (fields?.body) setError('body', { message: fields.body });
          if (!fields?.subject && !fields?.body) {
            onFailed(ATTENDEE_MESSAGES.sendFailed, error instanceof ApiError ? error.error : undefined);
          }
        },
        onSettled: () => setConfirming(null),
      },
    );
  };
  const count = recipientCount ?? 0;

  return (
    <section
      aria-labelledby="attendee-messages-heading"
      className="rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <div className="border-stone-200 border-b p-4">
        <h2 id="attendee-messages-heading" className="font-display font-semibold text-stone-900 text-xl">
          Message attendees
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {`One e-mail each to the ${recipientCount === undefined ? '…' : people(recipientCount)} of the list chosen below (${describeFilter(filter)}), sent one a second.`}
        </p>
        <form
          noValidate
          onSubmit={handleSubmit((fields) => setConfirming(fields))}
          className="mt-4 grid gap-4"
        >
          <SelectField
            label={ATTENDEE_MESSAGES.toLabel}
            value={to}
            onChange={(changed) => setTo(changed.target.value as RegistrationStatus | '')}
          >
            {GROUPS.map((status) => (
              <option key={status} value={status}>
                {GROUP_LABELS[status]}
              </option>
            ))}
            <option value="">{ATTENDEE_MESSAGES.toEveryone}</option>
          </SelectField>
          <TextField
            label="Subject *"
            maxLength={ATTENDEE_MESSAGE_LIMITS.subjectMax}
            error={errors.subject?.message}
            {...register('subject')}
          />
          <TextAreaField
            label="Message *"
            rows={6}
            maxLength={ATTENDEE_MESSAGE_LIMITS.bodyMax}
            description="Plain text; line breaks are kept."
            error={errors.body?.message}
            {...register('body')}
          />
          <div>
            <button
              type="submit"
              disabled={send.isPending || count === 0}
              className={buttonClasses({ variant: 'primary' })}
            >
              <Send aria-hidden="true" className="size-4" />
              Send message
            </button>
          </div>
        </form>
      </div>
      <h3 className="px-4 pt-4 font-semibold text-lg text-stone-900">Sent messages</h3>
      <DataTable
        label="Sent messages"
        columns={logColumns}
        rows={log.data?.messages}
        rowKey={(message) => message.id}
        isLoading={log.isPending}
        skeletonRows={3}
        emptyText={ATTENDEE_MESSAGES.logEmpty}
      />
      <ListFooter
        pagination={log.data?.pagination}
        noun="messages"
        label="Sent messages pages"
        onPageChange={setLogPage}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={ATTENDEE_MESSAGES.confirmTitle}
        text={ATTENDEE_MESSAGES.confirm(count)}
        confirmLabel="Send"
        pending={send.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirmSend}
      >
        {confirming && (
          <div className="rounded-lg bg-stone-50 p-3 text-sm">
            <p className="font-semibold text-stone-900">{confirming.subject}</p>
            <p className="mt-1 text-stone-600">To: {describeFilter(filter)}</p>
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}
