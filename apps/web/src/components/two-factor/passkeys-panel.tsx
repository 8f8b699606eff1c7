import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateTime, type PasskeyRegistered, passkeyRegistrationBodySchema } from '@portal/shared';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { useAddPasskey, usePasskeys, useRemovePasskey } from './passkeys';

const nameSchema = passkeyRegistrationBodySchema.pick({ name: true });
type NameForm = z.input<typeof nameSchema>;

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.error : 'Something went wrong. Please try again.';

/**
 * "Add a passkey" (decision 061, "Passkeys"): the name the person will know it by, then the
 * browser's own prompt (fingerprint, face, screen lock or security key). `onAdded` gets the
 * server's answer: the recovery codes come with the account's first second factor.
 */
export function AddPasskeyForm({
  onAdded,
  submitLabel = 'Add a Passkey',
}: {
  onAdded: (registered: PasskeyRegistered) => void;
  submitLabel?: string;
}) {
  const add = useAddPasskey();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<NameForm, unknown, z.output<typeof nameSchema>>({
    resolver: zodResolver(nameSchema),
    defaultValues: { name: '' },
  });
  const submit = handleSubmit(async ({ name }) => {
    try {
      const registered = await add.mutateAsync(name);
      reset({ name: '' });
      onAdded(registered);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setError('name', { type: 'server', message: fields.name ?? failureText(error) }, { shouldFocus: true });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="Passkey name"
        autoComplete="off"
        placeholder="Work laptop"
        description={<p className="text-stone-600 text-xs">So you can tell your passkeys apart later.</p>}
        error={errors.name?.message}
        {...register('name')}
      />
      <button type="submit" disabled={add.isPending} className={buttonClasses({ variant: 'primary' })}>
        <KeyRound aria-hidden="true" className="size-4" />
        {add.isPending ? 'Waiting for your passkey…' : submitLabel}
      </button>
    </form>
  );
}

/**
 * The account's passkeys, each with when it was added and last used, and Remove (asked first).
 * The server refuses staff their last second factor; its message is shown through `notify`.
 */
export function PasskeyList({
  notify,
}: {
  notify: (notice: { variant: 'success' | 'error'; title: string; text: string }) => void;
}) {
  const list = usePasskeys();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);

  if (list.isPending) return <Skeleton className="h-16" />;
  if (list.isError) {
    return (
      <p role="alert" className="text-red-800">
        {failureText(list.error)}
      </p>
    );
  }
  if (list.data.length === 0) return <p className="text-stone-600 text-sm">No passkeys yet.</p>;
  return (
    <>
      <ul aria-label="Passkeys" className="divide-y divide-stone-200 rounded-lg ring-1 ring-stone-200">
        {list.data.map((key) => (
          <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="flex items-center gap-2 font-semibold text-stone-900">
                <KeyRound aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                <span className="break-words">{key.name}</span>
              </p>
              <p className="text-stone-600 text-xs">
                Added {formatDateTime(key.createdAt)} ·{' '}
                {key.lastUsedAt ? `Last used ${formatDateTime(key.lastUsedAt)}` : 'Not used yet'}
              </p>
            </div>
            <button
              type="button"
              onClick={() => setRemoving({ id: key.id, name: key.name })}
              aria-label={`Remove ${key.name}`}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove “${removing?.name ?? ''}”?`}
        text="You will no longer be able to sign in with this passkey."
        confirmLabel="Remove"
        tone="danger"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              notify({
                variant: 'success',
                title: 'Passkey Removed',
                text: `“${removing.name}” was removed.`,
              });
            },
            onError: (error) => {
              setRemoving(null);
              notify({ variant: 'error', title: 'Passkey Not Removed', text: failureText(error) });
            },
          })
        }
      />
    </>
  );
}
