import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBodySchema } from '@portal/shared';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessageModal } from '@/components/ui/message-modal';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useRequestPasswordReset } from './api/forgot-password';
import { AuthCard, authLinkClasses } from './components/auth-card';

type Message = { variant: 'success' | 'error'; title: string; text: string };

/** Shown if the server's answer carries no message; the server's own is the same for everyone. */
const SENT_FALLBACK =
  'If an account exists for that email, we have sent it a link to reset your password. Please check your inbox.';
const FAILED_FALLBACK = 'We could not send the reset link. Please try again.';

/**
 * docs/product-rules.md "Accounts": /forgot-password sends a single-use link to /reset-password.
 * The answer is the same whether or not the e-mail has an account, so the page cannot be used to
 * find out.
 */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const resetRequest = useRequestPasswordReset();
  const [message, setMessage] = useState<Message | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((body) => {
    resetRequest.mutate(body, {
      onSuccess: (text) =>
        setMessage({ variant: 'success', title: 'Check Your Email', text: text || SENT_FALLBACK }),
      onError: (error) =>
        setMessage({
          variant: 'error',
          title: 'Request Failed',
          text: error instanceof ApiError ? error.error : FAILED_FALLBACK,
        }),
    });
  });

  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" className="size-6" />}
      title="Forgot your password?"
      intro="Enter the email address of your account and we will send you a link to set a new password."
      footer={
        <Link to={paths.login} className={`inline-flex items-center gap-1.5 ${authLinkClasses}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Login
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <button
          type="submit"
          disabled={resetRequest.isPending}
          className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
        >
          {resetRequest.isPending ? 'Sending…' : 'Send Reset Link'}
        </button>
      </form>

      <MessageModal
        open={message !== null}
        variant={message?.variant ?? 'success'}
        title={message?.title ?? ''}
        text={message?.text ?? ''}
        onClose={() => {
          const sent = message?.variant === 'success';
          setMessage(null);
          if (sent) navigate(paths.login);
        }}
      />
    </AuthCard>
  );
}
