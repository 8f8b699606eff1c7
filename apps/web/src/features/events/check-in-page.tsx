import {
  CHECK_IN_MESSAGES,
  CHECK_IN_SESSION_LABELS,
  type CheckInList,
  type CheckInRequest,
  type CheckInSession,
  currentCheckInSession,
  type DoorAttendee,
  formatDate,
  formatTimeOfDay,
  manilaDateString,
  REGISTRATION_PAYMENT_LABELS,
} from '@portal/shared';
import { ArrowLeft, CircleAlert, CircleCheck, CircleX, ImageUp, Search, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { QrCamera, readQrFromImage } from '@/components/ui/qr-camera';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMayOpen } from '@/lib/staff-access';
import { fetchCheckInList, sendCheckIn } from './api/check-in';
import {
  answerFor,
  attendeeOfTicket,
  countCheckedIn,
  type DoorAnswer,
  isCheckedIn,
  markedLocally,
  searchAttendees,
  withAttendee,
} from './check-in/door';
import { loadList, loadQueue, type QueuedCheckIn, saveList, saveQueue } from './check-in/offline-store';

/**
 * What the big panel says after a scan: the answer, and whether it waits on the phone (`queued`)
 * or was sent since (`sent`: the queue reached the server and the server took it).
 */
type Feedback = DoorAnswer & { queued?: boolean; sent?: boolean };

/** How often a queue left by a dropped connection is tried again while the page is open. */
const SYNC_EVERY_MS = 10_000;

const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * /admin/events/{id}/check-in (docs/product-rules.md "Check-in", docs/decisions/053): for an
 * admin or the event's staff, on a phone. The attendee list is downloaded into IndexedDB and the
 * page answers from it when the server cannot be reached; check-ins made then wait in a queue,
 * with their scan time, and are sent when the connection returns. Only the open page keeps
 * working: there is no service worker, so a reload needs the network.
 */
