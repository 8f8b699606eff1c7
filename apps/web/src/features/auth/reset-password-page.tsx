import { resetPasswordFormSchema } from '@portal/shared';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessageModal } from '@/components/ui/message-modal';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useResetPassword } from './api/reset-password';
import { AuthCard, authLinkClasses } from './components/auth-card';
import { PasswordStrengthMeter } from './components/password-strength-meter';
import { TextField } from './components/text-field';
import { useSchemaForm } from './use-schema-form';

type Message = { variant: 'success' | 'error'; title: string; text: string };

const RESET_DONE: Message = {
  variant: 'success',
  title: 'Password Updated',
  text: 'Your password has been changed. You can now log in with your new password.',
};
const FAILED_FALLBACK = 'We could not reset your password. Please try again.';

/**
 * DECISIONS.md "Accounts": the page the reset e-mail links to (`/reset-password?token=…`). The
 * new password follows the registration rules (spec 000 §5), with the same strength meter; an
 * invalid or used link shows the server's message.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [message, setMessage] = useState<Message | null>(null);
  const { values, errors, setField, handleSubmit, formRef } = useSchemaForm(
    {
      // The token is part of the schema, not of the form: validated with the typed fields.
      safeParse: (form: unknown) => resetPasswordFormSchema.safeParse({ ...(form as object), token }),
    },
    { password: '', confirmPassword: '' },
  );

  const onSubmit = handleSubmit(({ password }) => {
    reset.mutate(
      { token, password },
      {
        onSuccess: () => setMessage(RESET_DONE),
        onError: (error) =>
          setMessage({
            variant: 'error',
            title: 'Reset Failed',
            text: error instanceof ApiError ? error.error : FAILED_FALLBACK,
          }),
      },
    );
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
        <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onValueChange={setField('password')}
            error={errors.password}
            description={<PasswordStrengthMeter password={values.password} />}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onValueChange={setField('confirmPassword')}
            error={errors.confirmPassword}
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
