import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { ApiError } from '@/lib/api-client';

/**
 * "Use a passkey" (decision 061, "Passkeys"): starts the browser's passkey prompt through
 * `onUse`; a refusal (the server's, or a cancelled prompt) is shown under the button.
 */
export function PasskeyButton({
  label,
  pendingLabel,
  onUse,
}: {
  label: string;
  pendingLabel: string;
  onUse: () => Promise<unknown>;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const use = async () => {
    setPending(true);
    setError(null);
    try {
      await onUse();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.error : 'Something went wrong. Please try again.');
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={use}
        disabled={pending}
        aria-describedby={error ? 'passkey-error' : undefined}
        className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
      >
        <KeyRound aria-hidden="true" className="size-5" />
        {pending ? pendingLabel : label}
      </button>
      {error && (
        <p id="passkey-error" role="alert" className="text-red-700 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
