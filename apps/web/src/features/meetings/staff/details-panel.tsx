import {
  formatDate,
  formatDateTime,
  isLocked,
  MEETING_DEFAULTS,
  MEETING_LIMITS,
  MEETING_MESSAGES,
  type Meeting,
  noticeDaysBefore,
} from '@portal/shared';
import { useState } from 'react';
import type { useNotice } from '@/components/admin-list/use-notice';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { useSendNotice, useUpdateMeeting } from '../api/staff';
import { MeetingFormDialog } from './meeting-form-dialog';
import { Facts, Hint, type MeetingPowers, Panel, reasonOf } from './meeting-parts';

type Notice = ReturnType<typeof useNotice>;

/** The meeting as set, with Edit until voting opens (the lock, docs/decisions/071). */
export function DetailsPanel({
  meeting,
  powers,
  notice,
}: {
  meeting: Meeting;
  powers: MeetingPowers;
  notice: Notice;
}) {
  const update = useUpdateMeeting(meeting.id);
  const [editing, setEditing] = useState(false);
  const locked = isLocked(meeting);
  const whoVotes = [
    'Regular and Individual members',
    meeting.associateVotes ? 'Associate members' : null,
    meeting.honoraryVotes ? 'Honorary members' : null,
  ].filter(Boolean);

  return (
    <Panel
      title="Details"
      actions={
        powers.run &&
        !locked && (
          <button
            type="button"
            className={buttonClasses({ variant: 'secondary' })}
            onClick={() => setEditing(true)}
          >
            Edit meeting
          </button>
        )
      }
    >
      <Facts
        items={[
          ['Date and time', formatDateTime(meeting.startsAt)],
          ['Venue', meeting.venue],
          [
            'Online link',
            meeting.onlineLink ? (
              <a
                key="link"
                href={meeting.onlineLink}
                className="break-all text-brand-800 underline"
                rel="noreferrer"
              >
                {meeting.onlineLink}
              </a>
            ) : (
              '—'
            ),
          ],
          ['Record date', formatDate(meeting.recordDate)],
          ['Roll corrections close', formatDateTime(meeting.correctionsCloseAt)],
          [
            'Nominations',
            `${formatDateTime(meeting.nominationsOpenAt)} to ${formatDateTime(meeting.nominationsCloseAt)}`,
          ],
          ['Proxy deadline', formatDateTime(meeting.proxyDeadline)],
          ['Voting', `${formatDateTime(meeting.votingOpensAt)} to ${formatDateTime(meeting.votingClosesAt)}`],
          ['Challenge window ends', formatDateTime(meeting.challengeEndsAt)],
          [
            'Seats',
            `${meeting.seats} trustees; a nomination needs ${meeting.seconders} ${meeting.seconders === 1 ? 'second' : 'seconds'}`,
          ],
          ['Who votes', whoVotes.join(', ')],
        ]}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 font-semibold text-stone-900">Agenda</h3>
          <p className="whitespace-pre-line text-sm text-stone-800">{meeting.agenda}</p>
        </div>
        <div>
          <h3 className="mb-2 font-semibold text-stone-900">Voting procedure</h3>
          <p className="whitespace-pre-line text-sm text-stone-800">{meeting.procedure}</p>
        </div>
      </div>
      {locked && powers.run && (
        <div className="mt-6">
          <Hint>{MEETING_MESSAGES.locked}.</Hint>
        </div>
      )}
      {editing && (
        <MeetingFormDialog
          meeting={meeting}
          save={update.mutateAsync}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            notice.confirm('Meeting saved');
          }}
        />
      )}
    </Panel>
  );
}

/**
 * The notice to every member in good standing. At least 21 days before the meeting it goes at a
 * click; later only an administrator sends it, with the reason, which is kept (docs/decisions/071).
 */
export function NoticePanel({
  meeting,
  powers,
  notice,
}: {
  meeting: Meeting;
  powers: MeetingPowers;
  notice: Notice;
}) {
  const send = useSendNotice(meeting.id);
  const [asking, setAsking] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const late = noticeDaysBefore(meeting.startsAt, new Date()) < MEETING_DEFAULTS.noticeDays;
  const tooLate = MEETING_MESSAGES.noticeTooLate(MEETING_DEFAULTS.noticeDays);

  const sendNotice = (overrideReason: string | null) =>
    send.mutate(
      { overrideReason },
      {
        onSuccess: (sent) => {
          setAsking(false);
          notice.show({
            variant: 'success',
            title: 'Notice sent',
            text: `The notice is on its way to ${sent.queued} ${sent.queued === 1 ? 'member' : 'members'} in good standing.`,
          });
        },
        onError: (error) => {
          if (overrideReason !== null) return setServerError(reasonOf(error));
          setAsking(false);
          notice.failure('The notice was not sent.', reasonOf(error));
        },
      },
    );

  return (
    <Panel title="Notice">
      {meeting.noticeSentAt ? (
        <p className="text-stone-800">Sent {formatDateTime(meeting.noticeSentAt)}.</p>
      ) : !powers.run ? (
        <Hint>Not sent yet.</Hint>
      ) : (
        <div className="space-y-3">
          <Hint>
            {late
              ? `${tooLate}. ${powers.admin ? 'An administrator may still send it, giving the reason.' : `${MEETING_MESSAGES.overrideAdminOnly}.`}`
              : 'Not sent yet. It goes to every member in good standing with the agenda and the voting procedure.'}
          </Hint>
          {(!late || powers.admin) && (
            <button
              type="button"
              className={buttonClasses()}
              onClick={() => {
                setServerError(undefined);
                setAsking(true);
              }}
            >
              {late ? 'Send late notice' : 'Send notice'}
            </button>
          )}
        </div>
      )}
      {asking && !late && (
        <ConfirmDialog
          open
          title="Send the notice"
          text="Every member in good standing receives the notice now. It is sent once."
          confirmLabel="Send notice"
          pending={send.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => sendNotice(null)}
        />
      )}
      {asking && late && (
        <ReasonDialog
          title="Send a late notice"
          text={`${tooLate}. The reason is kept with the notice.`}
          confirmLabel="Send late notice"
          pending={send.isPending}
          serverError={serverError}
          requiredMessage={MEETING_MESSAGES.overrideReasonRequired}
          maxLength={MEETING_LIMITS.reasonMax}
          onCancel={() => setAsking(false)}
          onConfirm={(reason) => sendNotice(reason)}
        />
      )}
    </Panel>
  );
}
