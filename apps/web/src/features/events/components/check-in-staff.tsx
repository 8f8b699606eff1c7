import { CHECK_IN_MESSAGES } from '@portal/shared';
import { QrCode, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAccountSearch, useChangeStaff, useEventStaff } from '../api/check-in';

/**
 * The event's check-in staff on its attendee page (docs/product-rules.md "Check-in"): any account,
 * found by name or e-mail, may run this event's check-in page and nothing else.
 */
export function CheckInStaff({ eventId }: { eventId: string }) {
  const staff = useEventStaff(eventId);
  const change = useChangeStaff(eventId);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const accounts = useAccountSearch(search);
  const staffIds = new Set(staff.data?.map((member) => member.user_id));
  const failure = change.error instanceof ApiError ? change.error.error : change.error?.message;

  return (
    <section
      aria-labelledby="staff-heading"
      className="mb-8 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="staff-heading" className="font-semibold text-lg text-stone-900">
          Check-in staff
        </h2>
        <Link
          to={paths.adminEventCheckIn(eventId)}
          className={buttonClasses({ variant: 'primary', size: 'sm' })}
        >
          <QrCode aria-hidden="true" className="size-4" />
          Open check-in
        </Link>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        Staff open this event’s check-in page on their phone, and nothing else of the admin area.
      </p>
      {staff.data && staff.data.length === 0 && <p className="mt-3 text-stone-700">No staff yet.</p>}
      {staff.data && staff.data.length > 0 && (
        <ul className="mt-3 divide-y divide-stone-200">
          {staff.data.map((member) => (
            <li key={member.user_id} className="flex items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-stone-900">{member.name}</p>
                <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{member.email}</p>
              </div>
              <button
                type="button"
                onClick={() => change.mutate({ userId: member.user_id, remove: true })}
                disabled={change.isPending}
                aria-label={`Remove ${member.name}`}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                <X aria-hidden="true" className="size-4" />
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="mt-4 block">
        <span className="font-medium text-sm text-stone-800">
          Add staff: search an account by name or e-mail
        </span>
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Name or e-mail"
          className="mt-1 h-11 w-full rounded-lg border border-stone-300 px-3"
        />
      </label>
      {accounts.data && search.length >= 2 && (
        <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200">
          {accounts.data.length === 0 && (
            <li className="p-3 text-stone-600">{CHECK_IN_MESSAGES.staffNotFound}</li>
          )}
          {accounts.data.map((account) => (
            <li key={account.id} className="flex items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-stone-900">{account.display_name}</p>
                <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{account.email}</p>
              </div>
              {staffIds.has(account.id) ? (
                <span className="text-sm text-stone-600">Staff</span>
              ) : (
                <button
                  type="button"
                  onClick={() => change.mutate({ userId: account.id }, { onSuccess: () => setText('') })}
                  disabled={change.isPending}
                  aria-label={`Add ${account.display_name}`}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  <UserPlus aria-hidden="true" className="size-4" />
                  Add
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {failure && (
        <p role="alert" className="mt-2 text-red-800 text-sm">
          {failure}
        </p>
      )}
    </section>
  );
}
