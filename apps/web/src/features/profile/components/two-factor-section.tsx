import type { PasskeyRegistered } from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddPasskeyForm, PasskeyList } from '@/components/two-factor/passkeys-panel';
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
 * "Two-step sign-in" on /profile (decision 061): off, a way to set it up with the app or a
 * passkey; on, the authenticator app (and a way to turn it off), the passkeys (listed, added,
 * removed), how many recovery codes are left and new ones. Staff keep at least one second factor
 * (the server refuses the last). The server asks "Confirm it's you" first when the last check is
 * older than fifteen minutes.
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
  const passkeys = status.data.passkeys ?? 0;
  const codesDialog = (
    <Dialog.Root open={newCodes !== null} onOpenChange={(open) => !open && setNewCodes(null)}>
      <DialogPanel aria-describedby={undefined}>
        <Dialog.Title className="mb-4 font-display font-semibold text-stone-900 text-xl">
          Your new recovery codes
        </Dialog.Title>
        {newCodes && <RecoveryCodesPanel codes={newCodes} onDone={() => setNewCodes(null)} />}
      </DialogPanel>
    </Dialog.Root>
  );
  const passkeyAdded = ({ passkey, recoveryCodes }: PasskeyRegistered) => {
    if (recoveryCodes) setNewCodes(recoveryCodes);
    else notify({ variant: 'success', title: 'Passkey Added', text: `“${passkey.name}” was added.` });
  };

  if (!totp && passkeys === 0) {
    return (
      <div className="space-y-6">
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
        <div className="border-stone-200 border-t pt-5">
          <h3 className="font-semibold text-stone-900">Or use a passkey</h3>
          <p className="mt-1 mb-4 text-sm text-stone-600">
            Confirm sign-in with this device’s fingerprint, face or screen lock, or a security key.
          </p>
          <AddPasskeyForm onAdded={passkeyAdded} />
        </div>
        {codesDialog}
      </div>
    );
  }
  // Staff may turn the app off only while a passkey remains (their last factor stays).
  const mayTurnOffApp = totp && (!required || passkeys > 0);

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
          <dd>
            {totp && passkeys > 0
              ? 'You sign in with a code from your authenticator app or a passkey.'
              : totp
                ? 'You sign in with a code from your authenticator app.'
                : 'You sign in with a passkey.'}
          </dd>
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
        {mayTurnOffApp && (
          <button
            type="button"
            onClick={() => setConfirmingOff(true)}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {passkeys > 0 ? 'Turn off the app' : 'Turn off'}
          </button>
        )}
        {!totp && (
          <Link to={twoStepSetupPath(paths.profile)} className={buttonClasses({ variant: 'secondary' })}>
            Set up an authenticator app
          </Link>
        )}
      </div>

      <section aria-labelledby="passkeys-heading" className="space-y-4 border-stone-200 border-t pt-5">
        <h3 id="passkeys-heading" className="font-semibold text-stone-900">
          Passkeys
        </h3>
        <PasskeyList notify={notify} />
        <AddPasskeyForm onAdded={passkeyAdded} />
      </section>

      <ConfirmDialog
        open={confirmingOff}
        title={passkeys > 0 ? 'Turn off the authenticator app?' : 'Turn off two-step sign-in?'}
        text={
          passkeys > 0
            ? 'You will confirm sign-in with a passkey or a recovery code.'
            : 'You will sign in with your password only, and your recovery codes stop working.'
        }
        confirmLabel="Turn Off"
        tone="danger"
        pending={turnOff.isPending}
        onCancel={() => setConfirmingOff(false)}
        onConfirm={() =>
          turnOff.mutate(
            { passkeysLeft: passkeys > 0 },
            {
              onSuccess: () => {
                setConfirmingOff(false);
                notify(
                  passkeys > 0
                    ? {
                        variant: 'success',
                        title: 'Authenticator App Off',
                        text: 'The authenticator app is off.',
                      }
                    : { variant: 'success', title: 'Two-Step Sign-In Off', text: 'Two-step sign-in is off.' },
                );
              },
              onError: (error) => {
                setConfirmingOff(false);
                notify({ variant: 'error', title: 'Not Turned Off', text: failureText(error) });
              },
            },
          )
        }
      />

      {codesDialog}
    </div>
  );
}
