import { zodResolver } from '@hookform/resolvers/zod';
import { DELAYS_MS, loginBodySchema, siteConfig } from '@portal/shared';
import { ArrowLeft, LogIn } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessageModal } from '@/components/ui/message-modal';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { startSession } from '@/lib/session-store';
import { type LoginMessage, loginErrorMessage, useLogin } from './api/login';
import { AuthCard, authLinkClasses } from './components/auth-card';

/**
 * spec 000 §2 "/login": email and password, a link to /register and one back home (plus the
 * password reset of DECISIONS.md "Accounts"). A refused login shows the message of spec 000 §8;
 * a successful one stores the user and, after 500 ms, opens the membership form for a new
 * account or the home page otherwise (spec 000 §4).
 */
export function LoginPage() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [message, setMessage] = useState<LoginMessage | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSubmit = handleSubmit((body) => {
    loginMutation.mutate(body, {
      onSuccess: (profile) => {
        startSession(profile);
        setRedirecting(true);
        redirectTimer.current = window.setTimeout(
          () => navigate(profile.isNew ? paths.userForms : paths.home),
          DELAYS_MS.loginRedirect,
        );
      },
      onError: (error) => setMessage(loginErrorMessage(error)),
    });
  });
  const busy = loginMutation.isPending || redirecting;

  return (
    <AuthCard
      icon={<LogIn aria-hidden="true" className="size-6" />}
      title="Welcome back"
      intro={`Log in to your ${siteConfig.acronym} account.`}
      footer={
        <Link to={paths.home} className={`inline-flex items-center gap-1.5 ${authLinkClasses}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Home
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
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          labelAside={
            <Link to={paths.forgotPassword} className={`text-sm ${authLinkClasses}`}>
              Forgot password?
            </Link>
          }
          {...register('password')}
        />
        <button
          type="submit"
          disabled={busy}
          className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
        >
          {busy ? 'Logging In…' : 'Log In'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-600">
        Don&apos;t have an account?{' '}
        <Link to={paths.register} className={authLinkClasses}>
          Register
        </Link>
      </p>

      <MessageModal
        open={message !== null}
        variant="error"
        title={message?.title ?? ''}
        text={message?.text ?? ''}
        onClose={() => setMessage(null)}
      />
    </AuthCard>
  );
}
