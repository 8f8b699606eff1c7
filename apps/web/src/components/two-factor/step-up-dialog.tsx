import type { TwoFactorStatus } from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogPanel } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { apiRequest } from '@/lib/api-client';
import { finishStepUp, twoFactorStatusKey, useStepUpStore } from '@/lib/two-factor';
import { PasskeyButton } from './passkey-button';
import { stepUpWithPasskey } from './passkeys';
import { SecondFactorCodeForm } from './second-factor-code-form';

/**
 * "Confirm it's you" (decision 061): opened by the api client when a sensitive action answered
 * 403 `second_factor_stale`. A code accepted by POST /auth/2fa/step-up, or a passkey accepted by
 * /step-up/passkey (offered when the account has one), lets the action be sent again; Cancel
 * leaves it refused.
 */
export function StepUpDialog() {
  const message = useStepUpStore((state) => state.message);
  if (message === null) return null;
  return <StepUpPrompt />;
}

function StepUpPrompt() {
  const status = useQuery({
    queryKey: twoFactorStatusKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: TwoFactorStatus }>('/auth/2fa', { signal })).data,
  });
  const hasPasskey = (status.data?.passkeys ?? 0) > 0;
  const passkeyOnly = hasPasskey && status.data?.totp === false;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && finishStepUp(false)}>
      <DialogPanel aria-describedby="step-up-text">
        <Dialog.Title className="font-display font-semibold text-stone-900 text-xl">
          Confirm it&apos;s you
        </Dialog.Title>
        <p id="step-up-text" className="mt-2 mb-6 text-sm text-stone-600">
          {passkeyOnly
            ? 'This action needs your second step again. Use your passkey.'
            : hasPasskey
              ? 'This action needs your second step again. Use your passkey, or enter the 6-digit code from your authenticator app.'
              : 'This action needs your second step again. Enter the 6-digit code from your authenticator app.'}
        </p>
        {status.isPending ? (
          <Skeleton className="h-24" />
        ) : (
          <>
            {hasPasskey && (
              <>
                <PasskeyButton
                  label="Use a passkey"
                  pendingLabel="Waiting for your passkey…"
                  onUse={async () => {
                    await stepUpWithPasskey();
                    finishStepUp(true);
                  }}
                />
                <p className="my-5 flex items-center gap-3 text-stone-500 text-xs uppercase tracking-wide before:h-px before:flex-1 before:bg-stone-200 after:h-px after:flex-1 after:bg-stone-200">
                  {passkeyOnly ? 'or a recovery code' : 'or a code'}
                </p>
              </>
            )}
            <SecondFactorCodeForm
              allowRecoveryCode
              recoveryOnly={passkeyOnly}
              submitLabel="Confirm"
              pendingLabel="Checking…"
              onSubmit={async (code) => {
                await apiRequest('/auth/2fa/step-up', { method: 'POST', body: { code } });
                finishStepUp(true);
              }}
              secondaryAction={
                <Dialog.Close className={buttonClasses({ variant: 'secondary' })}>Cancel</Dialog.Close>
              }
            />
          </>
        )}
      </DialogPanel>
    </Dialog.Root>
  );
}
