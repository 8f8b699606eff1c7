import {
  EVENT_PRICE_MESSAGES,
  type EventDetail,
  formatCentavos,
  formatDateTime,
  type MyRegistrationDetail,
  REGISTRATION_PAYMENT_LABELS,
  registrationPaymentState,
  sitePaths,
  waitlistPositionText,
} from '@portal/shared';
import { Hourglass, Ticket, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { useRegistration } from '../api/registration';
import { useWaitlist } from '../api/waitlist';
import { TierPicker } from './tier-picker';

const registrationStatusText = {
  pending: 'Your registration is pending approval.',
  approved: 'Your registration is approved. See you there!',
  rejected: 'Your registration was not approved.',
  expired: 'Your seat was released: the fee was not paid in time. You may register again.',
} as const;

/**
 * The signed-in member's part of an event's registration panel (docs/product-rules.md "Event
 * registration" and "Waitlist"): their status and place on the waitlist, what they owe, and the
 * buttons to register (with the tier picker), withdraw, join or leave the waitlist. The event page
 * keeps what a guest sees too (the seats left, and `closedNotice`, shown here between the member's
 * status and what they owe) and decides `open` and `full`.
 */
export function MemberRegistration({
  event,
  open,
  full,
  closedNotice,
}: {
  event: EventDetail;
  open: boolean;
  full: boolean;
  closedNotice: ReactNode;
}) {
  const { register, withdraw } = useRegistration(event.id);
  const { join, leave } = useWaitlist(event.id);
  const waitlist = event.my_waitlist;
  const failure = register.error ?? withdraw.error ?? join.error ?? leave.error;
  const busy = register.isPending || withdraw.isPending || join.isPending || leave.isPending;
  // A member whose unpaid seat was released may register again.
  const canRegister = event.my_registration === null || event.my_registration === 'expired';

  const actionButton = (
    label: string,
    onClick: () => void,
    variant: 'primary' | 'secondary' = 'secondary',
  ) => (
    <button
      type="button"
      disabled={busy}
      onClick={onClick}
      className={buttonClasses({ variant, className: 'w-full' })}
    >
      {label}
    </button>
  );

  const action = () => {
    if (!open) return null;
    if (!canRegister) {
      return event.my_registration === 'rejected'
        ? null
        : actionButton('Withdraw Registration', () => withdraw.mutate());
    }
    if (waitlist?.state === 'waiting') return actionButton('Leave the waitlist', () => leave.mutate());
    if (full) return actionButton('Join the waitlist', () => join.mutate(), 'primary');
    return (
      <>
        {event.price_tiers.length > 0 ? (
          <TierPicker
            tiers={event.price_tiers}
            busy={busy}
            error={register.error}
            onRegister={(request) => register.mutate(request)}
          />
        ) : (
          actionButton('Register', () => register.mutate({}), 'primary')
        )}
        {waitlist?.state === 'offered' && actionButton('Leave the waitlist', () => leave.mutate())}
      </>
    );
  };

  return (
    <>
      {event.my_registration && (
        <p role="status" className="flex items-start gap-2 font-medium text-stone-900">
          <User aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>
            <StatusBadge tone={toneOfStatus(event.my_registration)}>{event.my_registration}</StatusBadge>{' '}
            {event.my_registration === 'pending' &&
            event.my_registration_detail &&
            event.my_registration_detail.balance > 0
              ? 'Your seat is held until the fee is paid.'
              : registrationStatusText[event.my_registration]}
          </span>
        </p>
      )}
      {open && canRegister && waitlist?.state === 'waiting' && waitlist.position && (
        <p role="status" className="flex items-start gap-2 font-medium text-stone-900">
          <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          {waitlistPositionText(waitlist.position)}
        </p>
      )}
      {open && canRegister && waitlist?.state === 'offered' && (
        <p role="status" className="flex items-start gap-2 font-medium text-stone-900">
          <Ticket aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />A seat is held for
          you until {formatDateTime(waitlist.offer_expires_at)}. Register to take it.
        </p>
      )}
      {closedNotice}
      {event.my_registration_detail && <RegistrationPayment detail={event.my_registration_detail} />}
      {action()}
      {failure && Object.keys(serverFieldErrors(failure)).length === 0 && (
        <p role="alert" className="font-medium text-red-700">
          {failure instanceof ApiError ? failure.error : 'Something went wrong. Please try again.'}
        </p>
      )}
    </>
  );
}

/**
 * What the member owes for their registration (docs/product-rules.md "Event prices"): the tier,
 * and while the seat is held unpaid, until when and where to pay its statement.
 */
function RegistrationPayment({ detail }: { detail: MyRegistrationDetail }) {
  if (detail.tier_name === null && detail.statement_id === null) return null;
  // Approved before it was paid, a fee is still due (decision 074): the ticket follows the payment.
  const awaiting = (detail.status === 'pending' || detail.status === 'approved') && detail.balance > 0;
  const state = REGISTRATION_PAYMENT_LABELS[registrationPaymentState(detail)];
  return (
    <div className="space-y-2 rounded-lg border border-brand-200 bg-white p-3">
      <p>
        {detail.tier_name ?? 'Registration fee'}
        {detail.amount > 0 && ` · ${formatCentavos(detail.amount)}`} · <strong>{state}</strong>
      </p>
      {awaiting && (
        <p className="font-medium text-stone-900">
          {detail.hold_expires_at
            ? EVENT_PRICE_MESSAGES.heldUntil(formatDateTime(detail.hold_expires_at))
            : EVENT_PRICE_MESSAGES.payAtDoor}
        </p>
      )}
      {awaiting && detail.statement_number && (
        <>
          <p>Statement {detail.statement_number}</p>
          <Link
            to={`${sitePaths.profile}#dues`}
            className={buttonClasses({ variant: 'primary', className: 'w-full' })}
          >
            Pay {formatCentavos(detail.balance)}
          </Link>
        </>
      )}
    </div>
  );
}
