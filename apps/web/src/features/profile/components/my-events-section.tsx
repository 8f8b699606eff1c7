import {
  CHECK_IN_SESSION_LABELS,
  formatDate,
  formatTime,
  type MyEvent,
  REGISTRATION_PAYMENT_LABELS,
  sitePaths,
} from '@portal/shared';
import { QrCode, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { buildApiUrl } from '@/lib/api-client';
import { useMyEvents, useRenewTicket } from '../api/my-events';

const STATUS_LABELS: Record<MyEvent['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Not approved',
  expired: 'Seat released',
};

/**
 * "My events" on /profile (docs/product-rules.md "Check-in"): the person's registrations, each with
 * its ticket's QR code large enough to scan from the phone's screen, and "Get a new ticket"; and
 * the events whose check-in they run as staff.
 */
export function MyEventsSection() {
  const mine = useMyEvents();
  const renew = useRenewTicket();
  const [renewing, setRenewing] = useState<MyEvent | null>(null);

  if (mine.isPending) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (mine.isError) {
    return (
      <p role="alert" className="text-red-800">
        {mine.error.message}
      </p>
    );
  }
  const { registrations, staff_events } = mine.data;
  return (
    <div className="space-y-6">
      {staff_events.length > 0 && (
        <div className="rounded-xl border border-brand-200 bg-brand-50 p-4">
          <p className="font-semibold text-stone-900">You run check-in at</p>
          <ul className="mt-2 space-y-2">
            {staff_events.map((event) => (
              <li key={event.id}>
                <Link
                  to={sitePaths.adminEventCheckIn(event.id)}
                  className="inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-4"
                >
                  <QrCode aria-hidden="true" className="size-4" />
                  {event.title} · {formatDate(event.start_date)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {registrations.length === 0 ? (
        <p className="text-stone-600">
          You have not registered for any events yet.{' '}
          <Link to={sitePaths.events} className="font-semibold text-brand-700 underline underline-offset-4">
            See upcoming events
          </Link>
        </p>
      ) : (
        <ul className="space-y-4">
          {registrations.map((registration) => (
            <li key={registration.registration_id} className="rounded-xl border border-stone-200 p-4">
              <MyEventCard registration={registration} onRenew={() => setRenewing(registration)} />
            </li>
          ))}
        </ul>
      )}
      {renew.isError && (
        <p role="alert" className="text-red-800 text-sm">
          {renew.error.message}
        </p>
      )}
      <ConfirmDialog
        open={renewing !== null}
        title="Get a new ticket"
        text="Your current ticket (in the e-mail and any screenshot) will stop working. Use the new one at the door."
        confirmLabel="Get a new ticket"
        pending={renew.isPending}
        onConfirm={() =>
          renewing && renew.mutate(renewing.registration_id, { onSettled: () => setRenewing(null) })
        }
        onCancel={() => setRenewing(null)}
      />
    </div>
  );
}

function MyEventCard({ registration, onRenew }: { registration: MyEvent; onRenew: () => void }) {
  const { event } = registration;
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      <div className="min-w-0 flex-1">
        <Link
          to={sitePaths.eventDetail(event.id)}
          className="font-semibold text-lg text-stone-900 underline-offset-4 hover:underline [overflow-wrap:anywhere]"
        >
          {event.title}
        </Link>
        <p className="text-stone-600">
          {formatDate(event.start_date)}
          {event.end_date && event.end_date !== event.start_date ? ` to ${formatDate(event.end_date)}` : ''}
          {event.start_time ? ` · ${formatTime(event.start_time)}` : ''}
          {event.location_name ? ` · ${event.location_name}` : ''}
        </p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-stone-600">Name</dt>
          <dd className="text-stone-900">{registration.name}</dd>
          {registration.tier_name && (
            <>
              <dt className="font-medium text-stone-600">Tier</dt>
              <dd className="text-stone-900">{registration.tier_name}</dd>
            </>
          )}
          <dt className="font-medium text-stone-600">Status</dt>
          <dd>
            <StatusBadge tone={toneOfStatus(registration.status)} asWritten>
              {STATUS_LABELS[registration.status]}
            </StatusBadge>
          </dd>
          <dt className="font-medium text-stone-600">Payment</dt>
          <dd className="text-stone-900">
            {registration.payment ? REGISTRATION_PAYMENT_LABELS[registration.payment] : 'No fee'}
          </dd>
          {registration.check_ins.length > 0 && (
            <>
              <dt className="font-medium text-stone-600">Checked in</dt>
              <dd className="text-stone-900">
                {registration.check_ins
                  .map(
                    (mark) =>
                      `${formatDate(mark.day)} ${CHECK_IN_SESSION_LABELS[mark.session].toLowerCase()}`,
                  )
                  .join(', ')}
              </dd>
            </>
          )}
          {event.certification_provided && (
            <>
              <dt className="font-medium text-stone-600">CPD</dt>
              <dd>
                <a
                  href="#cpd"
                  className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
                >
                  Evaluation and certificate
                </a>
              </dd>
            </>
          )}
        </dl>
      </div>
      {registration.has_ticket ? (
        <div className="flex flex-col items-center gap-3">
          {/* 264 CSS pixels: a phone held up to a scanner reads it from its screen. */}
          <img
            src={buildApiUrl(`/events/registrations/${registration.registration_id}/ticket.png`, {
              v: String(registration.ticket_version),
            })}
            alt={`Ticket for ${event.title}: show this QR code at the door`}
            width={264}
            height={264}
            className="size-66 rounded-lg bg-white ring-1 ring-stone-200"
          />
          <button
            type="button"
            onClick={onRenew}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Get a new ticket
          </button>
        </div>
      ) : (
        <p className="text-sm text-stone-600 sm:w-48">
          {registration.status === 'pending'
            ? 'Your ticket appears here once the registration is confirmed.'
            : 'No ticket for this registration.'}
        </p>
      )}
    </div>
  );
}
