import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link } from 'react-router';
import { RecoveryCodesPanel } from '@/components/two-factor/recovery-codes-panel';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogPanel } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { twoStepSetupPath } from '@/lib/two-factor';
import { useRegenerateRecoveryCodes, useTurnOffTwoFactor, useTwoFactorStatus } from '../api/two-factor';

type Notify = (notice: { variant: 'success' | 'error'; title: string; text: string }) => void;

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.error : 'Something went wrong. Please try again.';

/**
 * "Two-step sign-in" on /profile (decision 061): off, a way to set it up; on, how many recovery
 * codes are left, new ones, and (for members only: staff must keep it) a way to turn it off. The
 * server asks "Confirm it's you" first when the last code is older than fifteen minutes.
 */
export function TwoFactorSection({ notify }: { notify: Notify }) {
  const status = useTwoFactorStatus();
  const regenerate = useRegenerateRecoveryCodes();
  const turnOff = useTurnOffTwoFactor();
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);

  if (status.isPending) return <Skeleton className="h-24" />;
  if (status.isError) {
    return (
      <p role="alert" className="text-red-800">
        {failureText(status.error)}
      </p>
    );
  }
  const { totp, recoveryCodesLeft, required } = status.data;

  if (!totp) {
    return (
      <div className="space-y-4">
        <p className="flex flex-wrap items-center gap-3 text-stone-700">
          <StatusBadge tone="gray" asWritten>
            Off
          </StatusBadge>
          {required
            ? 'Staff accounts must set up two-step sign-in first.'
            : 'Sign in with a code from an authenticator app as well as your password.'}
        </p>
        <Link to={twoStepSetupPath(paths.profile)} className={buttonClasses({ variant: 'primary' })}>
          Set up
        </Link>
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <dl className="space-y-2 text-stone-700">
        <div className="flex flex-wrap items-center gap-3">
          <dt className="sr-only">Status</dt>
          <dd>
            <StatusBadge tone="green" asWritten>
              On
            </StatusBadge>
          </dd>
          <dd>You sign in with a code from your authenticator app.</dd>
        </div>
        <div className="flex gap-2">
          <dt>Recovery codes left:</dt>
          <dd className="font-semibold text-stone-900">{recoveryCodesLeft}</dd>
        </div>
      </dl>
      {required && <p className="text-sm text-stone-600">Staff accounts keep two-step sign-in on.</p>}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={regenerate.isPending}
          onClick={() =>
            regenerate.mutate(undefined, {
              onSuccess: setNewCodes,
              onError: (error) =>
                notify({ variant: 'error', title: 'No New Recovery Codes', text: failureText(error) }),
            })
          }
          className={buttonClasses({ variant: 'secondary' })}
        >
          {regenerate.isPending ? 'Making codes…' : 'New recovery codes'}
        </button>
        {!required && (
          <button
            type="button"
            onClick={() => setConfirmingOff(true)}
            className={buttonClasses({ variant: 'secondary' })}
          >
            Turn off
          </button>
        )}
      </div>

      <ConfirmDialog
        open={confirmingOff}
        title="Turn off two-step sign-in?"
        text="You will sign in with your password only, and your recovery codes stop working."
        confirmLabel="Turn Off"
        tone="danger"
        pending={turnOff.isPending}
        onCancel={() => setConfirmingOff(false)}
        onConfirm={() =>
          turnOff.mutate(undefined, {
            onSuccess: () => {
              setConfirmingOff(false);
              notify({ variant: 'success', title: 'Two-Step Sign-In Off', text: 'Two-step sign-in is off.' });
            },
            onError: (error) => {
              setConfirmingOff(false);
              notify({ variant: 'error', title: 'Not Turned Off', text: failureText(error) });
            },
          })
        }
      />

      <Dialog.Root open={newCodes !== null} onOpenChange={(open) => !open && setNewCodes(null)}>
        <DialogPanel aria-describedby={undefined}>
          <Dialog.Title className="mb-4 font-display font-semibold text-stone-900 text-xl">
            Your new recovery codes
          </Dialog.Title>
          {newCodes && <RecoveryCodesPanel codes={newCodes} onDone={() => setNewCodes(null)} />}
        </DialogPanel>
      </Dialog.Root>
    </div>
  );
}