export function CheckInPage() {
  const eventId = useParams().id ?? '';
  const mayOpenEvents = useMayOpen('events');
  const [list, setListState] = useState<CheckInList | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [queue, setQueueState] = useState<QueuedCheckIn[]>([]);
  const [session, setSession] = useState<CheckInSession | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [syncRefusals, setSyncRefusals] = useState<string[]>([]);
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<CheckInList | null>(null);
  const queueRef = useRef<QueuedCheckIn[]>([]);
  const syncing = useRef(false);

  const setList = useCallback(
    (next: CheckInList) => {
      listRef.current = next;
      setListState(next);
      void saveList(eventId, next);
    },
    [eventId],
  );
  const setQueue = useCallback(
    (next: QueuedCheckIn[]) => {
      queueRef.current = next;
      setQueueState(next);
      void saveQueue(eventId, next);
    },
    [eventId],
  );

  /** The server's list, with the check-ins still waiting in the queue marked on it. */
  const refreshList = useCallback(async () => {
    const fresh = await fetchCheckInList(eventId);
    let merged = fresh;
    for (const item of queueRef.current) {
      const attendee = merged.attendees.find((entry) => entry.registration_id === item.registrationId);
      if (attendee) {
        merged = withAttendee(
          merged,
          markedLocally(attendee, manilaDateString(new Date(item.scanned_at)), item.session, item.scanned_at),
        );
      }
    }
    setList(merged);
  }, [eventId, setList]);

  /** Sends the queue in order; stops at the first network failure and keeps the rest. */
  const sync = useCallback(async () => {
    if (syncing.current || queueRef.current.length === 0) return;
    syncing.current = true;
    try {
      for (const item of [...queueRef.current]) {
        try {
          const { id: _id, name: _name, ...request } = item;
          const result = await sendCheckIn(eventId, request);
          if (listRef.current) setList(withAttendee(listRef.current, result.attendee));
          // The card still showing this check-in now says it was sent.
          setFeedback((shown) =>
            shown?.queued && shown.attendee?.registration_id === item.registrationId
              ? { kind: 'admit', attendee: result.attendee, queued: false, sent: true }
              : shown,
          );
        } catch (error) {
          if (isNetworkFailure(error)) return;
          // The server would not take it (the ticket was replaced, the fee fell due…): staff are told.
          const message = error instanceof ApiError ? error.error : CHECK_IN_MESSAGES.ticketInvalid;
          setSyncRefusals((refusals) => [...refusals, `${item.name}: ${message}`]);
        }
        setQueue(queueRef.current.filter((entry) => entry.id !== item.id));
      }
      await refreshList().catch(() => undefined);
    } finally {
      syncing.current = false;
    }
  }, [eventId, refreshList, setList, setQueue]);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const [stored, waiting] = await Promise.all([loadList(eventId), loadQueue(eventId)]);
      if (cancelled) return;
      queueRef.current = waiting;
      setQueueState(waiting);
      if (stored) {
        listRef.current = stored;
        setListState(stored);
      }
      try {
        await refreshList();
      } catch (error) {
        if (cancelled) return;
        if (error instanceof ApiError && error.status !== 0) setLoadError(error.error);
        else if (!stored) setLoadError('The attendee list could not be downloaded. Connect and try again.');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [eventId, refreshList]);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    // The card of the last scan (a refusal, say) was the server's answer: offline, the next
    // answer is the phone's, so the card goes rather than stand for it.
    const goOffline = () => {
      setOnline(false);
      setFeedback(null);
    };
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const timer = window.setInterval(() => {
      if (navigator.onLine) void sync();
    }, SYNC_EVERY_MS);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.clearInterval(timer);
    };
  }, [sync]);

  const activeSession = list ? (session ?? currentCheckInSession(list.event)) : null;
  const today = manilaDateString();

  /** One check-in: the server's answer when it can be reached, else the list's, queued. */
  const checkIn = async (request: { token: string } | { registrationId: string }) => {
    const current = listRef.current;
    if (!current || !activeSession || busy) return;
    setBusy(true);
    try {
      if (navigator.onLine) {
        try {
          const result = await sendCheckIn(eventId, { ...request, session: activeSession } as CheckInRequest);
          setList(withAttendee(current, result.attendee));
          setFeedback(
            result.already_checked_in
              ? { kind: 'duplicate', attendee: result.attendee, at: result.checked_in_at }
              : { kind: 'admit', attendee: result.attendee },
          );
          if (queueRef.current.length > 0) void sync();
          return;
        } catch (error) {
          if (!isNetworkFailure(error)) {
            setFeedback({
              kind: 'refused',
              message: error instanceof ApiError ? error.error : CHECK_IN_MESSAGES.ticketInvalid,
            });
            return;
          }
        }
      }
      setFeedback(await checkInOffline(current, request, activeSession));
    } finally {
      setBusy(false);
    }
  };

  const checkInOffline = async (
    current: CheckInList,
    request: { token: string } | { registrationId: string },
    at: CheckInSession,
  ): Promise<Feedback> => {
    let answer: DoorAnswer;
    if ('token' in request) {
      answer = await attendeeOfTicket(current, request.token);
    } else {
      const attendee = current.attendees.find((entry) => entry.registration_id === request.registrationId);
      answer = attendee
        ? { kind: 'admit', attendee }
        : { kind: 'refused', message: CHECK_IN_MESSAGES.ticketInvalid };
    }
    if (answer.kind !== 'admit') return answer;
    answer = answerFor(answer.attendee, today, at);
    if (answer.kind !== 'admit') return answer;
    const scannedAt = new Date().toISOString();
    const marked = markedLocally(answer.attendee, today, at, scannedAt);
    setList(withAttendee(current, marked));
    setQueue([
      ...queueRef.current,
      {
        id: crypto.randomUUID(),
        registrationId: answer.attendee.registration_id,
        session: at,
        scanned_at: scannedAt,
        name: answer.attendee.name,
      },
    ]);
    return { kind: 'admit', attendee: marked, queued: true };
  };

  // Back to the attendees for the events staff (decision 060); per-event check-in staff to their profile.
  const backTo = mayOpenEvents ? paths.adminEventAttendees(eventId) : paths.profile;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-5">
      <Link
        to={backTo}
        className="inline-flex items-center gap-1 text-brand-700 text-sm underline underline-offset-4"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {mayOpenEvents ? 'Attendees' : 'Profile'}
      </Link>
      <h1 className="mt-3 font-display font-semibold text-2xl text-stone-900 [overflow-wrap:anywhere]">
        {list ? list.event.title : 'Check-in'}
      </h1>
      {list && (
        <p className="text-stone-600">
          Check-in · {formatDate(list.event.start_date)}
          {list.event.end_date && list.event.end_date !== list.event.start_date
            ? ` to ${formatDate(list.event.end_date)}`
            : ''}
        </p>
      )}

      <ConnectionBar online={online} waiting={queue.length} />

      {loadError && (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 font-semibold text-red-800"
        >
          {loadError}
        </p>
      )}
      {!list && !loadError && <p className="mt-6 text-stone-600">Downloading the attendee list…</p>}

      {list && activeSession && (
        <>
          {!list.event.days.includes(today) && (
            <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
              {CHECK_IN_MESSAGES.outsideEventDays}: {list.event.days.map((day) => formatDate(day)).join(', ')}
              .
            </p>
          )}
          <SessionPicker sessions={list.event.sessions} value={activeSession} onChange={setSession} />
          <p className="mt-3 text-stone-700" aria-live="polite">
            <span className="font-semibold text-stone-900">{countCheckedIn(list, today, activeSession)}</span>{' '}
            of {list.attendees.filter((attendee) => attendee.ticket_check !== null).length} checked in for{' '}
            {CHECK_IN_SESSION_LABELS[activeSession].toLowerCase()} today
          </p>

          <FeedbackPanel feedback={feedback} />

          <div className="mt-5 grid gap-3">
            <QrCamera onScan={(token) => checkIn({ token })} />
            <PhotoScan
              onScan={(token) => checkIn({ token })}
              onFailure={(message) => setFeedback({ kind: 'refused', message })}
            />
          </div>

          <NameSearch
            list={list}
            onPick={(attendee) => checkIn({ registrationId: attendee.registration_id })}
            busy={busy}
            isIn={(attendee) => isCheckedIn(attendee, today, activeSession)}
          />

          {syncRefusals.length > 0 && (
            <section
              aria-label="Not accepted when sent"
              className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4"
            >
              <h2 className="font-semibold text-red-800">Not accepted when sent</h2>
              <ul className="mt-2 list-disc pl-5 text-red-800">
                {syncRefusals.map((refusal) => (
                  <li key={refusal}>{refusal}</li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

function ConnectionBar({ online, waiting }: { online: boolean; waiting: number }) {
  if (online && waiting === 0) {
    return <p className="mt-3 text-sm text-emerald-800">Online · every check-in is saved</p>;
  }
  return (
    <p
      role="status"
      className="mt-3 flex items-center gap-2 rounded-xl bg-stone-900 px-4 py-3 font-semibold text-white"
    >
      {!online && <WifiOff aria-hidden="true" className="size-5 shrink-0" />}
      {online
        ? `Sending ${waiting} waiting check-in${waiting === 1 ? '' : 's'}…`
        : `Offline — ${waiting} check-in${waiting === 1 ? '' : 's'} waiting`}
    </p>
  );
}

function SessionPicker({
  sessions,
  value,
  onChange,
}: {
  sessions: CheckInSession[];
  value: CheckInSession;
  onChange: (session: CheckInSession) => void;
}) {
  if (sessions.length === 1) {
    return <p className="mt-4 font-semibold text-stone-900">Session: {CHECK_IN_SESSION_LABELS[value]}</p>;
  }
  return (
    <fieldset className="mt-4">
      <legend className="font-semibold text-stone-900">Session</legend>
      <div className="mt-2 grid grid-cols-2 gap-2">
        {sessions.map((session) => (
          <label
            key={session}
            className={`flex h-12 cursor-pointer items-center justify-center rounded-lg border font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
              value === session
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-stone-300 bg-white text-stone-800'
            }`}
          >
            <input
              type="radio"
              name="session"
              value={session}
              checked={value === session}
              onChange={() => onChange(session)}
              className="sr-only"
            />
            {CHECK_IN_SESSION_LABELS[session]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const FEEDBACK_LOOKS = {
  admit: {
    box: 'border-emerald-600 bg-emerald-50 text-emerald-950',
    icon: CircleCheck,
    title: CHECK_IN_MESSAGES.checkedIn,
  },
  duplicate: {
    box: 'border-amber-500 bg-amber-50 text-amber-950',
    icon: CircleAlert,
    title: CHECK_IN_MESSAGES.alreadyCheckedIn,
  },
  refused: { box: 'border-red-600 bg-red-50 text-red-950', icon: CircleX, title: 'Not admitted' },
} as const;

function FeedbackPanel({ feedback }: { feedback: Feedback | null }) {
  return (
    <div aria-live="assertive" className="mt-4">
      {feedback && <FeedbackCard feedback={feedback} />}
    </div>
  );
}

function FeedbackCard({ feedback }: { feedback: Feedback }) {
  const look = FEEDBACK_LOOKS[feedback.kind];
  const Icon = look.icon;
  const attendee = feedback.attendee;
  return (
    <div
      data-testid="check-in-feedback"
      data-kind={feedback.kind}
      className={`rounded-2xl border-4 p-5 ${look.box}`}
    >
      <p className="flex items-center gap-3 font-bold text-2xl">
        <Icon aria-hidden="true" className="size-9 shrink-0" />
        {look.title}
      </p>
      {attendee && (
        <div className="mt-3">
          <p className="font-semibold text-xl [overflow-wrap:anywhere]">{attendee.name}</p>
          {attendee.company && <p className="[overflow-wrap:anywhere]">{attendee.company}</p>}
          <AttendeeFacts attendee={attendee} />
        </div>
      )}
      {feedback.kind === 'refused' && <p className="mt-2 font-semibold text-lg">{feedback.message}</p>}
      {feedback.kind === 'duplicate' && (
        <p className="mt-2">First scanned at {formatTimeOfDay(feedback.at)}</p>
      )}
      {feedback.kind === 'admit' && feedback.queued && (
        <p className="mt-2 text-sm">{CHECK_IN_MESSAGES.savedOnPhone}</p>
      )}
      {feedback.kind === 'admit' && feedback.sent && (
        <p className="mt-2 text-sm">{CHECK_IN_MESSAGES.sentAfterSync}</p>
      )}
    </div>
  );
}

function AttendeeFacts({ attendee }: { attendee: DoorAttendee }) {
  return (
    <p className="mt-1 text-sm">
      {[attendee.tier_name, attendee.payment ? REGISTRATION_PAYMENT_LABELS[attendee.payment] : null]
        .filter(Boolean)
        .join(' · ') || 'No fee'}
    </p>
  );
}

/** The fallback when the camera cannot be used: a photo of the ticket, decoded on the phone. */
function PhotoScan({
  onScan,
  onFailure,
}: {
  onScan: (token: string) => void;
  onFailure: (message: string) => void;
}) {
  const [reading, setReading] = useState(false);
  return (
    <label
      className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full cursor-pointer' })}
    >
      <ImageUp aria-hidden="true" className="size-5" />
      {reading ? 'Reading the photo…' : 'Upload a photo of the ticket'}
      <input
        type="file"
        accept="image/*"
        className="sr-only"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setReading(true);
          try {
            onScan(await readQrFromImage(file));
          } catch {
            onFailure('No QR code could be read from this photo');
          } finally {
            setReading(false);
          }
        }}
      />
    </label>
  );
}

function NameSearch({
  list,
  onPick,
  busy,
  isIn,
}: {
  list: CheckInList;
  onPick: (attendee: DoorAttendee) => void;
  busy: boolean;
  /** Already in for the session: shown as in, with no "Check in" to press again. */
  isIn: (attendee: DoorAttendee) => boolean;
}) {
  const [text, setText] = useState('');
  const found = searchAttendees(list, text);
  return (
    <section aria-labelledby="search-heading" className="mt-6">
      <h2 id="search-heading" className="font-semibold text-stone-900">
        Search by name
      </h2>
      <div className="relative mt-2">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-3.5 left-3 size-5 text-stone-500"
        />
        <input
          type="search"
          aria-label="Search attendees by name or company"
          placeholder="Name or company"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="h-12 w-full rounded-lg border border-stone-300 bg-white pr-3 pl-10 text-base"
        />
      </div>
      {found.length > 0 && (
        <ul className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {found.map((attendee) => (
            <li key={attendee.registration_id} className="flex items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{attendee.name}</p>
                {attendee.company && <p className="text-sm text-stone-600">{attendee.company}</p>}
                <AttendeeFacts attendee={attendee} />
              </div>
              {isIn(attendee) ? (
                <span className="inline-flex items-center gap-1 font-semibold text-emerald-800">
                  <CircleCheck aria-hidden="true" className="size-5" />
                  {CHECK_IN_MESSAGES.inForSession}
                </span>
              ) : (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onPick(attendee)}
                  aria-label={`Check in ${attendee.name}`}
                  className={buttonClasses({ variant: 'primary' })}
                >
                  Check in
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
