import { type AccountSession, formatDateTime } from '@portal/shared';
import Bowser from 'bowser';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useAccountSessions, useSignOutSession } from '../api/account-sessions';

type Notify = (notice: { variant: 'success' | 'error'; title: string; text: string }) => void;

const UNKNOWN_DEVICE = 'Unknown device';

/** "Firefox on Linux", from the user agent the session signed in with (bowser reads it). */
export function deviceOf(userAgent: string | null): { label: string; type: string } {
  if (!userAgent) return { label: UNKNOWN_DEVICE, type: 'desktop' };
  const parsed = Bowser.parse(userAgent);
  // bowser answers '' as well as undefined for what it cannot name (e.g. a script's agent).
  const browser = parsed.browser.name || undefined;
  const os = parsed.os.name || undefined;
  const label = browser && os ? `${browser} on ${os}` : (browser ?? os ?? UNKNOWN_DEVICE);
  return { label, type: parsed.platform.type ?? 'desktop' };
}

function DeviceIcon({ type }: { type: string }) {
  const Icon = type === 'mobile' ? Smartphone : type === 'tablet' ? Tablet : Monitor;
  return <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-stone-500" />;
}

/**
 * "Where you're signed in" on /profile (docs/product-rules.md "Accounts"): every session that
 * still signs this account in, this device marked; any other can be signed out, one or all.
 */
export function AccountSessionsSection({ notify }: { notify: Notify }) {
  const sessions = useAccountSessions();
  const signOut = useSignOutSession();
  if (sessions.isPending) return <Skeleton className="h-32" />;
  if (sessions.isError) {
    return (
      <p role="alert" className="text-red-800">
        {sessions.error.message}
      </p>
    );
  }
  const others = sessions.data.filter((session) => !session.current);
  const run = (target: string) =>
    signOut.mutate(target, {
      onSuccess: (text) => notify({ variant: 'success', title: 'Signed Out', text }),
      onError: (error) =>
        notify({
          variant: 'error',
          title: 'Not Signed Out',
          text: error instanceof ApiError ? error.error : 'Please try again.',
        }),
    });
  return (
    <div className="space-y-5">
      <ul className="divide-y divide-stone-200 border-stone-200 border-y">
        {sessions.data.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            pending={signOut.isPending && signOut.variables === session.id}
            disabled={signOut.isPending}
            onSignOut={() => run(session.id)}
          />
        ))}
      </ul>
      {others.length > 0 && (
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          disabled={signOut.isPending}
          onClick={() => run('others')}
        >
          Sign out of all other sessions
        </button>
      )}
    </div>
  );
}

function SessionRow({
  session,
  pending,
  disabled,
  onSignOut,
}: {
  session: AccountSession;
  pending: boolean;
  disabled: boolean;
  onSignOut: () => void;
}) {
  const device = deviceOf(session.userAgent);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4">
      <div className="flex min-w-0 gap-3">
        <DeviceIcon type={device.type} />
        <div className="min-w-0 space-y-1">
          <p className="font-medium text-stone-900">
            {device.label}
            {session.current && (
              <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900 text-xs">
                This device
              </span>
            )}
          </p>
          <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">
            IP address {session.ip ?? 'unknown'}
          </p>
          <p className="text-sm text-stone-600">Signed in {formatDateTime(session.createdAt)}</p>
          <p className="text-sm text-stone-600">Last used {formatDateTime(session.lastUsedAt)}</p>
        </div>
      </div>
      {!session.current && (
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          disabled={disabled}
          aria-label={`Sign out ${device.label}, signed in ${formatDateTime(session.createdAt)}`}
          onClick={onSignOut}
        >
          {pending ? 'Signing out…' : 'Sign out'}
        </button>
      )}
    </li>
  );
}
