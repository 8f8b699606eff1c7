import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailBodySchema, changePasswordFormSchema } from '@portal/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useChangeEmail, useChangePassword } from '../api/account-changes';

type Notify = (notice: { variant: 'success' | 'error'; title: string; text: string }) => void;

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.error : 'Something went wrong. Please try again.';

type PasswordForm = z.input<typeof changePasswordFormSchema>;

/** Change password: the current one, then a new one as strong as registration asks (spec 000 §5). */
export function ChangePasswordForm({ notify }: { notify: Notify }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (message) => {
          reset();
          notify({ variant: 'success', title: 'Password Changed', text: message });
        },
        onError: (error) => {
          const unplaced = applyServerFieldErrors(serverFieldErrors(error), setError, [
            'currentPassword',
            'newPassword',
          ]);
          if (Object.keys(serverFieldErrors(error)).length === 0 || Object.keys(unplaced).length > 0) {
            notify({ variant: 'error', title: 'Password Not Changed', text: failureText(error) });
          }
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="change-password-heading" className="space-y-4">
      <h3 id="change-password-heading" className="font-semibold text-stone-900">
        Change password
      </h3>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        description={
          <p className="text-stone-600 text-xs">
            It must rate at least Good: 8 or more characters mixing upper and lower case letters, digits and
            symbols. Your other devices are signed out.
          </p>
        }
        {...register('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <button type="submit" className={buttonClasses({ variant: 'primary' })} disabled={change.isPending}>
        {change.isPending ? 'Changing…' : 'Change Password'}
      </button>
    </form>
  );
}

type EmailForm = z.input<typeof changeEmailBodySchema>;

/** Change e-mail: the new address gets a link and replaces the current one once it is opened. */
export function ChangeEmailForm({ currentEmail, notify }: { currentEmail: string; notify: Notify }) {
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<EmailForm, unknown, z.output<typeof changeEmailBodySchema>>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { email: '', currentPassword: '' },
  });
  const onSubmit = handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: (message) => {
        reset();
        notify({ variant: 'success', title: 'Check Your Email', text: message });
      },
      onError: (error) => {
        const unplaced = applyServerFieldErrors(serverFieldErrors(error), setError, [
          'email',
          'currentPassword',
        ]);
        if (Object.keys(serverFieldErrors(error)).length === 0 || Object.keys(unplaced).length > 0) {
          notify({ variant: 'error', title: 'Email Not Changed', text: failureText(error) });
        }
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="change-email-heading" className="space-y-4">
      <h3 id="change-email-heading" className="font-semibold text-stone-900">
        Change email address
      </h3>
      <p className="text-sm text-stone-600">
        Your address is <span className="font-medium text-stone-900">{currentEmail}</span>. We send a link to
        the new address; it replaces this one once you open it.
      </p>
      <TextField
        label="New email address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <button type="submit" className={buttonClasses({ variant: 'primary' })} disabled={change.isPending}>
        {change.isPending ? 'Sending…' : 'Send Confirmation Link'}
      </button>
    </form>
  );
}

/** The profile's "Password and Email" section: the two changes side by side, one chunk. */
export function AccountSecurityForms({ currentEmail, notify }: { currentEmail: string; notify: Notify }) {
  return (
    <div className="grid gap-10 md:grid-cols-2">
      <ChangePasswordForm notify={notify} />
      <ChangeEmailForm currentEmail={currentEmail} notify={notify} />
    </div>
  );
}
