import { EVENT_FORM_NOTICES, type UserEvent } from '@portal/shared';
import { Check, X } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { formatDate } from '@/lib/format';
import { useDecideRegistration } from '../api/admin-events';

type RegistrationsPanelProps = {
  eventId: string;
  registrations: UserEvent[];
  pendingCount: number;
  onDecided: (text: string) => void;
  onFailed: (text: string) => void;
};

/**
 * The event's registrations in the admin view (spec 001 §2, §4): username and status, Approve and
 * Reject for pending ones only, and the pending count. A decision shows at once and is undone if
 * the server refuses it.
 */
export function RegistrationsPanel({
  eventId,
  registrations,
  pendingCount,
  onDecided,
  onFailed,
}: RegistrationsPanelProps) {
  const decide = useDecideRegistration();
  const act = (registration: UserEvent, status: 'approved' | 'rejected') =>
    decide.mutate(
      { eventId, userId: registration.userId, status },
      {
        onSuccess: () => onDecided(EVENT_FORM_NOTICES.registrationUpdated(status)),
        onError: () => onFailed(EVENT_FORM_NOTICES.registrationFailed),
      },
    );

  return (
    <section aria-labelledby="registrations-heading">
      <div className="flex items-center justify-between gap-3">
        <h3 id="registrations-heading" className="font-semibold text-lg text-stone-900">
          User Registrations
        </h3>
        <StatusBadge tone={pendingCount > 0 ? 'yellow' : 'gray'}>{pendingCount} pending</StatusBadge>
      </div>
      {registrations.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No registrations yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200">
          {registrations.map((registration) => (
            <li key={registration.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div>
                <p className="font-medium text-stone-900">{registration.profiles.username}</p>
                <p className="text-stone-600 text-xs">Registered {formatDate(registration.created_at)}</p>
              </div>
              <div className="flex items-center gap-2">
                <StatusBadge tone={toneOfStatus(registration.status)}>{registration.status}</StatusBadge>
                {registration.status === 'pending' && (
                  <>
                    <button
                      type="button"
                      disabled={decide.isPending}
                      onClick={() => act(registration, 'approved')}
                      aria-label={`Approve ${registration.profiles.username}`}
                      className={buttonClasses({ variant: 'primary', size: 'sm' })}
                    >
                      <Check aria-hidden="true" className="size-4" />
                      Approve
                    </button>
                    <button
                      type="button"
                      disabled={decide.isPending}
                      onClick={() => act(registration, 'rejected')}
                      aria-label={`Reject ${registration.profiles.username}`}
                      className={buttonClasses({ variant: 'danger', size: 'sm' })}
                    >
                      <X aria-hidden="true" className="size-4" />
                      Reject
                    </button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
