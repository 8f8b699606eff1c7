import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema } from '@portal/shared';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessageModal } from '@/components/ui/message-modal';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useResetPassword } from './api/reset-password';
import { AuthCard, authLinkClasses } from './components/auth-card';
import { PasswordStrengthMeter } from './components/password-strength-meter';

type Message = { variant: 'success' | 'error'; title: string; text: string };

const RESET_DONE: Message = {
  variant: 'success',
  title: 'Password Updated',
  text: 'Your password has been changed. You can now log in with your new password.',
};
const FAILED_FALLBACK = 'We could not reset your password. Please try again.';

/**
 * docs/product-rules.md "Accounts": the page the reset e-mail links to (`/reset-password?token=…`).
 * The new password follows the registration rules (spec 000 §5), with the same strength meter; an
 * invalid or used link shows the server's message.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [message, setMessage] = useState<Message | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    // The token is a value of the form with no input: the schema validates it with the typed fields.
    // A reset link is opened from the e-mail, so the token cannot change while the page is open.
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(({ confirmPassword: _confirmation, ...body }) => {
    reset.mutate(body, {
      onSuccess: () => setMessage(RESET_DONE),
      onError: (error) =>
        setMessage({
          variant: 'error',
          title: 'Reset Failed',
          text: error instanceof ApiError ? error.error : FAILED_FALLBACK,
        }),
    });
  });

  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" className="size-6" />}
      title="Set a new password"
      intro="Choose a new password for your account."
      footer={
        <Link to={paths.login} className={`inline-flex items-center gap-1.5 ${authLinkClasses}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Login
        </Link>
      }
    >
      {token ? (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            description={<PasswordStrengthMeter password={password} />}
            // 'Passwords do not match' is the confirmation's message: re-check it as the password changes.
            {...register('password', { deps: 'confirmPassword' })}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <button
            type="submit"
            disabled={reset.isPending}
            className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
          >
            {reset.isPending ? 'Saving…' : 'Reset Password'}
          </button>
        </form>
      ) : (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm"
        >
          This reset link is incomplete. Please open the link from your email again, or{' '}
          <Link to={paths.forgotPassword} className="font-semibold underline underline-offset-4">
            request a new one
          </Link>
          .
        </div>
      )}

      <MessageModal
        open={message !== null}
        variant={message?.variant ?? 'success'}
        title={message?.title ?? ''}
        text={message?.text ?? ''}
        onClose={() => {
          const done = message === RESET_DONE;
          setMessage(null);
          if (done) navigate(paths.login);
        }}
      />
    </AuthCard>
  );
}
