import { zodResolver } from '@hookform/resolvers/zod';
import { secondFactorCodeBodySchema, totpCodeBodySchema } from '@portal/shared';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';

type CodeForm = z.input<typeof secondFactorCodeBodySchema>;

/** What a refused code says on the field: the server's field message, or its own (the 429 lock). */
export function codeErrorOf(error: unknown): string {
  const onField = serverFieldErrors(error).code;
  if (onField) return onField;
  return error instanceof ApiError ? error.error : 'Something went wrong. Please try again.';
}

type SecondFactorCodeFormProps = {
  /** Sends the code; a rejection's message is shown on the field. */
  onSubmit: (code: string) => Promise<unknown>;
  submitLabel: string;
  pendingLabel: string;
  /** Offer "Use a recovery code instead" (sign-in, step-up); not when setting up the app. */
  allowRecoveryCode?: boolean;
  /** Only a recovery code (an account whose other factor is a passkey): no app code to switch to. */
  recoveryOnly?: boolean;
  /** Buttons beside the submit button (a dialog's Cancel). */
  secondaryAction?: ReactNode;
  /** The form's `id`, for a heading or dialog to name it. */
  id?: string;
};

/**
 * The one form that asks for a second-factor code (decision 061): the six digits of an
 * authenticator app, typed or filled in by the phone (`autocomplete="one-time-code"`), or, when
 * allowed, a recovery code instead. The field shows the server's answer: a wrong code, the lock.
 */
export function SecondFactorCodeForm({
  onSubmit,
  submitLabel,
  pendingLabel,
  allowRecoveryCode = false,
  recoveryOnly = false,
  secondaryAction,
  id,
}: SecondFactorCodeFormProps) {
  const [recovery, setRecovery] = useState(recoveryOnly);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm, unknown, z.output<typeof secondFactorCodeBodySchema>>({
    resolver: zodResolver(
      allowRecoveryCode || recoveryOnly ? secondFactorCodeBodySchema : totpCodeBodySchema,
    ),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async ({ code }) => {
    try {
      await onSubmit(code);
    } catch (error) {
      setError('code', { type: 'server', message: codeErrorOf(error) }, { shouldFocus: true });
    }
  });
  const switchKind = () => {
    setRecovery((current) => !current);
    reset({ code: '' });
  };

  return (
    <form id={id} noValidate onSubmit={submit} className="space-y-5">
      {recovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="abcd-efgh"
          description={
            <p className="text-stone-600 text-xs">One of the ten codes you saved. Each works once.</p>
          }
          error={errors.code?.message}
          {...register('code')}
        />
      ) : (
        <TextField
          key="totp"
          label="6-digit code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          placeholder="123456"
          error={errors.code?.message}
          {...register('code')}
        />
      )}
      {allowRecoveryCode && !recoveryOnly && (
        <button
          type="button"
          onClick={switchKind}
          className="font-semibold text-brand-700 text-sm hover:underline"
        >
          {recovery ? 'Use the code from your authenticator app' : 'Use a recovery code instead'}
        </button>
      )}
      <div className={secondaryAction ? 'flex flex-wrap justify-end gap-3' : ''}>
        {secondaryAction}
        <button
          type="submit"
          disabled={isSubmitting}
          className={buttonClasses({
            variant: 'primary',
            size: secondaryAction ? 'md' : 'lg',
            className: secondaryAction ? '' : 'w-full',
          })}
        >
          {isSubmitting ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
