import * as Dialog from '@radix-ui/react-dialog';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogPanel } from '@/components/ui/dialog';
import { apiRequest } from '@/lib/api-client';
import { finishStepUp, useStepUpStore } from '@/lib/two-factor';
import { SecondFactorCodeForm } from './second-factor-code-form';

/**
 * "Confirm it's you" (decision 061): opened by the api client when a sensitive action answered
 * 403 `second_factor_stale`. A code accepted by POST /auth/2fa/step-up lets the action be sent
 * again; Cancel leaves it refused.
 */
export function StepUpDialog() {
  const message = useStepUpStore((state) => state.message);
  if (message === null) return null;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && finishStepUp(false)}>
      <DialogPanel aria-describedby="step-up-text">
        <Dialog.Title className="font-display font-semibold text-stone-900 text-xl">
          Confirm it&apos;s you
        </Dialog.Title>
        <p id="step-up-text" className="mt-2 mb-6 text-sm text-stone-600">
          This action needs your second step again. Enter the 6-digit code from your authenticator app.
        </p>
        <SecondFactorCodeForm
          allowRecoveryCode
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
      </DialogPanel>
    </Dialog.Root>
  );
}
